/// An invalid spring, animation or frame-ticker parameter.
///
/// The message says which value was wrong and what a valid one looks like, for example
/// "spring mass must be a finite number greater than 0 (got -1); the default is 1".
public struct AnimationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how to fix it, in one sentence.
    public var message: String

    /// Creates an error with a message that says what was wrong and how to fix it.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
