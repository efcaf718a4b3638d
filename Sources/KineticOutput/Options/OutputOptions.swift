import KineticCore
import KineticExport
import KineticRaster

/// How ``KineticLayers/Clip/write(to:format:options:progress:)`` writes a clip, for every format at once.
///
/// Each option is either for every format or for some; an option left nil is the format's default, and an option
/// given to a format that cannot honour it is an error that names both (see ``OutputOption/formats``) — never
/// dropped silently. The defaults are the command line's: the same options give the same bytes from Swift as from
/// `kinetic render`.
public struct OutputOptions: Sendable {
    /// What shows where the layers leave the canvas empty. Every format.
    public typealias Background = RenderOptions.Background

    /// Frames per second, 1…120: of the animation's frames, Lottie's composition rate, SVG's sampling of baked
    /// motion. Animated formats (not PNG); nil (default) for 30.
    public var framesPerSecond: Double?
    /// Pixels per point: 1, 2 or 3. Pixel and video formats; nil (default) for 1.
    public var scale: Double?
    /// How much of the clip to write, in seconds, more than 0 and at most 600; nil (default) for the clip's own
    /// duration. Every format.
    public var duration: MediaTime?
    /// The moment a PNG shows, in seconds, −600…600; nil (default) for the end of the clip. PNG only.
    public var stillTime: MediaTime?
    /// The background. Every format. Default `.clip`: the clip's own (transparent when it has none).
    public var background: Background
    /// A PNG or JPEG drawn under the clip, covering the canvas (aspect fill); nil (default) for none. Pixel and
    /// video formats: the vector formats refuse it (they would have to embed the picture).
    public var backgroundImage: String?
    /// How many times an animation plays, 0…65535, 0 forever. APNG and GIF take any count (default 0, forever);
    /// dotLottie and SVG take 0 (forever) or 1 (once), default: forever when the clip loops, once when it does not.
    /// Lottie JSON has no such setting (players decide), nor has video.
    public var loopCount: Int?
    /// GIF dithering, 0 (none) … 1 (full); nil (default) for 0.5. GIF only.
    public var dithering: Double?
    /// Transparent GIF: the page's colour, blended into soft edges instead of cutting them at half alpha; nil
    /// (default) cuts. GIF only.
    public var matte: Color?
    /// Video quality as a constant rate factor, lower is better: 0…51 for MP4, 0…63 for WebM; nil (default) for
    /// 18 (MP4) and 30 (WebM). Video only.
    public var constantRateFactor: Int?
    /// The `ffmpeg` executable; nil (default) looks it up on PATH. Video only.
    public var ffmpegPath: String?
    /// How far baked motion may stray from the clip. Vector formats; nil (default) for `ExportTolerance()`.
    public var tolerance: ExportTolerance?
    /// How many frames are drawn at once, ≥ 1; nil (default) for one per CPU. The bytes do not depend on it.
    /// Animated pixel and video formats.
    public var concurrency: Int?
    /// Where a write to memory keeps what must be a file for a moment — GIF's frames between its two passes
    /// (unnamed), the video `ffmpeg` writes (removed when read back). Default "/tmp". Writes to a path use the
    /// destination's folder instead.
    public var scratchFolder: String
    /// The picture's name for screen readers: an SVG's `<title>`, with `role="img"`. SVG only; nil (default) for
    /// the clip's own ``/KineticLayers/Clip/title`` (an effect's text at the end).
    public var title: String?
    /// The text colour when the viewer's page is dark (`prefers-color-scheme: dark`, inside the SVG): the SVG's
    /// commonest text colour becomes this one. SVG only; nil (default) for one colour set.
    public var darkTextColor: Color?
    /// The background colour when the viewer's page is dark. SVG only, and only for a clip with a background; nil
    /// (default) for no change.
    public var darkBackground: Color?
    /// Asked between the frames of an animated pixel or video format: true stops the write with
    /// ``OutputError/cancelled``, leaving nothing behind (a service's deadline). Nil (default): never. Not an
    /// option of the output (any format takes it; the bytes never depend on it).
    public var shouldCancel: (@Sendable () -> Bool)?

    /// Options with every default, changed by the parameters given.
    public init(
        framesPerSecond: Double? = nil, scale: Double? = nil, duration: MediaTime? = nil, stillTime: MediaTime? = nil,
        background: Background = .clip, backgroundImage: String? = nil, loopCount: Int? = nil,
        dithering: Double? = nil, matte: Color? = nil, constantRateFactor: Int? = nil, ffmpegPath: String? = nil,
        tolerance: ExportTolerance? = nil, concurrency: Int? = nil, scratchFolder: String = "/tmp"
    ) {
        self.framesPerSecond = framesPerSecond
        self.scale = scale
        self.duration = duration
        self.stillTime = stillTime
        self.background = background
        self.backgroundImage = backgroundImage
        self.loopCount = loopCount
        self.dithering = dithering
        self.matte = matte
        self.constantRateFactor = constantRateFactor
        self.ffmpegPath = ffmpegPath
        self.tolerance = tolerance
        self.concurrency = concurrency
        self.scratchFolder = scratchFolder
    }

    /// The frame rate when none is given: 30 frames per second, for every animated format.
    public static let defaultFramesPerSecond: Double = 30

    /// Reads the inputs the options name (the background picture), so that a missing or broken one is reported
    /// before any work.
    ///
    /// - Throws: `OutputError.unreadableInput` (missing, unreadable) or `.invalidInput` (not a PNG or JPEG, or
    ///   one that does not decode), naming the file and why.
    public func checkInputs() throws(OutputError) {
        guard let path = backgroundImage else { return }
        do {
            _ = try RGBAFrame(contentsOfImageFile: path)
        } catch {
            // A file that is there but is not a picture Kinetic reads is bad data, not a missing input.
            if case .ioFailed(_, "decoding the picture", _) = error {
                throw .invalidInput(path: path, reason: "\(error)")
            }
            throw .unreadableInput(path: path, reason: "\(error)")
        }
    }

    /// The options that were given (not nil), in declaration order.
    var given: [OutputOption] {
        var list: [OutputOption] = []
        if framesPerSecond != nil { list.append(.framesPerSecond) }
        if scale != nil { list.append(.scale) }
        if duration != nil { list.append(.duration) }
        if stillTime != nil { list.append(.stillTime) }
        if backgroundImage != nil { list.append(.backgroundImage) }
        if loopCount != nil { list.append(.loopCount) }
        if dithering != nil { list.append(.dithering) }
        if matte != nil { list.append(.matte) }
        if constantRateFactor != nil { list.append(.constantRateFactor) }
        if ffmpegPath != nil { list.append(.ffmpegPath) }
        if tolerance != nil { list.append(.tolerance) }
        if concurrency != nil { list.append(.concurrency) }
        if title != nil { list.append(.title) }
        if darkTextColor != nil { list.append(.darkTextColor) }
        if darkBackground != nil { list.append(.darkBackground) }
        return list
    }
}
