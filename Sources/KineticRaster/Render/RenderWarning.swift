/// Something `LayerRenderer` could not draw exactly as asked, and what it drew instead. The renderer never
/// substitutes silently: every fallback produces one of these.
public struct RenderWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A requested font family is not installed; the text was drawn with another family (named in the
        /// message).
        case fontNotInstalled
        /// Some characters are in none of the requested families and came from a fallback font (named).
        case fontFallback
        /// No installed font has a glyph for some characters; they were drawn as hex boxes.
        case missingGlyphs
        /// A font size that is not a number greater than 0; the text was not drawn.
        case invalidFontSize
        /// A string longer than `TextLengthLimit.maximumCharacters` (100,000 characters); the text was not drawn.
        case textTooLong
        /// Explicit left or right alignment of a right-to-left paragraph: Pango mirrors it (drawn at the other
        /// edge).
        case mirroredAlignment
        /// A layer with a non-finite geometry value (NaN or infinite position, bounds, anchor point, transform or
        /// opacity); the layer and its sublayers were not drawn.
        case nonFiniteGeometry
        /// A path with a non-finite point; the shape was not drawn.
        case nonFinitePath
        /// A dash pattern with a negative length or only zeros; the stroke was drawn solid.
        case invalidDashPattern
        /// A gradient whose geometry is degenerate (equal start and end points, or a zero radius); it was drawn as
        /// its last colour, which is what the padded gradient tends to.
        case degenerateGradient
        /// A shadow on a layer that is sheared or rotated while scaled unevenly: the blur was done along the
        /// screen axes with the layer's horizontal and vertical spread, not along the layer's own axes.
        case approximateShadowBlur
        /// The effect itself reported that something will not show as its spec asked (`Clip.warnings`), such as
        /// a value wider than its box.
        case effect
        /// An image layer's picture file could not be read or decoded; nothing was drawn in its place.
        case unreadableImage
    }

    /// The kind of problem.
    public var kind: Kind
    /// The layer's `name`, or its type when it has none (e.g. "TextLayer").
    public var layer: String
    /// What was asked and what was drawn instead, in one sentence.
    public var message: String

    /// Creates a warning.
    public init(kind: Kind, layer: String, message: String) {
        self.kind = kind
        self.layer = layer
        self.message = message
    }

    public var description: String { "\(layer): \(message)" }
}
