import KineticCore
import KineticLayers

/// A fake `TextMeasuring` with round numbers, so effect tests can predict every position (effects take their font
/// metrics from a `TextMeasuring`, so tests can give them these): each character advances `advance` × the font size /
/// 10 points (or its entry in `advances`), and every line is 0.8 × size above the baseline and 0.2 × size below (a
/// 50-pt font: digits 30 pt wide with `advance` 6, lines 50 pt tall).
struct FixedAdvanceMeasurer: TextMeasuring {
    /// The advance of a character, in tenths of the font size. Default 6.
    var advance: Double = 6
    /// Per-character advances in tenths of the font size, overriding `advance`.
    var advances: [Character: Double] = [:]

    func characterAdvance(_ character: Character, font: Font) -> Double {
        (advances[character] ?? advance) * font.size / 10
    }

    func layout(_ string: String, font: Font, style: ParagraphStyle) -> TextLayout {
        let (ascent, descent) = lineMetrics(for: font)
        var x = 0.0
        var glyphs: [GlyphBox] = []
        for (offset, character) in string.enumerated() {
            let width = characterAdvance(character, font: font)
            glyphs.append(
                GlyphBox(
                    characterOffset: offset, frame: Rect(x: x, y: 0, width: width, height: ascent + descent), line: 0,
                    isRightToLeft: false))
            x += width
        }
        let line = LineMetrics(
            baseline: ascent, ascent: ascent, descent: descent,
            frame: Rect(x: 0, y: 0, width: x, height: ascent + descent))
        return TextLayout(size: Size(width: x, height: ascent + descent), lines: [line], glyphs: glyphs)
    }

    func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) {
        (0.8 * font.size, 0.2 * font.size)
    }
}
