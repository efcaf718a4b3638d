/// A location or a displacement in a two-dimensional space, in points.
///
/// Kinetic works in points with y pointing down, like UIKit and Core Animation on iOS.
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal coordinate, in points. Grows to the right.
    public var x: Double
    /// The vertical coordinate, in points. Grows downwards.
    public var y: Double

    /// Creates a point from its coordinates, in points.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0). Computed and inlinable, so that code in other modules that starts values at zero (the
    /// engine does, per contact and step) neither calls an accessor nor checks a lazy global.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    /// The Euclidean length of the vector from the origin to this point, in points.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The Euclidean distance to another point, in points.
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// The dot product with another vector.
    @inlinable public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the cross product with another vector (positive when `other` is clockwise
    /// from `self` on a y-down screen).
    @inlinable public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
