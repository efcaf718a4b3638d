import CPangoCairo
import KineticCore
import KineticLayers

/// Glyph outlines of text laid out by Pango exactly as `LayerRenderer` draws a `TextLayer` (the same paragraph
/// layout: fonts and fallback, `tnum`, kerning and ligatures, Arabic joining and right-to-left runs, alignment,
/// wrapping and truncation in the layer's bounds, unhinted sub-pixel positions), for exporters that draw text as
/// shapes.
///
/// Each glyph is read once per call with Cairo (`pango_cairo_glyph_string_path`, then `cairo_copy_path`) and
/// shared by every glyph with the same font and index. A character no installed font has comes out as the box
/// the renderer draws for it.
///
/// Thread-safe: every call makes its own Pango context on the calling thread's font map.
public struct PangoGlyphOutliner: GlyphOutlining {
    /// Device pixels per point the outlines are read at (`GlyphPathReader.defaultOversampling`).
    let oversampling: Double

    /// Creates an outliner.
    public init() {
        oversampling = GlyphPathReader.defaultOversampling
    }

    /// An outliner reading outlines at `oversampling` pixels per point (1 reads them as the renderer does at 1x:
    /// a test hook).
    init(oversampling: Double) {
        self.oversampling = oversampling
    }

    public func glyphOutlines(of layer: TextLayer) -> GlyphOutlines {
        guard !layer.string.isEmpty, layer.font.size.isFinite, layer.font.size > 0,
            let context = try? TextContext(), let reader = try? GlyphPathReader(oversampling: oversampling)
        else { return GlyphOutlines(glyphs: []) }
        let bounds = layer.bounds.standardized
        var style = layer.paragraphStyle
        style.width = bounds.width
        guard
            let paragraph = try? ParagraphLayout(
                context: context, string: layer.string, font: layer.font, style: style, maximumHeight: bounds.height)
        else { return GlyphOutlines(glyphs: []) }
        let origin = Point(x: bounds.minX + paragraph.xOffset, y: bounds.minY)
        let characterAtByte = Self.characterIndices(of: paragraph.layout.text)
        var outlines: [GlyphID: Path] = [:]
        var keys: [UnsafeMutablePointer<PangoFont>: String] = [:]
        var glyphs: [PlacedGlyph] = []
        for glyph in paragraph.layout.laidOutGlyphs() {
            let key: String
            if let known = keys[glyph.font] {
                key = known
            } else {
                key = TextLayout.fontKey(glyph.font)
                keys[glyph.font] = key
            }
            let id = GlyphID(font: key, index: glyph.glyph)
            let outline: Path
            if let known = outlines[id] {
                outline = known
            } else {
                outline = reader.outline(of: glyph.glyph, font: glyph.font, advance: glyph.advance)
                outlines[id] = outline
            }
            guard !outline.isEmpty else { continue }
            let character = glyph.byteOffset < characterAtByte.count ? characterAtByte[glyph.byteOffset] : 0
            glyphs.append(
                PlacedGlyph(
                    id: id, origin: Point(x: origin.x + glyph.origin.x, y: origin.y + glyph.origin.y),
                    outline: outline, characterOffset: character))
        }
        return GlyphOutlines(glyphs: glyphs)
    }

    /// For each UTF-8 byte of `text`, the index of the character (grapheme cluster) it belongs to.
    static func characterIndices(of text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.utf8.count)
        for (index, character) in text.enumerated() {
            result += repeatElement(index, count: character.utf8.count)
        }
        return result
    }
}
