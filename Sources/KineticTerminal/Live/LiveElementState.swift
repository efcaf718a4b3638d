import KineticCore
import KineticEffects

/// What a `LiveRegion` keeps for one piece of a line between frames: the motion of an animated value, or when a
/// shimmer began. Built from the piece and then moved to each new value the program gives the same place.
enum LiveElementState: Sendable {
    case styled(StyledLine)
    case count(LiveCount, RetargetingMotion)
    case rollingNumber(LiveRollingNumber, RollingNumberText)
    case progress(LiveProgress, RetargetingMotion)
    case shimmer(TerminalShimmer, start: MediaTime)

    /// The state for `element` first shown at `time`.
    ///
    /// - Throws: `TerminalError.invalidOption` for a piece whose values are out of range.
    init(_ element: LiveElement, at time: MediaTime) throws(TerminalError) {
        switch element {
        case .styled(let line):
            self = .styled(line)
        case .count(let count):
            try count.validate()
            var motion = RetargetingMotion(value: count.startValue, settleThreshold: count.format.quantum / 2)
            motion.move(to: count.value, at: time, transition: count.transition)
            self = .count(count, motion)
        case .rollingNumber(let number):
            try number.validate()
            var text = try RollingNumberText(
                width: number.width, format: number.format, transition: number.transition)
            text.setValue(number.value, at: time)
            self = .rollingNumber(number, text)
        case .progress(let progress):
            try progress.validate()
            // From an empty bar, as a bar that appears starts.
            var motion = RetargetingMotion(value: 0, settleThreshold: 1e-4)
            motion.move(to: progress.clampedFraction, at: time, transition: .spring(progress.spring))
            self = .progress(progress, motion)
        case .shimmer(let shimmer):
            _ = try shimmer.line(at: 0)
            self = .shimmer(shimmer, start: time)
        }
    }

    /// This state given `element` at `time`: the same motion moved to the new value when the piece is of the same
    /// kind, a new state otherwise.
    ///
    /// - Throws: `TerminalError.invalidOption` for a piece whose values are out of range.
    func updated(to element: LiveElement, at time: MediaTime) throws(TerminalError) -> LiveElementState {
        switch (self, element) {
        case (.count(_, var motion), .count(let count)):
            try count.validate()
            motion.move(to: count.value, at: time, transition: count.transition)
            return .count(count, motion)
        case (.rollingNumber(let old, var text), .rollingNumber(let number)):
            try number.validate()
            guard old.width == number.width, old.format == number.format, old.transition == number.transition
            else { return try LiveElementState(element, at: time) }
            text.setValue(number.value, at: time)
            return .rollingNumber(number, text)
        case (.progress(_, var motion), .progress(let progress)):
            try progress.validate()
            motion.move(to: progress.clampedFraction, at: time, transition: .spring(progress.spring))
            return .progress(progress, motion)
        case (.shimmer(_, let start), .shimmer(let shimmer)):
            _ = try shimmer.line(at: 0)
            return .shimmer(shimmer, start: start)
        default:
            return try LiveElementState(element, at: time)
        }
    }

    /// The piece at `time`; with `final`, as it ends: every value at its target, a shimmer as plain text.
    func line(at time: MediaTime, final: Bool) -> StyledLine {
        switch self {
        case .styled(let line):
            return line
        case .count(let count, let motion):
            return count.line(showing: final ? motion.target : motion.value(at: time))
        case .rollingNumber(let number, let text):
            return text.line(at: final ? max(time, text.endTime) : time, style: number.style)
        case .progress(let progress, let motion):
            return progress.line(showing: final ? motion.target : motion.value(at: time))
        case .shimmer(let shimmer, let start):
            if final { return StyledLine(shimmer.text) }
            return (try? shimmer.line(at: time - start)) ?? StyledLine(shimmer.text)
        }
    }

    /// When this piece stops changing (nil: never, for a shimmer; `-infinity` for fixed text).
    var endTime: MediaTime? {
        switch self {
        case .styled: return -.infinity
        case .count(_, let motion), .progress(_, let motion): return motion.endTime
        case .rollingNumber(_, let text): return text.endTime
        case .shimmer: return nil
        }
    }
}
