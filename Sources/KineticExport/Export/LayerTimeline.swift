import KineticAnimation
import KineticCore
import KineticLayers

/// One exported property of a layer: how to read it from the layer, which layer properties it depends on, and
/// how precisely it must follow them.
struct PropertyReading {
    /// For reports, e.g. "position.x".
    var name: String
    /// The layer properties whose animations move it.
    var dependencies: Set<LayerProperty>
    /// Per dimension, in the output's units.
    var tolerance: [Double]
    /// Dimensions that are angles in degrees (made continuous, taken the short way round as transforms are).
    var angles: [Int] = []
    /// True for the reading that decides whether the layer shows (its opacity): it is followed even while the
    /// layer is hidden, when the others may rest.
    var isVisibility = false
    /// The value from a layer's own properties (a model copy or a presentation of the layer).
    var read: (Layer) -> [Double]
}

/// The animations of one layer over a clip, turned into tracks property by property: exactly from the
/// animations' keyframes where there is one animated source with an exact form, otherwise baked from samples of
/// the layer's presentation. Every track is checked against the samples; an exact track that strays beyond the
/// tolerance (it should not) is replaced by the baked one.
final class LayerTimeline {
    let layer: Layer
    let records: [LayerAnimationRecord]
    /// The clip's length, in seconds.
    let duration: Double
    /// Sample times: the grid and the animations' begin and end times, sorted.
    let times: [Double]
    /// Keep baked y handles in 0…1 (SVG).
    let handlesInUnitRange: Bool
    /// Stretches of the clip (start ..< end, seconds, sorted, apart) in which nothing of the layer shows (it or
    /// an ancestor has opacity 0 or is hidden). There, baked properties other than the opacity rest at the value
    /// they will have when the layer shows again — fewer keyframes for motion nobody sees.
    var hiddenIntervals: [(start: Double, end: Double)] = []
    private let model: Layer
    private var presentations: [Layer]?

    /// - Parameters:
    ///   - samplesPerSecond: Grid density (two per output frame).
    init(layer: Layer, duration: Double, samplesPerSecond: Double, handlesInUnitRange: Bool = false) {
        self.layer = layer
        records = layer.animationRecords
        self.duration = duration
        self.handlesInUnitRange = handlesInUnitRange
        model = layer.modelCopyOfSelf()
        var grid: [Double] = []
        if !records.isEmpty {
            let count = max(1, Int(min((duration * samplesPerSecond).rounded(.up), 1e6)))
            // The clip shows 0 ..< duration: its last instant is sampled just before the end (an animation that
            // repeats forever starts over exactly at the end).
            grid = (0...count).map { min(duration * Double($0) / Double(count), duration - 1e-6) }
            for record in records {
                let timing = record.animation.timing
                for t in [timing.beginTime, timing.beginTime + timing.activeDurationInParentTime]
                where t.isFinite && t > 0 && t < duration {
                    grid.append(t)
                }
            }
            grid.sort()
        }
        times = grid
    }

    /// The layer's name for reports: its name, or its class.
    var layerName: String { layer.name ?? String(describing: type(of: layer)) }

    /// True when some animation of this layer may move `reading`.
    func isAnimated(_ reading: PropertyReading) -> Bool {
        records.contains { $0.property.map(reading.dependencies.contains) ?? true }
    }

    /// The model value of `reading`.
    func modelValue(_ reading: PropertyReading) -> [Double] { reading.read(model) }

    /// The track of `reading` over the clip and, when it moves, a report of how it was written. The report's
    /// error is measured at the samples the track follows (where the layer shows, the animation's values).
    func track(_ reading: PropertyReading) -> (track: Track, report: ChannelReport?) {
        // The visibility does not depend on the hidden stretches (it makes them): it is baked once.
        if reading.isVisibility, let known = visibility, known.name == reading.name { return known.result }
        let result = bakedTrack(reading)
        if reading.isVisibility { visibility = (reading.name, result) }
        return result
    }

    /// The visibility reading's track, once made.
    private var visibility: (name: String, result: (track: Track, report: ChannelReport?))?

    private func bakedTrack(_ reading: PropertyReading) -> (track: Track, report: ChannelReport?) {
        guard isAnimated(reading) else { return (Track(constant: reading.read(model), duration: duration), nil) }
        let samples = sampled(reading)
        let followed = reading.isVisibility ? samples : restingWhileHidden(samples, reading)
        func report(_ track: Track, _ method: ChannelReport.Method, against: Baker.Samples) -> ChannelReport {
            ChannelReport(
                layer: layerName, property: reading.name, method: method, keyframes: Self.keyframeCount(track),
                maximumError: track.maximumError(against: against), tolerance: reading.tolerance)
        }
        guard let first = followed.first else { return (Track(constant: reading.read(model), duration: duration), nil) }
        if followed.allSatisfy({ $0.value == first.value }) {
            return (Track(constant: first.value, duration: duration), nil)
        }
        var exact: Track?
        if let track = exactTrack(reading) {
            let errors = track.maximumError(against: samples)
            let withinTolerance = zip(errors, reading.tolerance).allSatisfy { $0 <= $1 * 0.01 + 1e-9 }
            // SVG's keySplines cannot overshoot: an overshooting easing is baked there.
            let handlesFit =
                !handlesInUnitRange
                || track.segments.allSatisfy { segment in
                    guard case .bezier(_, let y1, _, let y2) = segment.easing else { return true }
                    return (0...1).contains(y1) && (0...1).contains(y2)
                }
            if withinTolerance && handlesFit { exact = track }
        }
        let baker = Baker(tolerance: reading.tolerance, handlesInUnitRange: handlesInUnitRange)
        let sample = { (time: Double, near: [Double]) -> [Double] in
            self.followedValue(reading, at: time, near: near)
        }
        if let exact {
            // Exact keyframes win unless they are many (a keyframe per simulation step) and a fit needs fewer.
            guard Self.keyframeCount(exact) > 12 else { return (exact, report(exact, .exact, against: samples)) }
            let baked = baker.bake(followed, sample: sample)
            return Self.keyframeCount(baked) < Self.keyframeCount(exact)
                ? (baked, report(baked, .baked, against: followed)) : (exact, report(exact, .exact, against: samples))
        }
        let baked = baker.bake(followed, sample: sample)
        return (baked, report(baked, .baked, against: followed))
    }

    /// The hidden stretch containing `time`, if any.
    private func hiddenInterval(at time: Double) -> (start: Double, end: Double)? {
        // Tracks end on the last sample: a stretch reaching it includes it.
        let last = times.last ?? duration
        return hiddenIntervals.first { $0.start <= time && (time < $0.end || ($0.end >= last && time <= $0.end)) }
    }

    /// `samples` with every value inside a hidden stretch replaced by the value at the stretch's end (or, for a
    /// stretch lasting to the end of the clip, at its start).
    private func restingWhileHidden(_ samples: Baker.Samples, _ reading: PropertyReading) -> Baker.Samples {
        guard !hiddenIntervals.isEmpty else { return samples }
        var result = samples
        // Every sample of a stretch rests at one value: read it once per stretch.
        var resting: (start: Double, value: [Double])?
        for (index, sample) in samples.enumerated() {
            guard let hidden = hiddenInterval(at: sample.time) else { continue }
            if reading.angles.isEmpty, let resting, resting.start == hidden.start {
                result[index].value = resting.value
                continue
            }
            let near = index > 0 ? result[index - 1].value : sample.value
            result[index].value = followedValue(reading, at: sample.time, near: near)
            resting = (hidden.start, result[index].value)
        }
        return result
    }

    /// The value the baked track follows at `time`: the animation's, or inside a hidden stretch the resting value.
    func followedValue(_ reading: PropertyReading, at time: Double, near: [Double]) -> [Double] {
        guard !reading.isVisibility, let hidden = hiddenInterval(at: time) else {
            return value(reading, at: time, near: near)
        }
        return value(reading, at: restTime(for: hidden), near: near)
    }

    /// When the value a hidden stretch rests at is read: the first sample at or after its end (the layer shows
    /// there; a jump's bracket may end a hair before the value it reveals settles), or for a stretch lasting to
    /// the end of the clip the last sample before it (the value last seen), so that a property does not move
    /// while nobody sees it and a layer that shows one value whenever it shows keeps one value.
    private func restTime(for hidden: (start: Double, end: Double)) -> Double {
        let last = duration - 1e-6
        guard let first = times.first else { return min(hidden.start, last) }
        // The first sample index at or after `time`.
        func index(atOrAfter time: Double) -> Int {
            var low = 0
            var high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < time { low = middle + 1 } else { high = middle }
            }
            return low
        }
        // A sample in another hidden stretch (a showing shorter than the samples' spacing) is not used.
        let next = hiddenIntervals.first { $0.start > hidden.start }?.start ?? .infinity
        let previous = hiddenIntervals.last { $0.end < hidden.end }?.end ?? -.infinity
        // Tracks end on the last sample, a hair before the clip's end: a stretch reaching it lasts to the end.
        if hidden.end < (times.last ?? duration) {
            let i = index(atOrAfter: hidden.end)
            return i < times.count && times[i] < next ? times[i] : min(hidden.end, last)
        }
        let i = index(atOrAfter: hidden.start)
        return i > 0 && times[i - 1] >= previous ? times[i - 1] : min(max(hidden.start, first), last)
    }

    /// Keyframes a track is written with (see `Track.keyframes(gap:)`).
    static func keyframeCount(_ track: Track) -> Int {
        track.isConstant ? 1 : track.keyframes(gap: 1e-6).count
    }

    // MARK: Samples

    /// `reading` at every sample time, angles made continuous.
    func sampled(_ reading: PropertyReading) -> Baker.Samples {
        if presentations == nil { presentations = times.map { layer.presentationOfSelf(at: $0) } }
        var result: Baker.Samples = []
        result.reserveCapacity(times.count)
        for (time, presentation) in zip(times, presentations ?? []) {
            var value = reading.read(presentation)
            if let previous = result.last?.value {
                for d in reading.angles where d < value.count && d < previous.count {
                    value[d] += 360 * ((previous[d] - value[d]) / 360).rounded()
                }
            }
            result.append((time, value))
        }
        return result
    }

    /// `reading` at one time (for locating jumps), angles continued from `near` (a value at a time close by).
    func value(_ reading: PropertyReading, at time: Double, near: [Double]) -> [Double] {
        var value = reading.read(layer.presentationOfSelf(at: time))
        for d in reading.angles where d < value.count && d < near.count {
            value[d] += 360 * ((near[d] - value[d]) / 360).rounded()
        }
        return value
    }

    // MARK: Exact tracks

    /// The track from the animations' keyframes, or nil when `reading` depends on more than one animated
    /// property, an animation has no exact form, or the mapping to `reading` is not linear between keys.
    func exactTrack(_ reading: PropertyReading) -> Track? {
        let relevant = records.filter { $0.property.map(reading.dependencies.contains) ?? true }
        guard let property = relevant.first?.property, relevant.allSatisfy({ $0.property == property }),
            let setter = relevant.first
        else { return nil }
        let model = self.model
        let extract: (Any) -> [Double]? = { value in
            let copy = model.modelCopyOfSelf()
            guard setter.setValue(value, on: copy) else { return nil }
            return reading.read(copy)
        }
        guard let base = setter.value(in: model) else { return nil }
        var descriptions: [(keys: PassKeys, usesBase: Bool)] = []
        for record in relevant {
            guard let describable = record.animation as? any KeyframeDescribable,
                let description = Self.describe(describable, base: base, extract: extract, angles: reading.angles)
            else { return nil }
            descriptions.append(description)
        }
        let baseValue = reading.read(model)
        // Intervals in which the same animations are applied.
        var cuts: Set<Double> = [0, duration]
        for record in relevant {
            let timing = record.animation.timing
            for t in [timing.beginTime, timing.beginTime + timing.activeDurationInParentTime]
            where t.isFinite && t > 0 && t < duration {
                cuts.insert(t)
            }
        }
        let sorted = cuts.sorted()
        var segments: [Segment] = []
        for (start, end) in zip(sorted, sorted.dropFirst()) where end > start {
            let middle = (start + end) / 2
            let applied = relevant.indices.filter { relevant[$0].animation.timing.state(at: middle) != nil }
            guard let top = applied.last else {
                segments.append(Segment(start: start, end: end, from: baseValue, to: baseValue, easing: .hold))
                continue
            }
            // An animation that reads the model value only holds while nothing else is applied under it.
            if descriptions[top].usesBase && applied.count > 1 { return nil }
            guard
                let pieces = TimingUnroller.segments(
                    of: descriptions[top].keys, timing: relevant[top].animation.timing, from: start, to: end)
            else { return nil }
            segments += pieces
        }
        guard !segments.isEmpty else { return nil }
        return Track(segments: segments).unwrappingAngles(reading.angles, turn: 360).simplified()
    }

    /// The pass keys of `animation` mapped by `extract`, when the mapping is linear between keys (checked at a
    /// quarter, half and three quarters of each segment, and at the extremes of an overshooting easing).
    static func describe<A: KeyframeDescribable>(
        _ animation: A, base: Any, extract: (Any) -> [Double]?, angles: [Int]
    ) -> (keys: PassKeys, usesBase: Bool)? {
        guard let base = base as? A.Value, let description = animation.keyframeDescription(base: base) else {
            return nil
        }
        var keys: [PassKeys.Key] = []
        for key in description.keys {
            guard let value = extract(key.value) else { return nil }
            let easing: Easing
            switch key.curve {
            case .hold: easing = .hold
            case .linear: easing = .linear
            case .cubicBezier(let c): easing = .bezier(c.x1, c.y1, c.x2, c.y2)
            }
            keys.append(PassKeys.Key(progress: key.progress, value: value, easing: easing))
        }
        for i in 0..<max(description.keys.count - 1, 0) where keys[i].easing != .hold {
            let a = keys[i].value
            let b = keys[i + 1].value
            let range = keys[i].easing.range
            var fractions = [0.25, 0.5, 0.75]
            if range.low < 0 { fractions.append(range.low) }
            if range.high > 1 { fractions.append(range.high) }
            for f in fractions {
                let mixed = A.Value.interpolate(
                    from: description.keys[i].value, to: description.keys[i + 1].value, fraction: f)
                guard let value = extract(mixed), value.count == a.count else { return nil }
                for d in value.indices {
                    var change = b[d] - a[d]
                    var difference = value[d] - (a[d] + change * f)
                    if angles.contains(d) {
                        change -= 360 * (change / 360).rounded()
                        difference = value[d] - (a[d] + change * f)
                        difference -= 360 * (difference / 360).rounded()
                    }
                    let scale = max(1, abs(a[d]), abs(b[d]))
                    if abs(difference) > 1e-9 * scale { return nil }
                }
            }
        }
        return (PassKeys(keys: keys), description.usesBase)
    }
}
