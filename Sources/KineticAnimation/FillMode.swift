/// What an animation shows outside its active interval, as Core Animation's `fillMode`.
///
/// The raw value is the lower-case name used on the command line (`removed`, `forwards`, `backwards`, `both`).
public enum FillMode: String, Sendable, Hashable, CaseIterable {
    /// `kCAFillModeRemoved`, the default: the animation has no effect before it begins or after it ends.
    case removed
    /// `kCAFillModeForwards`: after the active interval the animation holds its final state.
    case forwards
    /// `kCAFillModeBackwards`: before `beginTime` the animation already shows its first state.
    case backwards
    /// `kCAFillModeBoth`: forwards and backwards.
    case both

    /// True for `.forwards` and `.both`.
    public var fillsForwards: Bool { self == .forwards || self == .both }

    /// True for `.backwards` and `.both`.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
}
