/// An easing curve: maps an input progress (the fraction of an iteration's time elapsed, 0…1) to an output
/// progress (the fraction of the change applied).
///
/// The iOS named curves and the CSS keywords are the same four Bézier curves:
///
/// | iOS (`CAMediaTimingFunctionName`) | CSS | control points |
/// |---|---|---|
/// | `.default` | `ease` | (0.25, 0.1, 0.25, 1) |
/// | `.easeIn` | `ease-in` | (0.42, 0, 1, 1) |
/// | `.easeOut` | `ease-out` | (0, 0, 0.58, 1) |
/// | `.easeInEaseOut` | `ease-in-out` | (0.42, 0, 0.58, 1) |
///
/// Steps follow CSS Easing Level 1, including the Web Animations "before flag". Specs in CSS syntax are read by
/// `init(parsing:)` and written by `cssText`.
public enum TimingFunction: Sendable, Hashable, CustomStringConvertible {
    /// Output progress equals input progress.
    case linear
    /// A cubic Bézier curve; `CubicBezier`'s initializer validates the control points.
    case cubicBezier(CubicBezier)
    /// `count` equal steps with jumps at `position`. Build it with `steps(_:_:)`, which checks that count ≥ 1
    /// (≥ 2 for `.jumpNone`); a case built directly with a smaller count evaluates as if it had that minimum.
    case steps(count: Int, position: StepPosition)

    /// Core Animation's default curve, `kCAMediaTimingFunctionDefault`: cubic-bezier(0.25, 0.1, 0.25, 1), the same
    /// curve as CSS `ease`.
    public static let `default` = TimingFunction.cubicBezier(.ease)
    /// `kCAMediaTimingFunctionEaseIn` = CSS `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = TimingFunction.cubicBezier(.easeIn)
    /// `kCAMediaTimingFunctionEaseOut` = CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = TimingFunction.cubicBezier(.easeOut)
    /// `kCAMediaTimingFunctionEaseInEaseOut` = CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction.cubicBezier(.easeInOut)
    /// CSS `ease`; the same curve as `.default`.
    public static let ease = TimingFunction.default
    /// CSS `step-start` = `steps(1, jump-start)`: jumps to the end value immediately.
    public static let stepStart = TimingFunction.steps(count: 1, position: .jumpStart)
    /// CSS `step-end` = `steps(1, jump-end)`: holds the start value until the end.
    public static let stepEnd = TimingFunction.steps(count: 1, position: .jumpEnd)

    /// `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: `TimingFunctionError` when a coordinate is not finite or x1 or x2 is outside 0…1.
    public static func cubicBezier(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) throws(TimingFunctionError) -> TimingFunction {
        .cubicBezier(try CubicBezier(x1, y1, x2, y2))
    }

    /// `steps(count, position)`; the position defaults to `.jumpEnd` as in CSS.
    ///
    /// - Throws: `TimingFunctionError` when count < 1, or count < 2 with `.jumpNone`.
    public static func steps(_ count: Int, _ position: StepPosition = .jumpEnd) throws(TimingFunctionError)
        -> TimingFunction
    {
        guard count >= position.minimumStepCount else {
            let rule =
                position == .jumpNone
                ? "steps(n, jump-none) needs n ≥ 2, because with one step it would never move"
                : "the number of steps must be a whole number ≥ 1"
            throw TimingFunctionError(message: "steps count \(count) is too small: \(rule)")
        }
        return .steps(count: count, position: position)
    }

    /// The output progress at `progress` (the input progress, normally 0…1), with the before flag clear.
    ///
    /// Linear returns the input; Bézier curves extrapolate along their end tangents outside 0…1 and are exact at
    /// 0 and 1; steps clamp to their first and last values. Does not allocate.
    public func value(at progress: Double) -> Double {
        value(at: progress, beforeFlag: false)
    }

    /// The output progress at `progress`, where `beforeFlag` is Web Animations' before flag: set when the animation
    /// is in its before phase going forwards (or its after phase going backwards; see `MediaTiming.State`).
    /// Only steps use it: at an exact step boundary with the flag set they take the lower step, so
    /// `steps(4, jump-start)` gives 0 (not 0.25) at 0 while filling backwards. Other curves ignore it.
    public func value(at progress: Double, beforeFlag: Bool) -> Double {
        switch self {
        case .linear:
            return progress
        case .cubicBezier(let curve):
            return curve.value(at: progress)
        case .steps(let count, let position):
            return Self.stepValue(progress, count: count, position: position, beforeFlag: beforeFlag)
        }
    }

    /// CSS Easing Level 1, "the step easing function", computed in Double so that nothing can overflow or trap.
    private static func stepValue(_ input: Double, count: Int, position: StepPosition, beforeFlag: Bool) -> Double {
        guard !input.isNaN else { return .nan }
        let steps = Double(max(count, position.minimumStepCount))
        var currentStep = (input * steps).rounded(.down)
        if position == .jumpStart || position == .jumpBoth {
            currentStep += 1
        }
        if beforeFlag && (input * steps).rounded(.down) == input * steps {
            currentStep -= 1
        }
        if input >= 0 && currentStep < 0 {
            currentStep = 0
        }
        let jumps = position.jumpCount(steps: steps)
        if input <= 1 && currentStep > jumps {
            currentStep = jumps
        }
        return currentStep / jumps
    }

    /// The CSS form: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` for the four named curves (so the
    /// iOS names print as their CSS equivalents), `cubic-bezier(a, b, c, d)` otherwise, `steps(4)` for jump-end
    /// and `steps(4, jump-start)` for the other positions. `TimingFunction(parsing: f.cssText) == f` for every function the
    /// throwing factories or the parser built.
    public var cssText: String {
        switch self {
        case .linear:
            return "linear"
        case .cubicBezier(.ease): return "ease"
        case .cubicBezier(.easeIn): return "ease-in"
        case .cubicBezier(.easeOut): return "ease-out"
        case .cubicBezier(.easeInOut): return "ease-in-out"
        case .cubicBezier(let curve): return curve.cssText
        case .steps(let count, .jumpEnd):
            return "steps(\(count))"
        case .steps(let count, let position):
            return "steps(\(count), \(position.cssKeyword))"
        }
    }

    public var description: String { cssText }
}
