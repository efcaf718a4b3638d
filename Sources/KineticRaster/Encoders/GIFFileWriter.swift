import CGif

/// giflib's encoder (`GifFileType *` from `EGifOpen`), writing through an `OutputFile` (so the file is created
/// by us with mode 0644 and renamed into place, never by `EGifOpenFileName`, which makes 0600 files).
///
/// Writes GIF89a: a logical screen with no global colour table, an optional NETSCAPE2.0 loop extension, then
/// per frame a graphic control extension and an image with its own local colour table.
final class GIFFileWriter {
    /// The giflib handle; owned, closed (and freed) in `close()` or `deinit`.
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Receives giflib's output bytes; keeps the first write error.
    private let sink: Sink

    /// How the area of a frame is treated before the next frame is drawn.
    enum Disposal: Int32 {
        /// Leave the frame in place (DISPOSE_DO_NOT).
        case keep = 1
        /// Clear the frame's rectangle to transparent (DISPOSE_BACKGROUND; what browsers do).
        case clearToTransparent = 2
    }

    private final class Sink {
        let file: OutputFile
        var error: RasterError?
        init(file: OutputFile) { self.file = file }
    }

    /// Opens the encoder on `file` and writes the header and logical screen descriptor.
    ///
    /// - Throws: `RasterError.gif` with giflib's message.
    init(file: OutputFile, width: Int, height: Int) throws(RasterError) {
        sink = Sink(file: file)
        var code: Int32 = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        guard
            let gif = EGifOpen(
                user,
                { gif, bytes, length in
                    guard let gif, let user = gif.pointee.UserData, let bytes, length > 0 else { return 0 }
                    let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
                    guard sink.error == nil else { return 0 }
                    do throws(RasterError) {
                        try sink.file.write(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
                        return length
                    } catch {
                        sink.error = error
                        return 0
                    }
                }, &code)
        else {
            throw .gif(operation: "EGifOpen", message: Self.message(code))
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "EGifPutScreenDesc")
    }

    deinit {
        if let gif {
            var code: Int32 = 0
            EGifCloseFile(gif, &code)
        }
    }

    /// Writes the NETSCAPE2.0 application extension: the animation repeats `repeats` times after the first play
    /// (0 = forever).
    func writeLoopExtension(repeats: Int) throws(RasterError) {
        let gif = try handle()
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        var identifier = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &identifier), "EGifPutExtensionBlock")
        var block: [UInt8] = [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8 & 0xFF)]
        try check(EGifPutExtensionBlock(gif, 3, &block), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    /// Writes one image: a graphic control extension (delay in centiseconds 0…65535, disposal, transparent
    /// index or nil), the image descriptor with a local colour table (`palette`, 1…256 colours, padded to a
    /// power of two) and the LZW-compressed `indices` (width × height, row by row).
    func writeImage(
        region: PixelRect, palette: [RGBA8], indices: [UInt8], delay: Int, disposal: Disposal, transparentIndex: Int?
    ) throws(RasterError) {
        let gif = try handle()
        var control = GraphicsControlBlock(
            DisposalMode: disposal.rawValue, UserInputFlag: false, DelayTime: Int32(min(max(delay, 0), 65_535)),
            TransparentColor: Int32(transparentIndex ?? -1))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &extensionBytes), "EGifPutExtension")

        var size = 2
        while size < palette.count { size *= 2 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, color) in palette.enumerated() {
            colors[i] = GifColorType(Red: color.red, Green: color.green, Blue: color.blue)
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else {
            throw .gif(operation: "GifMakeMapObject", message: "could not allocate a \(size)-colour table")
        }
        defer { GifFreeMapObject(map) }
        try check(
            EGifPutImageDesc(
                gif, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), false, map),
            "EGifPutImageDesc")
        var pixels = indices
        try check(EGifPutLine(gif, &pixels, Int32(pixels.count)), "EGifPutLine")
    }

    /// Writes the trailer and frees giflib's state.
    func close() throws(RasterError) {
        let gif = try handle()
        self.gif = nil
        var code: Int32 = 0
        let status = EGifCloseFile(gif, &code)
        if let error = sink.error { throw error }
        guard status == GIF_OK else { throw .gif(operation: "EGifCloseFile", message: Self.message(code)) }
    }

    private func handle() throws(RasterError) -> UnsafeMutablePointer<GifFileType> {
        guard let gif else { throw .invalidState("the GIF file was already closed") }
        return gif
    }

    private func check(_ status: Int32, _ operation: String) throws(RasterError) {
        if let error = sink.error { throw error }
        guard status == GIF_OK else {
            throw .gif(operation: operation, message: Self.message(gif?.pointee.Error ?? 0))
        }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
