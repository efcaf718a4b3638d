import CImageQuant

/// libimagequant (pngquant's quantiser): builds a palette of up to 256 colours for an RGBA image and remaps the
/// image to it with optional dithering. Owns a `liq_attr *`; the image and result objects of each call are
/// created and destroyed inside `quantize`.
///
/// libimagequant runs on the calling thread only (OpenMP is set to one thread, see the shim): the other cores are
/// busy rendering frames, and its output depends on its thread count, so this also keeps GIFs byte-identical
/// from one machine to another.
final class ImageQuantizer {
    /// libimagequant's settings object; owned, destroyed in `deinit`.
    private let attributes: OpaquePointer
    /// The last palette built (a `liq_result *`), tried first for the next image; owned, destroyed in `deinit`.
    private var previous: OpaquePointer?
    /// The error of the last palette built on its own image: the bar a reused palette must nearly meet.
    private var reference = RemappingError(mean: 0, maximum: 0)

    /// OpenMP's `omp_set_num_threads`, when libimagequant uses OpenMP (see the shim), looked up once.
    private static let setOpenMPThreadCount: (@convention(c) (Int32) -> Void)? = kinetic_omp_set_num_threads_function()
        .map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Void).self) }

    /// Mean squared error per channel and largest channel error, 0…255 units.
    private struct RemappingError {
        var mean: Double
        var maximum: Int
    }

    /// - Throws: `RasterError.quantization` when a setting is refused.
    init(options: GIFOptions) throws(RasterError) {
        // Before creating the settings: libimagequant sizes its per-thread work from the thread count then.
        Self.setOpenMPThreadCount?(1)
        guard
            let attributes = liq_attr_create_with_allocator(
                QuantizerMemoryPool.allocate, QuantizerMemoryPool.release)
        else {
            throw .quantization(operation: "liq_attr_create", code: -1)
        }
        self.attributes = attributes
        try Self.check(liq_set_max_colors(attributes, Int32(options.maximumColors)), "liq_set_max_colors")
        try Self.check(liq_set_quality(attributes, 0, Int32(options.quality)), "liq_set_quality")
        try Self.check(liq_set_speed(attributes, Int32(options.speed)), "liq_set_speed")
    }

    deinit {
        if let previous { liq_result_destroy(previous) }
        liq_attr_destroy(attributes)
    }

    /// Quantises a `width` × `height` straight-RGBA image and writes one palette index per pixel (row by row)
    /// into `indices` (at least width × height bytes). Returns the palette (straight alpha, at most 256 entries,
    /// always with a fully transparent entry), read after remapping since libimagequant refines it while it
    /// remaps.
    ///
    /// The palette of the previous call is tried first: when remapping to it is nearly as good as that palette was
    /// on its own image (mean squared error at most twice as high, no pixel off by more than 8 levels more), no new
    /// palette is built. That is faster, and keeps colours stable from frame to frame, so more pixels stay as
    /// they are on screen.
    ///
    /// - Parameters:
    ///   - background: the straight-RGBA pixels the image will be shown on top of (same size), or nil. With a
    ///     background, pixels that it already shows well enough may become transparent.
    ///   - dithering: 0 (none) … 1 (full Floyd–Steinberg).
    func quantize(
        _ pixels: UnsafeRawBufferPointer, background: UnsafeRawBufferPointer?, width: Int, height: Int,
        dithering: Double, into indices: UnsafeMutableRawBufferPointer
    ) throws(RasterError) -> [RGBA8] {
        guard let base = indices.baseAddress, indices.count >= width * height else {
            throw .quantization(operation: "liq_write_remapped_image", code: -1)
        }
        Self.setOpenMPThreadCount?(1)
        let output = UnsafeMutableRawBufferPointer(start: base, count: width * height)
        if let previous {
            let image = try makeImage(pixels, background: background, width: width, height: height)
            defer { liq_image_destroy(image) }
            try Self.check(liq_set_dithering_level(previous, Float(dithering)), "liq_set_dithering_level")
            if liq_write_remapped_image(previous, image, base, width * height) == LIQ_OK {
                let palette = try Self.palette(of: previous)
                let error = Self.remappingError(pixels, background: background, indices: output, palette: palette)
                if error.mean <= max(reference.mean * 2, 0.5) && error.maximum <= max(reference.maximum + 8, 24) {
                    return palette
                }
            }
        }
        let image = try makeImage(pixels, background: background, width: width, height: height)
        defer { liq_image_destroy(image) }
        var created: OpaquePointer?
        try Self.check(liq_image_quantize(image, attributes, &created), "liq_image_quantize")
        guard let result = created else { throw .quantization(operation: "liq_image_quantize", code: -1) }
        if let previous { liq_result_destroy(previous) }
        previous = result
        try Self.check(liq_set_dithering_level(result, Float(dithering)), "liq_set_dithering_level")
        try Self.check(liq_write_remapped_image(result, image, base, width * height), "liq_write_remapped_image")
        let palette = try Self.palette(of: result)
        reference = Self.remappingError(pixels, background: background, indices: output, palette: palette)
        return palette
    }

    /// How far the remapped image is from the pixels it stands for: the mean squared error per RGB channel and
    /// the largest channel error (0…255), over opaque input pixels; a pixel mapped to the transparent entry is
    /// compared with the background it leaves showing.
    private static func remappingError(
        _ pixels: UnsafeRawBufferPointer, background: UnsafeRawBufferPointer?, indices: UnsafeMutableRawBufferPointer,
        palette: [RGBA8]
    ) -> RemappingError {
        // Each palette entry as (r, g, b, shows the background?).
        let entries = (0..<256).map { index -> (Int32, Int32, Int32, Bool) in
            guard index < palette.count, palette[index].alpha >= 128 else { return (0, 0, 0, true) }
            let color = palette[index]
            return (Int32(color.red), Int32(color.green), Int32(color.blue), false)
        }
        var sum = 0
        var count = 0
        var maximum: Int32 = 0
        entries.withUnsafeBufferPointer { table in
            for i in 0..<indices.count where pixels[i * 4 + 3] == 255 {
                var shown = table[Int(indices[i])]
                if shown.3, let background {
                    shown = (Int32(background[i * 4]), Int32(background[i * 4 + 1]), Int32(background[i * 4 + 2]), true)
                }
                let dr = abs(shown.0 - Int32(pixels[i * 4]))
                let dg = abs(shown.1 - Int32(pixels[i * 4 + 1]))
                let db = abs(shown.2 - Int32(pixels[i * 4 + 2]))
                sum += Int(dr * dr + dg * dg + db * db)
                count += 3
                maximum = max(maximum, dr, dg, db)
            }
        }
        return RemappingError(mean: count > 0 ? Double(sum) / Double(count) : 0, maximum: Int(maximum))
    }

    /// A libimagequant image of the pixels (not copied: they must outlive it), with a fixed transparent colour
    /// and the background image, if any (owned by the returned image).
    private func makeImage(
        _ pixels: UnsafeRawBufferPointer, background: UnsafeRawBufferPointer?, width: Int, height: Int
    )
        throws(RasterError) -> OpaquePointer
    {
        guard let base = pixels.baseAddress,
            let image = liq_image_create_rgba(attributes, base, Int32(width), Int32(height), 0)
        else { throw .quantization(operation: "liq_image_create_rgba", code: -1) }
        do throws(RasterError) {
            try Self.check(
                liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0)), "liq_image_add_fixed_color")
            if let behind = background?.baseAddress {
                guard let backgroundImage = liq_image_create_rgba(attributes, behind, Int32(width), Int32(height), 0)
                else { throw .quantization(operation: "liq_image_create_rgba (background)", code: -1) }
                try Self.check(liq_image_set_background(image, backgroundImage), "liq_image_set_background")
            }
        } catch {
            liq_image_destroy(image)
            throw error
        }
        return image
    }

    /// The palette of a result after remapping.
    private static func palette(of result: OpaquePointer) throws(RasterError) -> [RGBA8] {
        guard let remapped = liq_get_palette(result) else {
            throw .quantization(operation: "liq_get_palette", code: -1)
        }
        let count = min(Int(remapped.pointee.count), 256)
        return withUnsafeBytes(of: remapped.pointee.entries) { entries in
            (0..<count).map { i in
                RGBA8(
                    red: entries[i * 4], green: entries[i * 4 + 1], blue: entries[i * 4 + 2], alpha: entries[i * 4 + 3])
            }
        }
    }

    private static func check(_ status: liq_error, _ operation: String) throws(RasterError) {
        guard status == LIQ_OK else { throw .quantization(operation: operation, code: Int(status.rawValue)) }
    }
}
