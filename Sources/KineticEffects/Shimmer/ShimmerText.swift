import KineticCore
import KineticLayers

/// Text to shimmer, laid out in a box: one or more lines, centred vertically, in any script (Latin, Japanese,
/// Arabic, Hebrew…). `makeLayer` gives the content layer for `Shimmer` or `ShimmerSeed`.
public struct ShimmerText: Sendable, Hashable {
    /// The text; newlines start new lines, and long lines wrap at words in the box's width. Not empty, at most
    /// `TextLengthLimit.maximumCharacters` (100,000) characters.
    public var string: String
    /// The font. Default `ShimmerText.defaultFont`: 32 pt, regular, in `defaultFamilies`.
    public var font: Font
    /// The colour of the glyphs. Default white. (The seed style draws only the text's shape; its colours come
    /// from its gradient.)
    public var color: Color
    /// Each line's horizontal alignment in the box. Default `.center`.
    public var alignment: TextAlignment
    /// Line breaking in the box's width. Default `.word`.
    public var wrapping: TextWrapping
    /// Extra space between lines, in points (may be negative). Default 0.
    public var lineSpacing: Double

    /// Inter for Latin text, Noto Sans CJK JP for Japanese, DejaVu Sans for Arabic and Hebrew, in that order of
    /// preference per character (Debian packages fonts-inter, fonts-noto-cjk, fonts-dejavu-core).
    public static let defaultFamilies = ["Inter", "Noto Sans CJK JP", "DejaVu Sans"]
    /// 32 pt, weight 400, in `defaultFamilies`.
    public static let defaultFont = Font(families: defaultFamilies, weight: 400, size: 32)

    /// Text with the given look (see each property for its default).
    public init(
        string: String, font: Font = ShimmerText.defaultFont, color: Color = .white,
        alignment: TextAlignment = .center, wrapping: TextWrapping = .word, lineSpacing: Double = 0
    ) {
        self.string = string
        self.font = font
        self.color = color
        self.alignment = alignment
        self.wrapping = wrapping
        self.lineSpacing = lineSpacing
    }

    /// A layer of `size` (at the origin) holding the text, named "shimmer-text", centred vertically in it: its
    /// lines are measured with `measurer` (the renderer's own measurer, so the layout matches the drawing).
    ///
    /// - Throws: `EffectSpecError` for an empty string or one longer than `TextLengthLimit.maximumCharacters`, a
    ///   font size that is not finite and > 0, or a size that is not finite and > 0 in both directions.
    public func makeLayer(size: Size, measurer: some TextMeasuring) throws(EffectSpecError) -> Layer {
        guard !string.isEmpty else {
            throw EffectSpecError("shimmer text is empty; give the text to shimmer (e.g. \"slide to unlock\")")
        }
        try TextLengthLimit.validate(string, name: "the shimmer text")
        guard font.size.isFinite, font.size > 0 else {
            throw EffectSpecError("shimmer font size must be a finite number of points > 0 (got \(font.size))")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw EffectSpecError(
                "shimmer text box must have a finite size > 0 in both directions (got \(size.width) × "
                    + "\(size.height) points)")
        }
        let text = TextLayer(string: string, font: font, color: color)
        text.name = "shimmer-text"
        text.alignment = alignment
        text.wrapping = wrapping
        text.lineSpacing = lineSpacing
        let height = measurer.layout(string, font: font, style: style(width: size.width)).size.height
        text.frame = Rect(x: 0, y: (size.height - height) / 2, width: size.width, height: height)
        let box = Layer(frame: Rect(origin: .zero, size: size))
        box.name = "shimmer-text-box"
        box.addSublayer(text)
        return box
    }

    /// True when most of the text's characters run right to left (Arabic, Hebrew…) as `measurer` lays it out:
    /// the `.reading` direction then sweeps right to left.
    public func isRightToLeft(measurer: some TextMeasuring) -> Bool {
        let glyphs = measurer.layout(string, font: font, style: ParagraphStyle()).glyphs
        let rightToLeft = glyphs.filter(\.isRightToLeft).count
        return 2 * rightToLeft > glyphs.count
    }

    private func style(width: Double) -> ParagraphStyle {
        ParagraphStyle(alignment: alignment, wrapping: wrapping, lineSpacing: lineSpacing, width: width)
    }
}
