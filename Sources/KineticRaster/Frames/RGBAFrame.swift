import KineticCore

/// A picture of `width` × `height` pixels, premultiplied RGBA8, in one contiguous buffer.
///
/// Layout of `bytes`: rows from top to bottom, each row `width` pixels from left to right, no padding; each pixel
/// four bytes in the order red, green, blue, alpha (straight byte order, whatever the CPU's endianness), colour
/// components premultiplied by alpha. `CairoSurface.snapshot()` converts from Cairo's native-endian ARGB32.
///
/// Frames are values: equal when their sizes and bytes are equal.
public struct RGBAFrame: Hashable, Sendable {
    /// The largest width or height, in pixels: 16384.
    public static let maximumSide = 16_384
    /// The largest number of pixels, width × height: 67,108,864 (8192 × 8192, 256 MiB per frame).
    public static let maximumPixelCount = 67_108_864

    /// Width in pixels, 1…`maximumSide`.
    public let width: Int
    /// Height in pixels, 1…`maximumSide`.
    public let height: Int
    /// The pixels, width × height × 4 bytes (see the type's documentation for the layout).
    public private(set) var bytes: [UInt8]

    /// Checks a frame size against the limits.
    ///
    /// - Throws: `RasterError.invalidFrameSize` saying which limit was broken.
    public static func validateSize(width: Int, height: Int) throws(RasterError) {
        guard width >= 1, height >= 1 else {
            throw .invalidFrameSize(width: width, height: height, reason: "width and height must be at least 1 pixel")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw .invalidFrameSize(
                width: width, height: height, reason: "the largest side allowed is \(maximumSide) pixels")
        }
        guard width * height <= maximumPixelCount else {
            throw .invalidFrameSize(
                width: width, height: height,
                reason: "\(width * height) pixels is more than the limit of \(maximumPixelCount) (8192×8192)")
        }
    }

    /// A frame filled with one premultiplied pixel value (transparent black by default).
    ///
    /// - Throws: `RasterError.invalidFrameSize` for a zero, negative or too large size.
    public init(width: Int, height: Int, filledWith pixel: RGBA8 = .transparent) throws(RasterError) {
        try Self.validateSize(width: width, height: height)
        self.width = width
        self.height = height
        let count = width * height
        var bytes = [UInt8](repeating: 0, count: count * 4)
        if pixel != .transparent {
            bytes.withUnsafeMutableBytes { raw in
                raw.withMemoryRebound(to: UInt32.self) { words in
                    let word = Self.word(pixel)
                    for i in 0..<count { words[i] = word }
                }
            }
        }
        self.bytes = bytes
    }

    /// A frame filled with a colour (premultiplied and rounded to 8 bits).
    public init(width: Int, height: Int, color: Color) throws(RasterError) {
        try self.init(width: width, height: height, filledWith: RGBA8(premultiplying: color))
    }

    /// A frame from premultiplied RGBA bytes in the layout described above.
    ///
    /// - Throws: `RasterError.invalidFrameSize` for a bad size, `.invalidPixelData` when the count is not
    ///   width × height × 4.
    public init(width: Int, height: Int, bytes: [UInt8]) throws(RasterError) {
        try Self.validateSize(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .invalidPixelData(width: width, height: height, byteCount: bytes.count)
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Internal: a frame whose size was validated and whose bytes have the right count.
    init(uncheckedWidth width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x` (0 = left), row `y` (0 = top). Out-of-range coordinates are a programming error.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the frame")
            let i = (y * width + x) * 4
            return RGBA8(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2], alpha: bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the frame")
            let i = (y * width + x) * 4
            bytes[i] = newValue.red
            bytes[i + 1] = newValue.green
            bytes[i + 2] = newValue.blue
            bytes[i + 3] = newValue.alpha
        }
    }

    /// The pixel at (`x`, `y`), or nil outside the frame.
    public func pixel(x: Int, y: Int) -> RGBA8? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return self[x, y]
    }

    /// Number of pixels, width × height.
    public var pixelCount: Int { width * height }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        var opaque = true
        bytes.withUnsafeBufferPointer { buffer in
            var i = 3
            while i < buffer.count {
                if buffer[i] != 255 {
                    opaque = false
                    return
                }
                i += 4
            }
        }
        return opaque
    }

    /// Calls `body` with the bytes for in-place editing (same layout; keep colour components ≤ alpha).
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBytes(body)
    }

    /// Calls `body` with the bytes for reading.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The frame drawn over an opaque background colour: every pixel becomes opaque.
    public func composited(over background: Color) -> RGBAFrame {
        let back = RGBA8(premultiplying: background.withAlpha(1))
        var copy = self
        copy.bytes.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { words in
                for i in 0..<words.count {
                    words[i] = Self.word(Self.pixel(words[i]).composited(over: back))
                }
            }
        }
        return copy
    }

    /// The mean absolute difference per colour channel (R, G, B, A averaged), in 0…255, between two frames of the
    /// same size, or nil when the sizes differ. Used to compare encoders and decoded output.
    public func meanAbsoluteError(to other: RGBAFrame) -> Double? {
        guard width == other.width, height == other.height else { return nil }
        var total = 0
        for i in 0..<bytes.count {
            total += abs(Int(bytes[i]) - Int(other.bytes[i]))
        }
        return Double(total) / Double(bytes.count)
    }

    /// The pixel stored in one 32-bit word in memory order R, G, B, A.
    @inline(__always) static func word(_ p: RGBA8) -> UInt32 {
        let value = UInt32(p.red) | UInt32(p.green) << 8 | UInt32(p.blue) << 16 | UInt32(p.alpha) << 24
        return UInt32(littleEndian: value)
    }

    /// The inverse of `word(_:)`.
    @inline(__always) static func pixel(_ word: UInt32) -> RGBA8 {
        let v = UInt32(littleEndian: word)
        return RGBA8(
            red: UInt8(truncatingIfNeeded: v), green: UInt8(truncatingIfNeeded: v >> 8),
            blue: UInt8(truncatingIfNeeded: v >> 16), alpha: UInt8(truncatingIfNeeded: v >> 24))
    }
}
