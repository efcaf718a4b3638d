/// A keyframe as keyframe formats write them: a time, a value, and how the value goes on to the next keyframe.
struct Keyframe: Sendable, Hashable {
    /// Seconds.
    var time: Double
    var value: [Double]
    /// To the next keyframe (ignored on the last).
    var easing: Easing
}

extension Track {
    /// The track as keyframes: one per segment start and one at the end of a last segment that moves.
    ///
    /// Keyframe formats have no jump: a segment ends at the next keyframe's value. Where the track jumps after a
    /// moving segment, that segment is cut `gap` seconds before the jump and the value reached there holds until
    /// the jump (a hold keyframe). Keyframes closer than `gap` are spread to `gap` apart.
    func keyframes(gap: Double) -> [Keyframe] {
        var result: [Keyframe] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 {
                let previous = segments[index - 1]
                let continuous = !(previous.easing != .hold && !Self.close(previous.to, segment.from))
                if !continuous {
                    // Cut the previous segment before the jump and hold there.
                    let cutTime = max(previous.start, segment.start - gap)
                    if cutTime > previous.start, let part = previous.part(from: previous.start, to: cutTime) {
                        result[result.count - 1].easing = part.easing
                        result[result.count - 1].value = part.from
                        result.append(Keyframe(time: cutTime, value: part.to, easing: .hold))
                    } else {
                        result[result.count - 1].easing = .hold
                    }
                }
            }
            result.append(Keyframe(time: segment.start, value: segment.from, easing: segment.easing))
        }
        if let last = segments.last, last.easing != .hold {
            result.append(Keyframe(time: last.end, value: last.to, easing: .hold))
        }
        // Drop holds that repeat the value before them.
        var merged: [Keyframe] = []
        for keyframe in result {
            if let last = merged.last, last.easing == .hold, keyframe.easing == .hold, last.value == keyframe.value {
                continue
            }
            merged.append(keyframe)
        }
        // Before its first keyframe a property shows the first value: a hold of the value the next keyframe
        // starts with says nothing.
        while merged.count > 1, merged[0].easing == .hold, merged[0].value == merged[1].value { merged.removeFirst() }
        // Strictly increasing times, at least `gap` apart: move an earlier keyframe back, or drop it.
        var spread: [Keyframe] = []
        for keyframe in merged {
            if let last = spread.last, keyframe.time - last.time < gap {
                let moved = keyframe.time - gap
                let floor = spread.count >= 2 ? spread[spread.count - 2].time + gap : -Double.infinity
                if moved >= floor {
                    spread[spread.count - 1].time = min(last.time, moved)
                } else {
                    spread.removeLast()
                }
            }
            spread.append(keyframe)
        }
        return spread
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
    }
}
