import KineticLayers

/// What ``KineticLayers/Clip/write(to:format:options:progress:)`` or ``KineticLayers/Clip/write(as:options:)``
/// wrote.
public struct OutputResult: Sendable {
    /// The format written.
    public var format: FileFormat
    /// The file written, or nil when the output was kept in memory.
    public var path: String?
    /// What was planned: canvas, frames, frame rate, length, background, loops.
    public var plan: OutputPlan
    /// The picture's size in the output, in pixels: the plan's, or more where the format needs it (MP4 and WebM
    /// pad odd sides to even ones); for vectors, the canvas in points.
    public var writtenWidth: Int
    public var writtenHeight: Int
    /// The output's size in bytes.
    public var byteCount: Int
    /// The output itself when it was kept in memory; empty when it went to a file.
    public var bytes: [UInt8]
    /// Each distinct thing that does not show as the clip asks (a missing font, a blurred shadow in Lottie…),
    /// once, naming the layer.
    public var warnings: [Clip.Warning]
}
