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
        size = Size(
            width: try arguments.double("width", default: defaultSize.width),
            height: try arguments.double("height", default: defaultSize.height))
        guard size.width > 0, size.height > 0 else {
            throw .usage("--width and --height must be greater than 0 (got \(size.width) × \(size.height))")
        }
        scale = try arguments.double("scale", default: 1)
        guard [1, 2, 3].contains(scale) else { throw .usage("--scale must be 1, 2 or 3 (got \(scale))") }
        fps = try arguments.double("fps", default: 30)
        guard fps >= 1, fps <= 120 else { throw .usage("--fps must be between 1 and 120 (got \(fps))") }
        duration = try arguments.double("duration", default: defaultDuration)
        guard duration > 0, duration <= 600 else {
            throw .usage("--duration must be in (0, 600] seconds (got \(duration))")
        }
        stillTime = try arguments.double("time")
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
        if let loop = try arguments.int("loop") {
            guard loop >= 0, loop <= 65535 else { throw .usage("--loop must be 0 (forever) … 65535, got \(loop)") }
            options.loopCount = loop
        }
        if let dither = try arguments.double("dither") {
            guard (0...1).contains(dither) else { throw .usage("--dither must be in 0…1, got \(dither)") }
            options.gif.dithering = dither
        }
        options.video.frameRate = fps
    }

    /// The frame size in pixels.
    var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
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
        let (width, height) = settings.pixelSize
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
                let frameCount = max(1, Int((settings.duration * settings.fps).rounded()))
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
