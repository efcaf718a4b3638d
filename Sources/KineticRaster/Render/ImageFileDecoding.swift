import CGdkPixbuf
import Foundation
import KineticCore

extension RGBAFrame {
    /// The largest picture read, in pixels per side: 8,192 (the largest frame a render makes).
    public static let maximumImageFileSide = 8_192

    /// Decodes a PNG or JPEG file (with gdk-pixbuf) into premultiplied RGBA.
    ///
    /// The picture's size is read first, so an oversized file is refused before it is decoded.
    ///
    /// - Throws: `RasterError.ioFailed` naming the file and the reason: missing, unreadable, not a picture
    ///   gdk-pixbuf knows, or more than ``maximumImageFileSide`` pixels a side.
    public init(contentsOfImageFile path: String) throws(RasterError) {
        // Only PNG and JPEG, told by their first bytes before any decoder runs: gdk-pixbuf would also load SVG, GIF,
        // BMP and more (an SVG with a blur filter can take minutes).
        try Self.checkSignature(path)
        var width: Int32 = 0
        var height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else {
            throw .ioFailed(
                path: path, operation: "reading the picture",
                reason: "it is missing, unreadable, or not a PNG or JPEG file")
        }
        guard width > 0, height > 0, width <= Self.maximumImageFileSide, height <= Self.maximumImageFileSide else {
            throw .ioFailed(
                path: path, operation: "reading the picture",
                reason: "it is \(width) × \(height) px; at most \(Self.maximumImageFileSide) px a side")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "it could not be decoded"
            if let error { g_error_free(error) }
            throw .ioFailed(path: path, operation: "decoding the picture", reason: reason)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let w = Int(gdk_pixbuf_get_width(pixbuf))
        let h = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
            let source = gdk_pixbuf_read_pixels(pixbuf)
        else {
            throw .ioFailed(path: path, operation: "decoding the picture", reason: "an unsupported pixel layout")
        }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let row = source + y * stride
            for x in 0..<w {
                let pixel = row + x * channels
                let alpha = hasAlpha ? Int(pixel[3]) : 255
                let out = (y * w + x) * 4
                // gdk-pixbuf gives straight alpha; frames are premultiplied (rounded to nearest).
                bytes[out] = UInt8((Int(pixel[0]) * alpha + 127) / 255)
                bytes[out + 1] = UInt8((Int(pixel[1]) * alpha + 127) / 255)
                bytes[out + 2] = UInt8((Int(pixel[2]) * alpha + 127) / 255)
                bytes[out + 3] = UInt8(alpha)
            }
        }
        self.init(uncheckedWidth: w, height: h, bytes: bytes)
    }

    /// The first bytes of a PNG file.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Throws unless the file at `path` starts as a PNG or a JPEG file does.
    static func checkSignature(_ path: String) throws(RasterError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .ioFailed(
                path: path, operation: "reading the picture",
                reason: "it is missing, unreadable, or not a PNG or JPEG file")
        }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 8)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 8) }
        let isPNG = count == 8 && head == pngSignature
        let isJPEG = count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF
        guard isPNG || isJPEG else {
            throw .ioFailed(
                path: path, operation: "decoding the picture",
                reason: "it is not a PNG or JPEG file (only those are read, told by their first bytes)")
        }
    }
}
