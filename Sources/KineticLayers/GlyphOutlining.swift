import KineticCore

/// Names one glyph of one font: two glyphs with equal ids have the same outline, so an exporter can write each
/// outline once and place it many times.
public struct GlyphID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The font the glyph comes from, as the outliner names it (family, style, weight and size, e.g.
    /// "Inter Bold 40px"): glyphs of different fonts or sizes have different keys.
    public var font: String
    /// The glyph's index in that font (not a character code: shaping may pick another glyph for the same
    /// character, a ligature or an Arabic joining form).
    public var index: UInt32

    public init(font: String, index: UInt32) {
        self.font = font
        self.index = index
    }

    public static func < (a: GlyphID, b: GlyphID) -> Bool {
        a.font != b.font ? a.font < b.font : a.index < b.index
    }

    public var description: String { "\(font)#\(index)" }
}

/// One glyph of a laid-out text: which glyph it is, where it sits and its outline.
public struct PlacedGlyph: Sendable, Hashable {
    /// The glyph (font and index).
    public var id: GlyphID
    /// The glyph's origin — its pen position on the baseline after kerning and mark offsets — in the text
    /// layer's own coordinates (points, y down).
    public var origin: Point
    /// The glyph's outline relative to `origin`, in points (y down), filled with the non-zero rule; the same for
    /// every glyph with the same `id`. Empty for a glyph that draws nothing (a space).
    public var outline: Path
    /// Index of the first character (grapheme cluster) of the text that this glyph draws, from 0.
    public var characterOffset: Int

    public init(id: GlyphID, origin: Point, outline: Path, characterOffset: Int) {
        self.id = id
        self.origin = origin
        self.outline = outline
        self.characterOffset = characterOffset
    }

    /// The outline moved to `origin`: the glyph as it shows in the layer's coordinates.
    public var placedOutline: Path { outline.applying(.translation(x: origin.x, y: origin.y)) }
}

/// A text layer's glyphs, in the order they are drawn (visual order within each line, lines top to bottom).
public struct GlyphOutlines: Sendable, Hashable {
    /// Every glyph that draws something, with its outline.
    public var glyphs: [PlacedGlyph]
    /// What is not drawn exactly and why, one message each (a colour emoji, a picture with no outline, drawn as
    /// its silhouette); an exporter reports each as a warning on the layer. Default none.
    public var omissions: [String]

    public init(glyphs: [PlacedGlyph], omissions: [String] = []) {
        self.glyphs = glyphs
        self.omissions = omissions
    }

    /// The distinct glyphs, each once, sorted by id: what an exporter writes as shared definitions.
    public var distinctGlyphs: [(id: GlyphID, outline: Path)] {
        var seen: [GlyphID: Path] = [:]
        for glyph in glyphs where seen[glyph.id] == nil { seen[glyph.id] = glyph.outline }
        return seen.keys.sorted().compactMap { id in seen[id].map { (id, $0) } }
    }

    /// Every glyph placed, as one path in the layer's coordinates (fill it with the non-zero rule to draw the
    /// text as the renderer does).
    public var path: Path {
        var result = Path()
        for glyph in glyphs { result.append(glyph.placedOutline) }
        return result
    }
}

/// Turns a text layer's laid-out text into glyph outlines, as the renderer would lay it out and draw it, so that
/// exporters (Lottie, SVG) can draw text as shapes with no font at the other end.
///
/// The text-drawing counterpart of ``TextMeasuring``: KineticRaster's `PangoGlyphOutliner` shapes with Pango
/// (HarfBuzz: kerning, ligatures, Arabic joining, font fallback along `Font.families`), in the layer's bounds
/// with its alignment, wrapping and truncation; tests can use a fake.
public protocol GlyphOutlining: Sendable {
    /// The glyphs of `layer`'s string in `layer`'s font and paragraph style, laid out in its bounds as the
    /// renderer draws it, in the layer's coordinates. Empty for an empty string or a font size that is not > 0.
    func glyphOutlines(of layer: TextLayer) -> GlyphOutlines
}
