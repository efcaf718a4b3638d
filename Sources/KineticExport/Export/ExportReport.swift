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
}
