/// What can go wrong writing a file, each case with a message that says what was wrong and how to fix it
/// (`description`).
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output (or its temporary file) could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing, renaming or reading a file failed.
    case ioFailed(path: String, operation: String, reason: String)
    /// A call that the file's state does not allow (a write after `commit()`, a commit after `discard()`).
    case invalidState(String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create '\(path)': \(reason)"
        case .ioFailed(let path, let operation, let reason): "\(operation) '\(path)' failed: \(reason)"
        case .invalidState(let message): message
        }
    }
}
