import KineticCore

/// A damped spring: the closed-form solution of m x″ + c x′ + k (x − target) = 0.
///
/// A `Spring` is a value with its coefficients precomputed; `value(at:…)` and `velocity(at:…)` are pure functions
/// of time, so any frame can be sampled directly (no stepping, no accumulated error).
///
/// The damping ratio ζ = c / (2√(km)) decides the regime:
/// - `undamped` (c = 0): oscillates around the target forever with the natural frequency ω₀ = √(k/m); it never
///   settles (`settlingDuration` returns nil).
/// - `underdamped` (0 < ζ < 1): overshoots and oscillates with the damped frequency ω₀√(1 − ζ²) inside an envelope
///   that decays as e^(−ζω₀t).
/// - `criticallyDamped` (ζ = 1, within 1e-9): the fastest approach without oscillating; overshoots at most once,
///   and only when the initial velocity points past the target.
/// - `overdamped` (ζ > 1): creeps towards the target, slower as ζ grows; also overshoots at most once.
///
/// Build one from Core Animation's physical parameters (`init(mass:stiffness:damping:)`, defaults 1, 100, 10 as
/// `CASpringAnimation`), from SwiftUI's `init(response:dampingFraction:)` or from SwiftUI's perceptual
/// `init(duration:bounce:)`. Times are seconds; velocities are value units per second.
public struct Spring: Sendable, Hashable {
    /// Which kind of motion the spring makes; see the type's documentation.
    public enum Regime: String, Sendable, Hashable, CaseIterable {
        case undamped, underdamped, criticallyDamped, overdamped
    }

    /// The moving mass, > 0. Default 1.
    public let mass: Double
    /// The spring constant k, > 0. Default 100.
    public let stiffness: Double
    /// The damping coefficient c, ≥ 0. Default 10.
    public let damping: Double
    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    public let naturalFrequency: Double
    /// ζ = c / (2√(km)): 0 undamped, < 1 underdamped, 1 critically damped, > 1 overdamped.
    public let dampingRatio: Double
    /// The regime that `dampingRatio` selects.
    public let regime: Regime
    /// α = c / 2m, the exponential decay rate of the motion's envelope, in 1/s.
    @usableFromInline let decayRate: Double
    /// ω_d = ω₀√(1 − ζ²) when underdamped, β = ω₀√(ζ² − 1) when overdamped, 0 when critically damped.
    @usableFromInline let modeFrequency: Double

    /// Core Animation's `CASpringAnimation` defaults: mass 1, stiffness 100, damping 10 (ζ = 0.5).
    public static let `default` = Spring(validatedMass: 1, stiffness: 100, damping: 10)
    /// SwiftUI's `.smooth`: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = Spring(validatedDuration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = Spring(validatedDuration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = Spring(validatedDuration: 0.5, bounce: 0.3)

    /// A spring from physical parameters, as `CASpringAnimation`.
    ///
    /// - Parameters:
    ///   - mass: The moving mass, finite and > 0. Default 1.
    ///   - stiffness: The spring constant, finite and > 0. Default 100.
    ///   - damping: The damping coefficient, finite and ≥ 0 (0 makes an undamped spring). Default 10.
    /// - Throws: `AnimationError` naming the invalid parameter.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(AnimationError) {
        try Spring.require(mass, "mass", "1", positive: true)
        try Spring.require(stiffness, "stiffness", "100", positive: true)
        try Spring.require(damping, "damping", "10", positive: false)
        self.init(validatedMass: mass, stiffness: stiffness, damping: damping)
        try checkFrequencies()
    }

    /// A spring from SwiftUI's response and damping fraction: k = m(2π/response)², c = 4πm·dampingFraction/response.
    ///
    /// - Parameters:
    ///   - response: The period of the undamped oscillation in seconds, finite and > 0. (SwiftUI's
    ///     `.spring(response:dampingFraction:)` defaults to 0.5; its older `.spring()` used 0.55.)
    ///   - dampingFraction: The damping ratio ζ, finite and ≥ 0: 0 undamped, 1 critically damped, > 1 overdamped.
    ///     SwiftUI's default is 0.825.
    ///   - mass: The moving mass, finite and > 0. Default 1. It scales k and c without changing the motion.
    /// - Throws: `AnimationError` naming the invalid parameter.
    public init(response: Double, dampingFraction: Double, mass: Double = 1) throws(AnimationError) {
        try Spring.require(response, "response", "0.5 s", positive: true)
        try Spring.require(dampingFraction, "dampingFraction", "0.825", positive: false)
        try Spring.require(mass, "mass", "1", positive: true)
        let omega = 2 * Double.pi / response
        self.init(
            validatedMass: mass, stiffness: mass * omega * omega,
            damping: 4 * Double.pi * mass * dampingFraction / response)
        try checkFrequencies()
    }

    /// A spring from SwiftUI's perceptual duration and bounce.
    ///
    /// The damping ratio is ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) below; then k = m(2π/duration)² and
    /// c = 4πmζ/duration, as `init(response:dampingFraction:)` with response = duration.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds, finite and > 0 (SwiftUI's default is 0.5, `Spring.smooth`).
    ///   - bounce: How bouncy the spring is, in SwiftUI's range: greater than −1 and at most 1. 0 (default) is
    ///     critically damped, 1 undamped, negative values overdamped (−1 itself would be infinitely damped).
    ///   - mass: The moving mass, finite and > 0. Default 1.
    /// - Throws: `AnimationError` naming the invalid parameter.
    public init(duration: Double, bounce: Double = 0, mass: Double = 1) throws(AnimationError) {
        try Spring.require(duration, "duration", "0.5 s", positive: true)
        try Spring.require(mass, "mass", "1", positive: true)
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw AnimationError(
                "spring bounce must be greater than -1 and at most 1 (got \(bounce)); 0 is critically damped, "
                    + "1 undamped, negative values overdamped")
        }
        self.init(validatedDuration: duration, bounce: bounce, mass: mass)
        try checkFrequencies()
    }

    /// The period of the undamped oscillation, 2π/ω₀, in seconds: SwiftUI's `response` (and `duration`).
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's bounce for this damping ratio: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when overdamped (in −1…1).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    // MARK: Motion

    /// The position at `time` seconds of a spring released at `from` with `initialVelocity` towards `to`.
    ///
    /// Times before 0 give `from`. Velocities are in value units per second.
    @inlinable
    public func value(at time: MediaTime, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) -> Double {
        let b = basis(at: time)
        return to + (from - to) * b.position + initialVelocity * b.positionPerVelocity
    }

    /// The velocity (value units per second) at `time` seconds of the motion `value(at:from:to:initialVelocity:)`.
    @inlinable
    public func velocity(at time: MediaTime, from: Double = 0, to: Double = 1, initialVelocity: Double = 0) -> Double {
        let b = basis(at: time)
        return (from - to) * b.velocity + initialVelocity * b.velocityPerVelocity
    }

    /// The four unit responses at `time`, from which any motion of this spring (in any number of dimensions) is
    /// a linear combination: with displacement d = from − to and initial velocity v₀,
    /// x(t) = to + d·position + v₀·positionPerVelocity and x′(t) = d·velocity + v₀·velocityPerVelocity.
    public struct Basis: Sendable, Hashable {
        /// The displacement at t of a unit initial displacement released at rest.
        public var position: Double
        /// The displacement at t of a unit initial velocity started at the target.
        public var positionPerVelocity: Double
        /// The velocity at t of a unit initial displacement released at rest.
        public var velocity: Double
        /// The velocity at t of a unit initial velocity started at the target.
        public var velocityPerVelocity: Double

        @inlinable init(position: Double, positionPerVelocity: Double, velocity: Double, velocityPerVelocity: Double) {
            self.position = position
            self.positionPerVelocity = positionPerVelocity
            self.velocity = velocity
            self.velocityPerVelocity = velocityPerVelocity
        }
    }

    /// The unit responses at `time` seconds (times before 0 count as 0). One exponential and one sine/cosine pair.
    @inlinable
    public func basis(at time: MediaTime) -> Basis {
        let t = time > 0 ? time : 0
        let (eC, eS) = envelopeTerms(at: t)
        let alpha = decayRate
        return Basis(
            position: eC + alpha * eS, positionPerVelocity: eS,
            velocity: -naturalFrequency * naturalFrequency * eS, velocityPerVelocity: eC - alpha * eS)
    }

    /// e^(−αt)·C(t) and e^(−αt)·S(t), where C and S solve C′ = κS, S′ = C with C(0) = 1, S(0) = 0:
    /// cos and sin(ωt)/ω (κ = −ω²) underdamped, 1 and t critically damped, cosh and sinh(βt)/β overdamped.
    @inlinable
    func envelopeTerms(at t: Double) -> (Double, Double) {
        switch regime {
        case .undamped, .underdamped:
            let e = decayRate == 0 ? 1 : exponential(-decayRate * t)
            // KineticCore's sineCosine: both at once, a few ulps, about a quarter of the cost of libm's sin + cos.
            let (sine, cosine) = sineCosine(modeFrequency * t)
            return (e * cosine, e * sine / modeFrequency)
        case .criticallyDamped:
            let e = exponential(-decayRate * t)
            return (e, e * t)
        case .overdamped:
            // e^(−αt)cosh(βt) = (e₁ + e₂)/2 and e^(−αt)sinh(βt)/β = (e₁ − e₂)/2β with e₁,₂ = e^((−α ± β)t);
            // expm1 keeps the difference accurate when βt is small.
            let e1 = exponential((modeFrequency - decayRate) * t)
            let difference = -e1 * exponentialMinusOne(-2 * modeFrequency * t)
            let e2 = e1 - difference
            return ((e1 + e2) / 2, difference / (2 * modeFrequency))
        }
    }

    // MARK: Settling

    /// The time after which the motion stays within `threshold` of `to` for good, in seconds.
    ///
    /// Exact up to about 1e-12 s: found from the solution's extrema and zeros (analytically) and one bounded
    /// bisection, never by stepping through time.
    ///
    /// - Parameters:
    ///   - threshold: The largest distance from `to` that counts as settled, in value units. Default 0.001 (0.1% of
    ///     a move from 0 to 1).
    ///   - velocityThreshold: When finite, the speed must also stay below it (value units per second). Default
    ///     `.infinity`: position only, which is what "settled" means for SciPy's reference and Core Animation.
    ///   - from: The start value. Default 0.
    ///   - to: The target value. Default 1.
    ///   - initialVelocity: The start velocity, in value units per second. Default 0.
    /// - Returns: 0 when the motion starts and stays inside the band; nil when it never settles: an undamped spring
    ///   (damping 0) whose oscillation reaches `threshold` (or `velocityThreshold`), or a threshold that is not
    ///   greater than 0.
    public func settlingDuration(
        threshold: Double = 0.001, velocityThreshold: Double = .infinity, from: Double = 0, to: Double = 1,
        initialVelocity: Double = 0
    ) -> MediaTime? {
        let x0 = from - to
        // Position: e^(−αt)(A·C + B·S) with A = x0, B = αx0 + v0. Velocity: A = v0, B = −(ω₀²x0 + αv0).
        guard let positionTime = lastExcursion(x0, decayRate * x0 + initialVelocity, threshold: threshold) else {
            return nil
        }
        guard velocityThreshold < .infinity else { return positionTime }
        let w2 = naturalFrequency * naturalFrequency
        guard
            let velocityTime = lastExcursion(
                initialVelocity, -(w2 * x0 + decayRate * initialVelocity), threshold: velocityThreshold)
        else { return nil }
        return max(positionTime, velocityTime)
    }

    /// f(t) = e^(−αt)(A·C(t) + B·S(t)): the shape of both the displacement and the velocity.
    func mode(_ a: Double, _ b: Double, at t: Double) -> Double {
        let (eC, eS) = envelopeTerms(at: t)
        return a * eC + b * eS
    }

    /// The last time |f| reaches `threshold` (0 if it never does after 0), or nil if it keeps reaching it forever.
    func lastExcursion(_ a: Double, _ b: Double, threshold: Double) -> MediaTime? {
        guard threshold > 0 else { return nil }  // also rejects NaN
        if a == 0 && b == 0 { return 0 }
        switch regime {
        case .undamped:
            let amplitude = (a * a + (b / modeFrequency) * (b / modeFrequency)).squareRoot()
            return amplitude < threshold ? 0 : nil
        case .underdamped:
            return underdampedExcursion(a, b, threshold: threshold)
        case .criticallyDamped, .overdamped:
            return monotonicPiecesExcursion(a, b, threshold: threshold)
        }
    }

    /// Underdamped: the extrema of f are half a period apart and shrink by e^(−απ/ω) each time, so the last one
    /// at or above the threshold is found with a logarithm; the crossing lies before the next extremum.
    private func underdampedExcursion(_ a: Double, _ b: Double, threshold: Double) -> MediaTime? {
        let omega = modeFrequency
        let halfPeriod = Double.pi / omega
        // f′ ∝ (B − αA)·cos ωt − ((αB + ω²A)/ω)·sin ωt: zero at ωt = atan2(P, Q) + nπ.
        let p = b - decayRate * a
        let q = (decayRate * b + omega * omega * a) / omega
        var theta = atan2Approx(p, q)
        if theta < 0 { theta += Double.pi }
        let firstExtremum = theta / omega
        let firstPeak = abs(mode(a, b, at: firstExtremum))
        guard firstPeak >= threshold else {
            // Every extremum is below the threshold: only the start can be above it.
            return abs(a) < threshold ? 0 : bisectExcursion(a, b, threshold: threshold, 0, firstExtremum)
        }
        var n = (logarithm(firstPeak / threshold) / (decayRate * halfPeriod)).rounded(.down)
        // The logarithm can be one off at the boundary; check against the actual peaks.
        if n > 0 && abs(mode(a, b, at: firstExtremum + n * halfPeriod)) < threshold { n -= 1 }
        if abs(mode(a, b, at: firstExtremum + (n + 1) * halfPeriod)) >= threshold { n += 1 }
        let start = firstExtremum + n * halfPeriod
        return bisectExcursion(a, b, threshold: threshold, start, start + halfPeriod)
    }

    /// Critically and overdamped: f has at most one zero and one extremum, and decays below the threshold by a
    /// closed-form bound T; |f| is monotonic between those points, so scan the pieces from the last.
    private func monotonicPiecesExcursion(_ a: Double, _ b: Double, threshold: Double) -> MediaTime? {
        let alpha = decayRate
        let eulerNumber = exponential(1.0)
        var points: [Double] = []
        let bound: Double
        if regime == .criticallyDamped {
            // f = (A + Bt)e^(−αt) ≤ (|A| + 2|B|/(eα))·e^(−αt/2), since t·e^(−αt/2) ≤ 2/(eα).
            bound = 2 * logarithm((abs(a) + 2 * abs(b) / (eulerNumber * alpha)) / threshold) / alpha
            if b != 0 {
                points.append(-a / b)  // zero
                points.append(1 / alpha - a / b)  // extremum
            }
        } else {
            // f = c₁e^(r₁t) + c₂e^(r₂t), r₁,₂ = −α ± β; |f| ≤ (|c₁| + |c₂|)e^(r₁t).
            let beta = modeFrequency
            let c1 = (a + b / beta) / 2
            let c2 = (a - b / beta) / 2
            let r1 = beta - alpha
            let r2 = -beta - alpha
            bound = logarithm((abs(c1) + abs(c2)) / threshold) / -r1
            if c1 != 0 {
                let zeroRatio = -c2 / c1
                if zeroRatio > 0 { points.append(logarithm(zeroRatio) / (2 * beta)) }
                let extremumRatio = -(c2 * r2) / (c1 * r1)
                if extremumRatio > 0 { points.append(logarithm(extremumRatio) / (2 * beta)) }
            }
        }
        guard bound > 0 else { return 0 }
        let boundaries = [0] + points.filter { $0 > 0 && $0 < bound }.sorted() + [bound]
        for index in stride(from: boundaries.count - 2, through: 0, by: -1) {
            let start = boundaries[index]
            if abs(mode(a, b, at: start)) >= threshold {
                return bisectExcursion(a, b, threshold: threshold, start, boundaries[index + 1])
            }
        }
        return 0
    }

    /// Bisects the boundary between |f| ≥ threshold (at `low`) and |f| < threshold (at `high`): 80 halvings at
    /// most, which reach the spacing of doubles.
    private func bisectExcursion(_ a: Double, _ b: Double, threshold: Double, _ low: Double, _ high: Double) -> Double {
        var low = low
        var high = high
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if abs(mode(a, b, at: middle)) >= threshold { low = middle } else { high = middle }
        }
        return high
    }

    // MARK: Construction

    /// The fastest natural frequency √(k/m) a spring may have, in radians per second: 10⁶ (a period of 6 µs, far
    /// below any frame). Faster springs are numerically meaningless: their phase can no longer be evaluated.
    public static let maximumNaturalFrequency = 1e6

    /// The largest decay rate c/(2m) a spring may have, in 1/s: 10⁹. A more damped spring has stopped before
    /// the first frame.
    public static let maximumDecayRate = 1e9

    /// Throws when the derived coefficients are not usable numbers (parameters that are each finite can still
    /// make ω₀ or the decay rate overflow or exceed what can be evaluated).
    private func checkFrequencies() throws(AnimationError) {
        guard naturalFrequency.isFinite, naturalFrequency > 0, naturalFrequency <= Spring.maximumNaturalFrequency
        else {
            throw AnimationError(
                "spring natural frequency √(stiffness/mass) must be greater than 0 and at most 10⁶ rad/s (got "
                    + "\(naturalFrequency) from stiffness \(stiffness) and mass \(mass))")
        }
        guard decayRate.isFinite, decayRate <= Spring.maximumDecayRate, dampingRatio.isFinite,
            modeFrequency.isFinite
        else {
            throw AnimationError(
                "spring damping/(2 × mass) must be at most 10⁹ per second (got \(decayRate) from damping "
                    + "\(damping) and mass \(mass))")
        }
    }

    private static func require(_ value: Double, _ name: String, _ defaultText: String, positive: Bool)
        throws(AnimationError)
    {
        let valid = value.isFinite && (positive ? value > 0 : value >= 0)
        guard valid else {
            let condition = positive ? "greater than 0" : "at least 0"
            throw AnimationError(
                "spring \(name) must be a finite number \(condition) (got \(value)); the default is \(defaultText)")
        }
    }

    private init(validatedDuration duration: Double, bounce: Double, mass: Double = 1) {
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let omega = 2 * Double.pi / duration
        self.init(
            validatedMass: mass, stiffness: mass * omega * omega, damping: 4 * Double.pi * mass * ratio / duration)
    }

    private init(validatedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        naturalFrequency = omega0
        dampingRatio = zeta
        decayRate = damping / (2 * mass)
        if damping == 0 {
            regime = .undamped
            modeFrequency = omega0
        } else if abs(zeta - 1) <= 1e-9 {
            regime = .criticallyDamped
            modeFrequency = 0
        } else if zeta < 1 {
            regime = .underdamped
            modeFrequency = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
        } else {
            regime = .overdamped
            modeFrequency = omega0 * ((zeta - 1) * (zeta + 1)).squareRoot()
        }
    }
}
