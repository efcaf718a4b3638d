import KineticCore

/// Writes an animated GIF, streaming, with libimagequant palettes.
///
/// - Palettes: the global colour table holds the clip's exact colours while they fit in
///   `GIFOptions.maximumColors` − 1, and frames use it while it serves (exactly, then nearly; see
///   `mapToGlobalPalette`): text, flat shapes and UI usually need no other palette and have no error. Other
///   frames have their own exact colours when they have few enough, else a libimagequant palette: the previous
///   one when it still serves (see `writeChangedRegion`), else a new one built for the pixels that frame draws,
///   mapped to it by `PaletteRemapper` with `GIFOptions.dithering`, its colours then moved to the means of the
///   pixels mapped to them (flat colours come out exact).
/// - Size: a frame stores only the rectangle that changed; inside it, pixels that are unchanged since the previous
///   frame (or that the screen already shows at least as well as the palette could) use the transparent index,
///   which LZW compresses to almost nothing. Frames identical to the previous one are merged into it.
/// - Delays: GIF counts in centiseconds. Each frame's delay is the difference between its rounded start and end
///   times, so the error is carried: 30 fps gives 3, 3, 4, 3, 3, 4 … and the total after any frame is within
///   half a centisecond of the true time. Browsers slow down delays below 2 cs, so a frame that would be shown
///   for less than 2 cs is replaced by the next one (at 60 fps every other frame is dropped); the last frame
///   lasts at least 2 cs.
/// - Transparency: with `EncoderOptions.background` nil, pixels with alpha below `GIFOptions.alphaThreshold`
///   are transparent; when a pixel turns transparent, the frame before it is disposed to transparent (one frame
///   of look-ahead decides this). With a background colour every frame is drawn over it and is opaque.
/// - Loops: `EncoderOptions.loopCount` plays (0 = forever) as a NETSCAPE2.0 extension.
///
/// Memory: five frame-sized buffers plus the changed rectangle's, whatever the length; the remappers' grids
/// (1 MiB each) and LZW's table (32 KiB) are allocated once.
public final class GIFEncoder: FrameEncoder {
    public let path: String
    public let width: Int
    public let height: Int
    public var format: OutputFormat { .gif }
    /// Frames appended so far.
    public private(set) var frameCount = 0
    /// Images written to the file so far (after merging identical and too-short frames).
    public private(set) var writtenFrameCount = 0
    /// Sum of the delays written so far, in centiseconds.
    public private(set) var writtenCentiseconds = 0

    private let file: OutputFile
    private let writer: GIFFileWriter
    private let quantizer: ImageQuantizer
    private let dithering: Double
    private let background: RGBA8?
    private let alphaThreshold: UInt8
    /// `GIFOptions.matte` as an opaque pixel, or nil.
    private let matte: RGBA8?
    private var isDone = false
    /// What a viewer shows after the frames written so far and their disposal: straight RGBA words, 0 where
    /// transparent.
    private var canvas: [UInt32]
    /// The source of the last frame written (valid once `hasWritten`).
    private var previousSource: [UInt32]
    private var hasWritten = false
    /// The frame waiting to be written (valid when `hasPending`) and its start time in centiseconds.
    private var pending: [UInt32]
    private var hasPending = false
    private var pendingStart = 0
    /// The frame being appended. The three frame buffers rotate, so appending allocates nothing.
    private var incoming: [UInt32]
    /// Work buffers for the changed rectangle: its pixels (straight RGBA bytes, for libimagequant) and their
    /// palette indices.
    private var foreground: [UInt8]
    private var indices: [UInt8]
    /// Maps frames to the current palette, which it holds.
    private let remapper = PaletteRemapper()
    /// The global colour table: the clip's exact colours while they fit (see `mapToGlobalPalette`).
    private let global: ExactPalette
    private let globalRemapper = PaletteRemapper()
    private var globalState = GlobalPaletteState.growing
    /// Whether a frame was written with the global colour table.
    private var usesGlobalPalette = false
    /// A frame's own exact colours, for a frame with few colours that the global palette does not serve.
    private let local: ExactPalette

    private enum GlobalPaletteState {
        /// Every frame so far was stored exactly with it; new colours are added.
        case growing
        /// Full: frames use its nearest colours when that is nearly exact; `misses` frames in a row could not.
        case full(misses: Int)
        /// Not tried any more.
        case unusable
    }
    private var hasPalette = false
    /// The error of the last palette built, on the frame it was built for: the bar a reused palette must nearly
    /// meet.
    private var reference = PaletteRemapper.RemappingError(mean: 0, maximum: 0)
    /// The end time of the frames appended so far, in seconds.
    private var appendedTime: MediaTime = 0
    /// Work buffer: which pixels the frame being written must draw.
    private var changed: [Bool]

    /// Creates the encoder and its temporary file next to `path`, and writes the GIF header.
    ///
    /// - Throws: `RasterError.invalidFrameSize` (GIF sides are at most 65535, and `RGBAFrame`'s limits apply),
    ///   `.invalidOption`, `.cannotCreateFile`, `.quantization`.
    public init(path: String, width: Int, height: Int, options: EncoderOptions = EncoderOptions()) throws(RasterError) {
        try RGBAFrame.validateSize(width: width, height: height)
        try options.validate()
        self.path = path
        self.width = width
        self.height = height
        dithering = options.gif.dithering
        background = options.background.map { RGBA8(premultiplying: $0.withAlpha(1)) }
        alphaThreshold = UInt8(options.gif.alphaThreshold)
        matte = options.gif.matte.map { RGBA8(premultiplying: $0.withAlpha(1)) }
        quantizer = try ImageQuantizer(options: options.gif)
        global = ExactPalette(maximumColors: options.gif.maximumColors)
        local = ExactPalette(maximumColors: options.gif.maximumColors)
        canvas = [UInt32](repeating: 0, count: width * height)
        previousSource = canvas
        pending = canvas
        incoming = canvas
        foreground = [UInt8](repeating: 0, count: width * height * 4)
        indices = [UInt8](repeating: 0, count: width * height)
        changed = [Bool](repeating: false, count: width * height)
        file = try OutputFile(path: path)
        do throws(RasterError) {
            writer = try GIFFileWriter(file: file, width: width, height: height)
            if options.loopCount != 1 {
                try writer.writeLoopExtension(repeats: options.loopCount == 0 ? 0 : options.loopCount - 1)
            }
        } catch {
            file.discard()
            throw error
        }
    }

    public func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            try validate(frame, duration: duration)
            frameCount += 1
            let start = FrameTiming.centiseconds(appendedTime)
            appendedTime += duration
            prepare(frame)
            guard hasPending else {
                swap(&pending, &incoming)
                hasPending = true
                pendingStart = start
                return
            }
            if incoming == pending { return }  // identical: the pending frame lasts longer
            if start - pendingStart < 2 {  // the pending frame would last < 2 cs: show this one instead
                swap(&pending, &incoming)
                return
            }
            try writePending(delay: start - pendingStart, nextIsIncoming: true)
            swap(&pending, &incoming)
            pendingStart = start
        }
    }

    public func finish() throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard hasPending else { throw .invalidState("no frame was given for '\(path)'") }
            try writePending(
                delay: max(2, FrameTiming.centiseconds(appendedTime) - pendingStart), nextIsIncoming: false)
            hasPending = false
            if usesGlobalPalette { try writer.setGlobalPalette(global.palette) }
            try writer.close()
            isDone = true
            try file.commit()
        }
    }

    public func cancel() {
        isDone = true
        hasPending = false
        file.discard()
    }

    // MARK: Frames

    /// Converts `frame` into `incoming`: straight RGBA words the GIF can show, opaque over the background colour,
    /// or opaque / fully transparent (0) by the alpha threshold.
    private func prepare(_ frame: RGBAFrame) {
        let background = self.background
        let threshold = alphaThreshold
        let matte = self.matte
        frame.withUnsafeBytes { raw in
            incoming.withUnsafeMutableBufferPointer { out in
                for i in 0..<out.count {
                    // Opaque pixels (premultiplied = straight) are the same in every mode.
                    let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                    if word >= 0xFF00_0000 {
                        out[i] = word
                        continue
                    }
                    let pixel = RGBA8(
                        red: raw[i * 4], green: raw[i * 4 + 1], blue: raw[i * 4 + 2], alpha: raw[i * 4 + 3])
                    if let background {
                        out[i] = Self.opaqueWord(pixel.composited(over: background))
                    } else if let matte {
                        out[i] = pixel.alpha == 0 ? 0 : Self.opaqueWord(pixel.composited(over: matte))
                    } else {
                        out[i] = pixel.alpha >= threshold ? Self.opaqueWord(pixel.straight) : 0
                    }
                }
            }
        }
    }

    /// Writes the pending frame shown for `delay` centiseconds, then makes it the previous source. When
    /// `nextIsIncoming`, the incoming frame follows it and decides whether it must be disposed to transparent.
    private func writePending(delay: Int, nextIsIncoming: Bool) throws(RasterError) {
        try write(delay: delay, next: nextIsIncoming ? incoming : nil)
        swap(&previousSource, &pending)
        hasWritten = true
    }

    /// Writes the pending frame shown for `delay` centiseconds; `next` is the frame after it (nil for the last),
    /// used to decide whether this frame must be disposed to transparent.
    private func write(delay: Int, next: [UInt32]?) throws(RasterError) {
        var region = markChangedPixels()
        var disposal = GIFFileWriter.Disposal.keep
        if let next, background == nil, let cleared = pixelsTurningTransparent(next) {
            disposal = .clearToTransparent
            region = region.map { $0.union(cleared) } ?? cleared
        }
        let firstDelay = min(delay, 65_535)
        let extraDelay = delay - firstDelay
        let imageDisposal = extraDelay > 0 ? GIFFileWriter.Disposal.keep : disposal
        if let region {
            try writeChangedRegion(region: region, delay: firstDelay, disposal: imageDisposal)
        } else {
            try writeTransparentImage(
                region: PixelRect(x: 0, y: 0, width: 1, height: 1), delay: firstDelay, disposal: .keep)
        }
        // GIF delays are 16-bit: a longer frame continues as invisible images.
        var remaining = extraDelay
        while remaining > 0 {
            let part = min(remaining, 65_535)
            remaining -= part
            let isLast = remaining == 0
            let area =
                (isLast && disposal == .clearToTransparent ? region : nil) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            try writeTransparentImage(region: area, delay: part, disposal: isLast ? disposal : .keep)
        }
        if disposal == .clearToTransparent, let region {
            for y in region.y..<region.maxY {
                for x in region.x..<region.maxX { canvas[y * width + x] = 0 }
            }
        }
    }

    /// Marks in `changed` the pixels `source` must draw: opaque pixels that differ from the previous frame's
    /// source, or that the canvas no longer shows (cleared). Returns their bounding box.
    private func markChangedPixels() -> PixelRect? {
        var bounds = PixelBounds()
        let hasPrevious = hasWritten
        let width = self.width
        pending.withUnsafeBufferPointer { src in
            previousSource.withUnsafeBufferPointer { previous in
                canvas.withUnsafeBufferPointer { shown in
                    changed.withUnsafeMutableBufferPointer { marks in
                        for i in 0..<src.count {
                            let word = src[i]
                            let onScreen = shown[i]
                            // Opaque pixels are drawn when the canvas lost them (cleared) or the source changed.
                            let draw = word != 0 && (onScreen == 0 || !hasPrevious || previous[i] != word)
                            marks[i] = draw
                            if draw { bounds.include(x: i % width, y: i / width) }
                        }
                    }
                }
            }
        }
        return bounds.rect
    }

    /// The bounding box of pixels that are transparent in `next` but will be opaque on the canvas after the
    /// frame being written, or nil when there are none.
    private func pixelsTurningTransparent(_ next: [UInt32]) -> PixelRect? {
        var bounds = PixelBounds()
        for i in 0..<next.count where next[i] == 0 && (changed[i] || canvas[i] != 0) {
            bounds.include(x: i % width, y: i / width)
        }
        return bounds.rect
    }

    /// Quantises and writes the changed pixels of `region`; the others get the transparent index.
    ///
    /// The palette of the previous frame is tried first: when remapping to it is nearly as good as that palette
    /// was on the frame it was built for (mean squared error at most three times as high, or at most 0.5; no channel
    /// off by more than 12 levels more, or by more than 24), no palette is built. That is faster, and keeps
    /// colours stable from frame to frame, so more pixels stay as they are on screen.
    private func writeChangedRegion(region: PixelRect, delay: Int, disposal: GIFFileWriter.Disposal)
        throws(RasterError)
    {
        let count = region.width * region.height
        let palette: [RGBA8]?
        let transparentIndex: Int?
        if mapToGlobalPalette(region) {
            palette = nil
            usesGlobalPalette = true
            let usesTransparency = global.words.withUnsafeBufferPointer { words in
                commitRemapped(region: region, words: words, transparentIndex: 0)
            }
            transparentIndex = usesTransparency ? 0 : nil
        } else if mapExactly(region, to: local, reset: true) {
            palette = local.palette
            let usesTransparency = local.words.withUnsafeBufferPointer { words in
                commitRemapped(region: region, words: words, transparentIndex: 0)
            }
            transparentIndex = usesTransparency ? 0 : nil
        } else {
            var reuse = false
            if hasPalette {
                let error = remap(region, with: remapper, dithering: dithering, collectingSums: true)
                reuse =
                    error.mean <= max(reference.mean * Self.reuseMeanFactor, 0.5)
                    && error.maximum <= max(reference.maximum + Self.reuseMaximumMargin, 24)
            }
            if !reuse {
                try buildPalette(region: region)
                reference = remap(region, with: remapper, dithering: dithering, collectingSums: true)
                // The indices stay; the colours move to the means of their pixels.
                remapper.refineToMeans()
            }
            // A reused palette follows this frame's colours too.
            if reuse { remapper.refineToMeans() }
            palette = remapper.palette
            let usesTransparency = commitRemapped(
                region: region, words: UnsafeBufferPointer(start: remapper.words, count: 256),
                transparentIndex: remapper.transparentIndex)
            transparentIndex = usesTransparency ? remapper.transparentIndex : nil
        }
        let written = indices.withUnsafeBufferPointer { output in
            Result { () throws(RasterError) in
                try writer.writeImage(
                    region: region, palette: palette, indices: UnsafeBufferPointer(rebasing: output[0..<count]),
                    delay: delay, disposal: disposal, transparentIndex: transparentIndex)
            }
        }
        try written.get()
        writtenFrameCount += 1
        writtenCentiseconds += delay
    }

    /// How much worse than its own frame a libimagequant palette may do on a later frame and still be used
    /// (see `writeChangedRegion`): the mean squared error factor and the largest channel error margin, in levels.
    private static let reuseMeanFactor = 3.0
    private static let reuseMaximumMargin = 12

    /// Builds a palette with libimagequant for the pixels of `region` that must be drawn, and gives it to the
    /// remapper.
    private func buildPalette(region: PixelRect) throws(RasterError) {
        let count = region.width * region.height
        let width = self.width
        pending.withUnsafeBufferPointer { source in
            changed.withUnsafeBufferPointer { marks in
                foreground.withUnsafeMutableBytes { front in
                    var k = 0
                    for y in region.y..<region.maxY {
                        for i in (y * width + region.x)..<(y * width + region.maxX) {
                            front.storeBytes(
                                of: (marks[i] ? source[i] : 0).littleEndian, toByteOffset: k * 4, as: UInt32.self)
                            k += 1
                        }
                    }
                }
            }
        }
        let palette = foreground.withUnsafeBytes { pixels in
            Result { () throws(RasterError) in
                try quantizer.palette(
                    for: UnsafeRawBufferPointer(rebasing: pixels[0..<count * 4]), width: region.width,
                    height: region.height)
            }
        }
        remapper.setPalette(try palette.get())
        hasPalette = true
    }

    /// Maps the pixels of `region` to the global palette into `indices`, if it serves: exactly while the clip's
    /// colours fit in it (adding the new ones), then — once it is full, if frames were stored with it — to its
    /// nearest colours, without dithering, when that is nearly exact (mean squared error per channel at most
    /// 0.5 and no channel off by more than 32 levels over the drawn pixels). After 4 frames in a row it does
    /// not serve, it is no longer tried.
    private func mapToGlobalPalette(_ region: PixelRect) -> Bool {
        switch globalState {
        case .unusable:
            return false
        case .growing:
            if mapExactly(region, to: global, reset: false) { return true }
            guard usesGlobalPalette else {
                globalState = .unusable
                return false
            }
            globalState = .full(misses: 0)
            globalRemapper.setPalette(global.palette)
        case .full:
            break
        }
        let error = remap(region, with: globalRemapper, dithering: 0)
        if error.mean <= 0.5 && error.maximum <= 32 {
            globalState = .full(misses: 0)
            return true
        }
        if case .full(let misses) = globalState {
            globalState = misses >= 3 ? .unusable : .full(misses: misses + 1)
        }
        return false
    }

    /// Remaps the pixels of `region` to `remapper`'s palette into `indices`.
    private func remap(
        _ region: PixelRect, with remapper: PaletteRemapper, dithering: Double, collectingSums: Bool = false
    ) -> PaletteRemapper.RemappingError {
        let hasScreen = hasWritten
        let width = self.width
        return pending.withUnsafeBufferPointer { source in
            changed.withUnsafeBufferPointer { marks in
                canvas.withUnsafeBufferPointer { shown in
                    indices.withUnsafeMutableBufferPointer { output in
                        remapper.remap(
                            source: source, draw: marks, screen: hasScreen ? shown : nil, width: width,
                            region: region, dithering: dithering, into: output, collectingSums: collectingSums)
                    }
                }
            }
        }
    }

    /// Maps the pixels of `region` exactly to `exact` (emptied first when `reset`) into `indices`; false when
    /// its colours do not fit.
    private func mapExactly(_ region: PixelRect, to exact: ExactPalette, reset: Bool) -> Bool {
        if reset { exact.reset() }
        let hasScreen = hasWritten
        let width = self.width
        return pending.withUnsafeBufferPointer { source in
            changed.withUnsafeBufferPointer { marks in
                canvas.withUnsafeBufferPointer { shown in
                    indices.withUnsafeMutableBufferPointer { output in
                        exact.map(
                            source: source, draw: marks, screen: hasScreen ? shown : nil, width: width,
                            region: region, into: output)
                    }
                }
            }
        }
    }

    /// Updates the canvas with the remapped `region` (`words`: the palette's opaque words by index); returns
    /// whether a pixel uses the transparent index.
    private func commitRemapped(region: PixelRect, words: UnsafeBufferPointer<UInt32>, transparentIndex: Int?)
        -> Bool
    {
        let transparent = transparentIndex ?? 256
        let width = self.width
        var usesTransparency = false
        canvas.withUnsafeMutableBufferPointer { shown in
            indices.withUnsafeBufferPointer { output in
                var k = 0
                for y in region.y..<region.maxY {
                    for i in (y * width + region.x)..<(y * width + region.maxX) {
                        let index = Int(output[k])
                        if index == transparent {
                            usesTransparency = true
                        } else {
                            shown[i] = words[index]
                        }
                        k += 1
                    }
                }
            }
        }
        return usesTransparency
    }

    /// Writes an image that changes nothing (all transparent), to carry a delay or a disposal.
    private func writeTransparentImage(region: PixelRect, delay: Int, disposal: GIFFileWriter.Disposal)
        throws(RasterError)
    {
        let blank = [UInt8](repeating: 0, count: region.width * region.height)
        let written = blank.withUnsafeBufferPointer { pixels in
            Result { () throws(RasterError) in
                try writer.writeImage(
                    region: region, palette: [.transparent, RGBA8(red: 0, green: 0, blue: 0, alpha: 255)],
                    indices: pixels, delay: delay, disposal: disposal, transparentIndex: 0)
            }
        }
        try written.get()
        writtenFrameCount += 1
        writtenCentiseconds += delay
    }

    /// A straight-alpha pixel as an opaque word (alpha forced to 255): red in the low byte.
    @inline(__always) private static func opaqueWord(_ p: RGBA8) -> UInt32 {
        UInt32(p.red) | UInt32(p.green) << 8 | UInt32(p.blue) << 16 | 0xFF00_0000
    }
}
