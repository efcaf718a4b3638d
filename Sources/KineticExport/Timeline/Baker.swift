/// Bakes a sampled value into the fewest segments that stay within a tolerance: the exporters' form for motion
/// with no exact keyframe form (springs, physics, timelines computed by effects).
///
/// 1. **Jumps.** Between two samples whose change is much larger than their neighbours' (and than the tolerance),
///    the jump is bracketed by bisection to 1e-7 s; the value then holds across the bracket.
/// 2. **Segments.** Each stretch between jumps is covered greedily: from a segment's start, the farthest sample
///    that one segment can reach within the tolerance is found by doubling and then bisecting. A segment is a
///    straight line if that fits, else a cubic in time — the Bézier easing with x handles at 1/3 and 2/3, whose
///    value is then a cubic polynomial of time, with y handles fitted by least squares on the dimension that
///    changes most (relative to its tolerance), the others following in proportion.
///
/// The error is measured at every sample: `tolerance[d]` bounds |baked − sampled| in dimension d.
struct Baker {
    /// Per dimension, > 0.
    var tolerance: [Double]
    /// Keep every y handle in 0…1 (SVG's keySplines must be), splitting segments that would need more.
    var handlesInUnitRange = false

    /// The samples, in time order, as they come from `sample` on the grid.
    typealias Samples = [(time: Double, value: [Double])]

    /// A track through `samples` (times increasing, at least one), using `sample` to locate jumps: it gives the
    /// value at a time, continuing angles from a value at a time close by.
    func bake(_ samples: Samples, sample: (Double, [Double]) -> [Double]) -> Track {
        guard let first = samples.first else { return Track(segments: []) }
        guard samples.count > 1 else {
            return Track(segments: [
                Segment(
                    start: first.time, end: first.time, from: first.value, to: first.value,
                    easing: .hold)
            ])
        }
        var segments: [Segment] = []
        var piece: Samples = [samples[0]]
        for i in 1..<samples.count {
            let previous = samples[i - 1]
            let current = samples[i]
            if isSuspicious(at: i, in: samples), let jump = locateJump(from: previous, to: current, sample: sample) {
                piece.append(jump.left)
                segments += fit(piece)
                segments.append(
                    Segment(
                        start: jump.left.time, end: jump.right.time, from: jump.left.value, to: jump.left.value,
                        easing: .hold))
                piece = [jump.right, current]
                if jump.right.time >= current.time { piece = [current] }
            } else {
                piece.append(current)
            }
        }
        segments += fit(piece)
        return Track(segments: segments.filter { $0.end > $0.start || segments.count == 1 }).simplified()
    }

    /// The change from `a` to `b` in tolerances (the largest over the dimensions).
    private func change(_ a: [Double], _ b: [Double]) -> Double {
        var worst = 0.0
        for d in 0..<min(a.count, b.count, tolerance.count) {
            worst = max(worst, abs(b[d] - a[d]) / tolerance[d])
        }
        return worst
    }

    /// True when the step into sample `i` exceeds the tolerance and is much larger than the steps beside it, or
    /// turns back a large step beside it (a pulse: a digit that shows for one sample).
    private func isSuspicious(at i: Int, in samples: Samples) -> Bool {
        let step = change(samples[i - 1].value, samples[i].value)
        guard step > 1 else { return false }
        let before = i >= 2 ? change(samples[i - 2].value, samples[i - 1].value) : 0
        let after = i + 1 < samples.count ? change(samples[i].value, samples[i + 1].value) : 0
        if step > 3 * max(before, after) { return true }
        func turns(_ a: Int, _ b: Int, _ c: Int) -> Bool {
            zip(zip(samples[a].value, samples[b].value), samples[c].value).contains { pair, next in
                (pair.1 - pair.0) * (next - pair.1) < 0
            }
        }
        return (before > 1 && turns(i - 2, i - 1, i)) || (after > 1 && turns(i - 1, i, i + 1))
    }

    /// Brackets a jump between two samples by bisection, or nil when the change spreads out (a steep ramp).
    private func locateJump(
        from a: (time: Double, value: [Double]), to b: (time: Double, value: [Double]),
        sample: (Double, [Double]) -> [Double]
    ) -> (left: (time: Double, value: [Double]), right: (time: Double, value: [Double]))? {
        var left = a
        var right = b
        let total = change(a.value, b.value)
        for _ in 0..<40 where right.time - left.time > 1e-7 {
            let middle = (left.time + right.time) / 2
            let value = sample(middle, left.value)
            if change(left.value, value) >= change(value, right.value) {
                right = (middle, value)
            } else {
                left = (middle, value)
            }
        }
        // A jump keeps (nearly) all of its change in the bracket; a ramp leaves almost nothing there.
        guard change(left.value, right.value) > max(1, 0.5 * total) else { return nil }
        // A jump within a hair of a sample (samples include every frame) is moved a little away from it, so that
        // a player whose clock or key times are rounded (float key times, frames to 0.001) still shows the frame
        // on the right side of the jump.
        let margin = Self.jumpMargin
        if b.time - right.time < margin, b.time - a.time > 4 * margin {
            return ((b.time - 1.5 * margin, left.value), (b.time - margin, right.value))
        }
        if left.time - a.time < margin, b.time - a.time > 4 * margin {
            return ((a.time + margin, left.value), (a.time + 1.5 * margin, right.value))
        }
        return (left, right)
    }

    /// How far a jump is kept from the samples around it, in seconds: 0.2 ms.
    static let jumpMargin = 2e-4

    /// Segments through a stretch without jumps: where the value rests (three or more equal samples) a hold, so
    /// that a settled value is exact; the moving stretches between fitted greedily.
    func fit(_ samples: Samples) -> [Segment] {
        guard samples.count > 1 else { return [] }
        var result: [Segment] = []
        var movingStart = 0
        var index = 0
        while index < samples.count {
            var end = index
            while end + 1 < samples.count, samples[end + 1].value == samples[index].value { end += 1 }
            if end - index >= 2 {
                if index > movingStart { result += fitMoving(Array(samples[movingStart...index])) }
                result.append(
                    Segment(
                        start: samples[index].time, end: samples[end].time, from: samples[index].value,
                        to: samples[index].value, easing: .hold))
                movingStart = end
                index = end + 1
            } else {
                index += 1
            }
        }
        if movingStart < samples.count - 1 { result += fitMoving(Array(samples[movingStart...])) }
        return result
    }

    /// Greedy segments through a stretch that moves.
    func fitMoving(_ samples: Samples) -> [Segment] {
        guard samples.count > 1 else { return [] }
        var result: [Segment] = []
        var start = 0
        let last = samples.count - 1
        while start < last {
            var good = start + 1
            var best = segment(samples, start, good) ?? linear(samples, start, good)
            var step = 2
            var bad: Int?
            while bad == nil {
                let candidate = min(start + step, last)
                if let fitted = segment(samples, start, candidate) {
                    good = candidate
                    best = fitted
                    if candidate == last { break }
                    step *= 2
                } else if candidate - start < 3, candidate < last {
                    // Two intervals allow only a line; a cubic needs three: try those before giving up.
                    step = 3
                } else {
                    bad = candidate
                }
            }
            if var high = bad {
                var low = good
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if let fitted = segment(samples, start, middle) {
                        low = middle
                        best = fitted
                    } else {
                        high = middle
                    }
                }
                good = low
            }
            result.append(best)
            start = good
        }
        return result
    }

    private func linear(_ samples: Samples, _ i: Int, _ j: Int) -> Segment {
        Segment(
            start: samples[i].time, end: samples[j].time, from: samples[i].value, to: samples[j].value,
            easing: .linear)
    }

    /// One segment from sample i to sample j within the tolerance, or nil.
    private func segment(_ samples: Samples, _ i: Int, _ j: Int) -> Segment? {
        let a = samples[i]
        let b = samples[j]
        let dims = min(a.value.count, tolerance.count)
        let line = linear(samples, i, j)
        if within(line, samples, i, j) { return line }
        guard j - i >= 3, b.time > a.time else { return nil }
        // The dimension that changes most relative to its tolerance sets the shape.
        var reference = -1
        var largest = 0.0
        for d in 0..<dims {
            let relative = abs(b.value[d] - a.value[d]) / tolerance[d]
            if relative > largest {
                largest = relative
                reference = d
            }
        }
        guard reference >= 0, largest > 1e-9 else { return nil }
        let delta = b.value[reference] - a.value[reference]
        // Least squares for y1, y2 in y(u) = 3(1−u)²u·y1 + 3(1−u)u²·y2 + u³ (x handles 1/3, 2/3: x(s) = s).
        var s11 = 0.0
        var s12 = 0.0
        var s22 = 0.0
        var r1 = 0.0
        var r2 = 0.0
        let length = b.time - a.time
        for k in (i + 1)..<j {
            let u = (samples[k].time - a.time) / length
            let y = (samples[k].value[reference] - a.value[reference]) / delta
            let b1 = 3 * (1 - u) * (1 - u) * u
            let b2 = 3 * (1 - u) * u * u
            let z = y - u * u * u
            s11 += b1 * b1
            s12 += b1 * b2
            s22 += b2 * b2
            r1 += b1 * z
            r2 += b2 * z
        }
        let determinant = s11 * s22 - s12 * s12
        guard abs(determinant) > 1e-15 else { return nil }
        var y1 = (r1 * s22 - r2 * s12) / determinant
        var y2 = (s11 * r2 - s12 * r1) / determinant
        guard y1.isFinite, y2.isFinite, abs(y1) < 1e5, abs(y2) < 1e5 else { return nil }
        if handlesInUnitRange {
            y1 = min(max(y1, 0), 1)
            y2 = min(max(y2, 0), 1)
        }
        let curve = Segment(
            start: a.time, end: b.time, from: a.value, to: b.value, easing: .bezier(1.0 / 3, y1, 2.0 / 3, y2))
        return within(curve, samples, i, j) ? curve : nil
    }

    private func within(_ segment: Segment, _ samples: Samples, _ i: Int, _ j: Int) -> Bool {
        guard j > i + 1 else { return true }
        for k in (i + 1)..<j {
            let value = segment.value(at: samples[k].time)
            for d in 0..<min(value.count, tolerance.count) where abs(value[d] - samples[k].value[d]) > tolerance[d] {
                return false
            }
        }
        return true
    }
}
