import KineticFiles
import KineticLayers
import KineticRaster

extension Effect {
    /// The effect's clip, with text measured by Pango as the renderer and the exporters draw it.
    ///
    /// - Throws: `OutputError.invalidEffect` naming the value of the spec that cannot be used.
    public func makeClip() throws(OutputError) -> Clip {
        do {
            return try makeClip(measuring: PangoTextMeasurer())
        } catch {
            throw .invalidEffect(error.message)
        }
    }

    /// Writes the effect to `path` in any format (see ``KineticLayers/Clip/write(to:format:options:progress:)``).
    ///
    /// ```swift
    /// try CountUp(to: 1234).write(to: "count.json")  // Lottie, for an iOS app
    /// try CountUp(to: 1234).write(to: "count.svg")   // for a README
    /// ```
    ///
    /// - Throws: `OutputError`.
    @discardableResult
    public func write(
        to path: String, format: FileFormat? = nil, options: OutputOptions = OutputOptions(),
        progress: ((_ frameCount: Int) -> ProgressReporter?)? = nil
    ) throws(OutputError) -> OutputResult {
        try makeClip().write(to: path, format: format, options: options, progress: progress)
    }

    /// Writes the effect in `format` to memory (see ``KineticLayers/Clip/write(as:options:)``).
    ///
    /// - Throws: `OutputError`.
    public func write(as format: FileFormat, options: OutputOptions = OutputOptions()) throws(OutputError)
        -> OutputResult
    {
        try makeClip().write(as: format, options: options)
    }
}
