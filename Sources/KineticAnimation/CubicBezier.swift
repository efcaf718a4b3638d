/// A CSS / Core Animation cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2).
///
/// The curve maps an input progress x (time) to an output progress y (value). Both x coordinates must lie in
/// 0…1, which keeps x(t) non-decreasing in the curve parameter t, so every x has exactly one y; the y coordinates
/// may leave 0…1 (overshoot, anticipation). The polynomial coefficients are computed once in the initializer;
/// `value(at:)` solves x(t) = x by Newton's method with a bisection fallback, to `CubicBezier.xTolerance` (1e-12)
/// in x, without allocating.
public struct CubicBezier: Sendable, Hashable, CustomStringConvertible {
    /// The first control point's x, in 0…1.
    public let x1: Double
    /// The first control point's y, any finite number.
    public let y1: Double
    /// The second control point's x, in 0…1.
    public let x2: Double
    /// The second control point's y, any finite number.
    public let y2: Double

    // Power-basis coefficients: x(t) = ((ax·t + bx)·t + cx)·t and y(t) likewise.
    private let ax: Double
    private let bx: Double
    private let cx: Double
    private let ay: Double
    private let by: Double
    private let cy: Double
    // Slopes of the straight lines CSS uses outside 0…1 (the tangents at the end points).
    private let slopeBeforeStart: Double
    private let slopeAfterEnd: Double
    /// The curve's place among the named curves with tables of starting points (``CubicBezierStarts``), or −1.
    let namedIndex: Int8

    /// CSS `ease`, Core Animation's default curve: (0.25, 0.1, 0.25, 1).
    public static let ease = CubicBezier(validatedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// CSS `ease-in`, Core Animation's easeIn: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(validatedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// CSS `ease-out`, Core Animation's easeOut: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(validatedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// CSS `ease-in-out`, Core Animation's easeInEaseOut: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(validatedX1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The largest |x(t) − x| the solver leaves, in units of input progress. Issue 2 asks for 1e-7; we go further.
    public static let xTolerance = 1e-12

    /// Creates the curve `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: `TimingFunctionError` when a coordinate is NaN or infinite, when x1 or x2 is outside 0…1, or when
    ///   |y1| or |y2| exceeds ``maximumY``.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingFunctionError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw TimingFunctionError(
                message: "cubic-bezier \(name) = \(value) is not a finite number: "
                    + "give all four control point coordinates as finite numbers")
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
            throw TimingFunctionError(
                message: "cubic-bezier \(name) = \(Self.cssNumber(value)) is outside 0…1: "
                    + "the x coordinates of both control points must be in [0, 1]")
        }
        for (name, value) in [("y1", y1), ("y2", y2)] where abs(value) > Self.maximumY {
            throw TimingFunctionError(
                message: "cubic-bezier \(name) = \(Self.cssNumber(value)) is beyond ±1000000: the y coordinates of "
                    + "the control points must be within ±10⁶ (a curve that overshoots further cannot be evaluated)")
        }
        self.init(validatedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The largest |y1| and |y2| accepted: 10⁶. CSS sets no limit, but beyond it the polynomial's terms overflow
    /// or lose every digit, and no real animation overshoots a million times its distance.
    public static let maximumY = 1e6

    /// Creates a curve from coordinates the caller has already checked (finite, x in 0…1).
    init(validatedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        // CSS Easing 1: before 0 the tangent through P0 and P1 (or P2 when x1 = 0), else flat.
        if x1 > 0 {
            slopeBeforeStart = y1 / x1
        } else if x2 > 0 {
            slopeBeforeStart = y2 / x2
        } else {
            slopeBeforeStart = 0
        }
        // After 1 the tangent through P2 and P3 (or P1 when x2 = 1), else flat.
        if x2 < 1 {
            slopeAfterEnd = (y2 - 1) / (x2 - 1)
        } else if x1 < 1 {
            slopeAfterEnd = (y1 - 1) / (x1 - 1)
        } else {
            slopeAfterEnd = 0
        }
        namedIndex = CubicBezierStarts.index(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The output progress at input progress `x`: y(t) where x(t) = x. Exactly 0 at 0 and 1 at 1. Outside 0…1 it
    /// extrapolates along the end tangents as CSS does. NaN gives NaN. Does not allocate.
    public func value(at x: Double) -> Double {
        if x > 0 && x < 1 {
            return y(atParameter: parameter(forX: x))
        }
        if x <= 0 {
            return x == 0 ? 0 : slopeBeforeStart * x
        }
        if x >= 1 {
            return x == 1 ? 1 : 1 + slopeAfterEnd * (x - 1)
        }
        return .nan
    }

    /// The curve parameter t in 0…1 with |x(t) − x| ≤ `xTolerance`, for an input progress x; inputs below 0 give 0,
    /// above 1 give 1, NaN gives NaN. Non-decreasing in x to within that tolerance (two inputs closer than it may
    /// come out in either order).
    public func parameter(forX x: Double) -> Double {
        guard x > 0 else { return x.isNaN ? .nan : 0 }
        guard x < 1 else { return 1 }
        return parameter(forX: x, from: CubicBezierStarts.named(self)?.start(forX: x) ?? x)
    }

    /// The parameter t in 0…1 where x(t) = `x` (in (0, 1)), solved by Newton's method from `start`: converges in
    /// a few steps unless the slope dx/dt nearly vanishes, and falls back to bisection.
    func parameter(forX x: Double, from start: Double) -> Double {
        var t = start
        for _ in 0..<8 {
            let error = self.x(atParameter: t) - x
            if abs(error) <= Self.xTolerance { return t }
            let slope = xSlope(atParameter: t)
            guard abs(slope) > 1e-7 else { break }
            t -= error / slope
            guard t >= 0 && t <= 1 else { break }
        }
        // Bisection: x(t) is non-decreasing on 0…1 (x1, x2 in 0…1), so it always converges.
        var low = 0.0
        var high = 1.0
        t = 0.5
        for _ in 0..<80 {
            let sample = self.x(atParameter: t)
            if abs(sample - x) <= Self.xTolerance { return t }
            if sample < x { low = t } else { high = t }
            let middle = 0.5 * (low + high)
            if middle == t { break }
            t = middle
        }
        return t
    }

    /// x(t), the input progress at curve parameter t (0…1).
    public func x(atParameter t: Double) -> Double {
        ((ax * t + bx) * t + cx) * t
    }

    /// y(t), the output progress at curve parameter t (0…1).
    public func y(atParameter t: Double) -> Double {
        ((ay * t + by) * t + cy) * t
    }

    /// dx/dt at curve parameter t.
    func xSlope(atParameter t: Double) -> Double {
        (3 * ax * t + 2 * bx) * t + cx
    }

    /// The CSS form, `cubic-bezier(0.25, 0.1, 0.25, 1)`: whole numbers without a decimal point, other numbers in
    /// the shortest form that reads back to the same Double.
    public var cssText: String {
        "cubic-bezier(\(Self.cssNumber(x1)), \(Self.cssNumber(y1)), \(Self.cssNumber(x2)), \(Self.cssNumber(y2)))"
    }

    public var description: String { cssText }

    /// Equal when the four control point coordinates are equal (the coefficients follow from them).
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    /// A CSS <number> for a finite Double: "1" rather than "1.0", "-0.55", "1e-05".
    static func cssNumber(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
