/// Starting points for solving x(t) = x on one cubic Bézier timing curve: t at 65 evenly spaced x from 0 to 1 and
/// the slope dt/dx there, so that a cubic Hermite interpolation between two of them is within about 10⁻⁵ of the
/// solution away from a flat end (x'(t) near 0), and one or two steps of Newton's method bring it within the curve's
/// tolerance. From t = x the same solve takes four or five steps, each a chain of dependent multiplies and a
/// division.
///
/// Kept for the four named curves only (``CubicBezier/ease``, ``CubicBezier/easeIn``, ``CubicBezier/easeOut``,
/// ``CubicBezier/easeInOut``: Core Animation's default and named timing functions, which most animations use), in
/// tables made once (1 KiB a curve), so that ``CubicBezier`` itself does not grow; any other curve starts from
/// t = x. Either way the solve ends only when x(t) is within ``CubicBezier/xTolerance`` of x.
struct CubicBezierStarts: Sendable {
    /// Intervals between the table's x values (65 values from 0 to 1).
    static let intervals = 64

    /// t at x = k / 64, k = 0…64.
    private let parameters: [Double]
    /// dt/dx at those points, times the interval's width (1/64); 0 where x'(t) vanishes.
    private let slopes: [Double]

    /// The table of `curve`, each point solved from t = x (``CubicBezier/parameter(forX:from:)``).
    init(_ curve: CubicBezier) {
        let width = 1 / Double(Self.intervals)
        var parameters: [Double] = []
        var slopes: [Double] = []
        for k in 0...Self.intervals {
            let x = Double(k) * width
            let t = k == 0 ? 0 : (k == Self.intervals ? 1 : curve.parameter(forX: x, from: x))
            let slope = curve.xSlope(atParameter: t)
            parameters.append(t)
            slopes.append(slope > 1e-9 ? width / slope : 0)
        }
        self.parameters = parameters
        self.slopes = slopes
    }

    /// The interpolated t for `x`, which must be inside (0, 1) (``CubicBezier/parameter(forX:)`` answers the rest
    /// itself); within 0…1.
    @inline(__always) func start(forX x: Double) -> Double {
        let scaled = x * Double(Self.intervals)
        // x is inside (0, 1), so the index is 0…63.
        let k = min(max(Int(scaled), 0), Self.intervals - 1)
        let u = scaled - Double(k)
        let u2 = u * u
        let u3 = u2 * u
        let t =
            (2 * u3 - 3 * u2 + 1) * parameters[k] + (u3 - 2 * u2 + u) * slopes[k] + (3 * u2 - 2 * u3)
            * parameters[k + 1] + (u3 - u2) * slopes[k + 1]
        return min(max(t, 0), 1)
    }

    /// The tables of the named curves, made on first use.
    private static let ease = CubicBezierStarts(.ease)
    private static let easeIn = CubicBezierStarts(.easeIn)
    private static let easeOut = CubicBezierStarts(.easeOut)
    private static let easeInOut = CubicBezierStarts(.easeInOut)

    /// The table of `curve` when it is one of the named curves (equal control points), else nil.
    @inline(__always) static func named(_ curve: CubicBezier) -> CubicBezierStarts? {
        if curve == .ease { return ease }
        if curve == .easeInOut { return easeInOut }
        if curve == .easeIn { return easeIn }
        if curve == .easeOut { return easeOut }
        return nil
    }
}
