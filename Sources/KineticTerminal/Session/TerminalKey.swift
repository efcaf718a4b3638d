/// A key read from the terminal in raw mode.
public enum TerminalKey: Hashable, Sendable {
    /// A printable character (UTF-8 decoded).
    case character(Unicode.Scalar)
    /// Ctrl-C read as a byte (it normally raises SIGINT instead).
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// The Escape key on its own.
    case escape
    /// A control sequence such as an arrow key (`ESC [ A`), as its bytes after ESC.
    case sequence([UInt8])
    /// Another control byte.
    case control(UInt8)

    /// Whether the key asks a player to stop: q, Q, Escape, Ctrl-C or Ctrl-D.
    public var requestsQuit: Bool {
        switch self {
        case .character("q"), .character("Q"), .interrupt, .endOfInput, .escape: return true
        default: return false
        }
    }

    /// The keys in `bytes`, as raw-mode input delivers them.
    public static func parse(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x1B:
                // ESC [ … final, or ESC O x (application cursor keys); a lone ESC is the Escape key.
                if i + 1 < bytes.count, bytes[i + 1] == 0x5B || bytes[i + 1] == 0x4F {
                    var end = i + 2
                    if bytes[i + 1] == 0x5B {
                        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    }
                    end = min(end, bytes.count - 1)
                    keys.append(.sequence(Array(bytes[i + 1...end])))
                    i = end + 1
                } else {
                    keys.append(.escape)
                    i += 1
                }
                continue
            case 0x03: keys.append(.interrupt)
            case 0x04: keys.append(.endOfInput)
            case 0x00..<0x20, 0x7F: keys.append(.control(byte))
            default:
                var decoder = UTF8()
                var iterator = bytes[i...].makeIterator()
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                    keys.append(.character(scalar))
                }
                i += length
                continue
            }
            i += 1
        }
        return keys
    }
}
