import KineticCore

extension Path {
    /// The path with every point and control point mapped by `transform` (an affine map takes Bézier curves to
    /// the Bézier curves of the mapped control points, so the result is exact).
    public func applying(_ transform: AffineTransform) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: transform.apply(to: p))
            case .line(let p): result.addLine(to: transform.apply(to: p))
            case .cubic(let p, let c1, let c2):
                result.addCurve(
                    to: transform.apply(to: p), control1: transform.apply(to: c1), control2: transform.apply(to: c2))
            case .close: result.closeSubpath()
            }
        }
        return result
    }

    /// Appends the elements of `other` (its subpaths start with their own moves).
    public mutating func append(_ other: Path) {
        for element in other.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .cubic(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    /// The path split into its subpaths, each starting with a move (a subpath that begins without one starts
    /// at the previous subpath's start, as after a close, or at the origin).
    public var subpaths: [Path] {
        var result: [Path] = []
        var current = Path()
        var start = Point.zero
        var point = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                if current.elements.count > 1 { result.append(current) }
                current = Path()
                current.move(to: p)
                start = p
                point = p
            case .line(let p):
                if current.isEmpty { current.move(to: point) }
                current.addLine(to: p)
                point = p
            case .cubic(let p, let c1, let c2):
                if current.isEmpty { current.move(to: point) }
                current.addCurve(to: p, control1: c1, control2: c2)
                point = p
            case .close:
                if !current.isEmpty {
                    current.closeSubpath()
                    result.append(current)
                    current = Path()
                }
                point = start
            }
        }
        if current.elements.count > 1 { result.append(current) }
        return result
    }

    /// The tight bounding box of the path's curves (the extremes of each Bézier segment, not its control
    /// points), or nil when the path has no points.
    public var bounds: Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        var point = Point.zero
        var start = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                add(p)
                point = p
                start = p
            case .line(let p):
                add(point)
                add(p)
                point = p
            case .cubic(let p, let c1, let c2):
                add(point)
                add(p)
                for t in Self.extremaParameters(point.x, c1.x, c2.x, p.x)
                    + Self.extremaParameters(
                        point.y, c1.y, c2.y, p.y)
                {
                    add(Self.cubicPoint(point, c1, c2, p, t))
                }
                point = p
            case .close:
                point = start
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The point at parameter `t` of the cubic Bézier p0, c1, c2, p3.
    static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where one coordinate of a cubic Bézier has a zero derivative.
    static func extremaParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // B'(t)/3 = a t² + b t + c with:
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
