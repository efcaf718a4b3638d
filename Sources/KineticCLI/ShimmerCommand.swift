import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// `kinetic render shimmer`: text or a skeleton placeholder shimmering in the original article's style or Facebook
/// Shimmer's, with every option of `Shimmer`, `ShimmerSeed`, `ShimmerText` and `SkeletonPlaceholder` as a flag.
enum ShimmerCommand {
    /// The flags that only the default (Facebook) style reads.
    static let defaultStyleOnly = [
        "speed", "highlight-length", "pause", "animation-opacity", "shimmering-opacity", "direction", "tilt",
        "begin-fade", "end-fade", "begin-time", "stop-at",
    ]

    static let shimmerOptions: [OptionSpec] = [
        .value("text", "TEXT", "The text to shimmer; \\n starts a new line (default 'slide to unlock')."),
        .value(
            "style", "STYLE",
            "original (the article's 2 s gradient loop; 'seed' works too) or default (Facebook Shimmer) (default default)."
        ),
        .flag("skeleton", "Shimmer a skeleton loading placeholder (avatar and bars) instead of text."),
        .value("skeleton-lines", "N", "Bars in the skeleton placeholder, 1…12 (default 3)."),
        .value(
            "speed", "PT/S",
            "Shimmer speed in points per second, 0 < PT/S ≤ 100000; sets the cycle L/speed + pause (default 230)."),
        .value("highlight-length", "F", "Band width as a fraction of the content's length, 0…1 (default 1)."),
        .value("pause", "S", "Pause between sweeps in seconds, 0…600 (default 0.4)."),
        .value("animation-opacity", "F", "Content opacity outside the band, 0…1 (default 0.5)."),
        .value("shimmering-opacity", "F", "Content opacity at the band's centre, 0…1 (default 1)."),
        .value(
            "direction", "DIR",
            "reading, right, left, up or down (default reading: right, or left for right-to-left text)."),
        .value("tilt", "DEG", "Band slant in degrees, clockwise, −60…60 (default 0)."),
        .value("begin-fade", "S", "Fade-in when the shimmer starts, in seconds, 0…600 (default 0.1)."),
        .value("end-fade", "S", "Fade-out after the last sweep, in seconds, 0…600 (default 0.3)."),
        .value(
            "begin-time", "S",
            "When the shimmer starts, −600…600 s (default: minus the begin fade, so the clip starts mid-shimmer and loops)."
        ),
        .value(
            "stop-at", "S",
            "Stop: the sweep in progress at S seconds (0…600) completes, then fades out (default never)."),
        .value(
            "base-color", "COLOR",
            "#RRGGBB[AA] or a CSS name: content colour (default: the content's own; original: #000000)."),
        .value(
            "highlight-color", "COLOR",
            "#RRGGBB[AA] or a CSS name: band colour (default: none, the content itself; original: #FFFFFF)."),
        .value("text-color", "COLOR", "#RRGGBB[AA] or a CSS name: text colour (default #FFFFFF)."),
        .value("font", "FAMILIES", "Comma-separated font families (default Inter, Noto Sans CJK JP, DejaVu Sans)."),
        .value("font-size", "PT", "Font size in points, 0 < PT ≤ 1000 (default 32)."),
        .value("font-weight", "N", "Font weight, 100…900 (default 400)."),
        .value("align", "ALIGN", "Text alignment: natural, left, center, right or justified (default center)."),
    ]

    static let command = Command(
        path: ["render", "shimmer"],
        summary: "Render the shimmer effect (the \"slide to unlock\" glint) to an image or a video.",
        usage: "render shimmer -o FILE [--text TEXT | --skeleton] [--style original|default] [options]",
        details: """
            The original style is the article's: a black-white-black gradient whose locations move from [0, 0, 0.25]
            to [0.75, 1, 1] every 2 s, masked by the text. The default style is Facebook Shimmer's: a band sweeps
            across the content (dimmed to --animation-opacity) once per cycle of L/speed + pause seconds, L being
            the canvas width (height for up/down). The canvas is the content's box: text is centred in it.
            Colours are RRGGBB or RRGGBBAA in hex; the leading # is optional (quote it in a shell, where a word
            starting with # is a comment).
            """,
        options: renderer.options,
        run: { arguments, streams throws(CLIError) in try renderer.run(arguments, streams: streams) })

    static let renderer = EffectRenderer(
        name: "shimmer",
        options: shimmerOptions
            + RenderSettings.options(
                defaultSize: ShimmerScene.defaultSize,
                defaultDuration:
                    "one loop: 2 (original), one cycle (default), or until the end fade + 0.5 with --stop-at",
                defaultBackground: "#5AC8FA original, #1C1C1E text, #FFFFFF skeleton"),
        defaultSize: ShimmerScene.defaultSize, fileOptions: [],
        makeClip: { arguments, settings throws(CLIError) in
            let scene = try scene(from: arguments, size: settings.size)
            do {
                return try scene.makeClip(measuring: PangoTextMeasurer())
            } catch let error as EffectSpecError {
                throw .usage(error.message)
            } catch {
                throw .failure("\(error)")
            }
        })

    /// The scene the flags describe.
    static func scene(from arguments: ParsedArguments, size: Size) throws(CLIError) -> ShimmerScene {
        let style = arguments.string("style") ?? "default"
        let content = try content(from: arguments)
        switch style {
        case "original", "seed":
            if let flag = defaultStyleOnly.first(where: { arguments.string($0) != nil }) {
                throw .usage(
                    "--\(flag) applies to --style default only; the original style is the article's fixed 2 s loop")
            }
            var seed = ShimmerSeed()
            if let color = try color(arguments, "base-color") { seed.baseColor = color }
            if let color = try color(arguments, "highlight-color") { seed.highlightColor = color }
            return ShimmerScene(size: size, content: content, style: .seed(seed))
        case "default":
            return ShimmerScene(size: size, content: content, style: .default(try shimmer(from: arguments)))
        default:
            throw .usage("--style must be original or default (got '\(style)')")
        }
    }

    /// The Facebook-style spec the flags describe.
    static func shimmer(from arguments: ParsedArguments) throws(CLIError) -> Shimmer {
        var shimmer = Shimmer()
        shimmer.speed = try arguments.double(
            "speed", in: .above(0, upTo: 100_000, "points per second"), default: shimmer.speed)
        shimmer.highlightLength = try arguments.double(
            "highlight-length", in: Limits.fraction, default: shimmer.highlightLength)
        shimmer.pauseDuration = try arguments.double("pause", in: Limits.seconds, default: shimmer.pauseDuration)
        shimmer.animationOpacity = try arguments.double(
            "animation-opacity", in: Limits.fraction, default: shimmer.animationOpacity)
        shimmer.shimmeringOpacity = try arguments.double(
            "shimmering-opacity", in: Limits.fraction, default: shimmer.shimmeringOpacity)
        if let text = arguments.string("direction") {
            guard let direction = ShimmerDirection(rawValue: text.lowercased()) else {
                throw .usage("--direction must be reading, right, left, up or down (got '\(text)')")
            }
            shimmer.direction = direction
        }
        shimmer.tilt = try arguments.double("tilt", in: .from(-60, to: 60, "degrees"), default: shimmer.tilt)
        shimmer.beginFadeDuration = try arguments.double(
            "begin-fade", in: Limits.seconds, default: shimmer.beginFadeDuration)
        shimmer.endFadeDuration = try arguments.double("end-fade", in: Limits.seconds, default: shimmer.endFadeDuration)
        shimmer.beginTime = try arguments.double(
            "begin-time", in: Limits.beginTime, default: -shimmer.beginFadeDuration)
        shimmer.stopAt = try arguments.double("stop-at", in: Limits.seconds)
        shimmer.baseColor = try color(arguments, "base-color")
        shimmer.highlightColor = try color(arguments, "highlight-color")
        do {
            try shimmer.validate()
        } catch {
            throw .usage(error.message)
        }
        return shimmer
    }

    /// The text or skeleton the flags describe.
    static func content(from arguments: ParsedArguments) throws(CLIError) -> ShimmerScene.Content {
        let textFlags = ["text", "text-color", "font", "font-size", "font-weight", "align"]
        if arguments.flag("skeleton") {
            if let flag = textFlags.first(where: { arguments.string($0) != nil }) {
                throw .usage("--\(flag) sets the text; it cannot be combined with --skeleton")
            }
            var skeleton = SkeletonPlaceholder()
            if let lines = try arguments.int("skeleton-lines", in: 1...12) { skeleton.lineCount = lines }
            return .skeleton(skeleton)
        }
        if arguments.string("skeleton-lines") != nil {
            throw .usage("--skeleton-lines needs --skeleton")
        }
        let string = (arguments.string("text") ?? "slide to unlock").replacingOccurrences(of: "\\n", with: "\n")
        do { try TextLengthLimit.validate(string, name: "--text") } catch { throw .usage(error.message) }
        var text = ShimmerText(string: string)
        if let families = arguments.string("font") {
            let names = families.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw .usage("--font expects family names like 'Inter, Noto Sans CJK JP'") }
            text.font.families = names
        }
        text.font.size = try arguments.double("font-size", in: Limits.fontSize, default: text.font.size)
        if let weight = try arguments.int("font-weight", in: 100...900) { text.font.weight = weight }
        if let color = try color(arguments, "text-color") { text.color = color }
        if let name = arguments.string("align") {
            guard let alignment = TextAlignment(rawValue: name.lowercased()) else {
                throw .usage("--align must be natural, left, center, right or justified (got '\(name)')")
            }
            text.alignment = alignment
        }
        return .text(text)
    }

    static func color(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> Color? {
        guard let text = arguments.string(name) else { return nil }
        do {
            return try Color(css: text)
        } catch {
            throw .usage("--\(name): \(error.description)")
        }
    }
}
