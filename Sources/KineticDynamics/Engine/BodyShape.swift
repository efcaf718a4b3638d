import KineticCore

/// The collision shape of a body, in points, relative to the body's centre (the item's centre).
///
/// Polygons are convex; their vertices may come in either winding (the engine orders them). A positive `radius`
/// rounds a polygon: the surface is the core polygon inflated by the radius, as Box2D's rounded polygons are.
public enum BodyShape: Sendable, Equatable {
    /// A `width` × `height` rectangle centred on the body, with corners rounded by `cornerRadius` points
    /// (0…min(width, height)/2; default 0 for square corners).
    case box(width: Double, height: Double, cornerRadius: Double = 0)
    /// A circle of `radius` points centred on the body.
    case circle(radius: Double)
    /// The convex hull of `vertices` (3…``BodyShape/maximumPolygonVertices`` points after hull reduction),
    /// rounded by `radius` points (default 0).
    case polygon(vertices: [Point], radius: Double = 0)
    /// A two-sided segment from `from` to `to`: only for static bodies (boundaries).
    case segment(from: Point, to: Point)

    /// The most vertices a polygon may have after its convex hull is taken.
    public static let maximumPolygonVertices = 16
}

/// The kind of collision geometry, as the narrow phase dispatches on it.
enum ShapeKind: UInt8, Sendable {
    case polygon
    case circle
    case segment
}

/// A shape's geometry in the body's frame, relative to its centre of mass, ready for collision.
struct ShapeGeometry: Sendable {
    var kind: ShapeKind
    /// Polygon vertices (counter-clockwise in the maths sense), a circle's centre (1 vertex) or a segment's ends.
    var vertices: [Point]
    /// Outward unit normals of the edges vertices[i] → vertices[i + 1]; empty for a circle.
    var normals: [Point]
    /// The rounding radius of a polygon or the radius of a circle, in points.
    var radius: Double
    /// Area in points².
    var area: Double
    /// The centre of mass relative to the body's centre.
    var centroid: Point
    /// The polar moment of area about the centre of mass, in points⁴ (times the density per pt² gives inertia).
    var secondMomentOfArea: Double
    /// The largest distance from the centre of mass to the surface, in points.
    var maximumExtent: Double
    /// The smallest half-thickness, in points (for the continuous-collision test).
    var minimumExtent: Double
}

/// Why a shape could not be built.
struct ShapeError: Error, Sendable {
    var message: String
}

extension ShapeGeometry {
    /// Builds the geometry of `shape`, or explains what is wrong with it.
    static func make(_ shape: BodyShape) throws(ShapeError) -> ShapeGeometry {
        switch shape {
        case .box(let width, let height, let cornerRadius):
            return try makeBox(width: width, height: height, cornerRadius: cornerRadius)
        case .circle(let radius):
            guard radius.isFinite, radius > 0 else {
                throw ShapeError(message: "circle radius must be a finite number > 0 (got \(radius))")
            }
            return ShapeGeometry(
                kind: .circle, vertices: [.zero], normals: [], radius: radius, area: Double.pi * radius * radius,
                centroid: .zero, secondMomentOfArea: Double.pi * radius * radius * radius * radius / 2,
                maximumExtent: radius, minimumExtent: radius)
        case .polygon(let vertices, let radius):
            return try makePolygon(vertices, radius: radius)
        case .segment(let from, let to):
            guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else {
                throw ShapeError(message: "segment ends must be finite")
            }
            let direction = (to - from).normalizedOrZero
            guard direction != .zero else {
                throw ShapeError(message: "segment ends must differ (both are \(from))")
            }
            let normal = direction.rightPerpendicular
            let mid = (from + to) * 0.5
            return ShapeGeometry(
                kind: .segment, vertices: [from, to], normals: [normal, -normal], radius: 0, area: 0, centroid: .zero,
                secondMomentOfArea: 0, maximumExtent: max(from.length, to.length, mid.length), minimumExtent: 0)
        }
    }

    private static func makeBox(width: Double, height: Double, cornerRadius: Double) throws(ShapeError)
        -> ShapeGeometry
    {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw ShapeError(message: "box size must be finite and > 0 (got \(width)×\(height))")
        }
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= min(width, height) / 2 else {
            throw ShapeError(
                message: "corner radius must be in 0…\(min(width, height) / 2) for a \(width)×\(height) box "
                    + "(got \(cornerRadius))")
        }
        // The core polygon must keep some thickness: a fully round box becomes a capsule-like core of 1e-3 pt.
        let r = min(cornerRadius, min(width, height) / 2 - 1e-3)
        let hx = width / 2 - r
        let hy = height / 2 - r
        let vertices = [Point(x: -hx, y: -hy), Point(x: hx, y: -hy), Point(x: hx, y: hy), Point(x: -hx, y: hy)]
        let normals = [Point(x: 0, y: -1), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: -1, y: 0)]
        // Area and second moment of the rounded rectangle, from a cross of rectangles plus four quarter discs.
        let a = hx
        let b = hy
        let centre = width * (height - 2 * r)
        let bars = 2 * (width - 2 * r) * r
        let discs = Double.pi * r * r
        let area = centre + bars + discs
        var moment = centre * (width * width + (height - 2 * r) * (height - 2 * r)) / 12
        let barMass = (width - 2 * r) * r
        moment += 2 * (barMass * ((width - 2 * r) * (width - 2 * r) + r * r) / 12 + barMass * (b + r / 2) * (b + r / 2))
        let k = 4 * r / (3 * Double.pi)
        moment += discs * (r * r / 2 + a * a + b * b + 2 * k * (a + b))
        let extent = (hx * hx + hy * hy).squareRoot() + r
        return ShapeGeometry(
            kind: .polygon, vertices: vertices, normals: normals, radius: r, area: area, centroid: .zero,
            secondMomentOfArea: moment, maximumExtent: extent, minimumExtent: min(width, height) / 2)
    }

    private static func makePolygon(_ points: [Point], radius: Double) throws(ShapeError) -> ShapeGeometry {
        guard radius.isFinite, radius >= 0 else {
            throw ShapeError(message: "polygon radius must be finite and >= 0 (got \(radius))")
        }
        for point in points where !(point.x.isFinite && point.y.isFinite) {
            throw ShapeError(message: "polygon vertices must be finite (got \(point))")
        }
        let hull = convexHull(points)
        guard hull.count >= 3 else {
            throw ShapeError(
                message: "a polygon needs at least 3 points that are not on one line (got \(points.count))")
        }
        guard hull.count <= BodyShape.maximumPolygonVertices else {
            throw ShapeError(
                message: "a polygon may have at most \(BodyShape.maximumPolygonVertices) hull vertices "
                    + "(got \(hull.count)); simplify the path")
        }
        // Area, centroid and second moment by a triangle fan (Box2D's b2ComputePolygonMass, radius 0).
        let origin = hull[0]
        var area = 0.0
        var center = Point.zero
        var inertia = 0.0
        for i in 1..<(hull.count - 1) {
            let e1 = hull[i] - origin
            let e2 = hull[i + 1] - origin
            let d = cross(e1, e2)
            let triangleArea = 0.5 * d
            area += triangleArea
            center = center + (e1 + e2) * (triangleArea / 3)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            inertia += (0.25 / 3 * d) * (intx2 + inty2)
        }
        guard area > 1e-9 else { throw ShapeError(message: "polygon has no area") }
        center = center / area
        let centroid = origin + center
        inertia -= area * dot(center, center)
        // Rounding adds a band of width r: its area is the perimeter strip plus one full disc (exact).
        var perimeter = 0.0
        for i in 0..<hull.count { perimeter += (hull[(i + 1) % hull.count] - hull[i]).length }
        let roundedArea = area + perimeter * radius + Double.pi * radius * radius
        let local = hull.map { $0 - centroid }
        var normals: [Point] = []
        var maxExtent = 0.0
        for i in 0..<local.count {
            normals.append((local[(i + 1) % local.count] - local[i]).rightPerpendicular.normalizedOrZero)
            maxExtent = max(maxExtent, local[i].length)
        }
        var minExtent = Double.infinity
        for i in 0..<local.count { minExtent = min(minExtent, -dot(normals[i], local[i])) }
        // Rounding: scale the core's moment by the area ratio and the squared growth of the extent (approximate).
        let scale = roundedArea / area
        let growth = (maxExtent + radius) / max(maxExtent, 1e-9)
        return ShapeGeometry(
            kind: .polygon, vertices: local, normals: normals, radius: radius, area: roundedArea, centroid: centroid,
            secondMomentOfArea: inertia * scale * growth * growth,
            maximumExtent: maxExtent + radius, minimumExtent: minExtent + radius)
    }

    /// The convex hull (Andrew's monotone chain), counter-clockwise in the maths sense, without collinear points.
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        var lower: [Point] = []
        for p in sorted {
            while lower.count >= 2
                && cross(lower[lower.count - 1] - lower[lower.count - 2], p - lower[lower.count - 2]) <= 1e-9
            {
                lower.removeLast()
            }
            lower.append(p)
        }
        var upper: [Point] = []
        for p in sorted.reversed() {
            while upper.count >= 2
                && cross(upper[upper.count - 1] - upper[upper.count - 2], p - upper[upper.count - 2]) <= 1e-9
            {
                upper.removeLast()
            }
            upper.append(p)
        }
        lower.removeLast()
        upper.removeLast()
        return lower + upper
    }
}
