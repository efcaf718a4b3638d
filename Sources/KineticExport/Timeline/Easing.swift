/// How a segment of a ``Track`` goes from its start value to its end value: the easing of one keyframe
/// interval, as Lottie, SMIL and CSS write it.
enum Easing: Sendable, Hashable {
    /// The start value until the segment ends.
    case hold
    /// Straight interpolation.
    case linear
    /// A cubic Bézier timing curve from (0, 0) to (1, 1) through (x1, y1) and (x2, y2): x is the fraction of the
    /// segment's time, y the fraction of the change; x1 and x2 in 0…1.
    case bezier(Double, Double, Double, Double)

    /// The fraction of the change at time fraction `u` (0…1). A hold gives 0 before the end.
    func fraction(at u: Double) -> Double {
        switch self {
        case .hold: return u >= 1 ? 1 : 0
        case .linear: return u
        case .bezier(let x1, let y1, let x2, let y2):
            if u <= 0 { return 0 }
            if u >= 1 { return 1 }
            let s = Self.parameter(forX: u, x1, x2)
            return Self.cubic(s, y1, y2)
        }
    }

    /// The easing played backwards in time: c'(w) = 1 − c(1 − w).
    var reversed: Easing {
        switch self {
        case .hold, .linear: return self
        case .bezier(let x1, let y1, let x2, let y2): return .bezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
        }
    }

    /// The part of the easing between time fractions `a` and `b` (0 ≤ a < b ≤ 1), renormalised to run from
    /// (0, 0) to (1, 1), with the fractions of the change reached at `a` and `b`; nil when the part changes too
    /// little to renormalise (it is then nearly flat and should be sampled) or leaves the Bézier x range.
    func part(from a: Double, to b: Double) -> (easing: Easing, start: Double, end: Double)? {
        guard a < b else { return nil }
        switch self {
        case .hold:
            return (.hold, 0, 0)
        case .linear:
            return (.linear, a, b)
        case .bezier(let x1, let y1, let x2, let y2):
            let sa = a <= 0 ? 0 : Self.parameter(forX: a, x1, x2)
            let sb = b >= 1 ? 1 : Self.parameter(forX: b, x1, x2)
            let p = Self.split(
                [(0, 0), (x1, y1), (x2, y2), (1, 1)], from: sa, to: sb)
            let dx = p[3].0 - p[0].0
            let dy = p[3].1 - p[0].1
            guard dx > 1e-12, abs(dy) > 1e-9 else { return nil }
            var nx1 = (p[1].0 - p[0].0) / dx
            var nx2 = (p[2].0 - p[0].0) / dx
            guard nx1 > -1e-9, nx1 < 1 + 1e-9, nx2 > -1e-9, nx2 < 1 + 1e-9 else { return nil }
            nx1 = min(max(nx1, 0), 1)
            nx2 = min(max(nx2, 0), 1)
            let ny1 = (p[1].1 - p[0].1) / dy
            let ny2 = (p[2].1 - p[0].1) / dy
            return (.bezier(nx1, ny1, nx2, ny2), p[0].1, p[3].1)
        }
    }

    /// The lowest and highest fractions of the change the easing reaches (0 and 1 unless it overshoots).
    var range: (low: Double, high: Double) {
        guard case .bezier(_, let y1, _, let y2) = self else { return (0, 1) }
        var low = 0.0
        var high = 1.0
        for step in 1..<64 {
            let y = Self.cubic(Double(step) / 64, y1, y2)
            low = min(low, y)
            high = max(high, y)
        }
        return (low, high)
    }

    /// Bernstein cubic with end values 0 and 1 and inner control values c1, c2.
    static func cubic(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// The curve parameter whose x is `x` (x(s) is non-decreasing for x1, x2 in 0…1): Newton's method with a
    /// bisection fallback, to 1e-12.
    static func parameter(forX x: Double, _ x1: Double, _ x2: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let value = cubic(s, x1, x2) - x
            if abs(value) < 1e-12 { return s }
            let u = 1 - s
            let slope = 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
            guard abs(slope) > 1e-9 else { break }
            let next = s - value / slope
            guard next >= 0, next <= 1 else { break }
            s = next
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<60 {
            let value = cubic(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// The control points of the part of a cubic Bézier between parameters `a` and `b` (de Casteljau twice).
    static func split(_ p: [(Double, Double)], from a: Double, to b: Double) -> [(Double, Double)] {
        func lerp(_ u: (Double, Double), _ v: (Double, Double), _ t: Double) -> (Double, Double) {
            (u.0 + (v.0 - u.0) * t, u.1 + (v.1 - u.1) * t)
        }
        // Right part from a: [B(a), …, p3].
        func right(_ q: [(Double, Double)], _ t: Double) -> [(Double, Double)] {
            let q01 = lerp(q[0], q[1], t)
            let q12 = lerp(q[1], q[2], t)
            let q23 = lerp(q[2], q[3], t)
            let q012 = lerp(q01, q12, t)
            let q123 = lerp(q12, q23, t)
            return [lerp(q012, q123, t), q123, q23, q[3]]
        }
        func left(_ q: [(Double, Double)], _ t: Double) -> [(Double, Double)] {
            let q01 = lerp(q[0], q[1], t)
            let q12 = lerp(q[1], q[2], t)
            let q23 = lerp(q[2], q[3], t)
            let q012 = lerp(q01, q12, t)
            let q123 = lerp(q12, q23, t)
            return [q[0], q01, q012, lerp(q012, q123, t)]
        }
        let tail = a > 0 ? right(p, a) : p
        guard b < 1 else { return tail }
        let local = a < 1 ? (b - a) / (1 - a) : 1
        return left(tail, local)
    }
}
