extension SceneSimulation {
    /// The output JSON of ``SceneSimulation`` in pieces, for writing it while the frames are computed:
    /// ``opening(rate:)``, then ``frame(_:index:)`` for every frame in order, then ``closing(restedAt:)``.
    /// Concatenated, the pieces are exactly ``Result/json``.
    public enum TrajectoryJSON {
        /// `{"rate": 60, "frames": [`.
        public static func opening(rate: Double) -> String { "{\"rate\": \(sceneNumberText(rate)), \"frames\": [" }

        /// Frame number `index` (0-based): a line break (after a comma from the second frame on) and the frame's
        /// object on one line.
        public static func frame(_ frame: Frame, index: Int) -> String {
            var text = ""
            append(frame, index: index, to: &text)
            return text
        }

        /// Appends ``frame(_:index:)`` to `text`.
        public static func append(_ frame: Frame, index: Int, to text: inout String) {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"t\": \(sceneNumberText(frame.t)), \"items\": ["
            for (j, item) in frame.items.enumerated() {
                if j > 0 { text += ", " }
                text += "{\"id\": \(jsonQuoted(item.id)), \"x\": \(sceneNumberText(item.x)), "
                text += "\"y\": \(sceneNumberText(item.y)), \"angle\": \(sceneNumberText(item.angle)), "
                text += "\"vx\": \(sceneNumberText(item.vx)), \"vy\": \(sceneNumberText(item.vy)), "
                text += "\"w\": \(sceneNumberText(item.w))}"
            }
            text += "]}"
        }

        /// The end: `\n], "restedAt": 1.25}` and a line break (`null` when nothing rested).
        public static func closing(restedAt: Double?) -> String {
            "\n], \"restedAt\": \(restedAt.map(sceneNumberText) ?? "null")}\n"
        }
    }
}

/// A number as the output and the error messages write it: integers without a fraction, others in Swift's shortest
/// round-trip form (`0.016666666666666666`, `1e+300`).
func sceneNumberText(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
