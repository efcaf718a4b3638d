import KineticCore

/// A 2D path made of subpaths of lines and cubic Bézier curves, in points (y down).
public struct Path: Sendable, Hashable {
    /// One drawing instruction.
    public enum Element: Sendable, Hashable {
        case move(to: Point)
        case line(to: Point)
        case cubic(to: Point, control1: Point, control2: Point)
        case close
    }

    /// The instructions in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// Adds a cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubic(to: point, control1: control1, control2: control2))
    }

    /// Adds a quadratic Bézier curve, stored as the equivalent cubic.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        let start = currentPoint ?? point
        addCurve(
            to: point, control1: start + (control - start) * (2.0 / 3.0),
            control2: point + (control - point) * (2.0 / 3.0))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() { elements.append(.close) }

    /// The end point of the last element, if any.
    public var currentPoint: Point? {
        var start: Point?
        var current: Point?
        for element in elements {
            switch element {
            case .move(let p):
                start = p
                current = p
            case .line(let p), .cubic(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// Adds a closed rectangle, clockwise from its top-left corner.
    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed rectangle with circular corners of `cornerRadius` points (clamped to half the shorter side).
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        guard radius > 0 else { return addRect(r) }
        move(to: Point(x: r.minX + radius, y: r.minY))
        addLine(to: Point(x: r.maxX - radius, y: r.minY))
        addArc(center: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -.pi / 2, endAngle: 0)
        addLine(to: Point(x: r.maxX, y: r.maxY - radius))
        addArc(center: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0, endAngle: .pi / 2)
        addLine(to: Point(x: r.minX + radius, y: r.maxY))
        addArc(
            center: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: .pi / 2, endAngle: .pi)
        addLine(to: Point(x: r.minX, y: r.minY + radius))
        addArc(
            center: Point(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: .pi, endAngle: 1.5 * .pi)
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        let center = r.center
        move(to: Point(x: r.maxX, y: center.y))
        appendArc(center: center, radiusX: r.width / 2, radiusY: r.height / 2, startAngle: 0, endAngle: 2 * .pi)
        closeSubpath()
    }

    /// Adds a straight segment as its own subpath.
    public mutating func addLine(from start: Point, to end: Point) {
        move(to: start)
        addLine(to: end)
    }

    /// Adds a circular arc from `startAngle` to `endAngle` (radians, clockwise on a y-down screen when the end is
    /// larger), connected to the current point with a line (or starting a subpath when there is none).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        let (s, c) = sineCosine(startAngle)
        let start = Point(x: center.x + radius * c, y: center.y + radius * s)
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        appendArc(center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, endAngle: endAngle)
    }

    /// Appends cubic segments approximating an elliptical arc (at most a quarter turn each; error < 3e-4 of
    /// the radius).
    private mutating func appendArc(
        center: Point, radiusX: Double, radiusY: Double, startAngle: Double, endAngle: Double
    ) {
        var sweep = endAngle - startAngle
        guard sweep != 0, sweep.isFinite else { return }
        // Past one turn an arc only retraces its circle: keep one full turn and the remainder (same end point,
        // same look), so a huge sweep cannot ask for billions of segments.
        if abs(sweep) > 4 * Double.pi {
            sweep = (sweep < 0 ? -1 : 1) * (2 * Double.pi + abs(sweep).truncatingRemainder(dividingBy: 2 * Double.pi))
        }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let k = 4.0 / 3.0 * tangentQuarter(step)
        var angle = startAngle
        for _ in 0..<segments {
            let (s0, c0) = sineCosine(angle)
            let (s1, c1) = sineCosine(angle + step)
            let p0 = Point(x: center.x + radiusX * c0, y: center.y + radiusY * s0)
            let p1 = Point(x: center.x + radiusX * c1, y: center.y + radiusY * s1)
            let c1p = Point(x: p0.x - k * radiusX * s0, y: p0.y + k * radiusY * c0)
            let c2p = Point(x: p1.x + k * radiusX * s1, y: p1.y - k * radiusY * c1)
            addCurve(to: p1, control1: c1p, control2: c2p)
            angle += step
        }
    }

    /// tan(θ/4), from sine and cosine.
    private func tangentQuarter(_ theta: Double) -> Double {
        let (s, c) = sineCosine(theta / 4)
        return s / c
    }

    /// A path holding one rectangle.
    public static func rect(_ rect: Rect) -> Path {
        var path = Path()
        path.addRect(rect)
        return path
    }

    /// A path holding one rounded rectangle.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        var path = Path()
        path.addRoundedRect(rect, cornerRadius: cornerRadius)
        return path
    }

    /// A path holding one ellipse.
    public static func ellipse(in rect: Rect) -> Path {
        var path = Path()
        path.addEllipse(in: rect)
        return path
    }

    /// The bounding box of the path's points and control points (a conservative bound), or nil when empty.
    public var controlPointBounds: Rect? {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .cubic(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        return points.dropFirst().reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }
}
