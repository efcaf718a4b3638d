import Foundation
import KineticCore
import KineticExport
import KineticFiles
import KineticLayers
import KineticRaster

extension Clip {
    /// Writes the clip to `path` in any of Kinetic's formats — pixels (PNG, APNG, GIF), video (MP4, WebM) or
    /// vectors (Lottie JSON, dotLottie, SVG) — through a temporary file renamed into place when complete.
    ///
    /// ```swift
    /// let clip = try ElevatorNumber(values: [7, 42, 1999]).makeClip()
    /// try clip.write(to: "elevator.svg")
    /// ```
    ///
    /// Every option is checked against the format before any work (``outputPlan(format:options:)``), and the
    /// destination is created before drawing starts, so a mistake is reported at once.
    ///
    /// - Parameters:
    ///   - path: The file to write. Nothing is left there or beside it when the write fails.
    ///   - format: The format; nil (default) for the one `path`'s extension names.
    ///   - options: Frame rate, scale, length, background and the formats' own settings. Default
    ///     `OutputOptions()`: the command line's defaults.
    ///   - progress: For the animated pixel and video formats: called with the frame count once it is known;
    ///     return a reporter to show progress, or nil. Default nil.
    /// - Returns: What was written, with the warnings.
    /// - Throws: `OutputError`.
    @discardableResult
    public func write(
        to path: String, format: FileFormat? = nil, options: OutputOptions = OutputOptions(),
        progress: ((_ frameCount: Int) -> ProgressReporter?)? = nil
    ) throws(OutputError) -> OutputResult {
        let format = try Self.format(format, path: path)
        let plan = try outputPlan(format: format, options: options)
        let picture = try backgroundPicture(options)
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw .from(RasterError(error))
        }
        var result = try write(plan: plan, options: options, picture: picture, into: file, progress: progress)
        result.path = path
        return result
    }

    /// Writes the clip in `format` to memory: the same bytes as ``write(to:format:options:progress:)`` writes to a
    /// file, in ``OutputResult/bytes``, with no file left anywhere (GIF and video use `options.scratchFolder` for a
    /// moment).
    ///
    /// ```swift
    /// let svg = try clip.write(as: .svg).bytes
    /// ```
    ///
    /// - Throws: `OutputError`.
    public func write(as format: FileFormat, options: OutputOptions = OutputOptions()) throws(OutputError)
        -> OutputResult
    {
        let plan = try outputPlan(format: format, options: options)
        let picture = try backgroundPicture(options)
        let file = OutputFile(inMemoryWithScratchFolder: options.scratchFolder)
        var result = try write(plan: plan, options: options, picture: picture, into: file, progress: nil)
        result.bytes = file.bytes
        return result
    }

    /// `format`, or the one `path`'s extension names.
    private static func format(_ format: FileFormat?, path: String) throws(OutputError) -> FileFormat {
        if let format { return format }
        return try FileFormat(path: path)
    }

    /// The background picture's layer, read now so that a missing or broken picture is reported before any work.
    private func backgroundPicture(_ options: OutputOptions) throws(OutputError) -> ImageLayer? {
        try options.checkInputs()
        guard let path = options.backgroundImage else { return nil }
        let picture = ImageLayer(path: path, frame: root.bounds, gravity: .resizeAspectFill)
        picture.name = "background-image"
        return picture
    }

    /// Writes the plan into `file` (committed when complete, discarded on error).
    private func write(
        plan: OutputPlan, options: OutputOptions, picture: ImageLayer?, into file: OutputFile,
        progress: ((_ frameCount: Int) -> ProgressReporter?)?
    ) throws(OutputError) -> OutputResult {
        if let raster = plan.format.rasterFormat {
            // The picture goes under the layers for this write only: the caller's tree is as it was afterwards.
            if let picture { root.insertSublayer(picture, at: 0) }
            defer { picture?.removeFromSuperlayer() }
            let rendered: RenderedFile
            do {
                rendered = try render(
                    into: file, format: raster, options: renderOptions(plan, options), progress: progress)
            } catch {
                throw .from(error)
            }
            return OutputResult(
                format: plan.format, path: nil, plan: plan, writtenWidth: rendered.writtenWidth,
                writtenHeight: rendered.writtenHeight, byteCount: Self.size(of: file), bytes: [],
                warnings: rendered.warnings.map { Clip.Warning(layer: $0.layer, message: $0.message) })
        }
        let (bytes, warnings) = try exportVectors(plan, options)
        do throws(FileError) {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw .from(RasterError(error))
        }
        return OutputResult(
            format: plan.format, path: nil, plan: plan, writtenWidth: plan.pixelWidth,
            writtenHeight: plan.pixelHeight, byteCount: bytes.count, bytes: [], warnings: warnings)
    }

    /// The renderer's options for the plan.
    private func renderOptions(_ plan: OutputPlan, _ options: OutputOptions) -> RenderOptions {
        var encoder = EncoderOptions(loopCount: plan.loopCount ?? 0)
        if let dithering = options.dithering { encoder.gif.dithering = dithering }
        encoder.gif.matte = options.matte
        encoder.video.constantRateFactor = options.constantRateFactor
        encoder.video.ffmpegPath = options.ffmpegPath
        return RenderOptions(
            framesPerSecond: plan.framesPerSecond, scale: plan.scale, duration: plan.duration,
            stillTime: plan.stillTime, background: options.background, encoder: encoder,
            concurrency: options.concurrency, shouldCancel: options.shouldCancel)
    }

    /// The clip as Lottie JSON, dotLottie or SVG bytes, with the exporter's warnings.
    private func exportVectors(_ plan: OutputPlan, _ options: OutputOptions) throws(OutputError)
        -> (bytes: [UInt8], warnings: [Clip.Warning])
    {
        var clip = self
        clip.duration = plan.duration
        clip.background = plan.background
        let glyphs = PangoGlyphOutliner()
        let tolerance = options.tolerance ?? ExportTolerance()
        do throws(ExportError) {
            switch plan.format {
            case .svg:
                let export = try SVGExporter(
                    glyphs: glyphs,
                    options: SVGExportOptions(
                        framesPerSecond: plan.framesPerSecond, tolerance: tolerance,
                        repeats: plan.loopCount.map { $0 == 0 }, title: options.title,
                        darkTextColor: options.darkTextColor, darkBackground: options.darkBackground)
                ).export(clip)
                return (export.bytes, export.warnings)
            default:
                let export = try LottieExporter(
                    glyphs: glyphs,
                    options: LottieExportOptions(framesPerSecond: plan.framesPerSecond, tolerance: tolerance)
                ).export(clip)
                let bytes =
                    plan.format == .dotLottie
                    ? DotLottie.archive(animation: export.bytes, loops: plan.loopCount == 0) : export.bytes
                return (bytes, export.warnings)
            }
        } catch {
            throw .export(error)
        }
    }

    /// The size of what `file` holds now that it is committed.
    private static func size(of file: OutputFile) -> Int {
        if file.isInMemory { return file.bytes.count }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}
