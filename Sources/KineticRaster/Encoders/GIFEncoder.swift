import KineticCore
import KineticFiles

/// Writes an animated GIF with palettes made for it: one for the whole clip where it serves, libimagequant's
/// per frame where it does not.
///
/// - Two passes (`GIFOptions.clipPalette`, the default): `append` keeps each frame in a temporary file (only
///   the rectangle that changed) and counts the colours it replaces, weighted by how long they were on screen;
///   `finish()` chooses the global colour table and writes the GIF. The table is the clip's exact colours
///   when they fit; else the heaviest colours when they cover nearly all the screen time (then used where
///   they are nearly exact, see `mapToGlobalPalette`); else a libimagequant palette of the whole clip (see
///   `ClipHistogram.palette()`), which every frame that changes part of the picture uses, dithered, unless it
///   is far off there (a flash of new colours). Frames that redraw the picture (`redrawFraction`) and frames
///   the table does not serve are written as the streaming encoder writes them.
/// - Streaming (`clipPalette` false): the global colour table holds the clip's exact colours while they fit in
///   `GIFOptions.maximumColors` − 1, and frames use it while it serves (exactly, then nearly). Other frames
///   have their own exact colours when they have few enough, else a libimagequant palette: the previous one
///   when it still serves (see `writeChangedRegion`), else a new one built for the pixels that frame draws,
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
/// Memory: seven frame-sized buffers plus the changed rectangle's, whatever the length; the remappers' grids
/// (1 MiB each), LZW's table (32 KiB) and, with two passes, the histogram's table (768 KiB, growing to 12 MiB
/// for clips of many colours) are allocated once. Disk, with two passes: the changed rectangles, 4 bytes a pixel,
/// at most `GIFOptions.clipPaletteDiskLimit`, in a file that has no name (see `FrameSpill`), so nothing is left
/// behind even if the process is killed.
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
    /// Streaming: the last frame whose delay is known (valid when `hasReady`), not written yet, and that delay in
    /// centiseconds. It is written once the frame after it is known to be shown too (for 2 cs or more), since that
    /// frame decides whether it is disposed to transparent.
    private var ready: [UInt32]
    private var hasReady = false
    private var readyDelay = 0
    /// The most bytes the spill may hold (`GIFOptions.clipPaletteDiskLimit`).
    private let spillLimit: Int
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
        /// It is the clip palette (`GIFOptions.clipPalette`), held by `globalRemapper`: frames use it, dithered,
        /// when that is nearly as good as it is on the whole clip (see `mapToGlobalPalette`).
        case clip(isExact: Bool)
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
    /// In the second pass: whether the frame being written redraws the picture (see `redrawFraction`).
    private var redrawsPicture = false
    /// Work buffer: which pixels the frame being written must draw.
    private var changed: [Bool]
    /// With `GIFOptions.clipPalette`: the frames, kept until `finish()` for the second pass, …
    private var spill: FrameSpill?
    /// … every colour they draw while there are few enough for the global colour table (`clipIsExact`), …
    private let clipColors: ExactPalette
    private var clipIsExact = true
    /// … and their histogram, weighted by time on screen, for the clip palette: per pixel, the time (in
    /// centiseconds from the clip's start) since which it has shown its colour, or -1 when that colour is not
    /// counted (drawn by a frame that redraws the picture, see `redrawsPicture`).
    private var histogram: ClipHistogram?
    private var shownSince: [Int32] = []
    /// The time at which the pending frame starts, in centiseconds: the sum of the delays spilled.
    private var spilledTime = 0

    /// Creates the encoder and its temporary file next to `path`, and writes the GIF header.
    ///
    /// - Throws: `RasterError.invalidFrameSize` (GIF sides are at most 65535, and `RGBAFrame`'s limits apply),
    ///   `.invalidOption`, `.cannotCreateFile`, `.quantization`.
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
        ready = canvas
        spillLimit = options.gif.clipPaletteDiskLimit
        foreground = [UInt8](repeating: 0, count: width * height * 4)
        indices = [UInt8](repeating: 0, count: width * height)
        changed = [Bool](repeating: false, count: width * height)
        clipColors = ExactPalette(maximumColors: options.gif.maximumColors)
        self.file = file
        do throws(RasterError) {
            if options.gif.clipPalette {
                spill = try FrameSpill(nextTo: file.temporaryPath, width: width, height: height)
                histogram = try ClipHistogram(quantizer: quantizer)
                shownSince = [Int32](repeating: -1, count: width * height)
            }
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
            try validate(frame, duration: duration, after: appendedTime)
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
            if let spill, spill.byteCount + width * height * 4 > spillLimit {
                try writeSpilledFramesBeforePending()
            }
            if spill != nil {
                try spillPending(delay: start - pendingStart)
            } else {
                try writeReady()
                swap(&ready, &pending)
                readyDelay = start - pendingStart
                hasReady = true
            }
            swap(&pending, &incoming)
            pendingStart = start
        }
    }

    public func finish() throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard hasPending else { throw .invalidState("no frame was given for '\(path)'") }
            let delay = max(2, FrameTiming.centiseconds(appendedTime) - pendingStart)
            if spill != nil {
                try spillPending(delay: delay)
                try writeSpilledFrames()
            } else {
                try writeReady()
                try writePending(delay: delay, nextIsIncoming: false)
            }
            hasPending = false
            if usesGlobalPalette {
                if case .clip = globalState {
                    try writer.setGlobalPalette(globalRemapper.palette)
                } else {
                    try writer.setGlobalPalette(global.palette)
                }
            }
            try writer.close()
            isDone = true
            try fileOperation { () throws(FileError) in try file.commit() }
        }
    }

    public func cancel() {
        isDone = true
        hasPending = false
        spill = nil
        histogram = nil
        file.discard()
    }

    // MARK: The clip palette's two passes

    /// First pass: keeps the pending frame (shown for `delay` centiseconds) in the spill, with whether it
    /// redraws the picture, and counts the colours it replaces into the clip's histogram; it becomes the previous
    /// source.
    private func spillPending(delay: Int) throws(RasterError) {
        guard let spill else { return }
        // One pass: which pixels changed since the previous frame kept (all of the first), their bounding box, and
        // how many of them are opaque (pixels turning transparent draw nothing).
        var bounds = PixelBounds()
        var drawnCount = 0
        let width = self.width
        let hasPrevious = hasWritten
        pending.withUnsafeBufferPointer { source in
            previousSource.withUnsafeBufferPointer { previous in
                changed.withUnsafeMutableBufferPointer { marks in
                    bounds = PixelBounds.marking(count: source.count, width: width) { i in
                        let isDrawn = !hasPrevious || previous[i] != source[i]
                        marks[i] = isDrawn
                        if isDrawn && source[i] != 0 { drawnCount += 1 }
                        return isDrawn
                    }
                }
            }
        }
        let region = bounds.rect
        var redraws = false
        if let region {
            redraws = Double(drawnCount) >= Self.redrawFraction * Double(width * height)
            if clipIsExact {
                clipIsExact = pending.withUnsafeBufferPointer { source in
                    changed.withUnsafeBufferPointer { marks in
                        clipColors.add(source: source, draw: marks, width: width, region: region)
                    }
                }
            }
            try countReplacedColors(in: region, drawnBy: redraws ? nil : spilledTime)
        }
        let stored = pending.withUnsafeBufferPointer { frame in
            Result { () throws(RasterError) in
                try spill.append(frame, changed: region, note: FrameSpill.Note(delay: delay, flag: redraws))
            }
        }
        try stored.get()
        spilledTime += delay
        swap(&previousSource, &pending)
        hasWritten = true
    }

    /// The share of a frame's pixels at and above which a changed frame redraws the picture: it gets a palette
    /// of its own (its colour table is then a small part of its bytes, and the palette follows its colours),
    /// while frames that change less use the clip palette, whose stable colours leave unchanged pixels as
    /// they are on screen.
    private static let redrawFraction = 0.9

    /// For each pixel of `region` that `pending` changes (marked in `changed`): counts the colour it replaces for the time it was
    /// shown, and starts counting the new one at `time` (nil: not counted, as it is drawn with a frame's own
    /// palette).
    private func countReplacedColors(in region: PixelRect, drawnBy time: Int?) throws(RasterError) {
        guard let histogram else { return }
        let width = self.width
        let now = spilledTime
        let start = Int32(clamping: time ?? -1)
        let hasPrevious = hasWritten
        let counted = pending.withUnsafeBufferPointer { source in
            previousSource.withUnsafeBufferPointer { previous in
                changed.withUnsafeBufferPointer { marks in
                    shownSince.withUnsafeMutableBufferPointer { since in
                        Result { () throws(RasterError) in
                            for y in region.y..<region.maxY {
                                for i in (y * width + region.x)..<(y * width + region.maxX) where marks[i] {
                                    if hasPrevious, since[i] >= 0 {
                                        try histogram.add(previous[i], weight: now - Int(since[i]))
                                    }
                                    since[i] = source[i] == 0 ? -1 : start
                                }
                            }
                        }
                    }
                }
            }
        }
        try counted.get()
    }

    /// Counts the colours still on screen at the clip's end (`previousSource`, the last frame spilled).
    private func countFinalColors() throws(RasterError) {
        guard let histogram, hasWritten else { return }
        let now = spilledTime
        let counted = previousSource.withUnsafeBufferPointer { last in
            shownSince.withUnsafeBufferPointer { since in
                Result { () throws(RasterError) in
                    for i in 0..<last.count where since[i] >= 0 {
                        try histogram.add(last[i], weight: now - Int(since[i]))
                    }
                }
            }
        }
        try counted.get()
    }

    /// Second pass: chooses the global colour table — the clip's exact colours when they fit, else what
    /// `ClipHistogram.palette()` makes of the clip's histogram (its heaviest colours exactly, or libimagequant's
    /// palette) — then writes every kept frame as the streaming encoder would, with that table as the palette
    /// tried first.
    /// `lastNext` is the frame after the last one kept, when there is one (see `writeSpilledFramesBeforePending`).
    private func writeSpilledFrames(lastNext: [UInt32]? = nil) throws(RasterError) {
        guard let spill else { return }
        guard spill.count > 0 else {
            self.spill = nil
            histogram = nil
            shownSince = []
            return
        }
        try countFinalColors()
        if !clipIsExact, let histogram, !histogram.isEmpty {
            let clip = try histogram.palette()
            globalRemapper.setPalette(clip.palette)
            globalState = .clip(isExact: clip.isExact)
        } else if !clipIsExact {
            globalState = .unusable
        }
        self.histogram = nil
        shownSince = []
        hasWritten = false
        for i in canvas.indices { canvas[i] = 0 }
        try spill.rewind()
        var note = try readSpilled(into: &pending)
        for index in 0..<spill.count {
            let isLast = index == spill.count - 1
            var nextNote = note
            if !isLast {
                incoming.withUnsafeMutableBufferPointer { next in
                    pending.withUnsafeBufferPointer { current in
                        _ = next.update(fromContentsOf: current)
                    }
                }
                nextNote = try readSpilled(into: &incoming)
            }
            redrawsPicture = note.flag
            try write(delay: note.delay, next: isLast ? lastNext : incoming)
            swap(&previousSource, &pending)
            hasWritten = true
            swap(&pending, &incoming)
            note = nextNote
        }
        self.spill = nil
    }

    private func readSpilled(into frame: inout [UInt32]) throws(RasterError) -> FrameSpill.Note {
        guard let spill else { return FrameSpill.Note(delay: 0, flag: false) }
        let read = frame.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(RasterError) in try spill.readNext(into: buffer) }
        }
        return try read.get()
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

    /// Streaming: writes the ready frame, if any, with the pending frame (known to be shown) as the one after it;
    /// the pending frame stays pending.
    private func writeReady() throws(RasterError) {
        guard hasReady else { return }
        swap(&ready, &pending)
        try write(delay: readyDelay, next: ready)
        swap(&previousSource, &pending)
        hasWritten = true
        swap(&ready, &pending)
        hasReady = false
    }

    /// When the spill reaches `spillLimit`: writes the frames kept so far (the pending frame, known to be shown,
    /// is the one after the last), and goes on as the streaming encoder, the clip palette of those frames still
    /// tried first.
    private func writeSpilledFramesBeforePending() throws(RasterError) {
        let live = (pending: pending, incoming: incoming)
        pending = previousSource
        incoming = previousSource
        try writeSpilledFrames(lastNext: live.pending)
        pending = live.pending
        incoming = live.incoming
        redrawsPicture = false
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
                        bounds = PixelBounds.marking(count: src.count, width: width) { i in
                            let word = src[i]
                            // Opaque pixels are drawn when the canvas lost them (cleared) or the source changed.
                            let draw = word != 0 && (shown[i] == 0 || !hasPrevious || previous[i] != word)
                            marks[i] = draw
                            return draw
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
            if case .clip = globalState {
                let usesTransparency = commitRemapped(
                    region: region, words: UnsafeBufferPointer(start: globalRemapper.words, count: 256),
                    transparentIndex: globalRemapper.transparentIndex)
                transparentIndex = usesTransparency ? globalRemapper.transparentIndex : nil
            } else {
                let usesTransparency = global.words.withUnsafeBufferPointer { words in
                    commitRemapped(region: region, words: words, transparentIndex: 0)
                }
                transparentIndex = usesTransparency ? 0 : nil
            }
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
    /// The most a libimagequant clip palette may be off on a frame that does not redraw the picture, over the
    /// pixels it draws, and still be used for it (see `mapToGlobalPalette`): mean squared error per channel,
    /// and the largest channel error, in levels. On the effects' clips frames stay within 0.5–5 and 8–34; a
    /// frame with colours the rest of the clip lacks (a flash) gets a palette of its own.
    private static let clipMeanLimit = 10.0
    private static let clipMaximumLimit = 64
    /// How much farther (squared distance, levels²) the colour already on screen may be than the clip
    /// palette's nearest one and still be kept, which LZW stores for almost nothing: 1 treats a one-level
    /// difference in one channel as a tie. On the showcase clip it makes the GIF 8 % smaller for a mean
    /// error of 0.057 instead of 0.051 (0…255).
    private static let clipScreenTolerance: Int32 = 1

    /// Copies the pixels of `region` that `changed` marks into `foreground` (row by row, 0 for the others).
    private func gatherDrawnPixels(_ region: PixelRect) {
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
    }

    /// Builds a palette with libimagequant for the pixels of `region` that must be drawn, and gives it to the
    /// remapper.
    private func buildPalette(region: PixelRect) throws(RasterError) {
        let count = region.width * region.height
        gatherDrawnPixels(region)
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
        case .clip(let isExact):
            if isExact {
                let exact = remap(region, with: globalRemapper, dithering: 0)
                return exact.mean <= 0.5 && exact.maximum <= 32
            }
            if redrawsPicture { return false }
            let error = remap(
                region, with: globalRemapper, dithering: dithering, screenTolerance: Self.clipScreenTolerance)
            return error.mean <= Self.clipMeanLimit && error.maximum <= Self.clipMaximumLimit
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
        _ region: PixelRect, with remapper: PaletteRemapper, dithering: Double, screenTolerance: Int32 = 0,
        collectingSums: Bool = false
    ) -> PaletteRemapper.RemappingError {
        let hasScreen = hasWritten
        let width = self.width
        return pending.withUnsafeBufferPointer { source in
            changed.withUnsafeBufferPointer { marks in
                canvas.withUnsafeBufferPointer { shown in
                    indices.withUnsafeMutableBufferPointer { output in
                        remapper.remap(
                            source: source, draw: marks, screen: hasScreen ? shown : nil, width: width,
                            region: region, dithering: dithering, screenTolerance: screenTolerance, into: output,
                            collectingSums: collectingSums)
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
