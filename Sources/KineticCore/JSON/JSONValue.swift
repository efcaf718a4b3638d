/// A JSON value — the one model of the library: what `JSONParser` reads (dynamics scenes), what the exporters
/// build (Lottie), what the command line prints. Objects keep their keys in document order, so the same value
/// always serialises to the same bytes.
///
/// Non-finite numbers, the one rule, JavaScript's: JSON has no NaN or infinity, so a non-finite number is written
/// as `null` (as `JSON.stringify` does), and a number too large for a double reads as ±infinity (as `JSON.parse`
/// does), for the reader to refuse with the value's path and range.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number; written in its shortest round-trip form, integers without a fraction; non-finite as `null`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in order; a key should appear once (the parser refuses a duplicate).
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let x): hasher.combine(x)
        case .number(let x): hasher.combine(x)
        case .string(let x): hasher.combine(x)
        case .array(let x): hasher.combine(x)
        case .object(let x):
            for (key, value) in x {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The member `key` of an object (the first one), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The element at `index` of an array, or nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The number, or nil.
    public var number: Double? {
        if case .number(let x) = self { return x }
        return nil
    }

    /// The string, or nil.
    public var string: String? {
        if case .string(let x) = self { return x }
        return nil
    }

    /// The elements of an array, or nil.
    public var array: [JSONValue]? {
        if case .array(let x) = self { return x }
        return nil
    }

    /// The members of an object in order, or nil.
    public var members: [(String, JSONValue)]? {
        if case .object(let x) = self { return x }
        return nil
    }

    /// The boolean, or nil.
    public var bool: Bool? {
        if case .bool(let x) = self { return x }
        return nil
    }

    /// A short name of the value's type for error messages: "null", "a boolean", "a number", "a string", "an
    /// array", "an object".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The serialised document: compact (no spaces), UTF-8.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, spaced: false)
        return output
    }

    /// The serialised document as a string: compact, or with a space after each `,` and `:` when `spaced` (as
    /// the command line prints it, for people to read).
    public func text(spaced: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, spaced: spaced)
        return String(decoding: output, as: UTF8.self)
    }

    func write(to output: inout [UInt8], spaced: Bool) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let x): output += Array((x ? "true" : "false").utf8)
        case .number(let x): output += Array(Self.format(x).utf8)
        case .string(let x): Self.writeString(x, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { Self.separate(",", spaced, &output) }
                element.write(to: &output, spaced: spaced)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { Self.separate(",", spaced, &output) }
                Self.writeString(key, to: &output)
                Self.separate(":", spaced, &output)
                value.write(to: &output, spaced: spaced)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func separate(_ character: Unicode.Scalar, _ spaced: Bool, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: character))
        if spaced { output.append(UInt8(ascii: " ")) }
    }

    /// The shortest text that reads back as `value`: whole numbers below 10¹⁵ without a fraction or exponent (−0 as
    /// `0`), others as Swift's shortest round-trip form (which JSON accepts: `1e-05`, `0.1`, `1e+15`); `null` when
    /// not finite.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }  // also −0
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `string` as a JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    public static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        writeString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` quoted for an error message: as ``quoted(_:)`` (so the message stays on one line), cut after 40
    /// characters with "…".
    public static func quotedForMessage(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 40 else { return quoted(text) }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars.prefix(40))
        return quoted(String(head)) + "…"
    }

    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    output += Array(String(scalar).utf8)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue {
    /// An array of numbers.
    public static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
}
