import Foundation
import KineticCore
import KineticFiles
import KineticLayers

/// How ``KineticLayers/Clip/render(to:options:progress:)`` renders a clip. Every field has a range and a default.
public struct RenderOptions: Sendable {
    /// What shows where the layers leave the canvas empty.
    public enum Background: Sendable, Hashable {
        /// The clip's own ``/KineticLayers/Clip/background`` (transparent when it has none). The default.
        case clip
        /// Transparent (for formats without alpha, MP4, black).
        case transparent
        /// This colour.
        case color(Color)
    }

    /// Frames per second of animated formats, 1…120. Default 30.
    public var framesPerSecond: Double
    /// Pixels per point: 1, 2 or 3. Default 1.
    public var scale: Double
    /// How much of the clip to render, in seconds, more than 0 and at most `RenderLimits.clipSeconds`; nil
    /// (default) for the clip's own ``/KineticLayers/Clip/duration``.
    public var duration: MediaTime?
    /// For a .png still: the time shown, in seconds (0…600); nil (default) for the end of the clip.
    public var stillTime: MediaTime?
    /// The background. Default `.clip`.
    public var background: Background
    /// Encoder settings: loop count, GIF dithering and palette, video quality and ffmpeg. The background set
    /// there is ignored: `background` decides. Default `EncoderOptions()`.
    public var encoder: EncoderOptions
    /// How many frames are drawn at once, ≥ 1; nil (default) for one per CPU. The output does not depend on it.
    public var concurrency: Int?
    /// Asked between frames of an animation: true stops the render with `RasterError.cancelled`, leaving nothing
    /// behind (a deadline, a client gone). Nil (default): never. The frames never depend on it.
    public var shouldCancel: (@Sendable () -> Bool)?

    /// Options with every default, changed by the parameters given.
    public init(
        framesPerSecond: Double = 30, scale: Double = 1, duration: MediaTime? = nil, stillTime: MediaTime? = nil,
        background: Background = .clip, encoder: EncoderOptions = EncoderOptions(), concurrency: Int? = nil,
        shouldCancel: (@Sendable () -> Bool)? = nil
    ) {
        self.shouldCancel = shouldCancel
        self.framesPerSecond = framesPerSecond
        self.scale = scale
        self.duration = duration
        self.stillTime = stillTime
        self.background = background
        self.encoder = encoder
        self.concurrency = concurrency
    }
}

/// What a render bounds: the limits ``KineticLayers/Clip/plan(for:options:)`` checks before anything is drawn.
public enum RenderLimits {
    /// The longest clip rendered, in seconds: 600 (ten minutes; 72,000 frames at 120 fps).
    public static let clipSeconds: MediaTime = 600
    /// The frame rates accepted, in frames per second.
    public static let framesPerSecond: ClosedRange<Double> = 1...120
    /// The largest frame side, in pixels: 8,192 (one frame is then 256 MiB of pixels).
    public static let pixelsPerSide = 8_192
}

/// What a render writes, worked out and checked before anything is drawn.
public struct RenderPlan: Sendable, Hashable {
    /// The format, from the path's extension.
    public var format: OutputFormat
    /// The frame size in pixels (the canvas × scale, rounded).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Frames written: 1 for a still.
    public var frameCount: Int
    /// Frames per second of an animated format.
    public var framesPerSecond: Double
    /// The clip length rendered, in seconds.
    public var duration: MediaTime
    /// The time a still shows, in seconds (nil for animated formats).
    public var stillTime: MediaTime?
    /// The background drawn under the layers, or nil for transparent.
    public var background: Color?
}

/// A file written by ``KineticLayers/Clip/render(to:options:progress:)``.
public struct RenderedFile: Sendable {
    /// The path written.
    public var path: String
    /// What was rendered.
    public var plan: RenderPlan
    /// The picture's size in the file, in pixels: the plan's, or more where the format needs it (MP4 and WebM
    /// pad odd sides to even ones).
    public var writtenWidth: Int
    public var writtenHeight: Int
    /// Each distinct problem the renderer met (a missing font, say), once, with every layer it concerned.
    public var warnings: [RenderWarning]
}

extension Clip {
    /// Works out and checks what rendering to `path` would write: the format (from the extension), the frame
    /// size, the frame count and the background.
    ///
    /// - Throws: `RasterError.unsupportedExtension`, or `.invalidOption` for a frame rate, scale, duration, still
    ///   time or frame size outside ``RenderOptions``' ranges and ``RenderLimits``.
    public func plan(for path: String, options: RenderOptions = RenderOptions()) throws(RasterError) -> RenderPlan {
        try plan(format: OutputFormat(path: path), options: options)
    }

    /// Works out and checks what rendering in `format` would write (see ``plan(for:options:)``).
    public func plan(format: OutputFormat, options: RenderOptions = RenderOptions()) throws(RasterError)
        -> RenderPlan
    {
        guard RenderLimits.framesPerSecond.contains(options.framesPerSecond) else {
            throw .invalidOption(
                name: "framesPerSecond", value: "\(options.framesPerSecond)", reason: "it must be from 1 to 120")
        }
        guard [1, 2, 3].contains(options.scale) else {
            throw .invalidOption(name: "scale", value: "\(options.scale)", reason: "it must be 1, 2 or 3")
        }
        let duration = options.duration ?? self.duration
        guard duration.isFinite, duration > 0, duration <= RenderLimits.clipSeconds else {
            throw .invalidOption(
                name: "duration", value: "\(duration)",
                reason: "a clip lasts more than 0 and at most \(Int(RenderLimits.clipSeconds)) s")
        }
        func side(_ points: Double, _ name: String) throws(RasterError) -> Int {
            let pixels = (points * options.scale).rounded()
            guard pixels >= 1, pixels <= Double(RenderLimits.pixelsPerSide) else {
                throw .invalidOption(
                    name: name, value: "\(points) points × scale \(options.scale)",
                    reason: "a frame side must be 1 to \(RenderLimits.pixelsPerSide) pixels")
            }
            return Int(pixels)
        }
        let width = try side(size.width, "width")
        let height = try side(size.height, "height")
        var stillTime: MediaTime?
        if format == .png {
            let time = options.stillTime ?? duration
            guard time.isFinite, abs(time) <= RenderLimits.clipSeconds else {
                throw .invalidOption(name: "stillTime", value: "\(time)", reason: "it must be within ±600 s")
            }
            stillTime = time
        }
        let background: Color? =
            switch options.background {
            case .clip: self.background
            case .transparent: nil
            case .color(let color): color
            }
        return RenderPlan(
            format: format, pixelWidth: width, pixelHeight: height,
            frameCount: format == .png ? 1 : max(1, Int((duration * options.framesPerSecond).rounded())),
            framesPerSecond: options.framesPerSecond, duration: duration, stillTime: stillTime,
            background: background)
    }

    /// Renders the clip to `path`: a still for .png (at `options.stillTime`, or the end), otherwise every frame
    /// at `options.framesPerSecond`, drawn on all cores and encoded in order. The file appears only when complete.
    ///
    /// - Parameters:
    ///   - path: The file to write; its extension picks the format (.png, .apng, .gif, .mp4 or .webm).
    ///   - options: Frame rate, scale, duration, still time, background and encoder settings. Default
    ///     `RenderOptions()`.
    ///   - progress: Called with the frame count once it is known; return a reporter to show progress
    ///     (`ProgressReporter` draws a bar on a terminal's stderr), or nil (default) for none.
    /// - Returns: What was written, with the renderer's warnings (each distinct one once).
    /// - Throws: `RasterError`: the plan's checks (see ``plan(for:options:)``), an unwritable destination, an
    ///   encoder or ffmpeg failure. Nothing is left at `path` or beside it.
    @discardableResult
    public func render(
        to path: String, options: RenderOptions = RenderOptions(),
        progress: ((_ frameCount: Int) -> ProgressReporter?)? = nil
    ) throws(RasterError) -> RenderedFile {
        // Checked before the temporary file is made.
        let format = try plan(for: path, options: options).format
        return try render(
            into: fileOperation { () throws(FileError) in try OutputFile(path: path) }, format: format,
            options: options, progress: progress)
    }

    /// Renders the clip in `format` into `file` (a file, or memory: see `OutputFile`), as
    /// ``render(to:options:progress:)`` does; `file` is committed when complete and discarded on any error.
    package func render(
        into file: OutputFile, format: OutputFormat, options: RenderOptions = RenderOptions(),
        progress: ((_ frameCount: Int) -> ProgressReporter?)? = nil
    ) throws(RasterError) -> RenderedFile {
        do throws(RasterError) {
            let plan = try plan(format: format, options: options)
            let renderer = try LayerRenderer(
                pixelWidth: plan.pixelWidth, pixelHeight: plan.pixelHeight, scale: options.scale,
                background: plan.background)
            let encoder = try plan.format.makeEncoder(
                file: file, width: plan.pixelWidth, height: plan.pixelHeight,
                options: Self.encoderOptions(options, plan: plan))
            return try render(plan: plan, renderer: renderer, encoder: encoder, options: options, progress: progress)
        } catch {
            file.discard()
            throw error
        }
    }

    /// The encoder's settings: the options' own, with the plan's background and frame rate.
    private static func encoderOptions(_ options: RenderOptions, plan: RenderPlan) -> EncoderOptions {
        var encoderOptions = options.encoder
        encoderOptions.background = plan.background
        encoderOptions.video.frameRate = plan.framesPerSecond
        return encoderOptions
    }

    /// Draws the plan's frames with `renderer` and appends them to `encoder`, then finishes it.
    private func render(
        plan: RenderPlan, renderer: LayerRenderer, encoder: any FrameEncoder, options: RenderOptions,
        progress: ((_ frameCount: Int) -> ProgressReporter?)?
    ) throws(RasterError) -> RenderedFile {
        let path = encoder.path
        let root = self.root
        if let time = plan.stillTime {
            try encoder.cancellingOnError { () throws(RasterError) in
                try encoder.append(renderer.render(root, at: time), duration: 1)
                try encoder.finish()
            }
        } else {
            let fps = plan.framesPerSecond
            let reporter = progress?(plan.frameCount)
            do {
                try renderSequence(
                    frameCount: plan.frameCount, frameDuration: { _ in 1 / fps }, encoder: encoder,
                    concurrency: options.concurrency ?? ProcessInfo.processInfo.activeProcessorCount,
                    progress: reporter, shouldCancel: options.shouldCancel ?? { false }
                ) { index in
                    try renderer.render(root, at: Double(index) / fps)
                }
            } catch let error as RasterError {
                throw error
            } catch {
                throw .invalidState("\(error)")
            }
        }
        return RenderedFile(
            path: path, plan: plan, writtenWidth: encoder.writtenWidth, writtenHeight: encoder.writtenHeight,
            warnings: Self.distinct(
                warnings.map { RenderWarning(kind: .effect, layer: $0.layer, message: $0.message) } + renderer.warnings)
        )
    }
}

extension Clip {
    /// `warnings` without repeats, in the order first met.
    fileprivate static func distinct(_ warnings: [RenderWarning]) -> [RenderWarning] {
        var seen = Set<RenderWarning>()
        return warnings.filter { seen.insert($0).inserted }
    }
}

extension Effect {
    /// Makes the effect's clip, measuring text with Pango as the renderer draws it, and renders it to `path`
    /// (see ``Clip/render(to:options:progress:)``).
    ///
    /// ```swift
    /// try ElevatorNumber(values: [7, 8, 9, 10], interval: 0.8).render(to: "elevator.gif")
    /// ```
    ///
    /// - Throws: `RasterError.invalidEffect` for a spec the effect cannot build, or the render's errors.
    @discardableResult
    public func render(to path: String, options: RenderOptions = RenderOptions()) throws(RasterError)
        -> RenderedFile
    {
        let clip: Clip
        do {
            clip = try makeClip(measuring: PangoTextMeasurer())
        } catch {
            throw .invalidEffect(error.message)
        }
        return try clip.render(to: path, options: options)
    }
}
