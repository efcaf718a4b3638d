import KineticCore
import KineticLayers

/// Measures text with Pango exactly as `LayerRenderer` draws it (both go through the same paragraph layout:
/// same fonts, fallback, `tnum`, wrapping, alignment, sub-pixel positions and unhinted metrics), so effects can
/// lay text out before anything is rendered.
///
/// Thread-safe: every call makes its own Pango context on the calling thread's font map. A font size that is
/// not a number greater than 0, or a string longer than `TextLengthLimit.maximumCharacters` (which the renderer
/// does not draw), measures as empty (zero size, no lines, no glyphs). Time and memory are linear in the string's
/// length, apart from Pango's line breaking inside words longer than a line (see `TextLengthLimit`).
///
/// Differences from drawing a `TextLayer`: the measurer has no height, so wrapped text is never truncated (the
/// renderer ellipsizes the last line that fits the layer's bounds), and a `style.width` of nil aligns
/// unwrapped lines at x = 0 (the renderer aligns them in the layer's width: pass it as `style.width` to match).
public struct PangoTextMeasurer: TextMeasuring {
    /// Creates a measurer.
    public init() {}

    /// Lays out `string`: its logical size, each line's baseline, ascent, descent and extent, and each grapheme
    /// cluster's box (x from its pen position, width its advance, y and height its line's), all in points from the
    /// layout's top-left corner.
    public func layout(_ string: String, font: Font, style: ParagraphStyle) -> KineticLayers.TextLayout {
        guard TextLengthLimit.excessLength(of: string) == nil, let context = try? TextContext(),
            let paragraph = try? ParagraphLayout(context: context, string: string, font: font, style: style)
        else {
            return KineticLayers.TextLayout(size: .zero, lines: [], glyphs: [])
        }
        return Self.measure(paragraph)
    }

    /// The ascent and descent of `font`'s first available family (the height of an empty line), in points;
    /// (0, 0) for a size that is not > 0.
    public func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) {
        guard let context = try? TextContext(),
            let paragraph = try? ParagraphLayout(context: context, string: "", font: font, style: ParagraphStyle()),
            let line = paragraph.layout.lines.first
        else { return (0, 0) }
        return (line.baseline - line.frame.minY, line.frame.maxY - line.baseline)
    }

    /// The measurements of a laid-out paragraph, shifted by its alignment offset.
    static func measure(_ paragraph: ParagraphLayout) -> KineticLayers.TextLayout {
        let layout = paragraph.layout
        let shift = paragraph.xOffset
        let lines = layout.lines.map { line in
            LineMetrics(
                baseline: line.baseline, ascent: line.baseline - line.frame.minY,
                descent: line.frame.maxY - line.baseline, frame: line.frame.offsetBy(dx: shift, dy: 0))
        }
        let glyphs = layout.clusterBoxes().enumerated().map { offset, box in
            GlyphBox(
                characterOffset: offset, frame: box.frame.offsetBy(dx: shift, dy: 0), line: box.line,
                isRightToLeft: box.isRightToLeft)
        }
        return KineticLayers.TextLayout(size: layout.size, lines: lines, glyphs: glyphs)
    }
}
