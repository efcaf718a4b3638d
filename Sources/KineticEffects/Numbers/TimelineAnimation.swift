import KineticAnimation
import KineticCore

/// An animation whose value is any pure function of time: the effects' bridge from a precomputed timeline (a
/// `RetargetingMotion`, a rolling column's cells) to a layer property, so any renderer that applies animations
/// (`Layer.presentation(at:)`) draws it.
///
/// It spans 0…`duration` seconds of its parent's time and fills both ways, so before 0 it shows the function at 0
/// and after `duration` the function at `duration`.
struct TimelineAnimation<Value: Interpolatable>: Animation {
    let timing: MediaTiming
    let function: @Sendable (MediaTime) -> Value

    /// An animation showing `function(t)` for t in 0…`duration` (seconds; clamped to at least 1 ms).
    init(duration: MediaTime, _ function: @escaping @Sendable (MediaTime) -> Value) {
        timing = MediaTiming(duration: max(duration, 0.001), fillMode: .both)
        self.function = function
    }

    func value(for state: MediaTiming.State, base: Value) -> Value {
        function(state.time)
    }
}
