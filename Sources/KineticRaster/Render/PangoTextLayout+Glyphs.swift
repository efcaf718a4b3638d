import CCairo
import CPangoCairo
import KineticCore
import KineticLayers

extension PangoTextLayout {
    /// One glyph as Pango laid it out: its font, its index, its origin and the cluster it draws.
    struct LaidOutGlyph {
        /// The font Pango shaped the glyph with (owned by the layout; valid while it lives).
        let font: UnsafeMutablePointer<PangoFont>
        /// The glyph index, with Pango's flags (`PANGO_GLYPH_UNKNOWN_FLAG` for a character no font has).
        let glyph: PangoGlyph
        /// The advance, in points (for drawing an unknown-character box of the right width).
        let advance: Double
        /// The origin on the baseline, in points from the layout's top-left corner.
        let origin: Point
        /// UTF-8 byte offset of the glyph's cluster in the layout's text.
        let byteOffset: Int
    }

    /// Every glyph of the layout in drawing order, placed as `pango_renderer_draw_layout` places them: each run
    /// at its logical x and its line's baseline (less the run's rise), each glyph at the run's pen position plus
    /// its offsets. Empty glyphs (`PANGO_GLYPH_EMPTY`, e.g. for a line break) are left out.
    func laidOutGlyphs() -> [LaidOutGlyph] {
        guard let iterator = pango_layout_get_iter(pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        var result: [LaidOutGlyph] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) - Double(run.pointee.y_offset)
            var x = Double(logical.x)
            let count = Int(glyphs.pointee.num_glyphs)
            let itemOffset = Int(item.pointee.offset)
            for i in 0..<count {
                let info = glyphs.pointee.glyphs[i]
                let geometry = info.geometry
                defer { x += Double(geometry.width) }
                guard info.glyph != PangoGlyph(0x0FFF_FFFF) else { continue }  // PANGO_GLYPH_EMPTY
                let cluster = glyphs.pointee.log_clusters.map { Int($0[i]) } ?? 0
                result.append(
                    LaidOutGlyph(
                        font: font, glyph: info.glyph, advance: Double(geometry.width) / scale,
                        origin: Point(
                            x: (x + Double(geometry.x_offset)) / scale,
                            y: (baseline + Double(geometry.y_offset)) / scale),
                        byteOffset: itemOffset + cluster))
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return result
    }

    /// A key naming `font` with its size (e.g. "Inter Bold 40px"): equal keys draw equal outlines.
    static func fontKey(_ font: UnsafeMutablePointer<PangoFont>) -> String {
        guard let description = pango_font_describe_with_absolute_size(font) else { return "unknown font" }
        defer { pango_font_description_free(description) }
        guard let text = pango_font_description_to_string(description) else { return "unknown font" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// Reads a glyph's outline with Cairo: one glyph string of one glyph, added to a scratch context's path at the
/// origin (`pango_cairo_glyph_string_path`, so a character no font has gets Pango's hex box as the renderer draws
/// it), read back with `cairo_copy_path`.
final class GlyphPathReader {
    private let context: CairoContext
    private let glyphString: UnsafeMutablePointer<PangoGlyphString>

    /// A reader whose scratch device has `oversampling` pixels per point (see `defaultOversampling`).
    init(oversampling: Double = GlyphPathReader.defaultOversampling) throws(RasterError) {
        context = try CairoContext(surface: CairoSurface(pixelWidth: 1, pixelHeight: 1))
        context.scale(x: oversampling, y: oversampling)
        guard let string = pango_glyph_string_new() else {
            throw .pango(operation: "pango_glyph_string_new", reason: "returned nothing")
        }
        pango_glyph_string_set_size(string, 1)
        glyphString = string
    }

    deinit {
        pango_glyph_string_free(glyphString)
    }

    /// Device pixels per point of the scratch context the outlines are read in: 16. Outlines come back in user
    /// space, but FreeType scales them for the device, on a 1/64-pixel grid: at 16 pixels per point that grid is
    /// 1/1024 point (as fine as Pango's positions) instead of 1/64 point.
    static let defaultOversampling = 16.0

    /// The outline of `glyph` of `font`, origin on the baseline at (0, 0), in points, y down.
    func outline(of glyph: PangoGlyph, font: UnsafeMutablePointer<PangoFont>, advance: Double) -> Path {
        let cairo = context.pointer
        cairo_new_path(cairo)
        cairo_move_to(cairo, 0, 0)
        var info = PangoGlyphInfo()
        info.glyph = glyph
        info.geometry.width = PangoGlyphUnit(clamping: Int((advance * Double(PANGO_SCALE)).rounded()))
        info.attr.is_cluster_start = 1
        glyphString.pointee.glyphs[0] = info
        pango_cairo_glyph_string_path(cairo, font, glyphString)
        guard let copied = cairo_copy_path(cairo) else { return Path() }
        defer { cairo_path_destroy(copied) }
        return Self.path(copied.pointee)
    }

    /// A Cairo path as a KineticLayers path.
    static func path(_ cairoPath: cairo_path_t) -> Path {
        var path = Path()
        guard cairoPath.status == CAIRO_STATUS_SUCCESS, let data = cairoPath.data else { return path }
        let count = Int(cairoPath.num_data)
        var i = 0
        func point(_ offset: Int) -> Point {
            Point(x: data[i + offset].point.x, y: data[i + offset].point.y)
        }
        while i < count {
            let header = data[i].header
            let length = max(1, Int(header.length))
            guard i + length <= count else { break }
            // Cairo follows every close with a move to the subpath's start; a move that starts nothing is dropped.
            let next = i + length < count ? data[i + length].header.type : CAIRO_PATH_MOVE_TO
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2:
                if next != CAIRO_PATH_MOVE_TO { path.move(to: point(1)) }
            case CAIRO_PATH_LINE_TO where length >= 2: path.addLine(to: point(1))
            case CAIRO_PATH_CURVE_TO where length >= 4:
                path.addCurve(to: point(3), control1: point(1), control2: point(2))
            case CAIRO_PATH_CLOSE_PATH: path.closeSubpath()
            default: break
            }
            i += length
        }
        return path
    }
}
