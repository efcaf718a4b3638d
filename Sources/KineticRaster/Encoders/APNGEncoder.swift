import KineticCore
import KineticFiles

/// Writes an animated PNG, streaming: lossless frames with exact delays.
///
/// - Delays: each frame's fcTL delay is the fraction (16-bit numerator and denominator) closest to its
///   duration, with the rounding error carried to the next frame, so 1/30 s is stored as 1/30 and the total
///   never drifts.
/// - Size: after the first (full) frame, each frame stores only the rectangle that changed since the previous
///   one (blend SOURCE, dispose NONE), and frames identical to the previous one are merged into it (their
///   durations add up), so the file's frame count can be smaller than the number appended.
/// - The default image (what non-APNG viewers show) is the first frame. `loopCount` is acTL's num_plays; the
///   frame count in acTL is patched when the file is finished.
/// - Transparency: full alpha (straight RGBA) unless `EncoderOptions.background` is set (then RGB).
///
/// Memory: two frames, whatever the length.
public final class APNGEncoder: FrameEncoder {
    public let path: String
    public let width: Int
    public let height: Int
    public var format: OutputFormat { .apng }
    /// Frames appended so far (before merging identical ones).
    public private(set) var frameCount = 0
    /// Frames written to the file so far (after merging).
    public private(set) var writtenFrameCount = 0

    private let file: OutputFile
    private let writer: PNGStreamWriter
    private let plays: Int
    private var animationControlOffset = 0
    private var isDone = false
    /// The frame waiting to be written (its duration may still grow) and its changed region.
    private var pending: (frame: RGBAFrame, region: PixelRect, duration: MediaTime)?
    /// Time written so far (sum of stored delays) and time appended so far, in seconds.
    private var writtenTime: Double = 0
    private var appendedTime: Double = 0

    /// Creates the encoder and its temporary file next to `path`.
    ///
    /// - Throws: `RasterError.invalidFrameSize`, `.invalidOption`, `.cannotCreateFile`.
    public convenience init(path: String, width: Int, height: Int, options: EncoderOptions = EncoderOptions())
        throws(RasterError)
    {
        try self.init(
            file: fileOperation { () throws(FileError) in try OutputFile(path: path) }, width: width, height: height,
            options: options)
    }

    /// Creates the encoder writing to `file` (a file or memory).
    package init(file: OutputFile, width: Int, height: Int, options: EncoderOptions = EncoderOptions())
        throws(RasterError)
    {
        try RGBAFrame.validateSize(width: width, height: height)
        try options.validate()
        self.path = file.path
        self.width = width
        self.height = height
        self.plays = options.loopCount
        self.file = file
        writer = try PNGStreamWriter(
            file: file, width: width, height: height, background: options.background,
            compressionLevel: options.pngCompressionLevel)
        do throws(RasterError) {
            try writer.writeHeader()
            animationControlOffset = try writer.writeAnimationControl(frameCount: 0, plays: plays)
        } catch {
            file.discard()
            throw error
        }
    }

    public func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            try validate(frame, duration: duration, after: appendedTime + (pending?.duration ?? 0))
            frameCount += 1
            guard let previous = pending else {
                pending = (frame, .full(width: width, height: height), duration)
                return
            }
            guard let region = PixelRect.changedBounds(from: previous.frame, to: frame) else {
                pending?.duration += duration
                return
            }
            try write(previous.frame, region: previous.region, duration: previous.duration)
            pending = (frame, region, duration)
        }
    }

    public func finish() throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard let last = pending else { throw RasterError.invalidState("no frame was given for '\(path)'") }
            try write(last.frame, region: last.region, duration: last.duration)
            pending = nil
            try writer.writeEnd()
            try writer.patchAnimationControl(at: animationControlOffset, frameCount: writtenFrameCount, plays: plays)
            isDone = true
            try fileOperation { () throws(FileError) in try file.commit() }
        }
    }

    public func cancel() {
        isDone = true
        pending = nil
        file.discard()
    }

    private func write(_ frame: RGBAFrame, region: PixelRect, duration: MediaTime) throws(RasterError) {
        appendedTime += duration
        let (numerator, denominator) = FrameTiming.rational(appendedTime - writtenTime)
        writtenTime += Double(numerator) / Double(denominator)
        try writer.writeFrameControl(region: region, numerator: numerator, denominator: denominator)
        try writer.writeImageData(frame, region: region, asFrameData: writtenFrameCount > 0)
        writtenFrameCount += 1
    }
}
