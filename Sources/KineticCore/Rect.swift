/// An axis-aligned rectangle: an origin (its top-left corner on a y-down screen) and a size, in points.
public struct Rect: Hashable, Sendable, Codable {
    /// The corner with the smallest coordinates when the size is positive, in points.
    public var origin: Point
    /// The extent, in points.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin's coordinates and its extent, in points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest x of the rectangle, whatever the sign of its width.
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x of the rectangle, whatever the sign of its width.
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y of the rectangle, whatever the sign of its height.
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y of the rectangle, whatever the sign of its height.
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The horizontal centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The absolute width.
    @inlinable public var width: Double { abs(size.width) }
    /// The absolute height.
    @inlinable public var height: Double { abs(size.height) }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with a non-negative width and height.
    @inlinable public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// True when the rectangle encloses no area.
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// True when `point` lies inside the rectangle (the minimum edges included, the maximum edges excluded).
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle grown (negative values) or shrunk (positive values) by `dx` on the left and the right and
    /// by `dy` at the top and the bottom, in points.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(
            x: r.origin.x + dx, y: r.origin.y + dy, width: r.size.width - 2 * dx, height: r.size.height - 2 * dy)
    }

    /// The rectangle moved by `dx`, `dy` points.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle that contains both rectangles.
    @inlinable public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rectangles share some area.
    @inlinable public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The smallest axis-aligned rectangle that contains this rectangle after `transform`.
    public func applying(_ transform: AffineTransform) -> Rect {
        let corners = [
            Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY),
        ].map { transform.apply(to: $0) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let x0 = xs.min() ?? 0
        let y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
