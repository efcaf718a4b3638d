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
    /// The picture's name for screen readers: the document gets `role="img"` and this as its `<title>`; nil
    /// (default) for the clip's own ``/KineticLayers/Clip/title`` (none when that is nil too).
    public var title: String?
    /// Whether a viewer who asks for reduced motion (`prefers-reduced-motion: reduce`) sees the clip's last frame,
    /// still, instead of the animation (the document then holds that frame too). Default true.
    public var stillForReducedMotion: Bool
    /// The text colour in a dark theme (`prefers-color-scheme: dark`, which an SVG in an `<img>` follows from its
    /// page): the document's commonest text paint becomes this colour; nil (default) for no change.
    public var darkTextColor: Color?
    /// The background colour in a dark theme; nil (default) for no change. Only a clip with a background has one.
    public var darkBackground: Color?

    public init(
        framesPerSecond: Double = 30, tolerance: ExportTolerance = ExportTolerance(), includesBackground: Bool = true,
        repeats: Bool? = nil, title: String? = nil, stillForReducedMotion: Bool = true, darkTextColor: Color? = nil,
        darkBackground: Color? = nil
    ) {
        self.title = title
        self.stillForReducedMotion = stillForReducedMotion
        self.darkTextColor = darkTextColor
        self.darkBackground = darkBackground
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
/// - Ready for a README: `role="img"` and a `<title>` (``SVGExportOptions/title``), the last frame, still, for a
///   viewer who prefers reduced motion, and a second colour set for a dark theme — all in one `<style>` of media
///   queries, with no script, font or URL.
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
        let motion = builder.build()
        var still: SVGBuilder.Parts?
        if options.stillForReducedMotion, motion.body.contains("<animate") {
            // The last frame as a tree without animations, written by a second builder whose ids cannot clash.
            let frame = Clip(root: clip.presentation(at: clip.duration), duration: clip.duration)
            var stillOptions = options
            stillOptions.includesBackground = false
            still = SVGBuilder(clip: frame, options: stillOptions, glyphs: glyphs, idPrefix: "r_").build()
        }
        let text = document(clip, motion: motion, still: still)
        return SVGExport(text: text, warnings: clip.warnings + builder.warnings, channels: builder.channels)
    }

    /// The document: the root (with the motion's text paint), the title, the style, the definitions, the
    /// background, then the motion and the still, each in its group when there is a still.
    private func document(_ clip: Clip, motion: SVGBuilder.Parts, still: SVGBuilder.Parts?) -> String {
        let w = SVGNumber.format(clip.size.width)
        let h = SVGNumber.format(clip.size.height)
        let title = (options.title ?? clip.title).flatMap { $0.isEmpty ? nil : $0 }
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        if title != nil { text += " role=\"img\"" }
        text += motion.paint + ">"
        if let title { text += "<title>\(Self.escaped(title))</title>" }
        var style = ""
        if still != nil {
            style +=
                ".k-still{display:none}@media (prefers-reduced-motion:reduce){.k-motion{display:none}"
                + ".k-still{display:inline}}"
        }
        var dark = ""
        if let color = options.darkTextColor {
            let paints = Set([motion.paint, still?.paint ?? ""].compactMap(Self.fillColor))
            for paint in paints.sorted() {
                dark += "[fill=\"\(paint)\"]{fill:\(SVGNumber.color([color.red, color.green, color.blue]))}"
            }
        }
        if let color = options.darkBackground, !motion.background.isEmpty {
            dark += ".k-bg{fill:\(SVGNumber.color([color.red, color.green, color.blue]))}"
        }
        if !dark.isEmpty { style += "@media (prefers-color-scheme:dark){\(dark)}" }
        if !style.isEmpty { text += "<style>\(style)</style>" }
        let definitions = motion.definitions + (still?.definitions ?? [])
        if !definitions.isEmpty { text += "<defs>" + definitions.joined() + "</defs>" }
        text += motion.background
        if let still {
            text += "<g class=\"k-motion\">\(motion.body)</g><g class=\"k-still\"\(still.paint)>\(still.body)</g>"
        } else {
            text += motion.body
        }
        return text + "</svg>\n"
    }

    /// The colour in a paint attribute string (` fill="#1C1C1E"` → "#1C1C1E"), or nil.
    private static func fillColor(_ paint: String) -> String? {
        let marker = " fill=\"#"
        guard paint.hasPrefix(marker) else { return nil }
        let color = paint.dropFirst(marker.count).prefix(6)
        return color.count == 6 ? "#" + color : nil
    }

    /// `text` as XML character data: `&`, `<`, `>` and quotes escaped, control characters (which XML cannot
    /// hold) left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result += " "
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F, !(0x80...0x9F).contains(scalar.value) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
