import CImageQuant

/// libimagequant (pngquant's quantiser): builds a palette of up to 256 colours for an RGBA image. Owns a
/// `liq_attr *`; the image and result objects of each call are created and destroyed inside `palette(for:)`.
/// Remapping the image to the palette is `PaletteRemapper`'s job.
///
/// libimagequant runs on the calling thread only (OpenMP is set to one thread, see the shim): the other cores are
/// busy rendering frames, and its output depends on its thread count, so this also keeps GIFs byte-identical
/// from one machine to another.
final class ImageQuantizer {
    /// libimagequant's settings object; owned, destroyed in `deinit`.
    private let attributes: OpaquePointer

    /// OpenMP's `omp_set_num_threads`, when libimagequant uses OpenMP (see the shim), looked up once.
    private static let setOpenMPThreadCount: (@convention(c) (Int32) -> Void)? = kinetic_omp_set_num_threads_function()
        .map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Void).self) }

    /// Palette entries at most, the transparent one included (`GIFOptions.maximumColors`).
    let maximumColors: Int

    /// `GIFOptions.quality`.
    private let quality: Int32

    /// - Throws: `RasterError.quantization` when a setting is refused.
    init(options: GIFOptions) throws(RasterError) {
        maximumColors = options.maximumColors
        quality = Int32(options.quality)
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
        liq_attr_destroy(attributes)
    }

    /// Builds a palette for a `width` × `height` straight-RGBA image: at most `GIFOptions.maximumColors` entries
    /// (straight alpha), always with a fully transparent one (which the image's transparent pixels stand for).
    func palette(for pixels: UnsafeRawBufferPointer, width: Int, height: Int) throws(RasterError) -> [RGBA8] {
        Self.setOpenMPThreadCount?(1)
        let image = try makeImage(pixels, width: width, height: height)
        defer { liq_image_destroy(image) }
        var created: OpaquePointer?
        try Self.check(liq_image_quantize(image, attributes, &created), "liq_image_quantize")
        guard let result = created else { throw .quantization(operation: "liq_image_quantize", code: -1) }
        defer { liq_result_destroy(result) }
        return try Self.palette(of: result)
    }

    /// Starts an empty histogram, for one palette that serves many images (see `palette(for:)`).
    func makeHistogram() throws(RasterError) -> Histogram {
        guard let histogram = liq_histogram_create(attributes) else {
            throw .quantization(operation: "liq_histogram_create", code: -1)
        }
        return Histogram(histogram)
    }

    /// Adds colours with their weights to `histogram`.
    func add(_ entries: [liq_histogram_entry], to histogram: Histogram) throws(RasterError) {
        guard !entries.isEmpty else { return }
        try Self.check(
            liq_histogram_add_colors(histogram.pointer, attributes, entries, Int32(entries.count), 0),
            "liq_histogram_add_colors")
    }

    /// Builds a palette for the colours counted in `histogram`, with a fully transparent entry, using up to
    /// `maximumColors` whatever the quality target.
    func palette(for histogram: Histogram) throws(RasterError) -> [RGBA8] {
        Self.setOpenMPThreadCount?(1)
        try Self.check(
            liq_histogram_add_fixed_color(histogram.pointer, liq_color(r: 0, g: 0, b: 0, a: 0), 0),
            "liq_histogram_add_fixed_color")
        // As many colours as help, whatever the quality target: the palette is written once for the clip.
        try Self.check(liq_set_quality(attributes, 0, 100), "liq_set_quality")
        defer { liq_set_quality(attributes, 0, quality) }
        var created: OpaquePointer?
        try Self.check(liq_histogram_quantize(histogram.pointer, attributes, &created), "liq_histogram_quantize")
        guard let result = created else { throw .quantization(operation: "liq_histogram_quantize", code: -1) }
        defer { liq_result_destroy(result) }
        return try Self.palette(of: result)
    }

    /// A libimagequant histogram; owned, destroyed in `deinit`.
    final class Histogram {
        fileprivate let pointer: OpaquePointer
        fileprivate init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { liq_histogram_destroy(pointer) }
    }

    /// A libimagequant image of the pixels (not copied: they must outlive it), with a fixed transparent colour.
    private func makeImage(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int) throws(RasterError)
        -> OpaquePointer
    {
        guard let base = pixels.baseAddress,
            let image = liq_image_create_rgba(attributes, base, Int32(width), Int32(height), 0)
        else { throw .quantization(operation: "liq_image_create_rgba", code: -1) }
        do throws(RasterError) {
            try Self.check(
                liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0)), "liq_image_add_fixed_color")
        } catch {
            liq_image_destroy(image)
            throw error
        }
        return image
    }

    /// The palette of a result.
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
