import CCairo
import CPangoCairo
import KineticCore
import KineticLayers

/// Reads the silhouette of a colour glyph — a picture (PNG in a CBDT or sbix table) with no outline, as colour
/// emoji are — as a path of rectangles: what the renderer shows of it, small enough for a vector file.
///
/// The renderer fills a colour glyph's path in the text's colour, and Cairo makes that path by tracing the picture's
/// mask a square per device pixel (at the 16 pixels per point the outlines are read at, one emoji was a path of
/// 100 MB). Here Cairo traces it at 2 pixels per point (a glyph larger than 64 pt at at most ``maximumGridSide``
/// pixels a side), the squares go back onto a grid, and each row's runs of squares become rectangles, a run repeated
/// on the rows below growing its rectangle instead of starting another: the same silhouette, a few hundred
/// rectangles.
final class GlyphSilhouetteReader {
    /// The most pixels the picture is traced at on either side: 128.
    static let maximumGridSide = 128
    /// Pixels per point for glyphs small enough: 2.
    static let cellsPerPoint = 2.0

    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    private let glyphString: UnsafeMutablePointer<PangoGlyphString>

    init() throws(RasterError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else {
            throw .cairo(operation: "cairo_image_surface_create", status: "returned nothing")
        }
        guard let cairo = cairo_create(surface), cairo_status(cairo) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(operation: "cairo_create", status: "failed")
        }
        guard let string = pango_glyph_string_new() else {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            throw .pango(operation: "pango_glyph_string_new", reason: "returned nothing")
        }
        pango_glyph_string_set_size(string, 1)
        self.surface = surface
        self.cairo = cairo
        glyphString = string
    }

    deinit {
        pango_glyph_string_free(glyphString)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The silhouette of `glyph` of `font`, origin on the baseline at (0, 0), in points, y down; empty when the
    /// glyph draws nothing.
    func silhouette(of glyph: PangoGlyph, font: UnsafeMutablePointer<PangoFont>) -> Path {
        var ink = PangoRectangle()
        pango_font_get_glyph_extents(font, glyph, &ink, nil)
        let unit = Double(PANGO_SCALE)
        let inkWidth = Double(ink.width) / unit
        let inkHeight = Double(ink.height) / unit
        guard inkWidth > 0, inkHeight > 0 else { return Path() }
        let side = Double(Self.maximumGridSide)
        let scale = min(Self.cellsPerPoint, side / max(inkWidth, inkHeight))
        // The grid, in device pixels, around the ink with a pixel to spare.
        let left = Int((Double(ink.x) / unit * scale).rounded(.down)) - 1
        let top = Int((Double(ink.y) / unit * scale).rounded(.down)) - 1
        let columns = Int((Double(ink.x + ink.width) / unit * scale).rounded(.up)) + 1 - left
        let rows = Int((Double(ink.y + ink.height) / unit * scale).rounded(.up)) + 1 - top
        guard columns > 0, rows > 0, columns <= Self.maximumGridSide + 4, rows <= Self.maximumGridSide + 4 else {
            return Path()
        }
        // Cairo's trace: a unit square per device pixel of the picture's mask, in user space (points).
        cairo_identity_matrix(cairo)
        cairo_scale(cairo, scale, scale)
        cairo_new_path(cairo)
        cairo_move_to(cairo, 0, 0)
        var info = PangoGlyphInfo()
        info.glyph = glyph
        info.attr.is_cluster_start = 1
        glyphString.pointee.glyphs[0] = info
        pango_cairo_glyph_string_path(cairo, font, glyphString)
        guard let traced = cairo_copy_path(cairo) else { return Path() }
        defer { cairo_path_destroy(traced) }
        var grid = [Bool](repeating: false, count: columns * rows)
        if traced.pointee.status == CAIRO_STATUS_SUCCESS, let data = traced.pointee.data {
            var i = 0
            let count = Int(traced.pointee.num_data)
            while i < count {
                let length = max(1, Int(data[i].header.length))
                guard i + length <= count else { break }
                // Each square starts with a move to its top-left corner.
                if data[i].header.type == CAIRO_PATH_MOVE_TO, length >= 2 {
                    let x = data[i + 1].point.x * scale
                    let y = data[i + 1].point.y * scale
                    if x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 {
                        let column = Int(x.rounded()) - left
                        let row = Int(y.rounded()) - top
                        if column >= 0, column < columns, row >= 0, row < rows { grid[row * columns + column] = true }
                    }
                }
                i += length
            }
        }
        cairo_new_path(cairo)

        var path = Path()
        func addRectangle(_ run: (start: Int, end: Int, row: Int), until row: Int) {
            path.addRect(
                Rect(
                    x: Double(left + run.start) / scale, y: Double(top + run.row) / scale,
                    width: Double(run.end - run.start) / scale, height: Double(row - run.row) / scale))
        }
        // Rectangles still growing: their columns [start, end) and the row they started on, sorted by start.
        var open: [(start: Int, end: Int, row: Int)] = []
        for row in 0...rows {
            var runs: [(start: Int, end: Int)] = []
            if row < rows {
                var column = 0
                while column < columns {
                    guard grid[row * columns + column] else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < columns && grid[row * columns + column] { column += 1 }
                    runs.append((start, column))
                }
            }
            var next: [(start: Int, end: Int, row: Int)] = []
            var k = 0
            for run in open {
                while k < runs.count && runs[k].start < run.start {
                    next.append((runs[k].start, runs[k].end, row))
                    k += 1
                }
                if k < runs.count && runs[k] == (run.start, run.end) {
                    next.append(run)  // the same run on this row: the rectangle grows
                    k += 1
                } else {
                    addRectangle(run, until: row)
                }
            }
            while k < runs.count {
                next.append((runs[k].start, runs[k].end, row))
                k += 1
            }
            open = next
        }
        return path
    }
}
