/// A JSON value written deterministically: keys in the order given, numbers in Swift's shortest round-trip form
/// (so `0.1` prints as `0.1`), non-finite numbers as null.
enum JSONOutput: Sendable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// The compact JSON text, with one array element per line for arrays of objects (readable and diffable).
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .number(let value):
            out += value.isFinite ? JSONOutput.format(value) : "null"
        case .integer(let value):
            out += String(value)
        case .string(let value):
            out += JSONOutput.quote(value)
        case .bool(let value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        case .array(let values):
            out += "["
            for (i, value) in values.enumerated() {
                if i > 0 { out += ", " }
                value.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                out += JSONOutput.quote(key) + ": "
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Swift's shortest round-trip decimal form, with integers printed without ".0" and exponents in JSON syntax.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
