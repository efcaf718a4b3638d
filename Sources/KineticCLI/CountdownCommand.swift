import Foundation
import KineticCore
import KineticEffects
import KineticLayers

/// `kinetic render countdown`: the time left until a moment, rolling down for a minute from now — the e-mail
/// countdown, with the elevator's digits. The command line reads the clock once for `--now`'s default; the
/// service passes each request's time in.
enum CountdownCommand {
    static let countdownOptions: [OptionSpec] = [
        .value(
            "until", "TIME",
            "The moment counted to: ISO 8601 (2026-12-31T00:00:00Z, 2026-12-31T09:00:00+09:00, 2026-12-31 = midnight "
                + "UTC) or seconds since 1970 (required)."),
        .value(
            "now", "TIME",
            "The clip's first moment, as --until (default: the current time; the service always uses the request's)."),
        .value("font", "FAMILIES", "Comma-separated font families (default Inter, Noto Sans CJK JP)."),
        .value("font-size", "PT", "Font size in points, 0 < PT ≤ 1000 (default 48)."),
        .value("font-weight", "N", "Font weight, 100…900 (default 600)."),
        .value("text-color", "COLOR", "#RRGGBB[AA] or a CSS name: the digits' colour (default #1C1C1E)."),
        .value("color", "COLOR", "The same as --text-color (the name every effect shares)."),
    ]

    static let command = Command(
        path: ["render", "countdown"],
        summary: "Render the time left until a moment (days, hours, minutes, seconds) rolling down for a minute.",
        usage: "render countdown -o FILE --until TIME [--now TIME] [--font-size PT] [--text-color COLOR] [options]",
        details: """
            The digits roll down each second, as the elevator number's do, for --duration seconds (default 60: a
            minute, as e-mail countdowns show). The first frame shows the time left at --now at rest: clients that
            show only a GIF's first frame (Outlook on the desktop) show the right time. A moment in the past shows
            00:00:00. The canvas grows to hold the text unless --width is given.
            """,
        options: renderer.options,
        run: { arguments, streams throws(CLIError) in try renderer.run(arguments, streams: streams) })

    static let renderer = EffectRenderer(
        name: "countdown",
        options: countdownOptions
            + RenderSettings.options(
                defaultSize: Countdown.defaultSize, defaultDuration: "60", defaultBackground: "#FFFFFF"),
        defaultSize: Countdown.defaultSize, fileOptions: [],
        makeClip: { arguments, settings throws(CLIError) in
            try RenderPipeline.clip(of: try countdown(from: arguments, settings: settings))
        }, dependsOnTime: true)

    /// The countdown the options describe.
    static func countdown(from arguments: ParsedArguments, settings: RenderSettings) throws(CLIError) -> Countdown {
        guard let untilText = arguments.string("until") else {
            throw .usage("missing --until TIME: the moment to count down to, e.g. --until 2026-12-31T00:00:00Z")
        }
        let until = try time(untilText, option: "until")
        let now =
            try arguments.string("now").map { text throws(CLIError) in try time(text, option: "now") }
            ?? Date().timeIntervalSince1970
        let left = min(max(0, until - now), Countdown.maximumSecondsLeft)
        var countdown = Countdown(
            secondsLeft: left, duration: settings.options.duration ?? 60, size: settings.size)
        countdown.fitsWidth = arguments.string("width") == nil
        countdown.font = try NumberEffectFlags.font(arguments, base: countdown.font)
        countdown.textColor = try NumberEffectFlags.textColor(arguments) ?? countdown.textColor
        do {
            try countdown.validate()
        } catch {
            throw .usage(error.message)
        }
        return countdown
    }

    /// Seconds since 1970 for an ISO 8601 time, a date (midnight UTC) or a number of seconds.
    static func time(_ text: String, option: String) throws(CLIError) -> Double {
        let trimmed = text.trimmingWhitespace
        if let seconds = Double(trimmed), seconds.isFinite, abs(seconds) <= 1e11 { return seconds }
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed) { return date.timeIntervalSince1970 }
        }
        throw .usage(
            "--\(option) expects a time such as 2026-12-31T00:00:00Z, 2026-12-31T09:00:00+09:00 or 2026-12-31 "
                + "(got '\(text)')")
    }
}
