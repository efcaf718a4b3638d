import KineticCore

/// An animation between two values, as `CABasicAnimation`: `from`, `to` and `by`, any of which may be nil.
///
/// Core Animation's rules for the missing values, where `base` is the property's model value:
///
/// | given | animates |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → base |
/// | to | base → to |
/// | by | base → base + by |
/// | none | stays at base |
///
/// When `isAdditive`, the animated value is added to `base` and missing endpoints count as zero (so `to` alone
/// animates an offset from 0 to `to` on top of the model value). `by` and `isAdditive` need addition, so they exist
/// only for `VectorArithmetic` values; `from`/`to` work for every `Interpolatable` (transforms, colours, arrays…).
///
/// The timing function eases the timing's progress (default `.linear`, as `CABasicAnimation`). With `isCumulative`
/// each repeat continues from where the previous one ended: repeat n plays fractions n…n + 1 of the move
/// (extrapolating with `Interpolatable`).
public struct BasicAnimation<Value: Interpolatable>: Animation {
    /// When and how fast the animation plays. Default: Core Animation's defaults (0.25 s, once, removed after).
    public var timing: MediaTiming
    /// Eases the progress of each pass. Default `.linear`.
    public var timingFunction: TimingFunction
    /// Whether each repeat starts where the previous one ended instead of at the start. Default false.
    public var isCumulative: Bool
    /// The start value as given, or nil.
    public let from: Value?
    /// The end value as given, or nil.
    public let to: Value?
    /// The change as given, or nil. Only `VectorArithmetic` values have one.
    public private(set) var by: Value?
    /// Whether the animated value is added to the model value. Only `VectorArithmetic` values can be additive.
    public private(set) var isAdditive: Bool
    @usableFromInline var endpoints: Endpoints

    /// The endpoint rule resolved once at creation, so evaluation is one interpolation.
    @usableFromInline
    enum Endpoints: Sendable {
        case between(Value, Value)
        case fromTowardsBase(Value)
        case baseTowards(Value)
        case base
        case baseOffset(Value, ValueAddition<Value>)
        case addedToBase(Value, Value, ValueAddition<Value>)
    }

    /// An animation from `from` to `to`; a nil endpoint is the model value (see the table above).
    ///
    /// - Parameters:
    ///   - from: The start value, or nil for the model value. Default nil.
    ///   - to: The end value, or nil for the model value. Default nil.
    ///   - timing: When and how fast it plays. Default `MediaTiming()` (0.25 s, once).
    ///   - timingFunction: Eases each pass. Default `.linear`.
    ///   - isCumulative: Whether repeats accumulate. Default false.
    public init(
        from: Value? = nil, to: Value? = nil, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction = .linear, isCumulative: Bool = false
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.isCumulative = isCumulative
        self.from = from
        self.to = to
        self.by = nil
        self.isAdditive = false
        switch (from, to) {
        case (let start?, let end?): endpoints = .between(start, end)
        case (let start?, nil): endpoints = .fromTowardsBase(start)
        case (nil, let end?): endpoints = .baseTowards(end)
        case (nil, nil): endpoints = .base
        }
    }

    /// The value in `state`: the eased progress (plus the repeat index when cumulative) between the endpoints.
    @inlinable
    public func value(for state: MediaTiming.State, base: Value) -> Value {
        var fraction = timingFunction.value(at: state.progress, beforeFlag: state.beforeFlag)
        if isCumulative { fraction += Double(state.iteration) }
        switch endpoints {
        case .between(let start, let end):
            return Value.interpolate(from: start, to: end, fraction: fraction)
        case .fromTowardsBase(let start):
            return Value.interpolate(from: start, to: base, fraction: fraction)
        case .baseTowards(let end):
            return Value.interpolate(from: base, to: end, fraction: fraction)
        case .base:
            return base
        case .baseOffset(let change, let addition):
            return Value.interpolate(from: base, to: addition.add(base, change), fraction: fraction)
        case .addedToBase(let start, let end, let addition):
            return addition.add(base, Value.interpolate(from: start, to: end, fraction: fraction))
        }
    }
}

extension BasicAnimation {
    /// An animation from `from` to `to` lasting `duration` seconds, once: the first guess at Core Animation's
    /// `CABasicAnimation` with `fromValue`, `toValue` and `duration`.
    ///
    /// - Parameters:
    ///   - from: The start value, or nil for the model value. Default nil.
    ///   - to: The end value, or nil for the model value. Default nil.
    ///   - duration: Seconds, ≥ 0 (0 means Core Animation's 0.25 s).
    ///   - timingFunction: Eases the pass. Default `.linear`.
    public init(from: Value? = nil, to: Value? = nil, duration: MediaTime, timingFunction: TimingFunction = .linear) {
        self.init(from: from, to: to, timing: MediaTiming(duration: duration), timingFunction: timingFunction)
    }
}

extension BasicAnimation where Value: VectorArithmetic {
    /// An animation with Core Animation's full from/to/by rules and additive mode (see the type's table).
    ///
    /// - Parameters:
    ///   - from: The start value, or nil. Default nil.
    ///   - to: The end value, or nil. Default nil.
    ///   - by: The change, or nil (default); ignored when both `from` and `to` are given (as Core Animation does).
    ///   - timing: When and how fast it plays. Default `MediaTiming()` (0.25 s, once).
    ///   - timingFunction: Eases each pass. Default `.linear`.
    ///   - isAdditive: Whether the animated value is added to the model value; missing endpoints then count as
    ///     zero. Default false.
    ///   - isCumulative: Whether repeats accumulate. Default false.
    public init(
        from: Value? = nil, to: Value? = nil, by: Value? = nil, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction = .linear, isAdditive: Bool = false, isCumulative: Bool = false
    ) {
        self.init(from: from, to: to, timing: timing, timingFunction: timingFunction, isCumulative: isCumulative)
        self.by = by
        self.isAdditive = isAdditive
        let addition = ValueAddition<Value>()
        if isAdditive {
            // Offsets on top of the model value: the same table with zero in place of the model value.
            let (start, end) = Self.endpoints(from: from, to: to, by: by, base: .zero)
            endpoints = .addedToBase(start, end, addition)
        } else if from == nil && to == nil, let by {
            endpoints = .baseOffset(by, addition)
        } else if let from, to == nil, let by {
            endpoints = .between(from, from + by)
        } else if let to, from == nil, let by {
            endpoints = .between(to - by, to)
        }
        // Otherwise `by` is absent or ignored and the plain initialiser's endpoints stand.
    }

    /// Core Animation's table for a known base value.
    private static func endpoints(from: Value?, to: Value?, by: Value?, base: Value) -> (Value, Value) {
        switch (from, to, by) {
        case (let start?, let end?, _): return (start, end)
        case (let start?, nil, let change?): return (start, start + change)
        case (nil, let end?, let change?): return (end - change, end)
        case (let start?, nil, nil): return (start, base)
        case (nil, let end?, nil): return (base, end)
        case (nil, nil, let change?): return (base, base + change)
        case (nil, nil, nil): return (base, base)
        }
    }
}
