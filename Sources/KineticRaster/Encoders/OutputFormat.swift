import KineticFiles

/// The file formats KineticRaster writes, chosen from the output file's extension.
public enum OutputFormat: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// A single PNG image (the first frame appended).
    case png
    /// Animated PNG: lossless, exact frame delays, full alpha.
    case apng
    /// GIF: 256 colours per frame, 1-bit transparency, delays in centiseconds.
    case gif
    /// MP4 with H.264 video (yuv420p), via ffmpeg.
    case mp4
    /// WebM with VP9 video (with alpha when the background is transparent), via ffmpeg.
    case webm

    /// The format named by a path's extension (case-insensitive): .png, .apng, .gif, .mp4, .webm.
    ///
    /// - Throws: `RasterError.unsupportedExtension` listing the supported extensions.
    public init(path: String) throws(RasterError) {
        guard let format = Self.fileExtension(of: path).flatMap({ OutputFormat(rawValue: $0.lowercased()) }) else {
            throw .unsupportedExtension(path: path, supported: OutputFormat.allCases.map(\.rawValue))
        }
        self = format
    }

    /// The extension of `path`'s last component, without the dot, as written; nil when the name has none (or is
    /// only a dot file's name). The one place Kinetic reads a file name's extension.
    package static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// The usual extension, without the dot.
    public var fileExtension: String { rawValue }

    /// True for formats that hold more than one frame.
    public var isAnimated: Bool { self != .png }

    /// True for formats written by an external `ffmpeg` process.
    public var needsFFmpeg: Bool { self == .mp4 || self == .webm }

    public var description: String { rawValue.uppercased() }

    /// Creates the encoder for this format writing to `path` (a temporary file is created next to it now).
    ///
    /// - Throws: `RasterError.invalidFrameSize`, `.cannotCreateFile`, `.invalidOption`, or `.ffmpegNotFound`
    ///   for MP4 and WebM when ffmpeg is missing.
    public func makeEncoder(path: String, width: Int, height: Int, options: EncoderOptions = EncoderOptions())
        throws(RasterError) -> any FrameEncoder
    {
        try makeEncoder(
            file: fileOperation { () throws(FileError) in try OutputFile(path: path) }, width: width, height: height,
            options: options)
    }

    /// Creates the encoder for this format writing to `file` (a file or memory).
    package func makeEncoder(file: OutputFile, width: Int, height: Int, options: EncoderOptions = EncoderOptions())
        throws(RasterError) -> any FrameEncoder
    {
        switch self {
        case .png: return try PNGEncoder(file: file, width: width, height: height, options: options)
        case .apng: return try APNGEncoder(file: file, width: width, height: height, options: options)
        case .gif: return try GIFEncoder(file: file, width: width, height: height, options: options)
        case .mp4, .webm:
            return try VideoEncoder(file: file, format: self, width: width, height: height, options: options)
        }
    }

    /// Creates the encoder for the format named by `path`'s extension.
    public static func makeEncoder(
        path: String, width: Int, height: Int, options: EncoderOptions = EncoderOptions()
    ) throws(RasterError) -> any FrameEncoder {
        try OutputFormat(path: path).makeEncoder(path: path, width: width, height: height, options: options)
    }
}
