/// Any JSON value, as ``JSONParser`` reads it: without a schema, so that the scene reader can report exact paths.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The nearest double to the number (±infinity when it overflows, e.g. `1e400`) and the number exactly as
    /// written, for error messages.
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    /// The members by key, and the keys in document order (a key occurs once: duplicates are a parse error).
    case object([String: JSONValue], keys: [String])

    /// A short name of the value's type for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
