import KineticAnimation
import KineticCore

/// One pass of an animation as keys in an exported property's units: the ``KeyframeDescription`` of the
/// animation with its values mapped to vectors.
struct PassKeys: Sendable, Hashable {
    struct Key: Sendable, Hashable {
        /// Progress in the pass, 0…1.
        var progress: Double
        var value: [Double]
        /// To the next key.
        var easing: Easing
    }

    /// At least one key, progress from 0 to 1.
    var keys: [Key]

    /// The value at `progress` (clamped to 0…1): as `KeyframeAnimation` evaluates, a key time belonging to the
    /// segment that starts there.
    func value(at progress: Double) -> [Double] {
        guard let first = keys.first, let last = keys.last else { return [] }
        if progress >= 1 { return last.value }
        if progress <= first.progress { return first.value }
        var index = 0
        for (i, key) in keys.enumerated() where key.progress <= progress { index = i }
        guard index + 1 < keys.count else { return keys[index].value }
        let a = keys[index]
        let b = keys[index + 1]
        let length = b.progress - a.progress
        guard length > 0 else { return b.value }
        let f = a.easing.fraction(at: (progress - a.progress) / length)
        if case .hold = a.easing { return a.value }
        return zip(a.value, b.value).map { $0 + ($1 - $0) * f }
    }
}

/// Unrolls Core Animation timing exactly: the segments an animation shows over an interval of its parent's
/// time, from its pass keys and its `MediaTiming` (begin time, speed — negative too —, time offset, repeat count
/// and duration, autoreverses, fill modes).
///
/// Inside the active interval the pass progress is a piecewise linear function of parent time: it breaks where
/// the local time crosses a pass boundary (a multiple of the duration) or wraps (the time offset). Each linear
/// piece plays part of the pass keys forwards or backwards; the part of an eased key segment is an eased segment
/// (`Easing.part`). While filling, the state does not change: a hold.
enum TimingUnroller {
    /// The most pass boundaries unrolled in one interval; beyond it (a 1 ms animation repeated for minutes) the
    /// property is sampled instead.
    static let maximumPieces = 20_000

    /// The segments of `keys` under `timing` from `start` to `end` parent seconds, or nil when they cannot be
    /// written exactly. The animation must be applied throughout (`timing.state(at:)` non-nil inside).
    static func segments(of keys: PassKeys, timing: MediaTiming, from start: Double, to end: Double) -> [Segment]? {
        guard end > start else { return [] }
        var cuts = [start, end]
        // Phase boundaries: the begin time and the end of the active interval.
        let activeEnd = timing.beginTime + timing.activeDurationInParentTime
        for t in [timing.beginTime, activeEnd] where t > start && t < end { cuts.append(t) }
        // Pass boundaries and wraps inside the active interval.
        if timing.speed != 0, timing.speed.isFinite {
            let activeStart = max(start, timing.beginTime)
            let activeStop = min(end, activeEnd)
            if activeStop > activeStart {
                guard let inner = passBoundaries(timing: timing, from: activeStart, to: activeStop) else { return nil }
                cuts += inner
            }
        }
        cuts.sort()
        var result: [Segment] = []
        var previous = start
        for cut in cuts.dropFirst() where cut > previous {
            defer { previous = cut }
            let middle = (previous + cut) / 2
            guard let state = timing.state(at: middle) else { return nil }
            if state.phase != .active || timing.speed == 0 {
                let value = keys.value(at: state.progress)
                result.append(Segment(start: previous, end: cut, from: value, to: value, easing: .hold))
                continue
            }
            let slope = (state.isReversing ? -1.0 : 1.0) * timing.speed / timing.effectiveDuration
            let pa = min(max(state.progress + slope * (previous - middle), 0), 1)
            let pb = min(max(state.progress + slope * (cut - middle), 0), 1)
            guard let piece = play(keys, fromProgress: pa, toProgress: pb, start: previous, end: cut) else {
                return nil
            }
            result += piece
        }
        return result
    }

    /// Parent times inside (start, end) where the local time crosses a multiple of the duration or wraps around
    /// the active duration; nil when there are more than `maximumPieces`.
    private static func passBoundaries(timing: MediaTiming, from start: Double, to end: Double) -> [Double]? {
        let d = timing.effectiveDuration
        let active = timing.activeDuration
        let period = active.isFinite ? active : timing.repeatLength
        let l0 = timing.localTime(at: start)
        let l1 = timing.localTime(at: end)
        let low = min(l0, l1)
        let high = max(l0, l1)
        guard (high - low) / d < Double(maximumPieces), (high - low) / period < Double(maximumPieces) else {
            return nil
        }
        var result: [Double] = []
        let firstWrap = (low / period).rounded(.down)
        let lastWrap = (high / period).rounded(.down)
        var m = firstWrap
        while m <= lastWrap {
            var k = 0.0
            while k * d < period {
                let x = m * period + k * d
                if x > low && x < high { result.append(timing.beginTime + (x - timing.timeOffset) / timing.speed) }
                k += 1
            }
            if result.count > maximumPieces { return nil }
            m += 1
        }
        return result
    }

    /// The keys from progress `pa` to `pb` (either order) played over `start`…`end` seconds, progress linear in
    /// time.
    static func play(_ keys: PassKeys, fromProgress pa: Double, toProgress pb: Double, start: Double, end: Double)
        -> [Segment]?
    {
        if pa == pb {
            let value = keys.value(at: pa)
            return [Segment(start: start, end: end, from: value, to: value, easing: .hold)]
        }
        let forward = pb > pa
        let low = min(pa, pb)
        let high = max(pa, pb)
        func time(_ p: Double) -> Double { start + (p - pa) / (pb - pa) * (end - start) }
        var pieces: [Segment] = []
        for i in 0..<max(keys.keys.count - 1, 0) {
            let a = keys.keys[i]
            let b = keys.keys[i + 1]
            let q0 = max(a.progress, low)
            let q1 = min(b.progress, high)
            guard q1 > q0, b.progress > a.progress else { continue }
            // The key segment over its own progress, then the part that plays.
            let whole = Segment(start: a.progress, end: b.progress, from: a.value, to: b.value, easing: a.easing)
            guard var part = q0 == a.progress && q1 == b.progress ? whole : whole.part(from: q0, to: q1) else {
                return nil
            }
            if forward {
                part.start = time(q0)
                part.end = time(q1)
            } else {
                // Backwards in time: from the value at q1 to the value at q0, the easing reversed; a hold keeps
                // showing the key's value.
                let reversed = Segment(
                    start: time(q1), end: time(q0), from: part.easing == .hold ? part.from : part.to,
                    to: part.from, easing: part.easing.reversed)
                part = reversed
            }
            pieces.append(part)
        }
        if !forward { pieces.reverse() }
        if pieces.isEmpty {
            let value = keys.value(at: pa)
            return [Segment(start: start, end: end, from: value, to: value, easing: .hold)]
        }
        // Progress beyond the last key (none: keys end at 1) or before the first (keys start at 0) is covered;
        // make the pieces tile start…end exactly.
        pieces[0].start = start
        pieces[pieces.count - 1].end = end
        return pieces
    }
}
