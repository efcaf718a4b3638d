import Foundation
import KineticCore
import KineticFiles
import KineticLayers
import KineticOutput
import KineticRaster

/// The options every `kinetic render …` command shares: canvas, time, output and encoder settings, read into the
/// library's `OutputOptions`. Only the flags given are set: the library decides the defaults, and refuses a flag
/// the output's format cannot honour.
struct RenderSettings {
    /// The canvas in points.
    var size: Size
    /// The output path; the format follows its extension.
    var output: String
    /// Frame rate, scale, duration, still time, background and picture, loops, GIF settings (nil: not given).
    var options: OutputOptions
    /// `--dry-run`: check and describe the output, write nothing.
    var dryRun: Bool

    /// The flags behind these settings, with their defaults, for every render command's `--help`.
    static func options(defaultSize: Size, defaultDuration: String, defaultBackground: String) -> [OptionSpec] {
        [
            .value(
                "output", "FILE", short: "o",
                "Output file: .png .apng .gif .mp4 .webm, or vectors: .json (Lottie) .lottie (dotLottie) .svg "
                    + "(required)."),
            .value(
                "width", "PT",
                "Canvas width in points, 0 < PT ≤ 10000 (default \(JSONValue.format(defaultSize.width)))."),
            .value(
                "height", "PT",
                "Canvas height in points, 0 < PT ≤ 10000 (default \(JSONValue.format(defaultSize.height)))."),
            .value("scale", "N", "Pixels per point: 1, 2 or 3; pixels and video only (default 1)."),
            .value("fps", "N", "Frames per second, 1…120; animated formats (default 30)."),
            .value("duration", "S", "Clip length in seconds, 0 < S ≤ 600 (default \(defaultDuration))."),
            .value("time", "S", "For a .png still: the time shown, 0…600 s (default: the end of the clip)."),
            .value(
                "background", "COLOR",
                "#RRGGBB[AA], a CSS name such as white, or 'transparent' (default \(defaultBackground))."),
            .value(
                "background-image", "FILE",
                "A PNG or JPEG under the effect, covering the canvas (a screenshot, a backdrop); pixels and video "
                    + "only (default none)."),
            .value(
                "loop", "N",
                "Times to play, 0…65535, 0 = forever: .gif and .apng; .lottie and .svg take 0 or 1 (default 0; "
                    + ".lottie and .svg: 0 for a looping effect, 1 otherwise)."),
            .value("dither", "D", "GIF dithering, 0…1 (default 0.5)."),
            .value(
                "matte", "COLOR",
                "Transparent GIF: blend soft edges with this colour (the page's) instead of cutting them at half "
                    + "alpha, which looks jagged; for real alpha write .apng (default none)."),
            .value(
                "title", "TEXT",
                "SVG: the picture's name for screen readers (role=img and <title>), at most 1,000 characters "
                    + "(default: the effect's text at the end)."),
            .value(
                "dark-text-color", "COLOR",
                "SVG: the text colour when the page is dark (prefers-color-scheme, inside the file) (default none)."),
            .value("dark-background", "COLOR", "SVG: the background colour when the page is dark (default none)."),
            .flag("dry-run", "Check every option and print what would be written (size, frames), writing nothing."),
        ]
    }

    /// Reads the shared flags, `-o FILE` included.
    init(_ arguments: ParsedArguments, defaultSize: Size) throws(CLIError) {
        guard let output = arguments.string("output") else {
            throw .usage(
                "missing -o FILE: the output file (.png, .apng, .gif, .mp4 or .webm, or .json, .lottie or .svg)")
        }
        try self.init(arguments, defaultSize: defaultSize, output: output)
    }

    /// Reads the shared flags but the output, which the caller names (the service: a name whose extension is the
    /// format asked for; nothing is written there).
    init(_ arguments: ParsedArguments, defaultSize: Size, output: String) throws(CLIError) {
        self.output = output
        dryRun = arguments.flag("dry-run")
        size = Size(
            width: try arguments.double("width", in: Limits.canvasPoints, default: defaultSize.width),
            height: try arguments.double("height", in: Limits.canvasPoints, default: defaultSize.height))
        options = OutputOptions()
        options.backgroundImage = arguments.string("background-image")
        options.scale = try arguments.double("scale", in: .from(1, to: 3))
        if let scale = options.scale, ![1, 2, 3].contains(scale) {
            throw .usage("--scale must be 1, 2 or 3 (got \(scale.humanText))")
        }
        options.framesPerSecond = try arguments.double("fps", in: Limits.framesPerSecond)
        options.duration = try arguments.double("duration", in: Limits.positiveSeconds)
        options.stillTime = try arguments.double("time", in: Limits.seconds)
        if let text = arguments.string("background") {
            if text.lowercased() == "transparent" || text.lowercased() == "none" {
                options.background = .transparent
            } else {
                do {
                    options.background = .color(try Color(css: text))
                } catch {
                    throw .usage("--background: \(error.description); or use 'transparent'")
                }
            }
        }
        options.loopCount = try arguments.int("loop", in: 0...65535)
        options.dithering = try arguments.double("dither", in: Limits.fraction)
        options.title = arguments.string("title")
        for (name, keyPath) in [
            ("dark-text-color", \OutputOptions.darkTextColor), ("dark-background", \.darkBackground),
        ] {
            guard let text = arguments.string(name) else { continue }
            do {
                options[keyPath: keyPath] = try Color(css: text)
            } catch {
                throw .usage("--\(name): \(error.description)")
            }
        }
        if let text = arguments.string("matte") {
            do {
                options.matte = try Color(css: text)
            } catch {
                throw .usage("--matte: \(error.description)")
            }
        }
    }
}

/// `kinetic render`'s last step, the same for every effect: the flags' options → the library's one output layer
/// (`Clip.write(to:format:options:progress:)`) → what was written, printed. Warnings (a missing font, a shadow
/// Lottie cannot show) go to stderr, with a progress bar when stderr is a terminal.
enum RenderPipeline {
    static func render(_ clip: Clip, settings: RenderSettings, streams: StandardStreams, quiet: Bool = false)
        throws(CLIError)
    {
        let output = settings.output
        if settings.dryRun {
            let plan: OutputPlan
            do throws(OutputError) {
                plan = try clip.outputPlan(format: FileFormat(path: output), options: settings.options)
                try settings.options.checkInputs()
            } catch {
                throw cliError(error)
            }
            try streams.out("would write \(output): \(describe(plan))\n")
            return
        }
        let result: OutputResult
        do throws(OutputError) {
            result = try clip.write(to: output, options: settings.options) { frameCount in
                ProgressReporter(total: frameCount, label: "Rendering \(output)")
            }
        } catch {
            throw cliError(error)
        }
        // One line per distinct problem, naming the layers it concerns (a missing font hits every label).
        var layersByMessage: [String: [String]] = [:]
        for warning in result.warnings where !(layersByMessage[warning.message]?.contains(warning.layer) ?? false) {
            layersByMessage[warning.message, default: []].append(warning.layer)
        }
        for (message, layers) in layersByMessage.sorted(by: { $0.key < $1.key }) {
            let names = layers.sorted()
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            try streams.err("warning: \(message) (layer\(names.count == 1 ? "" : "s") \(shown))\n")
        }
        guard !quiet else { return }
        let plan = result.plan
        if plan.format.isVector {
            try streams.err("wrote \(output) (\(result.byteCount) bytes)\n")
        } else {
            let padded =
                (result.writtenWidth, result.writtenHeight) != (plan.pixelWidth, plan.pixelHeight)
                ? ", padded from \(plan.pixelWidth)×\(plan.pixelHeight) to even sides" : ""
            try streams.err("wrote \(output) (\(result.writtenWidth)×\(result.writtenHeight) px\(padded))\n")
        }
    }

    /// What a plan will write, for `--dry-run`: "240×160 px, 60 frames at 30 fps (2 s)".
    static func describe(_ plan: OutputPlan) -> String {
        let frames =
            plan.stillTime.map { "a still at \($0.humanText) s" }
            ?? "\(plan.frameCount) frames at \(plan.framesPerSecond.humanText) fps (\(plan.duration.secondsText) s)"
        let size =
            plan.format.isVector
            ? "\(plan.format), \(plan.canvas.width.humanText)×\(plan.canvas.height.humanText) pt"
            : "\(plan.pixelWidth)×\(plan.pixelHeight) px"
        return "\(size), \(frames)"
    }

    /// The effect's clip, measured with Pango as the renderer draws it.
    static func clip(of spec: some Effect) throws(CLIError) -> Clip {
        do {
            return try spec.makeClip()
        } catch {
            throw cliError(error)
        }
    }

    /// Maps an output error to the command's exit status, naming options as flags.
    static func cliError(_ error: OutputError) -> CLIError {
        let text = error.message(naming: .flags)
        switch error {
        case .unsupportedExtension, .notApplicable, .invalidOption, .invalidEffect, .export: return .usage(text)
        case .unreadableInput: return .noInput(text)
        case .invalidInput: return .data(text)
        // Writing or renaming failed (a full disk, a file-size limit: EFBIG): an I/O error; creating failed: 73.
        case .cannotWrite(.ioFailed): return .ioError(text)
        case .cannotWrite: return .cannotCreate(text)
        case .unavailable: return .unavailable(text)
        case .cancelled: return .failure(text)
        case .failed(.ffmpegFailed): return .failure(text)
        case .failed: return .data(text)
        }
    }

    /// Maps a renderer or encoder error to the command's exit status.
    static func cliError(_ error: RasterError) -> CLIError {
        let text = "\(error)"
        switch error {
        case .cannotCreateFile: return .cannotCreate(text)
        case .ioFailed: return .ioError(text)
        case .ffmpegNotFound: return .unavailable(text)
        case .cancelled: return .failure("interrupted; no output was written")
        case .invalidEffect(let message): return .usage(message)
        case .invalidOption, .unsupportedExtension: return .usage(text)
        default: return .data(text)
        }
    }
}
