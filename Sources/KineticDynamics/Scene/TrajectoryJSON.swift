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
        /// `{"id": "…", "x": ` is made once per writer (items keep their order from frame to frame), and numbers go
        /// straight into the buffer. The bytes are exactly those of the `String` pieces.
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
            /// The text written since the last ``takeText()``, UTF-8.
            private var bytes = ByteStream()
            /// Item k's id and the bytes `{"id": "ID", "x": ` for it.
            private var itemPrefixes: [(id: String, bytes: [UInt8])] = []

            public init() {}

            /// Bytes written since the last ``takeText()``.
            public var byteCount: Int { bytes.storage.count }

            /// Appends ``opening(rate:)``.
            public mutating func appendOpening(rate: Double) { bytes.append(contentsOf: opening(rate: rate).utf8) }

            /// Appends ``closing(restedAt:)``.
            public mutating func appendClosing(restedAt: Double?) {
                bytes.append(contentsOf: closing(restedAt: restedAt).utf8)
            }

            /// Appends ``frame(_:index:)``.
            public mutating func append(_ frame: Frame, index: Int) {
                bytes.append(contentsOf: index == 0 ? Self.firstFrameOpening : Self.frameOpening)
                appendNumber(frame.t)
                bytes.append(contentsOf: Self.itemsKey)
                for (j, item) in frame.items.enumerated() {
                    if j > 0 { bytes.append(contentsOf: Self.comma) }
                    appendPrefix(of: item.id, at: j)
                    appendNumber(item.x)
                    bytes.append(contentsOf: Self.yKey)
                    appendNumber(item.y)
                    bytes.append(contentsOf: Self.angleKey)
                    appendNumber(item.angle)
                    bytes.append(contentsOf: Self.vxKey)
                    appendNumber(item.vx)
                    bytes.append(contentsOf: Self.vyKey)
                    appendNumber(item.vy)
                    bytes.append(contentsOf: Self.wKey)
                    appendNumber(item.w)
                    bytes.append(UInt8(ascii: "}"))
                }
                bytes.append(contentsOf: Self.frameClosing)
            }

            private static let firstFrameOpening = Array("\n{\"t\": ".utf8)
            private static let frameOpening = Array(",\n{\"t\": ".utf8)
            private static let itemsKey = Array(", \"items\": [".utf8)
            private static let comma = Array(", ".utf8)
            private static let yKey = Array(", \"y\": ".utf8)
            private static let angleKey = Array(", \"angle\": ".utf8)
            private static let vxKey = Array(", \"vx\": ".utf8)
            private static let vyKey = Array(", \"vy\": ".utf8)
            private static let wKey = Array(", \"w\": ".utf8)
            private static let frameClosing = Array("]}".utf8)

            /// The text written so far, which the writer then forgets (its item prefixes stay).
            public mutating func takeText() -> String {
                let text = String(decoding: bytes.storage, as: UTF8.self)
                bytes.storage.removeAll(keepingCapacity: true)
                return text
            }

            /// `{"id": "ID", "x": ` for item `index`, made the first time (or when the id at that place changes).
            private mutating func appendPrefix(of id: String, at index: Int) {
                if index < itemPrefixes.count, itemPrefixes[index].id == id {
                    bytes.append(contentsOf: itemPrefixes[index].bytes)
                    return
                }
                let prefix = Array("{\"id\": \(jsonQuoted(id)), \"x\": ".utf8)
                if index < itemPrefixes.count {
                    itemPrefixes[index] = (id, prefix)
                } else if index == itemPrefixes.count {
                    itemPrefixes.append((id, prefix))
                }
                bytes.append(contentsOf: prefix)
            }

            /// UTF-8 bytes as a text stream. `Double.write(to:)` hands the digits it formats on the stack to
            /// `_writeASCII`, the standard library's fast path for streams (half the time of `description`, which
            /// allocates a `String` for 16 or more characters); were that hook ever gone, `write(_:)` still gets
            /// the same text.
            private struct ByteStream: TextOutputStream {
                var storage: [UInt8] = []

                mutating func append(_ byte: UInt8) { storage.append(byte) }
                mutating func append(contentsOf bytes: [UInt8]) { storage.append(contentsOf: bytes) }
                mutating func append(contentsOf text: String.UTF8View) { storage.append(contentsOf: text) }
                mutating func write(_ string: String) { storage.append(contentsOf: string.utf8) }
                mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { storage.append(contentsOf: buffer) }
                var count: Int { storage.count }
                mutating func reverseTail(from start: Int) { storage[start...].reverse() }
            }

            /// ``sceneNumberText(_:)`` into the buffer: integers digit by digit, others in Swift's shortest
            /// round-trip form.
            private mutating func appendNumber(_ value: Double) {
                guard printsAsInteger(value) else {
                    value.write(to: &bytes)  // the same text as `description`, without making a String
                    return
                }
                var magnitude = Int64(value).magnitude
                if value < 0, magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
                let start = bytes.count
                repeat {
                    bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                    magnitude /= 10
                } while magnitude > 0
                bytes.reverseTail(from: start)
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
    value == value.rounded() && abs(value) < 1e15
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
