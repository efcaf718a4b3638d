import KineticCore
import KineticLayers

/// Sibling layers that move together while they show — a rolling digit column's cells, each at its own place on
/// one strip that the column's roll moves — written as one moving group around them, each sibling then only
/// placed in it (a place that changes only while the sibling is hidden), instead of every sibling baking the same
/// motion into its own keys.
///
/// Along one axis, the siblings' positions p_i(t) are factored as P(t) + c_i(t): P is the shared motion, followed
/// from the siblings that show (a sibling that goes on showing carries it; one that appears takes its place on it
/// as it stands), and c_i is constant through each stretch in which sibling i shows. The factoring holds when
/// siblings that show together agree on P to a tenth of the position tolerance; P is then baked within the rest of
/// the tolerance, so every sibling stays within it where it shows.
extension SVGBuilder {
    /// The shared motion of `sublayers` along `axis` (0: x, 1: y): the group's track and each sibling's place in
    /// the group (by `ObjectIdentifier`), or nil when they do not move together — fewer than two siblings, one
    /// that does not move along the axis, sample grids that differ, or siblings that show together and disagree.
    func sharedMotion(_ sublayers: [Layer], axis: Int) -> (track: Track, places: [ObjectIdentifier: Track])? {
        guard sublayers.count >= 2 else { return nil }
        let readings = LayerReadings(tolerance: tolerance)
        let reading = readings.position(axis)
        var stretches = visibility
        var members: [(layer: Layer, samples: Baker.Samples, hidden: [HiddenStretches.Stretch], opacity: Track)] = []
        var grid: [Double]?
        for layer in sublayers {
            let timeline = self.timeline(of: layer)
            guard timeline.isAnimated(reading) else { return nil }
            let opacity = timeline.track(readings.opacity).track
            guard let hidden = stretches.enter(layer, opacity: opacity) else { continue }
            if let grid, grid != timeline.times { return nil }
            grid = timeline.times
            members.append((layer, timeline.sampled(reading), hidden, opacity))
        }
        guard members.count >= 2, let times = grid, !times.isEmpty else { return nil }
        func shows(_ member: Int, _ time: Double) -> Bool {
            !members[member].hidden.contains { $0.start <= time && time < $0.end }
        }
        // Follow the shared motion sample by sample.
        var shared: [Double] = []
        var places: [[Double?]] = Array(repeating: Array(repeating: nil, count: times.count), count: members.count)
        var current: [Double?] = Array(repeating: nil, count: members.count)
        var spread = 0.0
        let limit = tolerance.distance / 10
        for (j, time) in times.enumerated() {
            let showing = members.indices.filter { shows($0, time) }
            for m in members.indices where !showing.contains(m) { current[m] = nil }
            let carried = showing.compactMap { m in current[m].map { members[m].samples[j].value.at(0) - $0 } }
            let value: Double
            if let first = carried.first {
                let low = carried.min() ?? first
                let high = carried.max() ?? first
                spread = max(spread, high - low)
                guard spread <= limit else { return nil }
                value = (low + high) / 2
            } else if let previous = shared.last {
                value = previous
            } else {
                value = showing.first.map { members[$0].samples[j].value.at(0) } ?? 0
            }
            shared.append(value)
            for m in showing {
                if current[m] == nil { current[m] = members[m].samples[j].value.at(0) - value }
                places[m][j] = current[m]
            }
        }
        // The shared track, baked within what the agreement leaves of the tolerance.
        let samples = zip(times, shared).map { (time: $0, value: [$1]) }
        let baker = Baker(tolerance: [max(tolerance.distance - spread, limit)], handlesInUnitRange: true)
        let track = baker.bake(samples) { time, _ in
            // Between samples: the straight line through the two around `time` (the shared motion has no jumps).
            guard let after = times.firstIndex(where: { $0 >= time }), after > 0 else {
                return [time <= (times.first ?? 0) ? shared.first ?? 0 : shared.last ?? 0]
            }
            let t0 = times[after - 1]
            let t1 = times[after]
            let f = t1 > t0 ? (time - t0) / (t1 - t0) : 0
            return [shared[after - 1] + (shared[after] - shared[after - 1]) * f]
        }
        // Siblings that move apart while the shared part holds still gain nothing from a group.
        guard !track.isConstant else { return nil }
        // Each sibling's place: constant while it shows, changing halfway through the stretches it is hidden.
        var result: [ObjectIdentifier: Track] = [:]
        var worst = 0.0
        for (m, member) in members.enumerated() {
            var segments: [Segment] = []
            var value: Double?
            var changeAt = 0.0
            for (j, time) in times.enumerated() {
                guard let place = places[m][j] else { continue }
                if let value, abs(value - place) > 1e-9 * max(1, abs(place)) {
                    let hidden = member.hidden.first { $0.start > changeAt && $0.start <= time }
                    let cut = hidden.map { ($0.start + min($0.end, time)) / 2 } ?? (changeAt + time) / 2
                    segments.append(
                        Segment(start: segments.last?.end ?? 0, end: cut, from: [value], to: [value], easing: .hold))
                }
                value = place
                changeAt = time
                worst = max(worst, abs(track.value(at: time).at(0) + place - member.samples[j].value.at(0)))
            }
            let last = value ?? 0
            segments.append(
                Segment(start: segments.last?.end ?? 0, end: duration, from: [last], to: [last], easing: .hold))
            result[ObjectIdentifier(member.layer)] = Track(segments: segments).simplified()
        }
        guard worst <= tolerance.distance + 1e-9 else { return nil }
        for member in members {
            guard let place = result[ObjectIdentifier(member.layer)] else { continue }
            let drawn = { (time: Double) in track.value(at: time).at(0) + place.value(at: time).at(0) }
            if let shown = shownThroughClip(member.layer, opacity: member.opacity, axis: axis, drawn: drawn) {
                openings[ObjectIdentifier(member.layer)] = shown
            }
        }
        channels.append(
            ChannelReport(
                layer: (sublayers.first?.superlayer).map(LottieBuilder.name(of:)) ?? "group",
                property: "shared position." + (axis == 0 ? "x" : "y"), method: .baked,
                keyframes: LayerTimeline.keyframeCount(track), maximumError: [worst], tolerance: [tolerance.distance]))
        return (track, result)
    }

    /// The opacity `layer` can be written with when, wherever it is hidden by its own opacity, its ink lies
    /// outside its superlayer's clip as drawn (its position along `axis` at a time from `drawn`): a rolling
    /// digit that has left the window need not switch off. Nil unless the superlayer clips to bounds that do not
    /// move along the axis, the layer is an untransformed leaf, its opacity holds 0 or one other value, and every
    /// stretch at 0 keeps the ink out (checked at 16 times per sample interval, to 0.01 pt).
    private func shownThroughClip(
        _ layer: Layer, opacity: Track, axis: Int, drawn: (Double) -> Double
    ) -> Track? {
        guard let parent = layer.superlayer, parent.masksToBounds, layer.sublayers.isEmpty, layer.mask == nil,
            layer.transform == .identity, layer.shadowOpacity <= 0
        else { return nil }
        let values = Set(opacity.segments.map { $0.from.at(0) })
        guard opacity.segments.allSatisfy(\.isConstant), values.contains(0), values.count == 2,
            let shown = values.first(where: { $0 != 0 })
        else { return nil }
        let readings = LayerReadings(tolerance: tolerance)
        let timeline = self.timeline(of: layer)
        let anchor = timeline.track(readings.anchor).track
        let parentBounds = self.timeline(of: parent).track(boundsTrackReading).track.projected([axis, axis + 2])
        guard anchor.isConstant, parentBounds.isConstant, !timeline.isAnimated(boundsTrackReading) else { return nil }
        // The ink along the axis, relative to the layer's position.
        var ink = layer.bounds.standardized
        if let text = layer as? TextLayer {
            let outlines = self.outlines(of: text).glyphs.compactMap { glyph in
                glyph.outline.controlPointBounds.map { $0.offsetBy(dx: glyph.origin.x, dy: glyph.origin.y) }
            }
            guard let first = outlines.first else { return nil }
            ink = outlines.dropFirst().reduce(first) { $0.union($1) }
        }
        let a = anchor.value(at: 0).at(axis)
        let low = (axis == 0 ? ink.minX : ink.minY) - a
        let high = (axis == 0 ? ink.maxX : ink.maxY) - a
        let window = parentBounds.value(at: 0)
        let clipLow = window.at(0)
        let clipHigh = window.at(0) + window.at(1)
        let times = timeline.times
        for stretch in HiddenStretches.zeroStretches(of: opacity) {
            var checks = [stretch.start, min(stretch.end, duration)]
            for (t0, t1) in zip(times, times.dropFirst()) where t1 > stretch.start && t0 < stretch.end {
                for k in 0...16 {
                    let t = t0 + (t1 - t0) * Double(k) / 16
                    if t >= stretch.start && t <= stretch.end { checks.append(t) }
                }
            }
            for t in checks {
                let p = drawn(t)
                guard p + high <= clipLow + 0.01 || p + low >= clipHigh - 0.01 else { return nil }
            }
        }
        return Track(constant: [shown], duration: duration)
    }
}
