/// A timing function spec or parameter that cannot be used, with a message that says what was wrong and how to fix
/// it, e.g. "cubic-bezier x1 = 1.5 is outside 0…1: the x coordinates of both control points must be in [0, 1]".
public struct TimingFunctionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how to fix it, in one sentence; quotes the offending part of the input.
    public var message: String

    /// Creates an error with a complete message.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
