/// One setting of ``OutputOptions``, with the formats that honour it: the one place that decides what each format
/// does with each option.
public enum OutputOption: String, CaseIterable, Sendable, Hashable {
    case framesPerSecond, scale, duration, stillTime, background, backgroundImage, loopCount, dithering, matte
    case constantRateFactor, ffmpegPath, tolerance, concurrency, title, darkTextColor, darkBackground

    /// The formats that honour the option; any other refuses it with ``OutputError/notApplicable(_:format:)``.
    public var formats: Set<FileFormat> {
        let raster: Set<FileFormat> = [.png, .apng, .gif, .mp4, .webm]
        switch self {
        case .duration, .background: return Set(FileFormat.allCases)
        case .framesPerSecond: return Set(FileFormat.allCases.filter(\.isAnimated))
        case .scale, .backgroundImage: return raster
        case .stillTime: return [.png]
        case .loopCount: return [.apng, .gif, .dotLottie, .svg]
        case .dithering, .matte: return [.gif]
        case .constantRateFactor, .ffmpegPath: return [.mp4, .webm]
        case .tolerance: return [.lottie, .dotLottie, .svg]
        case .concurrency: return [.apng, .gif, .mp4, .webm]
        case .title, .darkTextColor, .darkBackground: return [.svg]
        }
    }

    /// The command line's flag for it, without the dashes ("fps", "background-image"…).
    public var flag: String {
        switch self {
        case .framesPerSecond: "fps"
        case .scale: "scale"
        case .duration: "duration"
        case .stillTime: "time"
        case .background: "background"
        case .backgroundImage: "background-image"
        case .loopCount: "loop"
        case .dithering: "dither"
        case .matte: "matte"
        case .constantRateFactor: "crf"
        case .ffmpegPath: "ffmpeg"
        case .tolerance: "tolerance"
        case .concurrency: "concurrency"
        case .title: "title"
        case .darkTextColor: "dark-text-color"
        case .darkBackground: "dark-background"
        }
    }

    /// Why a format that refuses the option does, and what to do instead.
    func reason(for format: FileFormat) -> String {
        switch self {
        case .framesPerSecond:
            return "a PNG is one picture; choose its moment with \(Self.stillTime.placeholder), or write .apng or .gif"
        case .scale:
            return "\(format) is vectors, drawn at any size where it is shown; its size is the canvas in points"
        case .stillTime:
            return format.isVector
                ? "\(format) holds the whole animation; write .png for one moment"
                : "\(format) holds every frame; write .png for one moment, or shorten the clip with "
                    + Self.duration.placeholder
        case .backgroundImage:
            return "\(format) would have to embed the picture, which Kinetic does not do; draw the effect on a "
                + "transparent background and place it over the picture where it is shown, or write pixels (.png, "
                + ".apng, .gif, .mp4, .webm)"
        case .loopCount:
            switch format {
            case .png: return "a PNG is one picture"
            case .lottie:
                return "Lottie JSON has no loop setting (players decide); write .lottie, whose manifest has one"
            default: return "a video plays once; players loop it"
            }
        case .dithering, .matte: return "it is a GIF setting"
        case .constantRateFactor, .ffmpegPath: return "it is a video setting (.mp4, .webm)"
        case .tolerance: return "it is a vector setting (.json, .lottie, .svg)"
        case .concurrency: return "\(format) \(format.isVector ? "is not drawn frame by frame" : "is one picture")"
        case .title:
            return "only an SVG carries a title for screen readers (its <title>); other formats have no such field"
        case .darkTextColor, .darkBackground:
            return "only an SVG follows the page's colour scheme (a media query inside it); pictures, videos and "
                + "Lottie files have one set of colours"
        case .duration, .background: return ""
        }
    }

    /// The option in a message: `--fps` when `OutputError.Naming.flags`, else its property name.
    var placeholder: String { "\u{1}\(rawValue)\u{2}" }
}
