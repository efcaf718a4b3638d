import KineticCore

extension MediaTiming {
    /// Where a parent time falls relative to the active interval.
    public enum Phase: Sendable, Hashable {
        /// Before `beginTime` (state only with backwards fill).
        case before
        /// Inside the active interval.
        case active
        /// At or after the end of the active interval (state only with forwards fill).
        case after
    }

    /// An applied animation's position at one parent time.
    public struct State: Sendable, Hashable {
        /// The fraction of one pass, 0…1, before any timing function: already reversed on an autoreverse's way
        /// back, so it runs 0 → 1 → 0 over one autoreversing repeat.
        public var progress: Double
        /// The 0-based repeat index. With autoreverses one repeat is the forward and the backward pass together.
        public var iteration: Int
        /// `progress × effectiveDuration`: seconds into the pass (springs evaluate at this time).
        public var time: MediaTime
        /// The phase this state was computed for (`.before` / `.after` only when filling).
        public var phase: Phase
        /// True on the backward pass of an autoreversing repeat.
        public var isReversing: Bool
        /// Web Animations' before flag for step timing functions: set when the animation shows its start while
        /// playing forwards, or its end while on a backward pass (see `TimingFunction.value(at:beforeFlag:)`).
        public var beforeFlag: Bool

        /// Creates a state; `isReversing` and `beforeFlag` default to false.
        public init(
            progress: Double, iteration: Int, time: MediaTime, phase: Phase, isReversing: Bool = false,
            beforeFlag: Bool = false
        ) {
            self.progress = progress
            self.iteration = iteration
            self.time = time
            self.phase = phase
            self.isReversing = isReversing
            self.beforeFlag = beforeFlag
        }

        /// The eased progress: `function.value(at: progress, beforeFlag: beforeFlag)`.
        public func easedProgress(_ function: TimingFunction) -> Double {
            function.value(at: progress, beforeFlag: beforeFlag)
        }
    }
}
