import CCairo
import KineticCore

/// A Cairo image surface: premultiplied ARGB32 pixels in memory, the canvas every frame is drawn on.
///
/// A surface has a size in pixels and a device scale (1, 2 or 3, like iOS screens): drawing code works in points,
/// and one point covers `scale` × `scale` pixels. `snapshot()` copies the pixels out as an `RGBAFrame`.
///
/// Not thread-safe: use one surface on one thread at a time (each render thread makes its own).
@_spi(Internals) public final class CairoSurface {
    /// Cairo's `cairo_surface_t *`; owned, destroyed in `deinit`.
    let pointer: OpaquePointer
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// Device scale: pixels per point, e.g. 1, 2 or 3.
    public let scale: Double

    /// An image surface of `pixelWidth` × `pixelHeight` pixels, cleared to transparent.
    ///
    /// - Parameters:
    ///   - pixelWidth: The width in pixels, within `RGBAFrame`'s limits.
    ///   - pixelHeight: The height in pixels, within `RGBAFrame`'s limits.
    ///   - scale: Pixels per point, > 0 and ≤ 16 (typically 1, 2 or 3). Default 1.
    /// - Throws: `RasterError.invalidFrameSize` beyond `RGBAFrame`'s limits, `.invalidOption` for a bad scale,
    ///   `.cairo` when Cairo cannot allocate the surface.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(RasterError) {
        try RGBAFrame.validateSize(width: pixelWidth, height: pixelHeight)
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw .invalidOption(name: "scale", value: "\(scale)", reason: "must be > 0 and ≤ 16 (typically 1, 2 or 3)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        else {
            throw .cairo(operation: "cairo_image_surface_create", status: "returned no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(operation: "cairo_image_surface_create", status: Self.message(status))
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        self.pointer = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// A surface for a canvas of `size` points at `scale` pixels per point; the pixel size is each side × scale,
    /// rounded up.
    public convenience init(size: Size, scale: Double = 1) throws(RasterError) {
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, abs(width) < 1e9, abs(height) < 1e9 else {
            throw .invalidFrameSize(width: 0, height: 0, reason: "size \(size) × scale \(scale) is not a finite size")
        }
        try self.init(pixelWidth: Int(width), pixelHeight: Int(height), scale: scale)
    }

    /// A surface holding a copy of a frame's pixels (scale 1).
    public convenience init(frame: RGBAFrame) throws(RasterError) {
        try self.init(pixelWidth: frame.width, pixelHeight: frame.height)
        withPixelData { data, stride in
            frame.withUnsafeBytes { source in
                for y in 0..<frame.height {
                    let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<frame.width {
                        let v = UInt32(
                            littleEndian: source.loadUnaligned(
                                fromByteOffset: (y * frame.width + x) * 4, as: UInt32.self))
                        row[x] = Self.swapRedBlue(v)
                    }
                }
            }
        }
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// The canvas size in points: pixels ÷ scale.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// Fills every pixel with a colour, replacing what was there (no blending). Defaults to transparent.
    public func clear(to color: Color = .clear) {
        let pixel = RGBA8(premultiplying: color)
        let word = UInt32(pixel.alpha) << 24 | UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue)
        withPixelData { data, stride in
            for y in 0..<pixelHeight {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<pixelWidth { row[x] = word }
            }
        }
    }

    /// A copy of the pixels as a premultiplied RGBA frame (Cairo's native-endian ARGB32 converted to R, G, B, A
    /// byte order).
    public func snapshot() -> RGBAFrame {
        cairo_surface_flush(pointer)
        let count = pixelWidth * pixelHeight * 4
        let width = pixelWidth
        let height = pixelHeight
        // Every byte is written below (no zero fill first: it was a pass over the whole frame for nothing).
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let target = buffer.baseAddress else {
                initialized = 0
                return
            }
            guard let data = cairo_image_surface_get_data(pointer) else {
                target.initialize(repeating: 0, count: count)
                initialized = count
                return
            }
            let stride = Int(cairo_image_surface_get_stride(pointer))
            let raw = UnsafeMutableRawPointer(target)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                let base = raw + y * width * 4
                // Four pixels at a time in one vector register (the same swap, lane by lane), then the rest.
                var x = 0
                while x + 4 <= width {
                    let pixels = row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
                    let swapped =
                        (pixels & 0xFF00_FF00) | (pixels &>> 16 & 0xFF) | (pixels & 0xFF) &<< 16
                    base.storeBytes(of: swapped, toByteOffset: x * 4, as: SIMD4<UInt32>.self)
                    x += 4
                }
                while x < width {
                    let pixel = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    base.storeBytes(of: Self.swapRedBlue(pixel).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    x += 1
                }
            }
            initialized = count
        }
        return RGBAFrame(uncheckedWidth: width, height: height, bytes: bytes)
    }

    /// Direct access to Cairo's pixel memory for code in this module (e.g. a blur): `body` receives the first
    /// byte and the row stride in bytes; each pixel is a native-endian `UInt32` 0xAARRGGBB, premultiplied.
    /// The surface is flushed before and marked dirty after. (A successfully created image surface always has
    /// pixel memory; `body` is not called if Cairo ever returned none.)
    func withPixelData(_ body: (UnsafeMutableRawPointer, Int) throws -> Void) rethrows {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        defer { cairo_surface_mark_dirty(pointer) }
        try body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(pointer)))
    }

    /// Converts between 0xAARRGGBB and 0xAABBGGRR (the swap is its own inverse).
    @inline(__always) static func swapRedBlue(_ v: UInt32) -> UInt32 {
        (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
    }

    /// Cairo's message for a status code.
    static func message(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}
