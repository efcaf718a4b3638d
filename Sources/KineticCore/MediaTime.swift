/// A time in seconds, as Core Animation's `CFTimeInterval`. Absolute times are measured from a clock's own
/// origin; durations and offsets are plain differences.
public typealias MediaTime = Double
