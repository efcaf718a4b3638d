import KineticCore

/// How lines of text sit horizontally within a text layer's bounds.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Left for left-to-right text, right for right-to-left text.
    case natural
    case left
    case center
    case right
    /// Both edges flush, except the last line.
    case justified
}

/// How text that does not fit the width is broken into lines.
public enum TextWrapping: String, Sendable, Hashable, CaseIterable {
    /// One line per paragraph; text beyond the bounds is clipped or truncated.
    case none
    /// Lines break between words (characters when a word is longer than a line).
    case word
    /// Lines break between any two characters.
    case character
}

/// Where an ellipsis replaces text that does not fit.
public enum TextTruncation: String, Sendable, Hashable, CaseIterable {
    case none
    case start
    case middle
    case end
}

/// A layer that draws a string, as `CATextLayer` does, laid out within its bounds from the top.
public final class TextLayer: Layer, @unchecked Sendable {
    /// The text; newlines start new paragraphs. Default empty.
    public var string = ""
    /// The font. Default `Font()` (Inter 17 pt with Japanese fallback).
    public var font = Font()
    /// The colour of the glyphs. Default opaque white, as `CATextLayer`'s foreground colour.
    public var foregroundColor: Color = .white
    /// Horizontal alignment of each line. Default `.natural`.
    public var alignment: TextAlignment = .natural
    /// Line breaking. Default `.none` (as `CATextLayer.isWrapped` = false).
    public var wrapping: TextWrapping = .none
    /// Ellipsis placement for text that does not fit. Default `.none`.
    public var truncation: TextTruncation = .none
    /// Extra space between lines, in points (may be negative). Default 0.
    public var lineSpacing: Double = 0

    public override init() {
        super.init()
    }

    /// Creates a text layer showing `string` in `font`.
    public convenience init(string: String, font: Font = Font(), color: Color = .white) {
        self.init()
        self.string = string
        self.font = font
        self.foregroundColor = color
    }

    required init(copying other: Layer, deep: Bool) {
        super.init(copying: other, deep: deep)
        if let text = other as? TextLayer {
            string = text.string
            font = text.font
            foregroundColor = text.foregroundColor
            alignment = text.alignment
            wrapping = text.wrapping
            truncation = text.truncation
            lineSpacing = text.lineSpacing
        }
    }

    /// The paragraph style as one value, for measuring: the width is the layer's, so alignment, wrapping and
    /// truncation measure the way the renderer draws them.
    public var paragraphStyle: ParagraphStyle {
        ParagraphStyle(
            alignment: alignment, wrapping: wrapping, truncation: truncation, lineSpacing: lineSpacing,
            width: bounds.width)
    }
}
