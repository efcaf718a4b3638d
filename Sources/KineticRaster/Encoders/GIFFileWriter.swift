import KineticFiles

/// Writes the blocks of a GIF89a file through an `OutputFile` (created with mode 0644 and renamed into place):
/// a logical screen with a 256-colour global colour table (black until `setGlobalPalette` fills it in), an
/// optional NETSCAPE2.0 loop extension, then per frame a graphic control extension and an image, with its own
/// local colour table or using the global one, LZW-compressed by `LZWEncoder`. The blocks are the ones giflib
/// writes for the same calls.
///
/// Each image is assembled in a buffer reused from image to image and written with one call.
final class GIFFileWriter {
    private let file: OutputFile
    private let lzw = LZWEncoder()
    private var bytes: [UInt8] = []
    private var isClosed = false

    /// How the area of a frame is treated before the next frame is drawn.
    enum Disposal: UInt8 {
        /// Leave the frame in place (DISPOSE_DO_NOT).
        case keep = 1
        /// Clear the frame's rectangle to transparent (DISPOSE_BACKGROUND; what browsers do).
        case clearToTransparent = 2
    }

    /// Writes the header and the logical screen descriptor (`width` and `height` 1…65535).
    ///
    /// - Throws: `RasterError` from writing the file.
    init(file: OutputFile, width: Int, height: Int) throws(RasterError) {
        self.file = file
        bytes.append(contentsOf: Array("GIF89a".utf8))
        appendWord(width)
        appendWord(height)
        // A global colour table of 256 entries, 8 bits of colour resolution, background index 0, square pixels.
        bytes.append(contentsOf: [0xF7, 0, 0])
        bytes.append(contentsOf: [UInt8](repeating: 0, count: 256 * 3))
        try flush()
    }

    /// Fills in the global colour table (at most 256 entries; the rest stay black).
    func setGlobalPalette(_ palette: [RGBA8]) throws(RasterError) {
        try checkOpen()
        var table = [UInt8](repeating: 0, count: 256 * 3)
        for (i, color) in palette.prefix(256).enumerated() {
            table[i * 3] = color.red
            table[i * 3 + 1] = color.green
            table[i * 3 + 2] = color.blue
        }
        try fileOperation { () throws(FileError) in try file.overwrite(at: Self.globalTableOffset, with: table) }
    }

    /// Where the global colour table starts: after the header and the logical screen descriptor.
    private static let globalTableOffset = 13

    /// Writes the NETSCAPE2.0 application extension: the animation repeats `repeats` times after the first play
    /// (0 = forever; at most 65535).
    func writeLoopExtension(repeats: Int) throws(RasterError) {
        try checkOpen()
        bytes.append(contentsOf: [0x21, 0xFF, 11])
        bytes.append(contentsOf: Array("NETSCAPE2.0".utf8))
        bytes.append(contentsOf: [3, 1, UInt8(truncatingIfNeeded: repeats), UInt8(truncatingIfNeeded: repeats >> 8), 0])
        try flush()
    }

    /// Writes one image: a graphic control extension (delay in centiseconds, clamped to 0…65535, disposal,
    /// transparent index or nil), the image descriptor with a local colour table (`palette`, 1…256 colours,
    /// padded with black to a power of two, at least 2) or none (`palette` nil: the global table) and the
    /// LZW-compressed `indices` (region.width × region.height, row by row, each below the table size).
    func writeImage(
        region: PixelRect, palette: [RGBA8]?, indices: UnsafeBufferPointer<UInt8>, delay: Int, disposal: Disposal,
        transparentIndex: Int?
    ) throws(RasterError) {
        try checkOpen()
        // Graphic control extension.
        let flags = disposal.rawValue << 2 | (transparentIndex == nil ? 0 : 1)
        let delay = min(max(delay, 0), 65_535)
        bytes.append(contentsOf: [0x21, 0xF9, 4, flags])
        appendWord(delay)
        bytes.append(contentsOf: [UInt8(truncatingIfNeeded: transparentIndex ?? 0xFF), 0])
        // Image descriptor and local colour table.
        var tableBits = 8
        if let palette {
            tableBits = 1
            while 1 << tableBits < palette.count && tableBits < 8 { tableBits += 1 }
        }
        bytes.append(0x2C)
        appendWord(region.x)
        appendWord(region.y)
        appendWord(region.width)
        appendWord(region.height)
        if let palette {
            bytes.append(0x80 | UInt8(tableBits - 1))
            for i in 0..<(1 << tableBits) {
                if i < palette.count {
                    bytes.append(contentsOf: [palette[i].red, palette[i].green, palette[i].blue])
                } else {
                    bytes.append(contentsOf: [0, 0, 0])
                }
            }
        } else {
            bytes.append(0)
        }
        // Image data: the minimum code size, then the code stream in sub-blocks of up to 255 bytes, then an
        // empty one.
        let codeSize = max(tableBits, 2)
        bytes.append(UInt8(codeSize))
        let count = region.width * region.height
        try lzw.encode(UnsafeBufferPointer(rebasing: indices[0..<min(count, indices.count)]), codeSize: codeSize) {
            (stream: UnsafeRawBufferPointer) throws(RasterError) in
            bytes.reserveCapacity(bytes.count + stream.count + stream.count / 255 + 2)
            var offset = 0
            while offset < stream.count {
                let length = min(255, stream.count - offset)
                bytes.append(UInt8(length))
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: stream[offset..<(offset + length)]))
                offset += length
            }
        }
        bytes.append(0)
        try flush()
    }

    /// Writes the trailer. The writer cannot be used afterwards.
    func close() throws(RasterError) {
        try checkOpen()
        bytes.append(0x3B)
        try flush()
        isClosed = true
    }

    private func appendWord(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private func flush() throws(RasterError) {
        defer { bytes.removeAll(keepingCapacity: true) }
        let file = self.file
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(RasterError) in try fileOperation { () throws(FileError) in try file.write(buffer) } }
        }
        try result.get()
    }

    private func checkOpen() throws(RasterError) {
        if isClosed { throw .invalidState("the GIF file was already closed") }
    }
}
