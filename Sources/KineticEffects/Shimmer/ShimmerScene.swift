import KineticCore
import KineticLayers

/// A complete shimmer picture: text or a skeleton placeholder filling a box, shimmering in the seed article's
/// style or Facebook Shimmer's. `kinetic render shimmer`, the demo gallery, the golden tests and the benchmark all
/// draw this scene, so what they show cannot drift apart.
///
/// ```swift
/// let scene = ShimmerScene(content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer()))
/// let root = try scene.makeLayer(measurer: PangoTextMeasurer())
/// // draw root.presentation(at: t) for t in 0 ..< scene.clipDuration(), on scene.suggestedBackground
/// ```
public struct ShimmerScene: Sendable, Hashable {
    /// How the content shimmers.
    public enum Style: Sendable, Hashable {
        /// The seed article's gradient (`ShimmerSeed`).
        case seed(ShimmerSeed)
        /// Facebook Shimmer's model (`Shimmer`).
        case `default`(Shimmer)
    }

    /// What shimmers.
    public enum Content: Sendable, Hashable {
        /// Text laid out in the box.
        case text(ShimmerText)
        /// A skeleton loading placeholder filling the box.
        case skeleton(SkeletonPlaceholder)
    }

    /// The demo's size, in points: 480 × 96.
    public static let defaultSize = Size(width: 480, height: 96)
    /// How long a clip goes on after a stopped shimmer has faded out, in seconds: 0.5.
    public static let tailAfterStop: MediaTime = 0.5

    /// The box, in points (the content fills it; the shimmer sweeps across all of it). Default `defaultSize`.
    public var size: Size
    /// What shimmers.
    public var content: Content
    /// How it shimmers.
    public var style: Style

    /// A scene of `size` points (default 480 × 96).
    public init(size: Size = ShimmerScene.defaultSize, content: Content, style: Style) {
        self.size = size
        self.content = content
        self.style = style
    }

    /// The root layer, of `size` at the origin, with every animation attached; text is laid out with `measurer`.
    ///
    /// - Throws: `EffectSpecError` for an invalid spec, text or skeleton, or a size that is not finite and > 0.
    public func makeLayer(measurer: some TextMeasuring) throws(EffectSpecError) -> Layer {
        let contentLayer: Layer
        var rightToLeft = false
        switch content {
        case .text(let text):
            contentLayer = try text.makeLayer(size: size, measurer: measurer)
            rightToLeft = text.isRightToLeft(measurer: measurer)
        case .skeleton(let skeleton):
            contentLayer = try skeleton.makeLayer(size: size)
        }
        switch style {
        case .seed(let seed): return try seed.makeLayer(content: contentLayer)
        case .default(let shimmer): return try shimmer.makeLayer(content: contentLayer, rightToLeft: rightToLeft)
        }
    }

    /// The length of a clip that shows the whole effect, in seconds: one loop (2 s for the seed style, one cycle
    /// for the default style, so the clip loops seamlessly), or, for a shimmer with a stop time, until the end
    /// fade is over plus `tailAfterStop`.
    ///
    /// - Throws: `EffectSpecError` for an invalid spec or size.
    public func clipDuration() throws(EffectSpecError) -> MediaTime {
        switch style {
        case .seed:
            return ShimmerSeed.duration
        case .default(let shimmer):
            // The cycle does not depend on the reading direction: right and left sweep the same length.
            let geometry = try shimmer.geometry(for: size)
            let timeline = shimmer.timeline(cycleDuration: geometry.cycleDuration)
            if let end = timeline.endTime { return end + Self.tailAfterStop }
            return geometry.cycleDuration
        }
    }

    /// A background that shows the effect well: light blue (#5AC8FA) under the seed's black text and white glint
    /// (a grey would hide the letters where the gradient passes through its shade), near black (#1C1C1E) under
    /// the default style's text, white under a skeleton placeholder.
    public var suggestedBackground: Color {
        switch (style, content) {
        case (.seed, _): return Color(red: 90 / 255, green: 200 / 255, blue: 250 / 255)
        case (.default, .text): return Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255)
        case (.default, .skeleton): return .white
        }
    }
}

extension ShimmerScene: Effect {
    /// The clip: one loop (``clipDuration()``), seamless unless the shimmer stops, on ``suggestedBackground``.
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        var stops = false
        if case .default(let shimmer) = style, shimmer.stopAt != nil { stops = true }
        var clip = Clip(
            root: try makeLayer(measurer: measurer), duration: try clipDuration(), loops: !stops,
            background: suggestedBackground)
        switch content {
        case .text(let text): clip.title = text.string
        case .skeleton: clip.title = "Loading"
        }
        return clip
    }
}
