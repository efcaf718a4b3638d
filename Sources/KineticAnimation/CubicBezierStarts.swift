/// Starting points for solving x(t) = x on one cubic Bézier timing curve: t at 65 evenly spaced x from 0 to 1 and
/// the slope dt/dx there, so that a cubic Hermite interpolation between two of them is within about 10⁻⁵ of the
/// solution away from a flat end (x'(t) near 0), and one or two steps of Newton's method bring it within the curve's
/// tolerance. From t = x the same solve takes four or five steps, each a chain of dependent multiplies and a
/// division.
///
/// Kept for the four named curves only (``CubicBezier/ease``, ``CubicBezier/easeIn``, ``CubicBezier/easeOut``,
/// ``CubicBezier/easeInOut``: Core Animation's default and named timing functions, which most animations use), in
/// tables made once (1 KiB a curve), so that ``CubicBezier`` itself holds only their index (`namedIndex`, found
/// when it is made); any other curve starts from t = x. Either way the solve ends only when x(t) is within
/// ``CubicBezier/xTolerance`` of x.
struct CubicBezierStarts: Sendable {
    /// Intervals between the table's x values (65 values from 0 to 1).
    static let intervals = 64

    /// The named curve's place in ``namedCurves``.
    let index: Int

    /// The curves with tables, in table order: ease, ease-in, ease-out, ease-in-out.
    static let namedCurves: [CubicBezier] = [.ease, .easeIn, .easeOut, .easeInOut]

    /// For each named curve in turn, 65 pairs: t at x = k / 64 (k = 0…64), and dt/dx there times the interval's
    /// width (1/64), 0 where x'(t) vanishes. Made on first use, each point solved from t = x
    /// (``CubicBezier/parameter(forX:from:)``).
    private static let points: [SIMD2<Double>] = namedCurves.flatMap(Self.points(of:))

    private static func points(of curve: CubicBezier) -> [SIMD2<Double>] {
        let width = 1 / Double(Self.intervals)
        return (0...Self.intervals).map { k in
            let x = Double(k) * width
            let t = k == 0 ? 0 : (k == Self.intervals ? 1 : curve.parameter(forX: x, from: x))
            let slope = curve.xSlope(atParameter: t)
            return SIMD2(t, slope > 1e-9 ? width / slope : 0)
        }
    }

    /// The place in ``namedCurves`` of the curve with these control points, or −1. Compares the numbers
    /// themselves, so that ``CubicBezier``'s initialiser can ask it for the named curves too.
    static func index(x1: Double, y1: Double, x2: Double, y2: Double) -> Int8 {
        switch (x1, y1, x2, y2) {
        case (0.25, 0.1, 0.25, 1): return 0
        case (0.42, 0, 1, 1): return 1
        case (0, 0, 0.58, 1): return 2
        case (0.42, 0, 0.58, 1): return 3
        default: return -1
        }
    }

    /// The table of `curve` when it is one of the named curves (equal control points), else nil.
    @inline(__always) static func named(_ curve: CubicBezier) -> CubicBezierStarts? {
        curve.namedIndex >= 0 ? CubicBezierStarts(index: Int(curve.namedIndex)) : nil
    }

    /// The interpolated t for `x`, which must be inside (0, 1) (``CubicBezier/parameter(forX:)`` answers the rest
    /// itself); within 0…1.
    @inline(__always) func start(forX x: Double) -> Double {
        let scaled = x * Double(Self.intervals)
        // x is inside (0, 1), so the interval is 0…63.
        let k = min(max(Int(scaled), 0), Self.intervals - 1)
        let u = scaled - Double(k)
        let u2 = u * u
        let u3 = u2 * u
        let low = Self.points[index * (Self.intervals + 1) + k]
        let high = Self.points[index * (Self.intervals + 1) + k + 1]
        let t =
            (2 * u3 - 3 * u2 + 1) * low.x + (u3 - 2 * u2 + u) * low.y + (3 * u2 - 2 * u3) * high.x + (u3 - u2) * high.y
        return min(max(t, 0), 1)
    }
}
