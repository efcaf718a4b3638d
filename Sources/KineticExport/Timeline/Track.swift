/// One interval of a ``Track``: from `start` to `end` seconds the value goes from `from` to `to` as `easing`
/// says (a hold shows `from` throughout).
struct Segment: Sendable, Hashable {
    var start: Double
    var end: Double
    var from: [Double]
    var to: [Double]
    var easing: Easing

    /// The value at `time` (clamped into the segment).
    func value(at time: Double) -> [Double] {
        let length = end - start
        let u = length > 0 ? min(max((time - start) / length, 0), 1) : 1
        if case .hold = easing { return from }
        let f = easing.fraction(at: u)
        return zip(from, to).map { $0 + ($1 - $0) * f }
    }

    /// The part of the segment between `a` and `b` seconds (start ≤ a < b ≤ end), or nil when it cannot be
    /// written exactly (see `Easing.part`).
    func part(from a: Double, to b: Double) -> Segment? {
        let length = end - start
        guard length > 0, a < b else { return nil }
        let ua = min(max((a - start) / length, 0), 1)
        let ub = min(max((b - start) / length, 0), 1)
        if case .hold = easing { return Segment(start: a, end: b, from: from, to: from, easing: .hold) }
        guard let part = easing.part(from: ua, to: ub) else {
            // Too flat to renormalise: the value barely moves, so a straight line between the ends is within
            // 1e-9 of the change.
            let va = value(at: a)
            let vb = value(at: b)
            return Segment(start: a, end: b, from: va, to: vb, easing: .linear)
        }
        let delta = zip(from, to).map { $1 - $0 }
        return Segment(
            start: a, end: b, from: zip(from, delta).map { $0 + $1 * part.start },
            to: zip(from, delta).map { $0 + $1 * part.end }, easing: part.easing)
    }

    /// True when the segment shows one value throughout.
    var isConstant: Bool {
        if case .hold = easing { return true }
        return from == to
    }
}

/// A vector value over the clip, as contiguous segments from 0 to the clip's end: what one exported property
/// shows, exactly (unrolled from the animations) or fitted within a tolerance (baked from samples).
struct Track: Sendable, Hashable {
    /// Contiguous, in time order; never empty.
    var segments: [Segment]

    /// A constant track.
    init(constant value: [Double], duration: Double) {
        segments = [Segment(start: 0, end: max(duration, 0), from: value, to: value, easing: .hold)]
    }

    init(segments: [Segment]) {
        self.segments = segments
    }

    /// The value at `time`: the segment containing it (at a boundary, the one starting there).
    func value(at time: Double) -> [Double] {
        guard let first = segments.first else { return [] }
        if time <= first.start { return first.from }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return segments[low].value(at: time)
    }

    /// The number of values (dimensions).
    var dimensions: Int { segments.first?.from.count ?? 0 }

    /// True when the value never changes.
    var isConstant: Bool {
        guard let first = segments.first?.from else { return true }
        return segments.allSatisfy { $0.isConstant && $0.from == first }
    }

    /// The track of some of its dimensions only, in the order given (a missing dimension reads 0), simplified:
    /// where those dimensions do not move, the projection holds.
    func projected(_ dimensions: [Int]) -> Track {
        Track(
            segments: segments.map { segment in
                Segment(
                    start: segment.start, end: segment.end, from: dimensions.map { segment.from.at($0) },
                    to: dimensions.map { segment.to.at($0) }, easing: segment.easing)
            }
        ).simplified()
    }

    /// Adjacent holds of equal value merged, zero-length segments dropped.
    func simplified() -> Track {
        var result: [Segment] = []
        for segment in segments where segment.end > segment.start || segments.count == 1 {
            if let last = result.last, last.isConstant, segment.isConstant, last.from == segment.from {
                result[result.count - 1].end = segment.end
                result[result.count - 1].easing = .hold
                result[result.count - 1].to = last.from
            } else {
                var s = segment
                if s.isConstant {
                    s.easing = .hold
                    s.to = s.from
                }
                result.append(s)
            }
        }
        if result.isEmpty, let first = segments.first { result = [first] }
        return Track(segments: result)
    }

    /// Dimensions listed in `angles` made continuous: each segment's change taken the short way round (as
    /// transforms interpolate), and each segment moved by whole turns to start where the previous one ended.
    /// `turn` is a whole turn in the track's unit (360 for degrees).
    func unwrappingAngles(_ angles: [Int], turn: Double) -> Track {
        guard !angles.isEmpty else { return self }
        var result = segments
        var previousEnd: [Int: Double] = [:]
        for index in result.indices {
            for d in angles where d < result[index].from.count {
                var from = result[index].from[d]
                var to = result[index].to[d]
                var delta = to - from
                delta -= turn * (delta / turn).rounded()
                if let end = previousEnd[d] {
                    let shift = turn * ((end - from) / turn).rounded()
                    from += shift
                }
                to = from + delta
                if case .hold = result[index].easing { to = from }
                result[index].from[d] = from
                result[index].to[d] = to
                previousEnd[d] = to
            }
        }
        return Track(segments: result)
    }

    /// The largest difference between the track and `samples` (times with values), per dimension.
    func maximumError(against samples: [(time: Double, value: [Double])]) -> [Double] {
        var worst = [Double](repeating: 0, count: dimensions)
        for sample in samples {
            let value = value(at: sample.time)
            for d in worst.indices where d < sample.value.count && d < value.count {
                worst[d] = max(worst[d], abs(value[d] - sample.value[d]))
            }
        }
        return worst
    }
}

extension [Double] {
    /// The element at `index`, or 0 past the end (tracks of a reading always have its dimensions; this keeps a
    /// malformed one from trapping).
    func at(_ index: Int) -> Double { indices.contains(index) ? self[index] : 0 }
}
