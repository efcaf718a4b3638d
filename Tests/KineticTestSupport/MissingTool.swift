/// A tool a test needs is missing: thrown, it fails the test with its message (a test never passes by skipping;
/// `make test` installs every tool, so a missing one is a setup fault to fix, not a reason to pass).
public struct MissingTool: Error, CustomStringConvertible {
    public let description: String

    /// `message` says what is missing and how to install it.
    public init(_ message: String) { description = message }
}
