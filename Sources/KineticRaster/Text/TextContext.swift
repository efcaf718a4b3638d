import CCairo
import CPangoCairo

/// A Pango context for laying out text: the font map (fontconfig), font options and resolution shared by the
/// `PangoTextLayout`s made from it.
///
/// Set up for animation: glyph positions are not rounded to whole pixels (Pango rounds by default, which makes
/// slowly moving text jitter), metrics are not hinted, so a layout measures the same at 1x, 2x and 3x. Sizes are
/// in points (user-space units).
///
/// Not thread-safe: each render thread makes its own (the font map is Pango's per-thread default).
@_spi(Internals) public final class TextContext {
    /// Pango's `PangoContext *`; owned (one GObject reference), released in `deinit`.
    let pointer: OpaquePointer

    /// A context on Pango's default Cairo font map for this thread.
    ///
    /// - Throws: `RasterError.pango` when Pango has no font map or cannot create the context.
    public init() throws(RasterError) {
        guard let fontMap = pango_cairo_font_map_get_default() else {
            throw .pango(
                operation: "pango_cairo_font_map_get_default", reason: "no font map (is fontconfig installed?)")
        }
        guard let context = pango_font_map_create_context(fontMap) else {
            throw .pango(operation: "pango_font_map_create_context", reason: "returned no context")
        }
        self.pointer = context
        pango_context_set_round_glyph_positions(context, 0)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Takes the transform of a Cairo context (so glyphs are rendered for its scale), keeping this context's
    /// unrounded positions and font options. Layouts made from this context must be told with
    /// `PangoTextLayout.contextChanged()`; `PangoTextLayout.draw(in:at:)` does both.
    public func update(for context: CairoContext) {
        pango_cairo_update_context(context.pointer, pointer)
    }

    /// The family of the font Pango actually picks for `font` (after fontconfig's substitutions), e.g. to warn
    /// when a requested family is not installed.
    ///
    /// - Throws: `RasterError.pango` when no font at all can be loaded.
    public func resolvedFamily(for font: FontDescriptor) throws(RasterError) -> String {
        let description = try PangoFontDescription(font)
        guard let loaded = pango_context_load_font(pointer, description.pointer) else {
            throw .pango(operation: "pango_context_load_font", reason: "no font for '\(font.familyList)'")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let described = pango_font_describe(loaded) else {
            throw .pango(operation: "pango_font_describe", reason: "no description for the loaded font")
        }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) } ?? ""
    }
}

/// Owns a `PangoFontDescription *` built from a `FontDescriptor`.
final class PangoFontDescription {
    let pointer: OpaquePointer

    init(_ font: FontDescriptor) throws(RasterError) {
        guard font.size.isFinite, font.size > 0 else {
            throw .invalidOption(name: "font size", value: "\(font.size)", reason: "must be a number of points > 0")
        }
        guard let description = pango_font_description_new() else {
            throw .pango(operation: "pango_font_description_new", reason: "returned nothing")
        }
        pointer = description
        pango_font_description_set_family(description, font.familyList)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(min(max(font.weight, 100), 1000))))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    }

    deinit {
        pango_font_description_free(pointer)
    }
}
