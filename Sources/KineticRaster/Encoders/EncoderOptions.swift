import KineticCore

/// Settings shared by all encoders, with the format-specific ones grouped in `gif` and `video`.
public struct EncoderOptions: Hashable, Sendable {
    /// How many times an animation plays: 0 (the default) loops forever, 1 plays once, n plays n times. Used by
    /// APNG (`num_plays`) and GIF (NETSCAPE2.0 repeat count n − 1; no extension for 1). Must be 0…65536.
    public var loopCount: Int
    /// An opaque colour to draw every frame over, or nil (the default) to keep transparency: PNG and APNG keep
    /// full alpha, GIF keeps 1-bit transparency (pixels with alpha < `gif.alphaThreshold` become transparent),
    /// WebM keeps alpha (VP9 yuva420p). MP4 has no alpha and uses black when this is nil. The colour's own
    /// alpha is ignored.
    public var background: Color?
    /// GIF settings.
    public var gif: GIFOptions
    /// MP4 and WebM settings.
    public var video: VideoOptions
    /// zlib compression level for PNG and APNG, 0 (none, fastest) … 9 (smallest). Defaults to 6.
    public var pngCompressionLevel: Int

    /// Creates options; see each property for its default.
    public init(
        loopCount: Int = 0, background: Color? = nil, gif: GIFOptions = GIFOptions(),
        video: VideoOptions = VideoOptions(), pngCompressionLevel: Int = 6
    ) {
        self.loopCount = loopCount
        self.background = background
        self.gif = gif
        self.video = video
        self.pngCompressionLevel = pngCompressionLevel
    }

    /// Throws `RasterError.invalidOption` for a value outside its documented range.
    func validate() throws(RasterError) {
        guard (0...65_536).contains(loopCount) else {
            throw .invalidOption(name: "loop count", value: "\(loopCount)", reason: "must be 0 (forever) … 65536")
        }
        guard (0...9).contains(pngCompressionLevel) else {
            throw .invalidOption(
                name: "PNG compression level", value: "\(pngCompressionLevel)", reason: "must be 0…9")
        }
        try gif.validate()
        try video.validate()
    }
}

/// GIF encoder settings: palettes (one for the clip where it serves, libimagequant's per frame elsewhere), dithering,
/// transparency.
public struct GIFOptions: Hashable, Sendable {
    /// Floyd–Steinberg dithering strength, 0 (none: flat colour bands, smallest files) … 1 (full: smoothest
    /// gradients). Defaults to 0.5.
    public var dithering: Double
    /// Palette quality target, 1…100: libimagequant uses as few colours as reach it (up to `maximumColors`).
    /// Defaults to 98: on a moving gradient it gives a mean error of about 0.3 per channel (out of 255) and files
    /// about 40 % smaller than 100, which is near-lossless (see Benchmarks/RESULTS.md, "GIF encoder").
    public var quality: Int
    /// libimagequant's speed/quality trade-off, 1 (slowest, best palette) … 10 (fastest). Defaults to 6: half the
    /// time of libimagequant's own default (4) for files about 7 % larger on the benchmark's moving gradient.
    public var speed: Int
    /// Colours per frame palette, 2…256, including the transparent entry. Defaults to 256.
    public var maximumColors: Int
    /// With a transparent background, pixels whose alpha is below this (1…255) become transparent and the others
    /// opaque (GIF has 1-bit transparency). Defaults to 128.
    public var alphaThreshold: Int
    /// With a transparent background, the colour of the page the GIF will sit on, as image editors' matte: every
    /// pixel with any coverage is drawn opaque, blended with this colour by its alpha, and only fully transparent
    /// pixels stay transparent — soft edges instead of the jagged ones a cut at `alphaThreshold` makes. Its own
    /// alpha is ignored. Nil (the default) cuts at `alphaThreshold`. For real alpha, write APNG instead.
    public var matte: Color?
    /// Whether the encoder sees the whole clip before it writes (the default, true). Frames are kept in a
    /// temporary file in the output's folder (removed from the folder at once, so none is ever left behind: 4
    /// bytes a pixel of each frame's changed rectangle), and `finish()` writes the GIF with one palette for the
    /// clip in the global colour table: the clip's exact colours when they fit; else its 255 colours longest on
    /// screen when they cover 99 % of the screen time; else a libimagequant palette of the colours that frames
    /// changing part of the picture draw, weighted by time on screen. Frames that change part of the picture use
    /// it where it is nearly exact (exact palettes) or within a mean squared error of 10 and 64 levels per channel
    /// (libimagequant's); frames that redraw 90 % of the picture or more, and the others, get palettes of their
    /// own as in streaming. False writes each frame as it comes: constant memory and disk, and each frame that
    /// needs its own palette carries a colour table (up to 768 bytes).
    public var clipPalette: Bool
    /// With `clipPalette`, the most disk the kept frames may take, in bytes, ≥ 0. Defaults to 1 GiB (the showcase
    /// clip, 90 frames of 600 × 200, takes 18 MB). A clip that needs more has the frames kept so far written with
    /// their clip palette when the limit is reached, and the rest as in streaming (that palette still tried
    /// first); 0 streams from the first frame.
    public var clipPaletteDiskLimit: Int

    /// Creates GIF options; see each property for its range and default.
    public init(
        dithering: Double = 0.5, quality: Int = 98, speed: Int = 6, maximumColors: Int = 256,
        alphaThreshold: Int = 128, matte: Color? = nil, clipPalette: Bool = true, clipPaletteDiskLimit: Int = 1 << 30
    ) {
        self.clipPalette = clipPalette
        self.clipPaletteDiskLimit = clipPaletteDiskLimit
        self.matte = matte
        self.dithering = dithering
        self.quality = quality
        self.speed = speed
        self.maximumColors = maximumColors
        self.alphaThreshold = alphaThreshold
    }

    func validate() throws(RasterError) {
        guard dithering.isFinite, (0...1).contains(dithering) else {
            throw .invalidOption(name: "GIF dithering", value: "\(dithering)", reason: "must be 0…1")
        }
        guard (1...100).contains(quality) else {
            throw .invalidOption(name: "GIF quality", value: "\(quality)", reason: "must be 1…100")
        }
        guard (1...10).contains(speed) else {
            throw .invalidOption(name: "GIF speed", value: "\(speed)", reason: "must be 1 (best) … 10 (fastest)")
        }
        guard (2...256).contains(maximumColors) else {
            throw .invalidOption(name: "GIF colour count", value: "\(maximumColors)", reason: "must be 2…256")
        }
        guard clipPaletteDiskLimit >= 0 else {
            throw .invalidOption(
                name: "GIF clip palette disk limit", value: "\(clipPaletteDiskLimit)", reason: "must be ≥ 0 bytes")
        }
        guard (1...255).contains(alphaThreshold) else {
            throw .invalidOption(name: "GIF alpha threshold", value: "\(alphaThreshold)", reason: "must be 1…255")
        }
    }
}

/// MP4 (H.264) and WebM (VP9) settings; both are encoded by an `ffmpeg` process.
public struct VideoOptions: Hashable, Sendable {
    /// Output frames per second (constant frame rate), or nil (the default) to take it from the first frame's
    /// duration. Frames with other durations are repeated or dropped so that each is shown at its true time.
    /// Must be > 0 and ≤ 240.
    public var frameRate: Double?
    /// Constant rate factor: lower is better quality and larger. nil (the default) uses 18 for H.264
    /// (visually lossless) and 30 for VP9. H.264 accepts 0…51, VP9 0…63.
    public var constantRateFactor: Int?
    /// The ffmpeg executable, or nil (the default) to search PATH.
    public var ffmpegPath: String?

    /// Creates video options; see each property for its range and default.
    public init(frameRate: Double? = nil, constantRateFactor: Int? = nil, ffmpegPath: String? = nil) {
        self.frameRate = frameRate
        self.constantRateFactor = constantRateFactor
        self.ffmpegPath = ffmpegPath
    }

    func validate() throws(RasterError) {
        if let frameRate, !(frameRate.isFinite && frameRate > 0 && frameRate <= 240) {
            throw .invalidOption(name: "frame rate", value: "\(frameRate)", reason: "must be > 0 and ≤ 240 fps")
        }
        if let crf = constantRateFactor, !(0...63).contains(crf) {
            throw .invalidOption(
                name: "constant rate factor", value: "\(crf)", reason: "must be 0…51 (H.264) or 0…63 (VP9)")
        }
    }
}
