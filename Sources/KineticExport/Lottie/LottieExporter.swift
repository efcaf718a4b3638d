import KineticCore
import KineticLayers

/// How ``LottieExporter`` writes a clip.
public struct LottieExportOptions: Sendable, Hashable {
    /// The composition's frame rate (`fr`), 1…120: keyframe times are in its frames, and players show it. Default
    /// 30, as every other door of Kinetic (the pixel formats, `kinetic render`).
    public var framesPerSecond: Double
    /// How far baked motion may stray. Default `ExportTolerance()` (0.25 pt, 0.5°, 1/255).
    public var tolerance: ExportTolerance
    /// Whether the clip's background colour becomes a solid layer under everything (players draw a transparent
    /// canvas otherwise). Default true.
    public var includesBackground: Bool
    /// The composition's name (`nm`). Default "Kinetic".
    public var name: String

    public init(
        framesPerSecond: Double = 30, tolerance: ExportTolerance = ExportTolerance(), includesBackground: Bool = true,
        name: String = "Kinetic"
    ) {
        self.framesPerSecond = framesPerSecond
        self.tolerance = tolerance
        self.includesBackground = includesBackground
        self.name = name
    }
}

/// A clip written as Lottie JSON, with what could not be written and how each moving property was written.
public struct LottieExport: Sendable {
    /// The Lottie document (`v` 5.7.0 with the spec's `ver` 10000 fields), keys in a fixed order.
    public var document: JSONValue
    /// What does not show as the clip does (a blurred shadow, a picture…), each naming its layer. The clip's own
    /// warnings come first.
    public var warnings: [Clip.Warning]
    /// Every animated property, how it was written (exact or baked), with its keyframe count and measured error.
    public var channels: [ChannelReport]

    /// The document's bytes: compact UTF-8 JSON, the same for the same clip and options.
    public var bytes: [UInt8] { document.bytes }
}

/// Writes a ``Clip`` as a Lottie animation (JSON), the format After Effects' Bodymovin writes and lottie-web,
/// lottie-ios, lottie-android, rlottie, ThorVG and Skottie play.
///
/// The mapping, layer by layer (what Core Animation composes, Lottie composes differently):
/// - **Transforms.** Anchor, position (split into x and y when it moves), scale, rotation (and skew) from the
///   layer's position, anchor point, bounds and transform; sublayers are parented to their layer's Lottie layer.
/// - **Content.** Backgrounds and borders are rounded rectangles, shapes are Bézier paths with fill, stroke, dashes
///   and trim (strokeStart/End), gradients are gradient fills (radial ones scaled into ellipses) with their stops
///   keyframed as whole arrays, text is glyph outlines (from `glyphs`): each glyph is one shared precomposition,
///   placed by every text that shows it.
/// - **Groups.** Lottie does not inherit opacity down parents, so a layer whose opacity is below 1 or animated
///   and that draws more than one thing becomes a precomposition; so does a layer with `masksToBounds` (the
///   precomposition layer gets the rounded bounds as a mask, with `hasMask: true`) and a layer with a `mask` (an
///   alpha track matte: the mask's layer directly above it, `td`/`tt`/`tp`).
/// - **Time.** Cubic-bezier easing becomes keyframe handles (`o` the first control point, `i` the second), steps
///   and discrete keyframes become hold keyframes, Core Animation timing (begin time, speed, time offset,
///   repeats, autoreverses, fill modes) is unrolled over the clip. Anything else — springs, physics, an effect's
///   computed timeline — is baked into the fewest cubic keyframes within `options.tolerance`.
///
/// What Lottie cannot show (blurred shadows, pictures) is left out with a warning naming the layer.
public struct LottieExporter: Sendable {
    public var options: LottieExportOptions
    let glyphs: any GlyphOutlining

    /// An exporter drawing text with `glyphs` (KineticRaster's `PangoGlyphOutliner` lays it out as the renderer
    /// does).
    public init(glyphs: some GlyphOutlining, options: LottieExportOptions = LottieExportOptions()) {
        self.glyphs = glyphs
        self.options = options
    }

    /// The clip as a Lottie document.
    ///
    /// - Throws: `ExportError` for a clip whose duration or canvas is not finite and > 0, or options out of range.
    public func export(_ clip: Clip) throws(ExportError) -> LottieExport {
        try ExportError.check(clip, framesPerSecond: options.framesPerSecond, tolerance: options.tolerance)
        let builder = LottieBuilder(clip: clip, options: options, glyphs: glyphs)
        let document = builder.build()
        return LottieExport(document: document, warnings: clip.warnings + builder.warnings, channels: builder.channels)
    }
}
