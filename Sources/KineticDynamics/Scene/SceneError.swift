import KineticCore

/// A scene that cannot be simulated: `path` names the JSON value (`items[3].frame.width`), `message` says what is
/// wrong with it and what is allowed.
public struct SceneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the problem, e.g. `items[3].frame.width`; `$` for the document itself.
    public var path: String
    /// What is wrong, e.g. `must be > 0`.
    public var message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, e.g. `items[3].frame.width: must be > 0 (got 0)`.
    public var description: String { "\(path): \(message)" }
}

extension SceneError {
    /// `text` as a JSON string literal for a message: control characters escaped (an error stays on one line) and
    /// cut after 40 characters.
    static func quote(_ text: String) -> String { JSONValue.quotedForMessage(text) }
}
