import CCairo

extension RGBAFrame {
    /// Reads a PNG file with Cairo's PNG reader (premultiplying its alpha), e.g. a golden image written by
    /// `PNGEncoder`: the round trip is exact for 8-bit premultiplied pixels. Package access: a test hook.
    ///
    /// - Throws: `RasterError.ioFailed` when the file is missing or is not a PNG Cairo can read, or has a size
    ///   outside `RGBAFrame`'s limits.
    package init(contentsOfPNGFile path: String) throws(RasterError) {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .ioFailed(path: path, operation: "reading PNG", reason: "Cairo returned no surface")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .ioFailed(path: path, operation: "reading PNG", reason: CairoSurface.message(status))
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let format = cairo_image_surface_get_format(surface)
        try RGBAFrame.validateSize(width: width, height: height)
        guard let data = cairo_image_surface_get_data(surface),
            format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
        else {
            throw .ioFailed(path: path, operation: "reading PNG", reason: "Cairo decoded it to an unexpected format")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { raw in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = CairoSurface.swapRedBlue(row[x] | opaque)
                    raw.storeBytes(of: pixel.littleEndian, toByteOffset: (y * width + x) * 4, as: UInt32.self)
                }
            }
        }
        self.init(uncheckedWidth: width, height: height, bytes: bytes)
    }
}
