import CCairo
import KineticCore

/// A Cairo drawing context on a `CairoSurface`: path building, transforms, sources, fill/stroke, clipping,
/// groups and masks. Units are points (the surface's device scale maps them to pixels); y grows downwards.
///
/// The context keeps its surface alive. Not thread-safe: one context per thread.
@_spi(Internals) public final class CairoContext {
    /// Cairo's `cairo_t *`; owned, destroyed in `deinit`.
    let pointer: OpaquePointer
    /// The surface this context draws on.
    public let surface: CairoSurface

    /// How overlapping subpaths decide what is inside.
    public enum FillRule: Sendable, Hashable {
        /// Non-zero winding (Core Graphics' default).
        case winding
        /// Even-odd.
        case evenOdd
    }

    /// How the ends of open strokes are drawn.
    public enum LineCap: Sendable, Hashable {
        case butt, round, square
    }

    /// How stroke corners are drawn.
    public enum LineJoin: Sendable, Hashable {
        case miter, round, bevel
    }

    /// How drawn pixels combine with what is on the surface (Porter–Duff and blend operators).
    public enum CompositingOperator: Sendable, Hashable {
        /// Source over destination (the default).
        case over
        /// Source replaces destination (within the clip and the drawn shape).
        case source
        /// Clears to transparent where drawn.
        case clear
        /// Keeps the destination only where the source is (multiplies destination by source alpha).
        case destinationIn
        /// Keeps the destination only where the source is not.
        case destinationOut
        /// Adds source and destination.
        case add
        /// Multiply blend.
        case multiply
        /// Screen blend.
        case screen
    }

    /// A context drawing on `surface`, with an identity transform (in points) and default state.
    ///
    /// - Throws: `RasterError.cairo` when Cairo cannot create the context.
    public init(surface: CairoSurface) throws(RasterError) {
        guard let context = cairo_create(surface.pointer) else {
            throw .cairo(operation: "cairo_create", status: "returned no context")
        }
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw .cairo(operation: "cairo_create", status: CairoSurface.message(status))
        }
        self.pointer = context
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws Cairo's sticky error if any drawing call failed (Cairo records the first failure and ignores the
    /// calls after it). Call it after drawing a frame.
    public func checkStatus() throws(RasterError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(operation: "drawing", status: CairoSurface.message(status))
        }
    }

    // MARK: State

    /// Pushes the graphics state (transform, source, clip, line settings, operator).
    public func save() { cairo_save(pointer) }
    /// Pops the state pushed by the matching `save()`.
    public func restore() { cairo_restore(pointer) }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    // MARK: Transform

    /// The current transform from user space (points) to the surface's points, Core Graphics conventions.
    public var transform: AffineTransform {
        get {
            var matrix = cairo_matrix_t()
            cairo_get_matrix(pointer, &matrix)
            return AffineTransform(matrix)
        }
        set {
            var matrix = newValue.cairoMatrix
            cairo_set_matrix(pointer, &matrix)
        }
    }

    /// Applies `transform` before the current one (like `CGContextConcatCTM`): later coordinates go through
    /// `transform` first.
    public func concatenate(_ transform: AffineTransform) {
        var matrix = transform.cairoMatrix
        cairo_transform(pointer, &matrix)
    }

    /// Moves the origin by (`x`, `y`) points.
    public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// Scales user space.
    public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    /// Rotates user space by `angle` radians (clockwise on the y-down surface).
    public func rotate(by angle: Double) { cairo_rotate(pointer, angle) }

    // MARK: Source and settings

    /// Draws with a solid colour (straight alpha, clamped to 0…1).
    public func setSource(_ color: Color) {
        cairo_set_source_rgba(
            pointer, Self.unit(color.red), Self.unit(color.green), Self.unit(color.blue), Self.unit(color.alpha))
    }

    /// Draws with a pattern (gradient, surface or group).
    public func setSource(_ pattern: CairoPattern) { cairo_set_source(pointer, pattern.pointer) }

    /// Draws with a surface placed with its top-left corner at `origin` (user space).
    public func setSource(_ surface: CairoSurface, at origin: Point) {
        cairo_set_source_surface(pointer, surface.pointer, origin.x, origin.y)
    }

    /// Stroke width in points. Cairo's default 2.
    public var lineWidth: Double {
        get { cairo_get_line_width(pointer) }
        set { cairo_set_line_width(pointer, max(0, newValue)) }
    }

    /// Line cap; default `.butt`.
    public var lineCap: LineCap {
        get {
            switch cairo_get_line_cap(pointer) {
            case CAIRO_LINE_CAP_ROUND: return .round
            case CAIRO_LINE_CAP_SQUARE: return .square
            default: return .butt
            }
        }
        set {
            let cap: cairo_line_cap_t
            switch newValue {
            case .butt: cap = CAIRO_LINE_CAP_BUTT
            case .round: cap = CAIRO_LINE_CAP_ROUND
            case .square: cap = CAIRO_LINE_CAP_SQUARE
            }
            cairo_set_line_cap(pointer, cap)
        }
    }

    /// Line join; default `.miter`.
    public var lineJoin: LineJoin {
        get {
            switch cairo_get_line_join(pointer) {
            case CAIRO_LINE_JOIN_ROUND: return .round
            case CAIRO_LINE_JOIN_BEVEL: return .bevel
            default: return .miter
            }
        }
        set {
            let join: cairo_line_join_t
            switch newValue {
            case .miter: join = CAIRO_LINE_JOIN_MITER
            case .round: join = CAIRO_LINE_JOIN_ROUND
            case .bevel: join = CAIRO_LINE_JOIN_BEVEL
            }
            cairo_set_line_join(pointer, join)
        }
    }

    /// Miter limit (ratio); default 10, like Core Graphics.
    public var miterLimit: Double {
        get { cairo_get_miter_limit(pointer) }
        set { cairo_set_miter_limit(pointer, max(1, newValue)) }
    }

    /// Sets a dash pattern: alternating on/off lengths in points (empty = solid), starting `phase` points in.
    public func setDash(_ lengths: [Double], phase: Double = 0) {
        lengths.withUnsafeBufferPointer { buffer in
            cairo_set_dash(pointer, buffer.baseAddress, Int32(buffer.count), phase)
        }
    }

    /// The fill rule; default `.winding`.
    public var fillRule: FillRule {
        get { cairo_get_fill_rule(pointer) == CAIRO_FILL_RULE_EVEN_ODD ? .evenOdd : .winding }
        set { cairo_set_fill_rule(pointer, newValue == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING) }
    }

    /// The compositing operator; default `.over`.
    public var compositingOperator: CompositingOperator {
        get {
            switch cairo_get_operator(pointer) {
            case CAIRO_OPERATOR_SOURCE: return .source
            case CAIRO_OPERATOR_CLEAR: return .clear
            case CAIRO_OPERATOR_DEST_IN: return .destinationIn
            case CAIRO_OPERATOR_DEST_OUT: return .destinationOut
            case CAIRO_OPERATOR_ADD: return .add
            case CAIRO_OPERATOR_MULTIPLY: return .multiply
            case CAIRO_OPERATOR_SCREEN: return .screen
            default: return .over
            }
        }
        set {
            let op: cairo_operator_t
            switch newValue {
            case .over: op = CAIRO_OPERATOR_OVER
            case .source: op = CAIRO_OPERATOR_SOURCE
            case .clear: op = CAIRO_OPERATOR_CLEAR
            case .destinationIn: op = CAIRO_OPERATOR_DEST_IN
            case .destinationOut: op = CAIRO_OPERATOR_DEST_OUT
            case .add: op = CAIRO_OPERATOR_ADD
            case .multiply: op = CAIRO_OPERATOR_MULTIPLY
            case .screen: op = CAIRO_OPERATOR_SCREEN
            }
            cairo_set_operator(pointer, op)
        }
    }

    /// Anti-aliasing of shapes; on by default. Turn off only for pixel-exact test shapes.
    public var isAntialiased: Bool {
        get { cairo_get_antialias(pointer) != CAIRO_ANTIALIAS_NONE }
        set { cairo_set_antialias(pointer, newValue ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    }

    // MARK: Paths (user-space points)

    /// Clears the current path.
    public func beginPath() { cairo_new_path(pointer) }
    /// Starts a new subpath at `point`.
    public func move(to point: Point) { cairo_move_to(pointer, point.x, point.y) }
    /// Adds a straight line to `point`.
    public func addLine(to point: Point) { cairo_line_to(pointer, point.x, point.y) }
    /// Adds a cubic Bézier curve to `point` with two control points.
    public func addCurve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(pointer, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }
    /// Adds a quadratic Bézier curve (converted exactly to a cubic) from the current point.
    public func addQuadCurve(to point: Point, control: Point) {
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(pointer, &x, &y)
        let c1 = Point(x: x + 2 / 3 * (control.x - x), y: y + 2 / 3 * (control.y - y))
        let c2 = Point(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
        addCurve(to: point, control1: c1, control2: c2)
    }
    /// Adds a circular arc of `radius` points around `center` from `startAngle` to `endAngle` (radians, 0 = +x,
    /// growing clockwise on screen). `clockwise` false draws the other way round (Cairo's `arc_negative`).
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        if clockwise {
            cairo_arc(pointer, center.x, center.y, max(0, radius), startAngle, endAngle)
        } else {
            cairo_arc_negative(pointer, center.x, center.y, max(0, radius), startAngle, endAngle)
        }
    }
    /// Closes the current subpath with a line to its start.
    public func closePath() { cairo_close_path(pointer) }

    /// Adds a rectangle as a closed subpath.
    public func addRect(_ rect: Rect) {
        let r = rect.standardized
        cairo_rectangle(pointer, r.minX, r.minY, r.width, r.height)
    }

    /// Adds a rectangle with circular corners of `cornerRadius` points (clamped to half the shorter side).
    public func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = min(max(0, cornerRadius), r.width / 2, r.height / 2)
        guard radius > 0 else { return addRect(r) }
        cairo_new_sub_path(pointer)
        let quarter = Double.pi / 2
        cairo_arc(pointer, r.maxX - radius, r.minY + radius, radius, -quarter, 0)
        cairo_arc(pointer, r.maxX - radius, r.maxY - radius, radius, 0, quarter)
        cairo_arc(pointer, r.minX + radius, r.maxY - radius, radius, quarter, 2 * quarter)
        cairo_arc(pointer, r.minX + radius, r.minY + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(pointer)
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: Rect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(pointer)
        cairo_translate(pointer, r.midX, r.midY)
        cairo_scale(pointer, r.width / 2, r.height / 2)
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(pointer)
        cairo_restore(pointer)
    }

    // MARK: Drawing

    /// Fills the current path with the source; clears the path unless `preserve` is true.
    public func fill(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(pointer) } else { cairo_fill(pointer) }
    }

    /// Strokes the current path with the source and line settings; clears the path unless `preserve` is true.
    public func stroke(preserve: Bool = false) {
        if preserve { cairo_stroke_preserve(pointer) } else { cairo_stroke(pointer) }
    }

    /// Paints the source everywhere inside the clip, with an opacity in 0…1 (default 1).
    public func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, Self.unit(alpha)) }
    }

    /// Intersects the clip with the current path; clears the path unless `preserve` is true.
    public func clip(preserve: Bool = false) {
        if preserve { cairo_clip_preserve(pointer) } else { cairo_clip(pointer) }
    }

    /// Removes all clipping.
    public func resetClip() { cairo_reset_clip(pointer) }

    /// Paints the source through a mask pattern's alpha.
    public func mask(with pattern: CairoPattern) { cairo_mask(pointer, pattern.pointer) }

    /// Paints the source through a surface's alpha, the surface's top-left corner at `origin`.
    public func mask(with surface: CairoSurface, at origin: Point) {
        cairo_mask_surface(pointer, surface.pointer, origin.x, origin.y)
    }

    // MARK: Groups (offscreen layers for group opacity and masks)

    /// Redirects drawing to a new transparent offscreen group until `popGroup()`.
    public func pushGroup() { cairo_push_group(pointer) }

    /// Ends the group started by `pushGroup()` and returns it as a pattern (draw it with `setSource` + `paint`
    /// for group opacity, or use it with `mask(with:)`).
    public func popGroup() throws(RasterError) -> CairoPattern {
        try CairoPattern(adopting: cairo_pop_group(pointer), operation: "cairo_pop_group")
    }

    /// Ends the group and makes it the source.
    public func popGroupToSource() { cairo_pop_group_to_source(pointer) }

    /// The bounding box of the current clip in user space, or nil when everything is clipped away.
    public var clipBounds: Rect? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
        guard x2 > x1, y2 > y1 else { return nil }
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
