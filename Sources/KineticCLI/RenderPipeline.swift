import Foundation
import KineticCore
import KineticLayers
import KineticRaster

/// The options every `kinetic render …` command shares: canvas, time, output and encoder settings, read into the
/// library's `RenderOptions`.
struct RenderSettings {
    /// The canvas in points.
    var size: Size
    /// The output path; the format follows its extension.
    var output: String
    /// Frame rate, scale, duration (nil: the clip's), still time, background (`.clip` unless given), encoder.
    var options: RenderOptions
    /// `--dry-run`: check and describe the output, write nothing.
    var dryRun: Bool
    /// `--background-image`: a picture drawn under the effect, covering the canvas.
    var backgroundImage: String?

    /// The flags behind these settings, with their defaults, for every render command's `--help`.
    static func options(defaultSize: Size, defaultDuration: String, defaultBackground: String) -> [OptionSpec] {
        [
            .value(
                "output", "FILE", short: "o",
                "Output file: .png .apng .gif .mp4 .webm, or vectors: .json (Lottie) .lottie (dotLottie) .svg "
                    + "(required)."),
            .value(
                "width", "PT",
                "Canvas width in points, 0 < PT ≤ 10000 (default \(JSONOutput.format(defaultSize.width)))."),
            .value(
                "height", "PT",
                "Canvas height in points, 0 < PT ≤ 10000 (default \(JSONOutput.format(defaultSize.height)))."),
            .value("scale", "N", "Pixels per point: 1, 2 or 3 (default 1)."),
            .value("fps", "N", "Frames per second, 1…120 (default 30)."),
            .value("duration", "S", "Clip length in seconds, 0 < S ≤ 600 (default \(defaultDuration))."),
            .value("time", "S", "For a .png still: the time shown, 0…600 s (default: the end of the clip)."),
            .value("background", "COLOR", "#RRGGBB[AA] or 'transparent' (default \(defaultBackground))."),
            .value(
                "background-image", "FILE",
                "A PNG or JPEG under the effect, covering the canvas (a screenshot, a backdrop) (default none)."),
            .value("loop", "N", "Animated images: times to play, 0…65535, 0 = forever (default 0)."),
            .value("dither", "D", "GIF dithering, 0…1 (default 0.5)."),
            .value(
                "matte", "COLOR",
                "Transparent GIF: blend soft edges with this colour (the page's) instead of cutting them at half "
                    + "alpha, which looks jagged; for real alpha write .apng (default none)."),
            .flag("dry-run", "Check every option and print what would be written (size, frames), writing nothing."),
        ]
    }

    /// Reads the shared flags.
    init(_ arguments: ParsedArguments, defaultSize: Size) throws(CLIError) {
        guard let output = arguments.string("output") else {
            throw .usage(
                "missing -o FILE: the output file (.png, .apng, .gif, .mp4 or .webm, or .json, .lottie or .svg)")
        }
        self.output = output
        dryRun = arguments.flag("dry-run")
        backgroundImage = arguments.string("background-image")
        size = Size(
            width: try arguments.double("width", in: Limits.canvasPoints, default: defaultSize.width),
            height: try arguments.double("height", in: Limits.canvasPoints, default: defaultSize.height))
        options = RenderOptions()
        options.scale = try arguments.double("scale", in: .from(1, to: 3), default: 1)
        guard [1, 2, 3].contains(options.scale) else {
            throw .usage("--scale must be 1, 2 or 3 (got \(options.scale.humanText))")
        }
        options.framesPerSecond = try arguments.double("fps", in: Limits.framesPerSecond, default: 30)
        options.duration = try arguments.double("duration", in: Limits.positiveSeconds)
        options.stillTime = try arguments.double("time", in: Limits.seconds)
        if let text = arguments.string("background") {
            if text.lowercased() == "transparent" || text.lowercased() == "none" {
                options.background = .transparent
            } else {
                do {
                    options.background = .color(try Color(hex: text))
                } catch {
                    throw .usage("--background: \(error.description); or use 'transparent'")
                }
            }
        }
        if let loop = try arguments.int("loop", in: 0...65535) { options.encoder.loopCount = loop }
        if let dither = try arguments.double("dither", in: Limits.fraction) { options.encoder.gif.dithering = dither }
        if let text = arguments.string("matte") {
            do {
                options.encoder.gif.matte = try Color(hex: text)
            } catch {
                throw .usage("--matte: \(error.description)")
            }
        }
    }

    /// The frame size in pixels of a `canvas`, checked with the flags' names: each side 1…8,192 px.
    func pixelSize(of canvas: Size) throws(CLIError) -> (width: Int, height: Int) {
        func side(_ points: Double, _ name: String) throws(CLIError) -> Int {
            let pixels = (points * options.scale).rounded()
            guard pixels >= 1, pixels <= Double(RenderLimits.pixelsPerSide) else {
                throw .usage(
                    "the frame would be \(pixels.humanText) px \(name == "width" ? "wide" : "high") (\(points.humanText) "
                        + "points × scale \(options.scale.humanText)); it must be 1 to \(RenderLimits.pixelsPerSide) px: "
                        + "change --\(name) or --scale")
            }
            return Int(pixels)
        }
        return (try side(canvas.width, "width"), try side(canvas.height, "height"))
    }
}

/// Renders a clip with the library's `Clip.render(to:options:)` to the file `settings.output`: a still for
/// .png, otherwise every frame, drawn in parallel and encoded in order. Prints warnings (a missing font, say) on
/// stderr, a progress bar when stderr is a terminal, and the file and the size actually written.
enum RenderPipeline {
    static func render(_ clip: Clip, settings: RenderSettings, streams: StandardStreams, quiet: Bool = false)
        throws(CLIError)
    {
        if let vector = VectorExport.Format(path: settings.output) {
            return try VectorExport.export(clip, format: vector, settings: settings, streams: streams, quiet: quiet)
        }
        let format: OutputFormat
        do {
            format = try OutputFormat(path: settings.output)
        } catch {
            throw .usage("\(error); or vectors: .json (Lottie), .lottie (dotLottie), .svg")
        }
        _ = try settings.pixelSize(of: clip.size)
        if let path = settings.backgroundImage {
            // Checked now, so a missing picture is an error rather than a warning after the render.
            do {
                _ = try RGBAFrame(contentsOfImageFile: path)
            } catch {
                throw .noInput("--background-image: \(error)")
            }
            let picture = ImageLayer(path: path, frame: clip.root.bounds, gravity: .resizeAspectFill)
            picture.name = "background-image"
            clip.root.insertSublayer(picture, at: 0)
        }
        if format != .png, settings.options.duration == nil {
            // A clip length derived from the effect's options (a --stop-at, values × --interval…).
            guard clip.duration.isFinite, clip.duration > 0, clip.duration <= RenderLimits.clipSeconds else {
                throw .usage(
                    "the clip would last \(clip.duration.humanText) s, from the effect's options; a clip lasts more "
                        + "than 0 and at most \(RenderLimits.clipSeconds.humanText) s: give --duration S (or change the "
                        + "options that lengthen it)")
            }
        }
        do {
            let plan = try clip.plan(for: settings.output, options: settings.options)
            if settings.dryRun {
                let frames =
                    plan.stillTime.map { "a still at \($0.humanText) s" }
                    ?? "\(plan.frameCount) frames at \(plan.framesPerSecond.humanText) fps (\(plan.duration.secondsText) s)"
                try streams.out(
                    "would write \(settings.output): \(plan.pixelWidth)×\(plan.pixelHeight) px, \(frames)\n")
                return
            }
            let output = settings.output
            let file = try clip.render(to: output, options: settings.options) { frameCount in
                ProgressReporter(total: frameCount, label: "Rendering \(output)")
            }
            // One line per distinct problem, naming the layers it concerns (a missing font hits every label).
            var layersByMessage: [String: [String]] = [:]
            for warning in file.warnings where !(layersByMessage[warning.message]?.contains(warning.layer) ?? false) {
                layersByMessage[warning.message, default: []].append(warning.layer)
            }
            for (message, layers) in layersByMessage.sorted(by: { $0.key < $1.key }) {
                let names = layers.sorted()
                let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
                try streams.err("warning: \(message) (layer\(names.count == 1 ? "" : "s") \(shown))\n")
            }
            if !quiet {
                let padded =
                    (file.writtenWidth, file.writtenHeight) != (plan.pixelWidth, plan.pixelHeight)
                    ? ", padded from \(plan.pixelWidth)×\(plan.pixelHeight) to even sides" : ""
                try streams.err("wrote \(output) (\(file.writtenWidth)×\(file.writtenHeight) px\(padded))\n")
            }
        } catch let error as RasterError {
            throw RenderPipeline.cliError(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }

    /// The effect's clip, measured with Pango as the renderer draws it.
    static func clip(of spec: some Effect) throws(CLIError) -> Clip {
        do {
            return try spec.makeClip(measuring: PangoTextMeasurer())
        } catch {
            throw .usage(error.message)
        }
    }

    /// A default canvas width that fits an effect's content: `current`, or the content's width (measured with
    /// Pango by `measure`, the effect's `contentWidth`) plus `margin` points, rounded up, when that is wider.
    static func fittedWidth(
        margin: Double, current: Double, _ measure: (PangoTextMeasurer) throws(EffectSpecError) -> Double
    ) throws(CLIError) -> Double {
        do {
            return max(current, (try measure(PangoTextMeasurer()) + margin).rounded(.up))
        } catch {
            throw .usage(error.message)
        }
    }

    /// Maps a renderer or encoder error to the command's exit status.
    static func cliError(_ error: RasterError) -> CLIError {
        let text = "\(error)"
        switch error {
        case .cannotCreateFile, .ioFailed: return .cannotCreate(text)
        case .ffmpegNotFound: return .unavailable(text)
        case .cancelled: return .failure("interrupted; no output was written")
        case .invalidEffect(let message): return .usage(message)
        case .invalidOption, .unsupportedExtension: return .usage(text)
        default: return .data(text)
        }
    }
}
