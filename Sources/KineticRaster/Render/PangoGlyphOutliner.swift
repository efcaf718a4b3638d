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
            let context = try? TextContext(), let reader = try? GlyphPathReader(oversampling: oversampling),
            let silhouettes = try? GlyphSilhouetteReader()
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
        var colorFonts: [UnsafeMutablePointer<PangoFont>: Bool] = [:]
        var glyphs: [PlacedGlyph] = []
        var pictureCharacters: [Character] = []
        // The text's characters, read only when a colour glyph must be named.
        lazy var characters = Array(paragraph.layout.text)
        for glyph in paragraph.layout.laidOutGlyphs() {
            let key: String
            if let known = keys[glyph.font] {
                key = known
            } else {
                key = PangoTextLayout.fontKey(glyph.font)
                keys[glyph.font] = key
            }
            let isColor = colorFonts[glyph.font] ?? Self.hasBitmapGlyphs(glyph.font)
            colorFonts[glyph.font] = isColor
            if isColor {
                // A colour emoji is a picture (PNG in CBDT or sbix): Cairo would trace it pixel by pixel into a
                // path of thousands of squares (a single emoji made a 100 MB Lottie). Its silhouette is drawn
                // instead, as the pixel formats show it, with a warning.
                let index = glyph.byteOffset < characterAtByte.count ? characterAtByte[glyph.byteOffset] : 0
                if index < characters.count, !pictureCharacters.contains(characters[index]) {
                    pictureCharacters.append(characters[index])
                }
            }
            let id = GlyphID(font: key, index: glyph.glyph)
            let outline: Path
            if let known = outlines[id] {
                outline = known
            } else {
                outline =
                    isColor
                    ? silhouettes.silhouette(of: glyph.glyph, font: glyph.font)
                    : reader.outline(of: glyph.glyph, font: glyph.font, advance: glyph.advance)
                outlines[id] = outline
            }
            guard !outline.isEmpty else { continue }
            let character = glyph.byteOffset < characterAtByte.count ? characterAtByte[glyph.byteOffset] : 0
            glyphs.append(
                PlacedGlyph(
                    id: id, origin: Point(x: origin.x + glyph.origin.x, y: origin.y + glyph.origin.y),
                    outline: outline, characterOffset: character))
        }
        let count = pictureCharacters.count
        let omissions =
            count == 0
            ? []
            : [
                "the colour emoji \(pictureCharacters.prefix(5).map { "'\($0)'" }.joined(separator: ", "))"
                    + (count > 5 ? " and \(count - 5) more" : "")
                    + (count == 1 ? " is a picture" : " are pictures")
                    + " with no outline: drawn as "
                    + (count == 1 ? "its silhouette" : "their silhouettes")
                    + " in the text's colour, as in the pixel formats"
            ]
        return GlyphOutlines(glyphs: glyphs, omissions: omissions)
    }

    /// Whether `font`'s glyphs are pictures (PNG in a CBDT or sbix table, or SVG documents), as colour emoji
    /// fonts' are, rather than outlines.
    static func hasBitmapGlyphs(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) else { return false }
        return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_svg(face) != 0
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
