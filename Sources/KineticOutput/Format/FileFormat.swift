import KineticRaster

/// Every format Kinetic writes: four kinds of pixels, two of video and three of vectors, each known by its file
/// extension.
///
/// ```swift
/// let format = try FileFormat(path: "intro.lottie")  // .dotLottie
/// ```
public enum FileFormat: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// A single PNG picture: one moment of the clip (`OutputOptions.stillTime`, or its end).
    case png
    /// Animated PNG: lossless frames, exact delays, full alpha.
    case apng
    /// GIF: 256 colours a frame, 1-bit transparency, delays in hundredths of a second.
    case gif
    /// MP4 with H.264 video, written by `ffmpeg`.
    case mp4
    /// WebM with VP9 video (with alpha on a transparent background), written by `ffmpeg`.
    case webm
    /// Lottie JSON, which lottie-ios, lottie-android, lottie-web, rlottie and ThorVG play. Extension `.json`.
    case lottie
    /// dotLottie: the Lottie JSON in a ZIP with a manifest that says whether it loops. Extension `.lottie`.
    case dotLottie
    /// Animated SVG (SMIL), which browsers play in an `<img>`: no script, no font, no outside file.
    case svg

    /// The format named by `path`'s extension, compared without case: .png, .apng, .gif, .mp4, .webm, .json
    /// (Lottie), .lottie (dotLottie) or .svg.
    ///
    /// - Throws: `OutputError.unsupportedExtension` listing them all.
    public init(path: String) throws(OutputError) {
        guard let format = OutputFormat.fileExtension(of: path).flatMap(FileFormat.init(fileExtension:)) else {
            throw .unsupportedExtension(path: path)
        }
        self = format
    }

    /// The format whose extension (without the dot, any case) is `fileExtension`, or nil.
    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else {
            return nil
        }
        self = format
    }

    /// The extension, without the dot: png, apng, gif, mp4, webm, json, lottie, svg.
    public var fileExtension: String {
        switch self {
        case .lottie: "json"
        case .dotLottie: "lottie"
        default: rawValue
        }
    }

    /// The media type an HTTP response names (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .apng: "image/apng"
        case .gif: "image/gif"
        case .mp4: "video/mp4"
        case .webm: "video/webm"
        case .lottie: "application/json"
        case .dotLottie: "application/zip"
        case .svg: "image/svg+xml"
        }
    }

    /// The format's name in messages: "PNG", "Lottie JSON", "dotLottie"…
    public var description: String {
        switch self {
        case .png: "PNG"
        case .apng: "APNG"
        case .gif: "GIF"
        case .mp4: "MP4"
        case .webm: "WebM"
        case .lottie: "Lottie JSON"
        case .dotLottie: "dotLottie"
        case .svg: "SVG"
        }
    }

    /// True for the vector formats (Lottie JSON, dotLottie, SVG): no pixels, sized by the canvas in points.
    public var isVector: Bool { rasterFormat == nil }

    /// True for formats that hold more than one moment: all but PNG.
    public var isAnimated: Bool { self != .png }

    /// The renderer's format for the pixel and video formats; nil for the vector ones.
    public var rasterFormat: OutputFormat? {
        switch self {
        case .png: .png
        case .apng: .apng
        case .gif: .gif
        case .mp4: .mp4
        case .webm: .webm
        case .lottie, .dotLottie, .svg: nil
        }
    }

    /// The extensions in messages: ".png, .apng, .gif, .mp4, .webm, .json (Lottie), .lottie (dotLottie), .svg".
    public static var extensionList: String {
        allCases.map { format in
            "." + format.fileExtension
                + (format == .lottie ? " (Lottie)" : format == .dotLottie ? " (dotLottie)" : "")
        }.joined(separator: ", ")
    }
}
