import KineticCore

/// How a paragraph is laid out: what `TextMeasuring` needs besides the string and the font.
public struct ParagraphStyle: Sendable, Hashable {
    public var alignment: TextAlignment
    public var wrapping: TextWrapping
    public var truncation: TextTruncation
    /// Extra space between lines, in points. Default 0.
    public var lineSpacing: Double
    /// The width available for wrapping, alignment and truncation, in points; nil for unlimited (one line per
    /// paragraph, aligned at x = 0).
    public var width: Double?

    public init(
        alignment: TextAlignment = .natural, wrapping: TextWrapping = .none, truncation: TextTruncation = .none,
        lineSpacing: Double = 0, width: Double? = nil
    ) {
        self.alignment = alignment
        self.wrapping = wrapping
        self.truncation = truncation
        self.lineSpacing = lineSpacing
        self.width = width
    }
}

/// One grapheme cluster's box in a laid-out text, in points from the layout's top-left corner.
public struct GlyphBox: Sendable, Hashable {
    /// Index of the cluster's first character in the string (`String.Index` offsets in Characters).
    public var characterOffset: Int
    /// The cluster's logical box: x from its pen position, width its advance; y and height span the line's
    /// ascent and descent.
    public var frame: Rect
    /// The line the cluster is on, from 0.
    public var line: Int
    /// True when the cluster runs right to left.
    public var isRightToLeft: Bool

    public init(characterOffset: Int, frame: Rect, line: Int, isRightToLeft: Bool) {
        self.characterOffset = characterOffset
        self.frame = frame
        self.line = line
        self.isRightToLeft = isRightToLeft
    }
}

/// One line of a laid-out text.
public struct LineMetrics: Sendable, Hashable {
    /// The baseline's distance from the layout's top, in points.
    public var baseline: Double
    /// Height above the baseline, in points (positive).
    public var ascent: Double
    /// Depth below the baseline, in points (positive).
    public var descent: Double
    /// The line's ink-independent logical extent: x and width of its glyphs after alignment.
    public var frame: Rect

    public init(baseline: Double, ascent: Double, descent: Double, frame: Rect) {
        self.baseline = baseline
        self.ascent = ascent
        self.descent = descent
        self.frame = frame
    }
}

/// The result of laying out a text: its size, its lines and each cluster's box.
public struct TextLayout: Sendable, Hashable {
    /// The logical size of the whole text, in points.
    public var size: Size
    public var lines: [LineMetrics]
    public var glyphs: [GlyphBox]

    public init(size: Size, lines: [LineMetrics], glyphs: [GlyphBox]) {
        self.size = size
        self.lines = lines
        self.glyphs = glyphs
    }
}

/// Measures text the way a renderer will draw it, so effects can lay text out without a renderer: font metrics
/// are injected (KineticRaster's `PangoTextMeasurer` draws what it measures; tests use a fake with fixed
/// advances).
public protocol TextMeasuring: Sendable {
    /// Lays out `string` in `font` with `style`.
    func layout(_ string: String, font: Font, style: ParagraphStyle) -> TextLayout
    /// The advance width of `string` on one line, in points.
    func advance(of string: String, font: Font) -> Double
    /// Ascent and descent of the font, in points (positive numbers).
    func lineMetrics(for font: Font) -> (ascent: Double, descent: Double)
}

extension TextMeasuring {
    public func advance(of string: String, font: Font) -> Double {
        layout(string, font: font, style: ParagraphStyle()).size.width
    }
}
