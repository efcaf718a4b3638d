import KineticLayers

/// What an exporter did with one animated property: how it was written, with how many keyframes, and how far
/// the written motion is from the animation (measured at every sample).
public struct ChannelReport: Sendable, Hashable, CustomStringConvertible {
    /// How a property was written.
    public enum Method: String, Sendable, Hashable {
        /// From the animations' own keyframes and easing, with the timing unrolled.
        case exact
        /// Sampled and fitted within the tolerance.
        case baked
    }

    /// The layer (its name, or its class).
    public var layer: String
    /// The output property, e.g. "position.x" or "opacity".
    public var property: String
    public var method: Method
    /// Keyframes written.
    public var keyframes: Int
    /// The largest difference between the written motion and the animation at the samples, per dimension, in
    /// the property's units (Lottie's: points, degrees, percent).
    public var maximumError: [Double]
    /// The tolerance per dimension, in the same units.
    public var tolerance: [Double]

    public var description: String {
        let error = maximumError.map { "\((($0 * 1000).rounded() / 1000))" }.joined(separator: ", ")
        return "\(layer) \(property): \(method.rawValue), \(keyframes) keyframes, max error [\(error)]"
    }
}

/// An export that could not be made.
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how to fix it.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// What every exporter checks before it starts: a clip lasting more than 0 and at most 3600 s on a finite
    /// canvas, a frame rate of 1…120, every tolerance a finite number > 0, and the samples it would take within
    /// ``ExportLimits/maximumLayerSamples``.
    static func check(_ clip: Clip, framesPerSecond: Double, tolerance: ExportTolerance) throws(ExportError) {
        guard clip.duration.isFinite, clip.duration > 0, clip.duration <= 3600 else {
            throw ExportError(
                "the clip's duration must be a finite number of seconds, more than 0 and at most 3600 (got "
                    + "\(clip.duration))")
        }
        let size = clip.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ExportError(
                "the clip's canvas (its root layer's bounds) must be finite and > 0 in both directions (got "
                    + "\(size.width) × \(size.height) points)")
        }
        guard framesPerSecond.isFinite, (1...120).contains(framesPerSecond) else {
            throw ExportError("framesPerSecond must be from 1 to 120 (got \(framesPerSecond))")
        }
        if let (name, value) = tolerance.invalidField {
            throw ExportError("tolerance.\(name) must be a finite number > 0 (got \(value))")
        }
        try ExportLimits.check(clip, framesPerSecond: framesPerSecond)
    }
}
