import KineticCore

/// Turning frame durations in seconds into what each format can store, without drift.
enum FrameTiming {
    /// The longest clip an encoder takes, in seconds: a day. Every figure derived from a clip's times (GIF's
    /// centiseconds, a video's frame numbers) stays far inside `Int`, and a mistyped duration cannot make a GIF
    /// of billions of continuation images or an ffmpeg run of billions of frames.
    static let longestClip: MediaTime = 86_400

    /// The fraction num/den closest to `seconds` with both terms in 1…`limit` (APNG's fcTL delay fields are
    /// 16-bit): 1/30 s gives 1/30 exactly; 0.1 s gives 1/10. Durations shorter than 1/`limit` s give 1/`limit`;
    /// longer than `limit` s give `limit`/1.
    static func rational(_ seconds: Double, limit: Int = 65_535) -> (numerator: Int, denominator: Int) {
        guard seconds.isFinite, seconds * Double(limit) > 1 else { return (1, limit) }
        guard seconds < Double(limit) else { return (limit, 1) }
        // Continued fraction convergents p/q, with the best semiconvergent when the next one is out of bounds.
        var (p0, q0, p1, q1) = (0, 1, 1, 0)
        var value = seconds
        while true {
            let whole = value.rounded(.down)
            let a = Int(whole)
            let p2 = a * p1 + p0
            let q2 = a * q1 + q0
            if p2 > limit || q2 > limit {
                let kp = p1 > 0 ? (limit - p0) / p1 : Int.max
                let kq = q1 > 0 ? (limit - q0) / q1 : Int.max
                let k = min(kp, kq)
                let candidate = (k * p1 + p0, k * q1 + q0)
                guard q1 > 0 else { return candidate }
                guard candidate.1 > 0, candidate.0 > 0 else { return (p1, q1) }
                let errorCandidate = abs(Double(candidate.0) / Double(candidate.1) - seconds)
                let errorConvergent = abs(Double(p1) / Double(q1) - seconds)
                return errorCandidate < errorConvergent ? candidate : (p1, q1)
            }
            (p0, q0, p1, q1) = (p1, q1, p2, q2)
            let fraction = value - whole
            if fraction < 1e-12 || abs(Double(p1) / Double(q1) - seconds) < 1e-15 * seconds { return (p1, q1) }
            value = 1 / fraction
        }
    }

    /// `time` in seconds as whole centiseconds, rounded to nearest: the GIF schedule is built from these
    /// rounded cumulative times, so each frame's delay is the difference of two of them and the total never
    /// drifts more than half a centisecond from the true time (30 fps gives 3, 4, 3, 3, 4, 3, …).
    static func centiseconds(_ time: MediaTime) -> Int {
        Int((time * 100).rounded())
    }
}
