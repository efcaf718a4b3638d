import Foundation

/// Reads the Chromium timing fixtures in Tests/Fixtures (timing_curves.json, timing_model.json).
enum TimingFixtures {
    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }

    /// One easing curve sampled at input progress 0, 0.01, …, 1.
    struct Curve {
        var name: String
        var easing: String
        var engineSerializedEasing: String
        var progress: [Double]
        var backwardsFillProgress: Double
        var forwardsFillProgress: Double
    }

    /// One Web Animations timing configuration with its samples. Times are in milliseconds.
    struct ModelConfig {
        struct Sample {
            var time: Double
            var progress: Double?
            var iteration: Double?
        }

        var name: String
        var duration: Double
        var delay: Double
        var endDelay: Double
        var iterations: Double
        var iterationStart: Double
        var direction: String
        var fill: String
        var easing: String
        var playbackRate: Double
        var samples: [Sample]
    }

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    static func curves() throws -> (inputs: [Double], curves: [Curve]) {
        let root = try object(at: "timing_curves.json")
        let inputs = try numbers(root["input_progress"], "input_progress")
        guard let list = root["curves"] as? [[String: Any]] else { throw FixtureError(description: "no curves") }
        let curves = try list.map { entry in
            Curve(
                name: try string(entry["name"], "name"),
                easing: try string(entry["easing"], "easing"),
                engineSerializedEasing: try string(entry["engine_serialized_easing"], "engine_serialized_easing"),
                progress: try numbers(entry["progress"], "progress"),
                backwardsFillProgress: try number(
                    entry["progress_at_time_minus_10ms_fill_backwards"], "backwards fill"),
                forwardsFillProgress: try number(entry["progress_at_time_1010ms_fill_forwards"], "forwards fill"))
        }
        return (inputs, curves)
    }

    static func modelConfigs() throws -> [ModelConfig] {
        let root = try object(at: "timing_model.json")
        guard let list = root["configs"] as? [[String: Any]] else { throw FixtureError(description: "no configs") }
        return try list.map { entry in
            guard let timing = entry["timing"] as? [String: Any],
                let columns = entry["samples_columns"] as? [String],
                let rows = entry["samples"] as? [[Any]],
                let timeColumn = columns.firstIndex(of: "t"),
                let progressColumn = columns.firstIndex(of: "progress"),
                let iterationColumn = columns.firstIndex(of: "currentIteration")
            else { throw FixtureError(description: "malformed config \(entry["name"] ?? "?")") }
            return ModelConfig(
                name: try string(entry["name"], "name"),
                duration: try number(timing["duration"], "duration"),
                delay: try number(timing["delay"], "delay"),
                endDelay: try number(timing["endDelay"], "endDelay"),
                iterations: try number(timing["iterations"], "iterations"),
                iterationStart: try number(timing["iterationStart"], "iterationStart"),
                direction: try string(timing["direction"], "direction"),
                fill: try string(timing["fill"], "fill"),
                easing: try string(timing["easing"], "easing"),
                playbackRate: try number(entry["playbackRate"], "playbackRate"),
                samples: try rows.map { row in
                    ModelConfig.Sample(
                        time: try number(row[timeColumn], "t"),
                        progress: try optionalNumber(row[progressColumn], "progress"),
                        iteration: try optionalNumber(row[iterationColumn], "currentIteration"))
                })
        }
    }

    private static func object(at name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FixtureError(description: "\(name) is not a JSON object")
        }
        return root
    }

    private static func string(_ value: Any?, _ what: String) throws -> String {
        guard let text = value as? String else { throw FixtureError(description: "\(what) is not a string") }
        return text
    }

    private static func numbers(_ value: Any?, _ what: String) throws -> [Double] {
        guard let list = value as? [Any] else { throw FixtureError(description: "\(what) is not a list") }
        return try list.map { try number($0, what) }
    }

    /// A JSON number, or the strings "Infinity" / "-Infinity" the fixtures use for non-finite values.
    private static func number(_ value: Any?, _ what: String) throws -> Double {
        guard let number = try optionalNumber(value, what) else {
            throw FixtureError(description: "\(what) is null")
        }
        return number
    }

    private static func optionalNumber(_ value: Any?, _ what: String) throws -> Double? {
        switch value {
        case is NSNull, nil: return nil
        case let text as String where text == "Infinity": return .infinity
        case let text as String where text == "-Infinity": return -.infinity
        case let number as NSNumber: return number.doubleValue
        default: throw FixtureError(description: "\(what) = \(String(describing: value)) is not a number")
        }
    }
}
