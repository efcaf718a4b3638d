import Foundation
import KineticCore
import KineticLayers
import KineticRaster

/// The options every `kinetic render …` command shares: canvas, time, output and encoder settings.
struct RenderSettings {
    /// The canvas in points.
    var size: Size
    /// Pixels per point: 1, 2 or 3.
    var scale: Double
    /// Frames per second for animated formats.
    var fps: Double
    /// The clip length in seconds (animated formats) or the time of the still (PNG: `stillTime`).
    var duration: MediaTime
    /// The time shown by a PNG still.
    var stillTime: MediaTime?
    /// The background; nil for transparent.
    var background: Color?
    /// The output path; the format follows its extension.
    var output: String
    var options: EncoderOptions
    /// `--dry-run`: check and describe the output, write nothing.
    var dryRun: Bool

    /// The flags behind these settings, with their defaults, for every render command's `--help`.
    static func options(defaultSize: Size, defaultDuration: String, defaultBackground: String) -> [OptionSpec] {
        [
            .value("output", "FILE", short: "o", "Output file: .png .apng .gif .mp4 .webm (required)."),
            .value("width", "PT", "Canvas width in points (default \(JSONOutput.format(defaultSize.width)))."),
            .value("height", "PT", "Canvas height in points (default \(JSONOutput.format(defaultSize.height)))."),
            .value("scale", "N", "Pixels per point: 1, 2 or 3 (default 1)."),
            .value("fps", "N", "Frames per second, 1…120 (default 30)."),
            .value("duration", "S", "Clip length in seconds, > 0 (default \(defaultDuration))."),
            .value("time", "S", "For a .png still: the time shown (default: the end of the clip)."),
            .value("background", "COLOR", "#RRGGBB[AA] or 'transparent' (default \(defaultBackground))."),
            .value("loop", "N", "Animated images: times to play, 0 = forever (default 0)."),
            .value("dither", "D", "GIF dithering, 0…1 (default 1)."),
            .flag("dry-run", "Check every option and print what would be written (size, frames), writing nothing."),
        ]
    }

    /// Reads the shared flags.
    init(
        _ arguments: ParsedArguments, defaultSize: Size, defaultDuration: MediaTime, defaultBackground: Color?
    ) throws(CLIError) {
        guard let output = arguments.string("output") else {
            throw .usage("missing -o FILE: the output file (.png, .apng, .gif, .mp4 or .webm)")
        }
        self.output = output
        dryRun = arguments.flag("dry-run")
        size = Size(
            width: try arguments.double("width", in: Limits.canvasPoints, default: defaultSize.width),
            height: try arguments.double("height", in: Limits.canvasPoints, default: defaultSize.height))
        scale = try arguments.double("scale", in: .from(1, to: 3), default: 1)
        guard [1, 2, 3].contains(scale) else { throw .usage("--scale must be 1, 2 or 3 (got \(scale.humanText))") }
        fps = try arguments.double("fps", in: Limits.framesPerSecond, default: 30)
        duration = try arguments.double("duration", in: Limits.positiveSeconds, default: defaultDuration)
        stillTime = try arguments.double("time", in: Limits.seconds)
        background = defaultBackground
        if let text = arguments.string("background") {
            if text.lowercased() == "transparent" || text.lowercased() == "none" {
                background = nil
            } else {
                do {
                    background = try Color(hex: text)
                } catch {
                    throw .usage("--background: \(error.description); or use 'transparent'")
                }
            }
        }
        options = EncoderOptions()
        options.background = background
        if let loop = try arguments.int("loop", in: 0...65535) { options.loopCount = loop }
        if let dither = try arguments.double("dither", in: Limits.fraction) { options.gif.dithering = dither }
        options.video.frameRate = fps
    }

    /// The frame size in pixels, checked: each side 1…`Limits.pixelsPerSide`.
    func pixelSize() throws(CLIError) -> (width: Int, height: Int) {
        func side(_ points: Double, _ name: String) throws(CLIError) -> Int {
            let pixels = (points * scale).rounded()
            guard pixels >= 1, pixels <= Double(Limits.pixelsPerSide) else {
                throw .usage(
                    "the frame would be \(pixels.humanText) px \(name == "width" ? "wide" : "high") (\(points.humanText) points × scale "
                        + "\(scale.humanText)); it must be 1 to \(Limits.pixelsPerSide) px: change --\(name) or --scale"
                )
            }
            return Int(pixels)
        }
        return (try side(size.width, "width"), try side(size.height, "height"))
    }

    /// The number of frames of an animated format, checked: the clip (`duration`, given or derived from the
    /// effect's options) must last more than 0 and at most `Limits.clipSeconds` seconds.
    func frameCount() throws(CLIError) -> Int {
        guard duration.isFinite, duration > 0, duration <= Limits.clipSeconds else {
            throw .usage(
                "the clip would last \(duration.humanText) s, from the effect's options; a clip lasts more than 0 "
                    + "and at most \(Limits.clipSeconds.humanText) s: give --duration S (or change the options that "
                    + "lengthen it)")
        }
        return max(1, Int((duration * fps).rounded()))
    }
}

/// Renders a layer tree with `LayerRenderer` to the file `settings.output`: a still for .png, otherwise
/// `duration × fps` frames rendered in parallel and encoded in order. Prints warnings (a missing font, say) on
/// stderr, a progress bar when stderr is a terminal, and where the file went.
enum RenderPipeline {
    static func render(_ scene: Layer, settings: RenderSettings, streams: StandardStreams, quiet: Bool = false)
        throws(CLIError)
    {
        let format: OutputFormat
        do {
            format = try OutputFormat(path: settings.output)
        } catch {
            throw .usage("\(error)")
        }
        let (width, height) = try settings.pixelSize()
        let frameCount = format == .png ? 1 : try settings.frameCount()
        if settings.dryRun {
            let frames =
                format == .png
                ? "a still at \((settings.stillTime ?? settings.duration).humanText) s"
                : "\(frameCount) frames at \(settings.fps.humanText) fps (\(settings.duration.humanText) s)"
            try streams.out("would write \(settings.output): \(width)×\(height) px, \(frames)\n")
            return
        }
        do {
            let renderer = try LayerRenderer(
                pixelWidth: width, pixelHeight: height, scale: settings.scale, background: settings.background)
            let encoder = try format.makeEncoder(
                path: settings.output, width: width, height: height, options: settings.options)
            if format == .png {
                let time = settings.stillTime ?? settings.duration
                try encoder.cancellingOnErrorPublic { () throws(RasterError) in
                    try encoder.append(renderer.render(scene, at: time), duration: 1)
                    try encoder.finish()
                }
            } else {
                let fps = settings.fps
                let progress = ProgressReporter(total: frameCount, label: "Rendering \(settings.output)")
                try renderSequence(
                    frameCount: frameCount, frameDuration: { _ in 1 / fps }, encoder: encoder, progress: progress
                ) { index in
                    try renderer.render(scene, at: Double(index) / fps)
                }
            }
            // One line per distinct problem, naming the layers it concerns (a missing font hits every label).
            var layersByMessage: [String: [String]] = [:]
            for warning in renderer.warnings where !(layersByMessage[warning.message]?.contains(warning.layer) ?? false)
            {
                layersByMessage[warning.message, default: []].append(warning.layer)
            }
            for (message, layers) in layersByMessage.sorted(by: { $0.key < $1.key }) {
                let names = layers.sorted()
                let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
                try streams.err("warning: \(message) (layer\(names.count == 1 ? "" : "s") \(shown))\n")
            }
            if !quiet { try streams.err("wrote \(settings.output) (\(width)×\(height) px)\n") }
        } catch let error as RasterError {
            throw RenderPipeline.cliError(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Maps a renderer or encoder error to the command's exit status.
    static func cliError(_ error: RasterError) -> CLIError {
        let text = "\(error)"
        switch error {
        case .cannotCreateFile, .ioFailed: return .cannotCreate(text)
        case .ffmpegNotFound: return .unavailable(text)
        case .cancelled: return .failure("interrupted; no output was written")
        default: return .data(text)
        }
    }
}

extension FrameEncoder {
    /// Runs `body`, cancelling the encoder (removing its temporary file) if it throws.
    func cancellingOnErrorPublic(_ body: () throws(RasterError) -> Void) throws(RasterError) {
        do {
            try body()
        } catch {
            cancel()
            throw error
        }
    }
}
