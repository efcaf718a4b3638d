/// An effect spec with a value the builder cannot use. The message says which value was wrong and what a valid one
/// looks like, e.g. "showcase size must be finite and > 0 in both directions (got 0.0 × 200.0 points)".
public struct EffectSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how to fix it, in one sentence.
    public var message: String

    /// Creates an error with a message that says what was wrong and how to fix it.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
