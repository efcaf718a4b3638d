/// Everything that can go wrong in KineticTerminal, each with a message that says what was wrong and how to fix it.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A screen or frame size outside the accepted range.
    case invalidSize(columns: Int, rows: Int, reason: String)
    /// An option outside its documented range.
    case invalidOption(name: String, value: String, reason: String)
    /// A system call on the terminal failed; `errno` is the C error number.
    case systemCall(name: String, errno: Int32, reason: String)
    /// A pixel frame could not be drawn (its renderer failed).
    case frameFailed(reason: String)

    public var description: String {
        switch self {
        case .invalidSize(let columns, let rows, let reason):
            return "invalid terminal size \(columns)×\(rows) cells: \(reason)"
        case .invalidOption(let name, let value, let reason):
            return "invalid \(name) '\(value)': \(reason)"
        case .systemCall(let name, let errno, let reason):
            return "\(name) failed (errno \(errno)): \(reason)"
        case .frameFailed(let reason):
            return "could not draw the frame: \(reason)"
        }
    }
}
