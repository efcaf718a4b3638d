import KineticCore
import KineticLayers

/// The shimmer effect in Facebook Shimmer's model: a bright band sweeps across any content (text, shapes, a
/// skeleton placeholder) through a gradient mask that travels at a steady pace, cycle after cycle, with a pause
/// between sweeps; the effect fades in when it starts and, when stopped, finishes the sweep in progress and fades
/// back to the plain content.
///
/// The defaults are `FBShimmeringLayer`'s: speed 230 pt/s, highlight length 1, pause 0.4 s, content at opacity
/// 0.5 outside the band and 1 inside it, sweeping right, begin fade 0.1 s, end fade 0.3 s. `ShimmerGeometry` has
/// the mask's layout and travel. Beyond Facebook's library: a tilt angle, a highlight colour that tints the band,
/// and a base colour that tints the content (what its users asked for most), the `.reading` direction for
/// right-to-left text, and a stop time given up front (the effect is a pure function of time).
///
/// ```swift
/// let measurer = PangoTextMeasurer()  // KineticRaster's; any TextMeasuring
/// let label = try ShimmerText(string: "slide to unlock").makeLayer(
///     size: Size(width: 480, height: 96), measurer: measurer)
/// let root = try Shimmer(highlightLength: 0.5).makeLayer(content: label)
/// // any renderer: draw root.presentation(at: t)
/// ```
///
/// The effect is a pure function of time: to stop a shimmer that is running, build it again with the same
/// `beginTime` and `stopAt` set to the current time; the frames up to then are the same.
///
/// Before `beginTime` and after the end fade the content shows as it is (tinted by `baseColor` if set).
public struct Shimmer: Sendable, Hashable {
    /// How fast the shimmer goes, in points per second, finite and > 0. Default 230. It sets the cycle's length,
    /// L/speed + pause; the band itself moves at `ShimmerGeometry.bandSpeed`.
    public var speed: Double
    /// The highlight's width as a fraction of the content's length along the sweep, 0…1. Default 1.
    public var highlightLength: Double
    /// The time between sweeps, in seconds, finite and ≥ 0. Default 0.4.
    public var pauseDuration: MediaTime
    /// The content's opacity outside the band while shimmering, 0…1. Default 0.5.
    public var animationOpacity: Double
    /// The content's opacity at the band's centre while shimmering, 0…1. Default 1.
    public var shimmeringOpacity: Double
    /// Which way the band sweeps. Default `.reading` (left to right, or right to left over right-to-left text).
    public var direction: ShimmerDirection
    /// The band's slant, in degrees, turned clockwise on screen from square to the sweep; −60…60. Default 0
    /// (Facebook's straight band). 20 gives the slanted glint of Facebook's Android library.
    public var tilt: Double
    /// How long the effect takes to fade in from the plain content when it starts, in seconds, finite and ≥ 0.
    /// The first sweep starts when the fade ends. Default 0.1.
    public var beginFadeDuration: MediaTime
    /// How long the effect takes to fade out to the plain content after the last sweep, in seconds, finite and
    /// ≥ 0. Default 0.3.
    public var endFadeDuration: MediaTime
    /// When the effect starts (the begin fade starts), in seconds of the layer's timeline, finite. Default
    /// −`beginFadeDuration` (−0.1): the fade-in is over at 0, so a clip shimmers from its first frame and loops
    /// without a jump — as `kinetic render shimmer` does.
    public var beginTime: MediaTime
    /// When the effect is asked to stop, in seconds of the layer's timeline, ≥ `beginTime`; the sweep in progress
    /// at that time completes, then the end fade runs. Default nil: it never stops.
    public var stopAt: MediaTime?
    /// A colour that tints the band (the content's shape filled with it, faded in across the band), or nil for
    /// no tint: the band is the content itself at `shimmeringOpacity`. Default nil.
    public var highlightColor: Color?
    /// A colour that replaces the content's own colours (its shape filled with it), or nil to draw the content
    /// as it is. Default nil.
    public var baseColor: Color?

    /// The allowed tilt, in degrees.
    public static let tiltRange: ClosedRange<Double> = -60...60

    /// A shimmer with Facebook Shimmer's defaults unless given (see each property for units and ranges).
    public init(
        speed: Double = 230, highlightLength: Double = 1, pauseDuration: MediaTime = 0.4,
        animationOpacity: Double = 0.5, shimmeringOpacity: Double = 1, direction: ShimmerDirection = .reading,
        tilt: Double = 0, beginFadeDuration: MediaTime = 0.1, endFadeDuration: MediaTime = 0.3,
        beginTime: MediaTime? = nil, stopAt: MediaTime? = nil, highlightColor: Color? = nil, baseColor: Color? = nil
    ) {
        self.speed = speed
        self.highlightLength = highlightLength
        self.pauseDuration = pauseDuration
        self.animationOpacity = animationOpacity
        self.shimmeringOpacity = shimmeringOpacity
        self.direction = direction
        self.tilt = tilt
        self.beginFadeDuration = beginFadeDuration
        self.endFadeDuration = endFadeDuration
        self.beginTime = beginTime ?? -beginFadeDuration
        self.stopAt = stopAt
        self.highlightColor = highlightColor
        self.baseColor = baseColor
    }

    /// Checks every value against its range.
    ///
    /// - Throws: `EffectSpecError` naming the first value out of range, its range and its default.
    public func validate() throws(EffectSpecError) {
        func check(_ valid: Bool, _ message: String) throws(EffectSpecError) {
            if !valid { throw EffectSpecError(message) }
        }
        try check(
            speed.isFinite && speed > 0,
            "shimmer speed must be a finite number of points per second > 0 (got \(speed)); the default is 230")
        try check(
            (0...1).contains(highlightLength),
            "shimmer highlight length must be in 0…1 (got \(highlightLength)); the default is 1")
        try check(
            pauseDuration.isFinite && pauseDuration >= 0,
            "shimmer pause must be a finite number of seconds ≥ 0 (got \(pauseDuration)); the default is 0.4")
        try check(
            (0...1).contains(animationOpacity),
            "shimmer animation opacity (outside the band) must be in 0…1 (got \(animationOpacity)); the default is 0.5")
        try check(
            (0...1).contains(shimmeringOpacity),
            "shimmer shimmering opacity (inside the band) must be in 0…1 (got \(shimmeringOpacity)); the default is 1")
        try check(
            Self.tiltRange.contains(tilt),
            "shimmer tilt must be in −60…60 degrees (got \(tilt)); the default is 0")
        try check(
            beginFadeDuration.isFinite && beginFadeDuration >= 0,
            "shimmer begin fade must be a finite number of seconds ≥ 0 (got \(beginFadeDuration)); the default is 0.1")
        try check(
            endFadeDuration.isFinite && endFadeDuration >= 0,
            "shimmer end fade must be a finite number of seconds ≥ 0 (got \(endFadeDuration)); the default is 0.3")
        try check(beginTime.isFinite, "shimmer begin time must be a finite number of seconds (got \(beginTime))")
        if let stopAt {
            try check(
                stopAt.isFinite && stopAt >= beginTime,
                "shimmer stop time must be a finite number of seconds ≥ the begin time \(beginTime) (got \(stopAt))")
        }
    }

    /// The mask's layout and travel over content of `contentSize` (see `ShimmerGeometry`).
    ///
    /// - Throws: `EffectSpecError` for an invalid spec or content size.
    public func geometry(for contentSize: Size, rightToLeft: Bool = false) throws(EffectSpecError) -> ShimmerGeometry {
        try ShimmerGeometry(shimmer: self, contentSize: contentSize, rightToLeft: rightToLeft)
    }

    /// When the effect fades in, sweeps, stops and fades out, for cycles of `cycleDuration` seconds.
    public func timeline(cycleDuration: MediaTime) -> ShimmerTimeline {
        ShimmerTimeline(shimmer: self, cycleDuration: cycleDuration)
    }
}
