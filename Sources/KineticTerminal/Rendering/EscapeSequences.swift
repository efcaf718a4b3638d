/// Appends VT100/xterm control sequences to a byte buffer. Numbers are written without allocating.
///
/// Every sequence here is in ECMA-48 or is a widely implemented DEC/xterm private mode: CUP, CUU/CUD/CUF/CUB, EL,
/// ED, SGR (0, 1, 22, 38/48 with ;5 and ;2, 39, 49), and the private modes 25 (cursor), 1049 (alternate screen)
/// and 2026 (synchronized output).
package struct EscapeSequences {
    package var bytes: [UInt8]

    package init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// ESC [
    @inline(__always) package mutating func csi() {
        bytes.append(0x1B)
        bytes.append(0x5B)
    }

    @inline(__always) package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A non-negative decimal number.
    package mutating func appendNumber(_ value: Int) {
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The number of decimal digits of a non-negative number.
    @inline(__always) package static func digitCount(_ value: Int) -> Int {
        value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : String(value).count
    }

    /// CUP: cursor to (`row`, `column`), both from 0. The short forms `ESC[H` and `ESC[rH` when they apply.
    package mutating func moveTo(row: Int, column: Int) {
        csi()
        if row != 0 || column != 0 { appendNumber(row + 1) }
        if column != 0 {
            append(0x3B)
            appendNumber(column + 1)
        }
        append(0x48)
    }

    /// The byte length of `moveTo(row:column:)`.
    package static func moveToLength(row: Int, column: Int) -> Int {
        var length = 3
        if row != 0 || column != 0 { length += digitCount(row + 1) }
        if column != 0 { length += 1 + digitCount(column + 1) }
        return length
    }

    /// CUU/CUD/CUF/CUB by `count` ≥ 1 (`final` is A, B, C or D); the count is left out when it is 1.
    package mutating func move(_ count: Int, _ final: UInt8) {
        csi()
        if count != 1 { appendNumber(count) }
        append(final)
    }

    /// The byte length of `move(count, _)`.
    package static func moveLength(_ count: Int) -> Int { count == 1 ? 3 : 3 + digitCount(count) }

    /// Cursor up (A), down (B), forward (C), back (D).
    package static let up: UInt8 = 0x41
    package static let down: UInt8 = 0x42
    package static let forward: UInt8 = 0x43
    package static let back: UInt8 = 0x44

    /// EL 0: erase from the cursor to the end of the line.
    package mutating func eraseToEndOfLine() {
        csi()
        append(0x4B)
    }

    /// ED 2: erase the whole screen (the cursor does not move).
    package mutating func eraseScreen() {
        csi()
        append(0x32)
        append(0x4A)
    }

    /// `ESC[?<mode>h` (set) or `ESC[?<mode>l` (reset).
    package mutating func privateMode(_ mode: Int, _ on: Bool) {
        csi()
        append(0x3F)
        appendNumber(mode)
        append(on ? 0x68 : 0x6C)
    }

    /// Private mode numbers.
    package static let cursorVisibleMode = 25
    package static let alternateScreenMode = 1049
    package static let synchronizedOutputMode = 2026

    /// The bytes of one private mode sequence (for building restore sequences ahead of time).
    package static func privateModeBytes(_ mode: Int, _ on: Bool) -> [UInt8] {
        var sequences = EscapeSequences()
        sequences.privateMode(mode, on)
        return sequences.bytes
    }

    /// `ESC[0m`: every attribute back to the terminal's default.
    package static let resetAttributes: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]
}
