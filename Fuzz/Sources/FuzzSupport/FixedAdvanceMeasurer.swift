import KineticCore
import KineticLayers

/// A cheap `TextMeasuring`: every character advances 0.6 × the font size; lines are 0.8 × size above the baseline
/// and 0.2 × size below. Keeps Pango out of the fuzz loop.
public struct FixedAdvanceMeasurer: TextMeasuring {
    public init() {}

    public func layout(_ string: String, font: Font, style: ParagraphStyle) -> TextLayout {
        let (ascent, descent) = lineMetrics(for: font)
        let width = 0.6 * font.size
        var glyphs: [GlyphBox] = []
        var x = 0.0
        for (offset, _) in string.enumerated() {
            glyphs.append(
                GlyphBox(
                    characterOffset: offset, frame: Rect(x: x, y: 0, width: width, height: ascent + descent),
                    line: 0, isRightToLeft: false))
            x += width
        }
        let line = LineMetrics(
            baseline: ascent, ascent: ascent, descent: descent,
            frame: Rect(x: 0, y: 0, width: x, height: ascent + descent))
        return TextLayout(size: Size(width: x, height: ascent + descent), lines: [line], glyphs: glyphs)
    }

    public func advance(of string: String, font: Font) -> Double {
        Double(string.count) * 0.6 * font.size
    }

    public func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) {
        (0.8 * font.size, 0.2 * font.size)
    }
}
