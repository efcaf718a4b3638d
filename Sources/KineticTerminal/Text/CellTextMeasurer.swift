import KineticCore
import KineticLayers

/// Measures text in terminal cells, for effects that lay text out (`DigitColumnManager`): one point per column,
/// each character as wide as `CharacterWidth` says, every line one cell tall (ascent 0.8, descent 0.2). The font
/// is ignored: a terminal has one.
public struct CellTextMeasurer: TextMeasuring {
    /// A measurer.
    public init() {}

    public func layout(_ string: String, font: Font, style: ParagraphStyle) -> TextLayout {
        var glyphs: [GlyphBox] = []
        var x = 0.0
        for (offset, character) in string.enumerated() {
            let width = Double(CharacterWidth.columns(of: String(character)))
            glyphs.append(
                GlyphBox(
                    characterOffset: offset, frame: Rect(x: x, y: 0, width: width, height: 1), line: 0,
                    isRightToLeft: false))
            x += width
        }
        let line = LineMetrics(baseline: 0.8, ascent: 0.8, descent: 0.2, frame: Rect(x: 0, y: 0, width: x, height: 1))
        return TextLayout(size: Size(width: x, height: 1), lines: [line], glyphs: glyphs)
    }

    public func advance(of string: String, font: Font) -> Double {
        Double(CharacterWidth.columns(of: string))
    }

    public func lineMetrics(for font: Font) -> (ascent: Double, descent: Double) { (0.8, 0.2) }
}
