import KineticCore

extension SceneSimulation {
    /// The output JSON of ``SceneSimulation`` in pieces, for writing it while the frames are computed:
    /// ``opening(rate:)``, then ``frame(_:index:)`` for every frame in order, then ``closing(restedAt:)``.
    /// Concatenated, the pieces are exactly ``Result/json``.
    public enum TrajectoryJSON {
        /// `{"rate": 60, "frames": [`.
        public static func opening(rate: Double) -> String { "{\"rate\": \(sceneNumberText(rate)), \"frames\": [" }

        /// Frame number `index` (0-based): a line break (after a comma from the second frame on) and the frame's
        /// object on one line.
        public static func frame(_ frame: Frame, index: Int) -> String {
            var text = ""
            append(frame, index: index, to: &text)
            return text
        }

        /// Appends ``frame(_:index:)`` to `text`.
        public static func append(_ frame: Frame, index: Int, to text: inout String) {
            var writer = Writer()
            writer.append(frame, index: index)
            text += writer.takeText()
        }

        /// The end: `\n], "restedAt": 1.25}` and a line break (`null` when nothing rested).
        public static func closing(restedAt: Double?) -> String {
            "\n], \"restedAt\": \(restedAt.map(sceneNumberText) ?? "null")}\n"
        }

        /// Writes the pieces as UTF-8 bytes, several times faster than appending them to a `String`: each item's
        /// `{"id": "…", "x": ` is made once per writer (items keep their order from frame to frame), and a frame is
        /// formatted straight into the buffer through one pointer, numbers included. The bytes are exactly those
        /// of the `String` pieces.
        ///
        /// ```swift
        /// var writer = SceneSimulation.TrajectoryJSON.Writer()
        /// writer.appendOpening(rate: 60)
        /// while let frame = try frames.next() {
        ///     writer.append(frame, index: frames.nextIndex - 1)
        ///     if writer.byteCount >= 1 << 16 { write(writer.takeText()) }
        /// }
        /// writer.appendClosing(restedAt: frames.restedAt)
        /// write(writer.takeText())
        /// ```
        public struct Writer: Sendable {
            /// The text written since the last ``takeText()``, UTF-8: `storage[..<length]`. The bytes past it are room
            /// made earlier and kept, so that a frame is written into memory made once, not zeroed again each time.
            private var storage: [UInt8] = []
            private var length = 0
            /// The ids of the items whose prefixes are in `prefixBytes`, in frame order.
            private var prefixIDs: [String] = []
            /// Item k's `{"id": "ID", "x": ` is `prefixBytes[prefixEnds[k − 1]..<prefixEnds[k]]` (from 0 for k = 0).
            private var prefixBytes: [UInt8] = []
            private var prefixEnds: [Int] = []

            public init() {}

            /// Bytes written since the last ``takeText()``.
            public var byteCount: Int { length }

            /// Appends ``opening(rate:)``.
            public mutating func appendOpening(rate: Double) { appendBytes(of: opening(rate: rate)) }

            /// Appends ``closing(restedAt:)``.
            public mutating func appendClosing(restedAt: Double?) {
                appendBytes(of: closing(restedAt: restedAt))
            }

            /// Appends ``frame(_:index:)``.
            public mutating func append(_ frame: Frame, index: Int) {
                updatePrefixes(for: frame.items)
                let itemCount = frame.items.count
                if restingBits.count != 6 * itemCount {
                    restingBits = Array(repeating: 0, count: 6 * itemCount)
                    restingText = Array(repeating: 0, count: Self.itemTextCapacity * itemCount)
                    restingTextCount = Array(repeating: 0, count: itemCount)
                }
                // At most: the frame's opening, `t` and the items' key (36 bytes), then per item its prefix and the
                // rest of its text (``itemTextCapacity``) and a separator.
                let capacity = 64 + Self.numberCapacity + prefixBytes.count + itemCount * (Self.itemTextCapacity + 2)
                makeRoom(capacity)
                let start = length
                let written = storage.withUnsafeMutableBufferPointer { buffer in
                    prefixBytes.withUnsafeBufferPointer { prefixes in
                        prefixEnds.withUnsafeBufferPointer { ends in
                            restingBits.withUnsafeMutableBufferPointer { bits in
                                restingText.withUnsafeMutableBufferPointer { texts in
                                    restingTextCount.withUnsafeMutableBufferPointer { textCounts in
                                        frame.items.withUnsafeBufferPointer { items in
                                            let base = buffer.baseAddress.unsafelyUnwrapped + start
                                            var out = Cursor(base)
                                            out.append(index == 0 ? "\n{\"t\": " : ",\n{\"t\": ")
                                            out.appendNumber(frame.t)
                                            out.append(", \"items\": [")
                                            var prefixStart = 0
                                            for j in items.indices {
                                                if j > 0 { out.append(", ") }
                                                out.append(
                                                    UnsafeBufferPointer(rebasing: prefixes[prefixStart..<ends[j]]))
                                                prefixStart = ends[j]
                                                let item = items.baseAddress.unsafelyUnwrapped + j
                                                Self.appendValues(
                                                    of: item, to: &out,
                                                    bits: bits.baseAddress.unsafelyUnwrapped + 6 * j,
                                                    text: texts.baseAddress.unsafelyUnwrapped + Self.itemTextCapacity
                                                        * j,
                                                    textCount: textCounts.baseAddress.unsafelyUnwrapped + j)
                                            }
                                            out.append("]}")
                                            return out.pointer - base
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                length += written
            }

            /// An item's text after its prefix, from its `x` value to its closing brace: at most 40 bytes of keys,
            /// six numbers and the brace.
            static let itemTextCapacity = 48 + 6 * numberCapacity

            /// Per item, the bit patterns of its six numbers in the last frame and the text they made there (a
            /// resting item repeats it: copied, not formatted again), at ``itemTextCapacity`` bytes an item.
            private var restingBits: [UInt64] = []
            private var restingText: [UInt8] = []
            private var restingTextCount: [Int32] = []

            /// Writes `item`'s numbers with their keys, or copies the text of the last frame when its numbers are
            /// the same bits (then the text is the same).
            @inline(__always) private static func appendValues(
                of item: UnsafePointer<ItemState>, to out: inout Cursor, bits: UnsafeMutablePointer<UInt64>,
                text: UnsafeMutablePointer<UInt8>, textCount: UnsafeMutablePointer<Int32>
            ) {
                let values = (
                    item.pointee.x.bitPattern, item.pointee.y.bitPattern, item.pointee.angle.bitPattern,
                    item.pointee.vx.bitPattern, item.pointee.vy.bitPattern, item.pointee.w.bitPattern
                )
                if textCount.pointee > 0, bits[0] == values.0, bits[1] == values.1, bits[2] == values.2,
                    bits[3] == values.3, bits[4] == values.4, bits[5] == values.5
                {
                    out.append(UnsafeBufferPointer(start: text, count: Int(textCount.pointee)))
                    return
                }
                let start = out.pointer
                out.appendNumber(item.pointee.x)
                out.append(", \"y\": ")
                out.appendNumber(item.pointee.y)
                out.append(", \"angle\": ")
                out.appendNumber(item.pointee.angle)
                out.append(", \"vx\": ")
                out.appendNumber(item.pointee.vx)
                out.append(", \"vy\": ")
                out.appendNumber(item.pointee.vy)
                out.append(", \"w\": ")
                out.appendNumber(item.pointee.w)
                out.append("}")
                let count = out.pointer - start
                text.update(from: start, count: count)
                textCount.pointee = Int32(truncatingIfNeeded: count)
                (bits[0], bits[1], bits[2], bits[3], bits[4], bits[5]) = values
            }

            /// The room made for one number: 32 bytes, the size of the buffer the standard library formats a `Double` in
            /// (the longest text is 24 bytes, `-2.2250738585072014e-308`).
            static let numberCapacity = 32

            /// The text written so far, which the writer then forgets (its item prefixes stay).
            public mutating func takeText() -> String {
                let text = String(decoding: storage[..<length], as: UTF8.self)
                length = 0
                return text
            }

            /// Makes room for `count` bytes after the text (zeroing only what is new: the array's own growth keeps
            /// appending amortised without touching its spare capacity).
            private mutating func makeRoom(_ count: Int) {
                let needed = length + count
                guard needed > storage.count else { return }
                storage.append(contentsOf: repeatElement(0, count: needed - storage.count))
            }

            /// Appends `text`'s UTF-8.
            private mutating func appendBytes(of text: String) {
                let bytes = text.utf8
                makeRoom(bytes.count)
                storage.replaceSubrange(length..<(length + bytes.count), with: bytes)
                length += bytes.count
            }

            /// Makes `{"id": "ID", "x": ` for every item of the frame whose id is not the one at that place in the
            /// last frame (all of them the first time).
            private mutating func updatePrefixes(for items: [ItemState]) {
                if items.count == prefixIDs.count, items.indices.allSatisfy({ items[$0].id == prefixIDs[$0] }) {
                    return
                }
                prefixIDs = items.map(\.id)
                prefixBytes.removeAll(keepingCapacity: true)
                prefixEnds.removeAll(keepingCapacity: true)
                for id in prefixIDs {
                    prefixBytes.append(contentsOf: "{\"id\": \(JSONValue.quoted(id)), \"x\": ".utf8)
                    prefixEnds.append(prefixBytes.count)
                }
            }

            /// A place in the buffer that bytes are written to, advancing; the caller has made room for them.
            /// As a text stream it takes the digits that `Double.write(to:)` formats on the stack (through
            /// `_writeASCII`, the standard library's fast path for streams; were that hook ever gone, `write(_:)`
            /// still gets the same text).
            private struct Cursor: TextOutputStream {
                var pointer: UnsafeMutablePointer<UInt8>

                init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }

                @inline(__always) mutating func append(_ text: StaticString) {
                    pointer.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
                    pointer += text.utf8CodeUnitCount
                }

                @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let base = bytes.baseAddress else { return }
                    pointer.update(from: base, count: bytes.count)
                    pointer += bytes.count
                }

                mutating func write(_ string: String) {
                    precondition(string.utf8.count <= numberCapacity, "a number longer than its room")
                    for byte in string.utf8 {
                        pointer.pointee = byte
                        pointer += 1
                    }
                }

                mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
                    precondition(buffer.count <= numberCapacity, "a number longer than its room")
                    append(buffer)
                }

                /// ``sceneNumberText(_:)``: integers digit by digit, others in Swift's shortest round-trip form.
                @inline(__always) mutating func appendNumber(_ value: Double) {
                    guard printsAsInteger(value) else {
                        value.write(to: &self)  // the same text as `description`, without making a String
                        return
                    }
                    var magnitude = Int64(value).magnitude
                    if value < 0, magnitude != 0 {
                        pointer.pointee = UInt8(ascii: "-")
                        pointer += 1
                    }
                    var digits = 1
                    var rest = magnitude / 10
                    while rest > 0 {
                        digits += 1
                        rest /= 10
                    }
                    var place = pointer + digits
                    pointer = place
                    repeat {
                        place -= 1
                        place.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                        magnitude /= 10
                    } while magnitude > 0
                }
            }
        }
    }
}

/// A number as the output and the error messages write it: integers without a fraction, others in Swift's shortest
/// round-trip form (`0.016666666666666666`, `1e+300`).
func sceneNumberText(_ value: Double) -> String {
    printsAsInteger(value) ? String(Int64(value)) : "\(value)"
}

/// Whether ``sceneNumberText(_:)`` writes `value` as an integer: a whole number of magnitude below 10¹⁵ (so the
/// conversion to `Int64` is exact and cannot trap).
@inline(__always) func printsAsInteger(_ value: Double) -> Bool {
    // Below 10¹⁵ the conversion truncates exactly, so the value is whole when it comes back unchanged (NaN fails
    // the first test; −0 is whole).
    abs(value) < 1e15 && Double(Int64(value)) == value
}
