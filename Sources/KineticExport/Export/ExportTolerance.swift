/// How far a baked (sampled and fitted) property may stray from the animation it stands for. Exact mappings
/// (cubic-bezier easing, steps, keyframes, Core Animation timing) do not need it; springs, physics and effects'
/// computed timelines are fitted within it, measured at every sample (two per output frame).
public struct ExportTolerance: Sendable, Hashable {
    /// Positions, sizes, anchor points and path points, in points. Default 0.25.
    public var distance: Double
    /// Rotations and skews, in degrees. Default 0.5.
    public var angle: Double
    /// Opacity, 0…1. Default 1/255 (one level of an 8-bit channel).
    public var opacity: Double
    /// Colour components, 0…1. Default 1/255.
    public var color: Double

    /// The tolerances above unless given; each must be finite and > 0 (``LottieExporter`` checks).
    public init(distance: Double = 0.25, angle: Double = 0.5, opacity: Double = 1.0 / 255, color: Double = 1.0 / 255) {
        self.distance = distance
        self.angle = angle
        self.opacity = opacity
        self.color = color
    }

    /// The first tolerance that is not a finite number > 0, as (name, value), or nil.
    var invalidField: (String, Double)? {
        for (name, value) in [("distance", distance), ("angle", angle), ("opacity", opacity), ("color", color)]
        where !(value.isFinite && value > 0) {
            return (name, value)
        }
        return nil
    }
}
