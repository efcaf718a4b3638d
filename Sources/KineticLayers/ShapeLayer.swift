import KineticCore

/// The shape drawn at the ends of open stroked lines.
public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
/// The shape drawn where stroked segments meet.
public enum LineJoin: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }
/// Which regions of a self-intersecting path count as inside.
public enum FillRule: String, Sendable, Hashable, CaseIterable { case nonZero, evenOdd }

/// A layer that draws a path, filled and/or stroked, as `CAShapeLayer` does. The path is in the layer's own
/// coordinates.
public final class ShapeLayer: Layer, @unchecked Sendable {
    /// The shape. Default empty.
    public var path = Path()
    /// The fill colour; nil for no fill. Default opaque black, as `CAShapeLayer`.
    public var fillColor: Color? = .black
    /// Fill rule. Default `.nonZero`.
    public var fillRule: FillRule = .nonZero
    /// The stroke colour; nil for no stroke. Default nil.
    public var strokeColor: Color?
    /// Stroke width in points, ≥ 0. Default 1.
    public var lineWidth: Double = 1
    /// Default `.butt`.
    public var lineCap: LineCap = .butt
    /// Default `.miter`.
    public var lineJoin: LineJoin = .miter
    /// Miter limit (ratio of miter length to line width). Default 10.
    public var miterLimit: Double = 10
    /// Dash lengths in points, alternating on and off; empty for a solid line. Default empty.
    public var lineDashPattern: [Double] = []
    /// Where stroking starts along the path's length, 0…1. Default 0.
    public var strokeStart: Double = 0
    /// Where stroking ends along the path's length, 0…1. Default 1. Animating it draws the path progressively.
    public var strokeEnd: Double = 1

    public override init() {
        super.init()
    }

    /// Creates a shape layer drawing `path` with the given fill and stroke.
    public convenience init(path: Path, fillColor: Color? = .black, strokeColor: Color? = nil, lineWidth: Double = 1) {
        self.init()
        self.path = path
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
    }

    required init(copying other: Layer, deep: Bool) {
        super.init(copying: other, deep: deep)
        if let shape = other as? ShapeLayer {
            path = shape.path
            fillColor = shape.fillColor
            fillRule = shape.fillRule
            strokeColor = shape.strokeColor
            lineWidth = shape.lineWidth
            lineCap = shape.lineCap
            lineJoin = shape.lineJoin
            miterLimit = shape.miterLimit
            lineDashPattern = shape.lineDashPattern
            strokeStart = shape.strokeStart
            strokeEnd = shape.strokeEnd
        }
    }
}
