import KineticCore
import KineticExport
import KineticLayers
import KineticRaster

/// `render … -o FILE.json` (Lottie), `.lottie` (dotLottie) and `.svg` (animated SVG): the clip exported as
/// vectors instead of rendered to pixels. Frame rate, duration and background come from the render flags; scale,
/// loop, dither and matte do not apply.
enum VectorExport {
    /// The vector formats, by extension.
    enum Format: String, CaseIterable {
        case json, lottie, svg

        /// The format named by `path`'s extension (case-insensitive), or nil for a raster one.
        init?(path: String) {
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            self.init(rawValue: name[name.index(after: dot)...].lowercased())
        }
    }

    /// Exports `clip` to `settings.output`, prints the warnings and what was written.
    static func export(
        _ clip: Clip, format: Format, settings: RenderSettings, streams: StandardStreams, quiet: Bool
    ) throws(CLIError) {
        var clip = clip
        if let duration = settings.options.duration { clip.duration = duration }
        switch settings.options.background {
        case .clip: break
        case .transparent: clip.background = nil
        case .color(let color): clip.background = color
        }
        let glyphs = PangoGlyphOutliner()
        let bytes: [UInt8]
        let warnings: [Clip.Warning]
        let fps = settings.options.framesPerSecond
        do throws(ExportError) {
            switch format {
            case .json, .lottie:
                let export = try LottieExporter(glyphs: glyphs, options: LottieExportOptions(framesPerSecond: fps))
                    .export(clip)
                bytes = format == .json ? export.bytes : DotLottie.archive(animation: export.bytes, loops: clip.loops)
                warnings = export.warnings
            case .svg:
                let export = try SVGExporter(glyphs: glyphs, options: SVGExportOptions(framesPerSecond: fps))
                    .export(clip)
                bytes = export.bytes
                warnings = export.warnings
            }
        } catch {
            throw .usage(error.message)
        }
        if settings.dryRun {
            try streams.out("would write \(settings.output): \(format.rawValue), \(bytes.count) bytes\n")
            return
        }
        do throws(RasterError) {
            let file = try OutputFile(path: settings.output)
            do throws(RasterError) {
                try file.write(bytes)
                try file.commit()
            } catch {
                file.discard()
                throw error
            }
        } catch {
            throw RenderPipeline.cliError(error)
        }
        for warning in warnings { try streams.err("warning: \(warning.message) (layer \(warning.layer))\n") }
        if !quiet { try streams.err("wrote \(settings.output) (\(bytes.count) bytes)\n") }
    }
}
