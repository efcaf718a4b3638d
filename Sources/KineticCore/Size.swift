/// A width and a height, in points.
///
/// Negative sizes are representable (they arise in arithmetic and interpolation); APIs that need a real
/// extent validate their input and say so in their documentation.
public struct Size: Hashable, Sendable, Codable {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// Creates a size from its width and height, in points.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// The area, in square points (width × height).
    @inlinable public var area: Double { width * height }

    @inlinable public static func + (a: Size, b: Size) -> Size {
        Size(width: a.width + b.width, height: a.height + b.height)
    }
    @inlinable public static func - (a: Size, b: Size) -> Size {
        Size(width: a.width - b.width, height: a.height - b.height)
    }
    @inlinable public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
}

extension Size: CustomStringConvertible {
    public var description: String { "\(width)×\(height)" }
}
