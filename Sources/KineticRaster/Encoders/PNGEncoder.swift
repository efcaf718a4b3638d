import KineticCore
import KineticFiles

/// Writes one frame as a PNG still: RGBA with straight alpha, or RGB over `EncoderOptions.background`.
///
/// Appending a second frame is an error (use `.apng` or `.gif` for animation); the duration is ignored.
public final class PNGEncoder: FrameEncoder {
    public let path: String
    public let width: Int
    public let height: Int
    public var format: OutputFormat { .png }
    public private(set) var frameCount = 0

    private let file: OutputFile
    private let writer: PNGStreamWriter
    private var isDone = false

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
        self.file = file
        writer = try PNGStreamWriter(
            file: file, width: width, height: height, background: options.background,
            compressionLevel: options.pngCompressionLevel)
    }

    public func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard frameCount == 0 else {
                throw .invalidState(
                    "a PNG file holds one frame; write animations to .apng or .gif (second frame given for '\(path)')")
            }
            guard frame.width == width, frame.height == height else {
                throw .frameSizeMismatch(
                    expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
            }
            try writer.writeHeader()
            try writer.writeImageData(frame, region: .full(width: width, height: height), asFrameData: false)
            try writer.writeEnd()
            frameCount = 1
        }
    }

    public func finish() throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard frameCount == 1 else { throw .invalidState("no frame was given for '\(path)'") }
            isDone = true
            try fileOperation { () throws(FileError) in try file.commit() }
        }
    }

    public func cancel() {
        isDone = true
        file.discard()
    }
}

extension RGBAFrame {
    /// Writes the frame as a PNG file at `path` (safely: temporary file, then rename), with full alpha, or over
    /// `background` as RGB when it is given.
    ///
    /// - Throws: `RasterError.cannotCreateFile` or an I/O error; nothing is left at `path` on failure.
    public func writePNG(to path: String, background: Color? = nil) throws(RasterError) {
        let encoder = try PNGEncoder(
            path: path, width: width, height: height, options: EncoderOptions(background: background))
        try encoder.append(self, duration: 1)
        try encoder.finish()
    }
}
