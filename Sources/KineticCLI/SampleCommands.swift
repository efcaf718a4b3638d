import Foundation
import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers

/// `kinetic sample curve|spring|timing`: print a timing curve's, a spring's or a timing model's values.
enum SampleCommands {
    static var all: [Command] { [curve, spring, timing] }

    static let jsonOption = OptionSpec.flag("json", "Print the same data as JSON.")
    static let plotOption = OptionSpec.value(
        "plot", "FILE.png", "Also draw the samples as a chart (axes, grid, the curve, its name) to a PNG.")

    /// Draws `points` as a chart to the PNG at `path` (2× scale), when one was asked for.
    static func plot(
        _ points: [(Double, Double)], title: String, xLabel: String, yLabel: String = "y", to path: String?,
        streams: StandardStreams
    ) throws(CLIError) {
        guard let path else { return }
        guard path.lowercased().hasSuffix(".png") else {
            throw .usage("--plot writes a PNG: give a file name ending in .png (got '\(path)')")
        }
        let chart = CurvePlot(
            points: points.map { Point(x: $0.0, y: $0.1) }, title: title, xLabel: xLabel, yLabel: yLabel)
        var arguments = ParsedArguments()
        arguments.values["output"] = path
        var settings = try RenderSettings(arguments, defaultSize: chart.size)
        settings.options.scale = 2
        settings.options.stillTime = 0
        let clip = Clip(root: chart.makeLayer(), duration: 1, background: .white)
        try RenderPipeline.render(clip, settings: settings, streams: streams, quiet: true)
        try streams.err("plotted \(path)\n")
    }

    // MARK: curve

    static let curve = Command(
        path: ["sample", "curve"],
        summary: "Print a timing curve's output progress y for input progress x = 0…1.",
        usage: "sample curve SPEC [--count N] [--json]",
        details: """
            SPEC: linear, ease, ease-in, ease-out, ease-in-out (CSS), default, easeIn, easeOut, easeInEaseOut (iOS),
            cubic-bezier(x1, y1, x2, y2) with x1, x2 in [0, 1] and |y1|, |y2| ≤ 10⁶, steps(n[, start|end|jump-start|
            jump-end|jump-none|jump-both]), step-start, step-end. Prints a header `# x y`, then N lines `x y`, x evenly
            spaced from 0 to 1.
            """,
        options: [.value("count", "N", "Number of samples, 2…1000000 (default 101)."), jsonOption, plotOption],
        run: { arguments, streams throws(CLIError) in
            let function = try timingFunction(fromPositional: arguments)
            let count = try arguments.int("count", in: 2...1_000_000) ?? 101
            var points: [(Double, Double)] = []
            points.reserveCapacity(count)
            for i in 0..<count {
                let x = Double(i) / Double(count - 1)
                points.append((x, function.value(at: x)))
            }
            try plot(
                points, title: function.cssText, xLabel: "x (input progress)", to: arguments.string("plot"),
                streams: streams)
            if arguments.flag("json") {
                let json = JSONValue.object([
                    ("curve", .string(function.cssText)),
                    ("points", .array(points.map { .array([.number($0.0), .number($0.1)]) })),
                ])
                try streams.out(json.text(spaced: true) + "\n")
            } else {
                try streams.out(
                    "# x y\n" + points.map { "\(JSONValue.format($0.0)) \(JSONValue.format($0.1))\n" }.joined())
            }
        })

    static func timingFunction(fromPositional arguments: ParsedArguments) throws(CLIError) -> TimingFunction {
        guard !arguments.positionals.isEmpty else {
            throw .usage("missing SPEC, e.g. `kinetic sample curve ease-in-out` or 'cubic-bezier(0.25, 0.1, 0.25, 1)'")
        }
        // A spec with spaces may arrive in several words when unquoted: join them back.
        let spec = arguments.positionals.joined(separator: " ")
        return try parseTimingFunction(spec)
    }

    static func parseTimingFunction(_ spec: String) throws(CLIError) -> TimingFunction {
        do {
            return try TimingFunction(parsing: spec)
        } catch {
            throw .data(error.message)
        }
    }

    // MARK: spring

    static let spring = Command(
        path: ["sample", "spring"],
        summary: "Print a spring's position x and velocity v from x = 0 to the target 1.",
        usage: """
            sample spring [--mass M --stiffness K --damping C | --response R --damping-fraction Z | \
            --duration D --bounce B] [--velocity V] [--seconds S] [--rate HZ] [--json]
            """,
        details: """
            Prints a header `# t x v`, then lines `t x v` (seconds, progress, progress per second), and the settling
            duration on stderr.
            With no parameters: Core Animation's CASpringAnimation defaults, mass 1, stiffness 100, damping 10.
            """,
        options: [
            .value("mass", "M", "Mass, 0.001…1000 (default 1)."),
            .value("stiffness", "K", "Stiffness, 0 < K ≤ 1e6 (default 100)."),
            .value("damping", "C", "Damping coefficient, 0…1e6 (default 10)."),
            .value("response", "R", "SwiftUI response in seconds, 0 < R ≤ 60 (with --damping-fraction)."),
            .value("damping-fraction", "Z", "SwiftUI damping fraction, 0…10 (default 0.825 with --response)."),
            .value("duration", "D", "SwiftUI perceptual duration in seconds, 0 < D ≤ 60 (with --bounce)."),
            .value("bounce", "B", "SwiftUI bounce, −1 < B ≤ 1 (default 0 with --duration)."),
            .value("velocity", "V", "Initial velocity in progress per second, |V| ≤ 1e6 (default 0)."),
            .value("seconds", "S", "How long to sample in seconds, 0 < S ≤ 3600 (default 2)."),
            .value("rate", "HZ", "Samples per second, 0 < HZ ≤ 10000; at most 1e7 samples (default 100)."),
            jsonOption, plotOption,
        ],
        run: { arguments, streams throws(CLIError) in
            let spring = try springFromArguments(arguments)
            let velocity = try arguments.double("velocity", in: springRanges["velocity"] ?? .within(0), default: 0)
            let seconds = try arguments.double("seconds", in: .above(0, upTo: 3600, "seconds"), default: 2)
            let rate = try arguments.double("rate", in: .above(0, upTo: 10_000, "samples per second"), default: 100)
            guard seconds * rate <= 10_000_000 else {
                throw .usage(
                    "--seconds × --rate is \((seconds * rate).humanText) samples; at most 10000000: lower one of them")
            }
            let count = Int((seconds * rate + 1e-9).rounded(.down)) + 1
            var rows: [(Double, Double, Double)] = []
            rows.reserveCapacity(count)
            for i in 0..<count {
                let t = Double(i) / rate
                rows.append(
                    (
                        t, spring.value(at: t, from: 0, to: 1, initialVelocity: velocity),
                        spring.velocity(at: t, from: 0, to: 1, initialVelocity: velocity)
                    ))
            }
            let settling = spring.settlingDuration(from: 0, to: 1, initialVelocity: velocity)
            let title = String(
                format: "spring: mass %g, stiffness %g, damping %g (ζ = %.3g)", spring.mass, spring.stiffness,
                spring.damping, spring.dampingRatio)
            try plot(
                rows.map { ($0.0, $0.1) }, title: title, xLabel: "t (s)", yLabel: "x (progress)",
                to: arguments.string("plot"), streams: streams)
            if arguments.flag("json") {
                let json = JSONValue.object([
                    (
                        "spring",
                        .object([
                            ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
                            ("damping", .number(spring.damping)), ("dampingRatio", .number(spring.dampingRatio)),
                            ("initialVelocity", .number(velocity)),
                        ])
                    ),
                    ("settlingDuration", settling.map { .number($0) } ?? .null),
                    ("samples", .array(rows.map { .array([.number($0.0), .number($0.1), .number($0.2)]) })),
                ])
                try streams.out(json.text(spaced: true) + "\n")
            } else {
                try streams.out(
                    "# t x v\n"
                        + rows.map {
                            "\(JSONValue.format($0.0)) \(JSONValue.format($0.1)) \(JSONValue.format($0.2))\n"
                        }
                        .joined())
            }
            if let settling {
                try streams.err("settling duration: \(settling.secondsText) s\n")
            } else {
                try streams.err("settling duration: never (an undamped spring oscillates forever)\n")
            }
        })

    /// The range of each spring parameter, by option name (also the keys of `--spring` in the render commands).
    static let springRanges: [String: NumberRange] = [
        "mass": .from(0.001, to: 1_000), "stiffness": .above(0, upTo: 1e6), "damping": .from(0, to: 1e6),
        "response": .above(0, upTo: 60, "seconds"), "damping-fraction": .from(0, to: 10),
        "duration": .above(0, upTo: 60, "seconds"), "bounce": .above(-1, upTo: 1), "velocity": .within(1e6),
    ]

    private static func range(_ name: String) -> NumberRange { springRanges[name] ?? .within(0) }

    static func springFromArguments(_ arguments: ParsedArguments) throws(CLIError) -> Spring {
        let physical = ["mass", "stiffness", "damping"].filter { arguments.values[$0] != nil }
        let swiftUI = ["response", "damping-fraction"].filter { arguments.values[$0] != nil }
        let perceptual = ["duration", "bounce"].filter { arguments.values[$0] != nil }
        let families = [physical, swiftUI, perceptual].filter { !$0.isEmpty }
        guard families.count <= 1 else {
            let given = families.flatMap { $0 }.map { "--\($0)" }.joined(separator: ", ")
            throw .usage(
                "choose one way to describe the spring: --mass/--stiffness/--damping, --response/--damping-fraction "
                    + "or --duration/--bounce (given: \(given))")
        }
        do {
            if !swiftUI.isEmpty {
                guard let response = try arguments.double("response", in: range("response")) else {
                    throw CLIError.usage("--damping-fraction needs --response")
                }
                return try Spring(
                    response: response,
                    dampingFraction: arguments.double("damping-fraction", in: range("damping-fraction"), default: 0.825)
                )
            }
            if !perceptual.isEmpty {
                guard let duration = try arguments.double("duration", in: range("duration")) else {
                    throw CLIError.usage("--bounce needs --duration")
                }
                return try Spring(
                    duration: duration, bounce: arguments.double("bounce", in: range("bounce"), default: 0))
            }
            return try Spring(
                mass: arguments.double("mass", in: range("mass"), default: 1),
                stiffness: arguments.double("stiffness", in: range("stiffness"), default: 100),
                damping: arguments.double("damping", in: range("damping"), default: 10))
        } catch let error as CLIError {
            throw error
        } catch {
            throw .data("\(error)")
        }
    }

    // MARK: timing

    /// Durations and repeat counts of `sample timing`: 0…10⁶.
    static let timingRange = NumberRange.from(0, to: 1e6)

    static let timing = Command(
        path: ["sample", "timing"],
        summary: "Print Core Animation timing (CAMediaTiming) at parent times: progress and iteration, or removed.",
        usage: """
            sample timing --duration D [--begin-time B] [--speed S] [--time-offset O] [--repeat-count N|inf] \
            [--repeat-duration R] [--autoreverses] [--fill removed|forwards|backwards|both] [--curve SPEC] \
            --at T1,T2,… [--json]
            """,
        details: """
            Prints a header `# t progress iteration`; then for each parent time `t progress iteration` (progress
            after the curve), or `t removed` when the
            animation is not applied at that time. Follows Core Animation: local time = (t − beginTime) × speed +
            timeOffset; one autoreversing repeat plays forward and back; duration 0 means 0.25 s.
            """,
        options: [
            .value("duration", "D", "Duration of one iteration in seconds, 0…1e6 (0 means 0.25)."),
            .value("begin-time", "B", "Begin time in the parent's seconds, |B| ≤ 1e6 (default 0)."),
            .value("speed", "S", "Speed, |S| ≤ 1000; 0 pauses, negative plays backwards (default 1)."),
            .value("time-offset", "O", "Offset added to local time, seconds, |O| ≤ 1e6 (default 0)."),
            .value("repeat-count", "N", "Repeats, 0…1e6, fractional allowed, or inf (default 0 = once)."),
            .value("repeat-duration", "R", "Total seconds to repeat for, 0…1e6 (default 0 = unused)."),
            .flag("autoreverses", "Play each repeat forward then backward."),
            .value("fill", "MODE", "removed, forwards, backwards or both (default removed)."),
            .value("curve", "SPEC", "Timing function applied to progress (default linear)."),
            .value(
                "at", "T1,T2,…",
                "Parent times to sample, comma-separated seconds, each |T| ≤ 1e9, at most 100000 (required)."),
            jsonOption,
        ],
        run: { arguments, streams throws(CLIError) in
            guard let duration = try arguments.double("duration", in: timingRange) else {
                throw .usage("--duration is required, e.g. --duration 1")
            }
            guard let times = try arguments.doubleList("at", in: .within(1e9, "seconds"), maximumCount: 100_000) else {
                throw .usage("--at is required: the parent times to sample, e.g. --at 0,0.5,1")
            }
            var repeatCount = 0.0
            if let text = arguments.string("repeat-count") {
                if ["inf", "infinity", "infinite"].contains(text.lowercased()) {
                    repeatCount = .infinity
                } else if let value = Double(text), timingRange.contains(value) {
                    repeatCount = value
                } else {
                    throw .usage("--repeat-count expects a number \(timingRange.text), or inf, got '\(text)'")
                }
            }
            let repeatDuration = try arguments.double("repeat-duration", in: timingRange, default: 0)
            var fill = FillMode.removed
            if let text = arguments.string("fill") {
                guard let mode = FillMode(rawValue: text) else {
                    throw .usage("--fill expects removed, forwards, backwards or both, got '\(text)'")
                }
                fill = mode
            }
            let curve = try arguments.string("curve").map { spec throws(CLIError) in try parseTimingFunction(spec) }
            let model = MediaTiming(
                beginTime: try arguments.double("begin-time", in: .within(1e6, "seconds"), default: 0),
                duration: duration, speed: try arguments.double("speed", in: .within(1_000), default: 1),
                timeOffset: try arguments.double("time-offset", in: .within(1e6, "seconds"), default: 0),
                repeatCount: repeatCount,
                repeatDuration: repeatDuration, autoreverses: arguments.flag("autoreverses"), fillMode: fill)
            var lines = "# t progress iteration\n"
            var samples: [JSONValue] = []
            for t in times {
                if let state = model.state(at: t) {
                    let progress = curve?.value(at: state.progress) ?? state.progress
                    lines += "\(JSONValue.format(t)) \(JSONValue.format(progress)) \(state.iteration)\n"
                    samples.append(
                        .object([
                            ("t", .number(t)), ("progress", .number(progress)),
                            ("iteration", .number(Double(state.iteration))),
                        ]))
                } else {
                    lines += "\(JSONValue.format(t)) removed\n"
                    samples.append(.object([("t", .number(t)), ("removed", .bool(true))]))
                }
            }
            if arguments.flag("json") {
                try streams.out(
                    JSONValue.object([
                        ("activeDuration", .number(model.activeDuration)), ("samples", .array(samples)),
                    ]).text(spaced: true) + "\n")
            } else {
                try streams.out(lines)
            }
        })
}
