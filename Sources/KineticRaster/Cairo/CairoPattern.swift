import CCairo
import KineticCore

/// A Cairo source pattern: a linear or radial gradient, a surface, or a group captured with
/// `CairoContext.popGroup()`. Set it with `CairoContext.setSource(_:)` or use it as a mask.
@_spi(Internals) public final class CairoPattern {
    /// Cairo's `cairo_pattern_t *`; owned, destroyed in `deinit`.
    let pointer: OpaquePointer
    /// A surface this pattern draws from, kept alive as long as the pattern.
    private let surface: CairoSurface?

    /// How a gradient or surface pattern continues outside its defined area.
    public enum Extend: Sendable, Hashable {
        /// Transparent outside (Cairo's default for surfaces).
        case none
        /// Repeats.
        case `repeat`
        /// Repeats, mirrored every other time.
        case reflect
        /// The nearest edge colour continues (Cairo's default for gradients; Core Animation's behaviour).
        case pad
    }

    /// Adopts a pattern returned by Cairo (with a reference we own), checking its status.
    init(adopting pattern: OpaquePointer?, operation: String, surface: CairoSurface? = nil) throws(RasterError) {
        guard let pattern else { throw .cairo(operation: operation, status: "returned no pattern") }
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pattern)
            throw .cairo(operation: operation, status: CairoSurface.message(status))
        }
        self.pointer = pattern
        self.surface = surface
    }

    /// A linear gradient along the line from `start` to `end` (user-space points when it is used).
    public convenience init(linearFrom start: Point, to end: Point) throws(RasterError) {
        try self.init(
            adopting: cairo_pattern_create_linear(start.x, start.y, end.x, end.y),
            operation: "cairo_pattern_create_linear")
    }

    /// A radial gradient between two circles (CSS / Core Graphics semantics: offset 0 on the first circle,
    /// offset 1 on the second). Radii in points, ≥ 0.
    public convenience init(
        radialFrom startCenter: Point, radius startRadius: Double, to endCenter: Point, radius endRadius: Double
    ) throws(RasterError) {
        try self.init(
            adopting: cairo_pattern_create_radial(
                startCenter.x, startCenter.y, max(0, startRadius), endCenter.x, endCenter.y, max(0, endRadius)),
            operation: "cairo_pattern_create_radial")
    }

    /// A pattern that draws a surface with its top-left corner at the user-space origin.
    public convenience init(surface: CairoSurface) throws(RasterError) {
        try self.init(
            adopting: cairo_pattern_create_for_surface(surface.pointer), operation: "cairo_pattern_create_for_surface",
            surface: surface)
    }

    deinit {
        cairo_pattern_destroy(pointer)
    }

    /// Adds a colour stop to a gradient. `offset` in 0…1 along the gradient (clamped); stops added at the same
    /// offset draw a hard edge, in the order added. Colours interpolate in sRGB with straight (not premultiplied) components, like Core Animation's gradients.
    public func addColorStop(at offset: Double, color: Color) {
        cairo_pattern_add_color_stop_rgba(
            pointer, min(max(offset, 0), 1), color.red, color.green, color.blue, min(max(color.alpha, 0), 1))
    }

    /// How the pattern continues outside its defined area.
    public var extend: Extend {
        get {
            switch cairo_pattern_get_extend(pointer) {
            case CAIRO_EXTEND_REPEAT: return .repeat
            case CAIRO_EXTEND_REFLECT: return .reflect
            case CAIRO_EXTEND_PAD: return .pad
            default: return .none
            }
        }
        set {
            let value: cairo_extend_t
            switch newValue {
            case .none: value = CAIRO_EXTEND_NONE
            case .repeat: value = CAIRO_EXTEND_REPEAT
            case .reflect: value = CAIRO_EXTEND_REFLECT
            case .pad: value = CAIRO_EXTEND_PAD
            }
            cairo_pattern_set_extend(pointer, value)
        }
    }

    /// The pattern's transform from user space to pattern space (Core Graphics conventions; identity by
    /// default). Set it to place a surface pattern: e.g. the inverse of a translation moves it.
    public var transform: AffineTransform {
        get {
            var matrix = cairo_matrix_t()
            cairo_pattern_get_matrix(pointer, &matrix)
            return AffineTransform(matrix)
        }
        set {
            var matrix = newValue.cairoMatrix
            cairo_pattern_set_matrix(pointer, &matrix)
        }
    }
}

extension AffineTransform {
    /// Cairo's matrix for this transform: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }

    /// The transform of a Cairo matrix.
    init(_ matrix: cairo_matrix_t) {
        self.init(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    }
}
