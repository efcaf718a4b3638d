import CImageQuant

/// libimagequant (pngquant's quantiser): builds a palette of up to 256 colours for an RGBA image and remaps the
/// image to it with optional dithering. Owns a `liq_attr *`; the image and result objects of each call are
/// created and destroyed inside `quantize`.
final class ImageQuantizer {
    /// libimagequant's settings object; owned, destroyed in `deinit`.
    private let attributes: OpaquePointer

    /// The outcome of one quantisation.
    struct Output {
        /// Palette entries (straight alpha), at most 256; read after remapping (libimagequant refines the
        /// palette while it remaps).
        var palette: [RGBA8]
        /// One palette index per pixel, row by row.
        var indices: [UInt8]
    }

    /// - Throws: `RasterError.quantization` when a setting is refused.
    init(options: GIFOptions) throws(RasterError) {
        guard let attributes = liq_attr_create() else {
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

    /// Quantises a `width` × `height` straight-RGBA image.
    ///
    /// - Parameters:
    ///   - background: the straight-RGBA pixels the image will be shown on top of (same size), or nil. With a
    ///     background, pixels that it already shows well enough may become transparent, and a fully transparent
    ///     palette entry is always present.
    ///   - dithering: 0 (none) … 1 (full Floyd–Steinberg).
    func quantize(
        _ pixels: [UInt8], width: Int, height: Int, background: [UInt8]?, dithering: Double
    ) throws(RasterError) -> Output {
        var indices = [UInt8](repeating: 0, count: width * height)
        var palette: [RGBA8] = []
        var failure: RasterError?
        pixels.withUnsafeBytes { raw in
            do throws(RasterError) {
                guard let base = raw.baseAddress,
                    let image = liq_image_create_rgba(attributes, base, Int32(width), Int32(height), 0)
                else { throw .quantization(operation: "liq_image_create_rgba", code: -1) }
                defer { liq_image_destroy(image) }
                if let background {
                    try Self.check(
                        liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0)), "liq_image_add_fixed_color"
                    )
                    // libimagequant keeps a pointer to the pixels and takes ownership of the image object, so it
                    // gets its own malloc'd copy that it frees with the image.
                    let copy = UnsafeMutableRawPointer.allocate(byteCount: background.count, alignment: 16)
                    background.withUnsafeBytes { source in
                        if let base = source.baseAddress { copy.copyMemory(from: base, byteCount: source.count) }
                    }
                    guard let backgroundImage = liq_image_create_rgba(attributes, copy, Int32(width), Int32(height), 0)
                    else {
                        copy.deallocate()
                        throw .quantization(operation: "liq_image_create_rgba (background)", code: -1)
                    }
                    let status = liq_image_set_memory_ownership(backgroundImage, Int32(LIQ_OWN_PIXELS.rawValue))
                    if status != LIQ_OK { copy.deallocate() }
                    try Self.check(liq_image_set_background(image, backgroundImage), "liq_image_set_background")
                }
                var result: OpaquePointer?
                try Self.check(liq_image_quantize(image, attributes, &result), "liq_image_quantize")
                guard let result else { throw .quantization(operation: "liq_image_quantize", code: -1) }
                defer { liq_result_destroy(result) }
                try Self.check(liq_set_dithering_level(result, Float(dithering)), "liq_set_dithering_level")
                let remapStatus = indices.withUnsafeMutableBytes { out in
                    out.baseAddress.map { liq_write_remapped_image(result, image, $0, out.count) } ?? LIQ_OK
                }
                try Self.check(remapStatus, "liq_write_remapped_image")
                guard let remapped = liq_get_palette(result) else {
                    throw .quantization(operation: "liq_get_palette", code: -1)
                }
                let count = Int(remapped.pointee.count)
                withUnsafeBytes(of: remapped.pointee.entries) { entries in
                    for i in 0..<min(count, 256) {
                        palette.append(
                            RGBA8(
                                red: entries[i * 4], green: entries[i * 4 + 1], blue: entries[i * 4 + 2],
                                alpha: entries[i * 4 + 3]))
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return Output(palette: palette, indices: indices)
    }

    private static func check(_ status: liq_error, _ operation: String) throws(RasterError) {
        guard status == LIQ_OK else { throw .quantization(operation: operation, code: Int(status.rawValue)) }
    }
}
