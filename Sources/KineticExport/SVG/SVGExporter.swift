import KineticCore
import KineticLayers

/// How ``SVGExporter`` writes a clip.
public struct SVGExportOptions: Sendable, Hashable {
    /// The frame rate baked motion is sampled at (two samples per frame), 1…120. Default 30, as every other door of
    /// Kinetic.
    public var framesPerSecond: Double
    /// How far baked motion may stray. Default `ExportTolerance()` (0.25 pt, 0.5°, 1/255).
    public var tolerance: ExportTolerance
    /// Whether the clip's background colour is drawn as a rectangle under everything. Default true.
    public var includesBackground: Bool
    /// Whether the animation repeats forever (`repeatCount="indefinite"`) or stops on its last frame (each
    /// element ends and its attribute shows the last value); nil (default) repeats a clip that loops and stops one
    /// that does not.
    public var repeats: Bool?

    public init(
        framesPerSecond: Double = 30, tolerance: ExportTolerance = ExportTolerance(), includesBackground: Bool = true,
        repeats: Bool? = nil
    ) {
        self.framesPerSecond = framesPerSecond
        self.tolerance = tolerance
        self.includesBackground = includesBackground
        self.repeats = repeats
    }
}

/// A clip written as an animated SVG, with what could not be written and how each moving property was written.
public struct SVGExport: Sendable {
    /// The SVG document.
    public var text: String
    /// What does not show as the clip does, each naming its layer; the clip's own warnings first.
    public var warnings: [Clip.Warning]
    /// Every animated property, how it was written, with its keyframe count and measured error.
    public var channels: [ChannelReport]

    /// The document's UTF-8 bytes.
    public var bytes: [UInt8] { Array(text.utf8) }
}

/// Writes a ``Clip`` as an SVG animated with SMIL (`<animate>`, `<animateTransform>`), which browsers play in an
/// `<img>` too (a README on GitHub): no script, no font, no outside file.
///
/// - Each layer is nested groups, one per moving transform channel (translate x, translate y, rotate, skew,
///   scale, anchor), then its opacity (SVG group opacity composites like Core Animation's), clip
///   (`masksToBounds`: a `<clipPath>` of the rounded bounds) and mask (an alpha `<mask>` holding the mask layer).
/// - Backgrounds and borders are rounded `<rect>`s, shapes `<path>`s, gradients `userSpaceOnUse` gradients with
///   SMIL-animated stop offsets, text is glyph outlines in `<defs>` placed with `<use>`.
/// - Easing is `keySplines` (cubic-bezier control points, which must be in 0…1: overshooting curves, springs and
///   computed motion are baked with handles in 0…1), holds and steps are `calcMode="discrete"` or equal values.
/// - Glyph cells shown one at a time (a count's digits) are one `<use>` whose `href` switches; siblings that move
///   together (a rolling column's cells) share one moving group, each only placed in it; discrete changes on an
///   even grid (a count's ticks) are values without `keyTimes`.
/// - Without animation (a viewer that does not run SMIL) the document shows the clip's last frame — for a loop,
///   its first.
public struct SVGExporter: Sendable {
    public var options: SVGExportOptions
    let glyphs: any GlyphOutlining

    /// An exporter drawing text with `glyphs` (KineticRaster's `PangoGlyphOutliner` lays it out as the renderer
    /// does).
    public init(glyphs: some GlyphOutlining, options: SVGExportOptions = SVGExportOptions()) {
        self.glyphs = glyphs
        self.options = options
    }

    /// The clip as an SVG document.
    ///
    /// - Throws: `ExportError` for a clip whose duration or canvas is not finite and > 0, or options out of range.
    public func export(_ clip: Clip) throws(ExportError) -> SVGExport {
        try ExportError.check(clip, framesPerSecond: options.framesPerSecond, tolerance: options.tolerance)
        let builder = SVGBuilder(clip: clip, options: options, glyphs: glyphs)
        let text = builder.build()
        return SVGExport(text: text, warnings: clip.warnings + builder.warnings, channels: builder.channels)
    }
}
