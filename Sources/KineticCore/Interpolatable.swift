/// A value that can be animated: it can be mixed with another value of its type and measured against it.
///
/// `interpolate(from:to:fraction:)` must return `from` at 0 and `to` at 1 and extrapolate outside 0…1 (timing
/// curves with y outside 0…1 and cubic keyframes rely on it). `distance(from:to:)` is used by paced keyframes.
public protocol Interpolatable: Sendable, Equatable {
    /// The value a fraction of the way from `from` to `to`. `fraction` may leave 0…1.
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
    /// A non-negative measure of how far apart two values are (Euclidean for vectors).
    static func distance(from: Self, to: Self) -> Double
}

/// A value in a vector space: what springs and velocity-preserving retargeting need.
///
/// Like SwiftUI's `VectorArithmetic`. Conforming types get a linear `Interpolatable` implementation for free.
public protocol VectorArithmetic: Interpolatable {
    /// The additive identity.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// The value multiplied by a scalar.
    func scaled(by factor: Double) -> Self
    /// The squared Euclidean length.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    @inlinable public static func interpolate(from: Self, to: Self, fraction: Double) -> Self {
        from + (to - from).scaled(by: fraction)
    }
    @inlinable public static func distance(from: Self, to: Self) -> Double {
        (to - from).magnitudeSquared.squareRoot()
    }
}

extension Double: VectorArithmetic {
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    @inlinable public var magnitudeSquared: Double { self * self }
    @inlinable public static func interpolate(from: Double, to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
    @inlinable public static func distance(from: Double, to: Double) -> Double { abs(to - from) }
}

extension Point: VectorArithmetic {
    @inlinable public func scaled(by factor: Double) -> Point { self * factor }
    @inlinable public var magnitudeSquared: Double { x * x + y * y }
}

extension Size: VectorArithmetic {
    @inlinable public func scaled(by factor: Double) -> Size { self * factor }
    @inlinable public var magnitudeSquared: Double { width * width + height * height }
}

extension Rect: VectorArithmetic {
    @inlinable public static func + (a: Rect, b: Rect) -> Rect {
        Rect(origin: a.origin + b.origin, size: a.size + b.size)
    }
    @inlinable public static func - (a: Rect, b: Rect) -> Rect {
        Rect(origin: a.origin - b.origin, size: a.size - b.size)
    }
    @inlinable public func scaled(by factor: Double) -> Rect { Rect(origin: origin * factor, size: size * factor) }
    @inlinable public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}

/// Colours interpolate in premultiplied, gamma-encoded sRGB (`Color.MixingSpace.sRGB`): gamma-encoded like Core
/// Animation and CSS, so an opaque colour change looks as it does on iOS and in a browser; premultiplied like CSS,
/// so animating to `.clear` fades without a dark fringe. Use `Color.mix(_:_:fraction:in: .linearLight)` for
/// physically correct blending.
///
/// As a vector (for springs), a colour is its four premultiplied components.
extension Color: VectorArithmetic {
    public static let zero = Color.clear
    @inlinable public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    @inlinable public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    @inlinable public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
    @inlinable public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
    public static func interpolate(from: Color, to: Color, fraction: Double) -> Color {
        mix(from, to, fraction: fraction, in: .sRGB)
    }
}

/// Transforms interpolate by decomposition (CSS Transforms' rule): translation, scale and shear linearly and the
/// rotation the short way round, so a half-way rotation stays a rotation instead of shrinking through a skew.
extension AffineTransform: Interpolatable {
    public static func interpolate(from: AffineTransform, to: AffineTransform, fraction t: Double) -> AffineTransform {
        let a = from.decomposed
        let b = to.decomposed
        var delta = b.rotation - a.rotation
        if delta > Double.pi { delta -= 2 * Double.pi }
        if delta < -Double.pi { delta += 2 * Double.pi }
        return AffineTransform.Decomposition(
            translation: Point.interpolate(from: a.translation, to: b.translation, fraction: t),
            rotation: a.rotation + delta * t,
            shear: a.shear + (b.shear - a.shear) * t,
            scale: Size.interpolate(from: a.scale, to: b.scale, fraction: t)
        ).transform
    }

    public static func distance(from: AffineTransform, to: AffineTransform) -> Double {
        let d = [from.a - to.a, from.b - to.b, from.c - to.c, from.d - to.d, from.tx - to.tx, from.ty - to.ty]
        return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}

/// Arrays (such as a gradient's `locations`) interpolate element by element when both have the same count;
/// otherwise they switch from one to the other half-way, as Core Animation does with mismatched arrays.
extension Array: Interpolatable where Element: Interpolatable {
    public static func interpolate(from: [Element], to: [Element], fraction: Double) -> [Element] {
        guard from.count == to.count else { return fraction < 0.5 ? from : to }
        var result = from
        for i in result.indices {
            result[i] = Element.interpolate(from: from[i], to: to[i], fraction: fraction)
        }
        return result
    }

    public static func distance(from: [Element], to: [Element]) -> Double {
        guard from.count == to.count else { return from == to ? 0 : 1 }
        var sum = 0.0
        for i in from.indices {
            let d = Element.distance(from: from[i], to: to[i])
            sum += d * d
        }
        return sum.squareRoot()
    }
}

/// Booleans (such as `isHidden`) switch at the half-way point; their distance is 0 or 1.
extension Bool: Interpolatable {
    public static func interpolate(from: Bool, to: Bool, fraction: Double) -> Bool { fraction < 0.5 ? from : to }
    public static func distance(from: Bool, to: Bool) -> Double { from == to ? 0 : 1 }
}

/// Optional values (such as a layer's `backgroundColor` or a gradient's `locations`) interpolate their wrapped
/// values when both ends have one; otherwise they switch half-way.
extension Optional: Interpolatable where Wrapped: Interpolatable {
    public static func interpolate(from: Wrapped?, to: Wrapped?, fraction: Double) -> Wrapped? {
        guard let from, let to else { return fraction < 0.5 ? from : to }
        return Wrapped.interpolate(from: from, to: to, fraction: fraction)
    }

    public static func distance(from: Wrapped?, to: Wrapped?) -> Double {
        guard let from, let to else { return from == nil && to == nil ? 0 : 1 }
        return Wrapped.distance(from: from, to: to)
    }
}
