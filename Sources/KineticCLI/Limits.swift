/// The ranges the commands accept, in one place so that `--help`, the checks and the docs agree.
///
/// They bound the work a command line can ask for: a clip is at most ``clipSeconds`` long at most
/// ``framesPerSecond`` frames per second, a frame at most ``pixelsPerSide`` pixels a side.
enum Limits {
    /// The longest clip, in seconds: 600 (ten minutes). A duration an effect derives from its options (a
    /// shimmer's `--stop-at`, an elevator's values × interval) is held to it too.
    static let clipSeconds = 600.0
    /// Frames per second of a render.
    static let framesPerSecond = NumberRange.from(1, to: 120)
    /// A canvas side, in points.
    static let canvasPoints = NumberRange.above(0, upTo: 10_000, "points")
    /// A frame side, in pixels (points × scale, rounded): at most 8,192.
    static let pixelsPerSide = 8_192
    /// A number shown by the number effects: |value| ≤ 10¹⁵, where every whole number is still exact.
    static let number = NumberRange.within(1e15)
    /// A font size in points.
    static let fontSize = NumberRange.above(0, upTo: 1_000, "points")
    /// A duration inside a clip (a transition, a fade, a pause, a delay), in seconds.
    static let seconds = NumberRange.from(0, to: clipSeconds, "seconds")
    /// A duration that must be positive, in seconds.
    static let positiveSeconds = NumberRange.above(0, upTo: clipSeconds, "seconds")
    /// A length in points (a border, an edge fade, a box side).
    static let points = NumberRange.from(0, to: 10_000, "points")
    /// When an effect starts, in seconds from the start of the clip: −600…600.
    static let beginTime = NumberRange.within(clipSeconds, "seconds")
    /// A fraction: 0…1.
    static let fraction = NumberRange.from(0, to: 1)
    /// The most values a list option takes.
    static let listCount = 10_000
}
