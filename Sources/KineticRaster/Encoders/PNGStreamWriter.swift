import KineticCore
import KineticFiles

/// Writes PNG and APNG files chunk by chunk: signature, IHDR, acTL/fcTL, image data compressed row by row with
/// adaptive filters, IEND. Deterministic: the same frames and settings give the same bytes.
final class PNGStreamWriter {
    /// The file being written.
    let file: OutputFile
    /// Frame width and height in pixels.
    let width: Int
    let height: Int
    /// Pixels are drawn over this opaque colour and written as RGB (colour type 2), or nil: RGBA (colour type 6),
    /// straight alpha.
    let background: RGBA8?
    private let deflater: ZlibDeflater
    /// APNG's sequence number, shared by fcTL and fdAT chunks.
    private var sequenceNumber: UInt32 = 0

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Bytes per pixel written: 3 (RGB) or 4 (RGBA).
    var channels: Int { background == nil ? 4 : 3 }

    init(file: OutputFile, width: Int, height: Int, background: Color?, compressionLevel: Int) throws(RasterError) {
        self.file = file
        self.width = width
        self.height = height
        self.background = background.map { RGBA8(premultiplying: $0.withAlpha(1)) }
        self.deflater = try ZlibDeflater(level: compressionLevel)
    }

    /// Writes the signature and the IHDR chunk.
    func writeHeader() throws(RasterError) {
        try fileOperation { () throws(FileError) in try file.write(Self.signature) }
        var data: [UInt8] = []
        data.appendBigEndian(UInt32(width))
        data.appendBigEndian(UInt32(height))
        data += [8, background == nil ? 6 : 2, 0, 0, 0]  // 8 bits, colour type, deflate, adaptive filters, no interlace
        try writeChunk("IHDR", data)
    }

    /// Writes an acTL chunk and returns its file offset (to patch the frame count at the end).
    func writeAnimationControl(frameCount: Int, plays: Int) throws(RasterError) -> Int {
        let position = file.offset
        try writeChunk("acTL", Self.animationControlData(frameCount: frameCount, plays: plays))
        return position
    }

    /// Rewrites the acTL chunk written at `position`.
    func patchAnimationControl(at position: Int, frameCount: Int, plays: Int) throws(RasterError) {
        let chunk = Self.chunk("acTL", Self.animationControlData(frameCount: frameCount, plays: plays))
        try fileOperation { () throws(FileError) in try file.overwrite(at: position, with: chunk) }
    }

    /// Writes an fcTL chunk for a frame region shown for `numerator`/`denominator` seconds, replacing the region
    /// (blend SOURCE) and leaving it in place afterwards (dispose NONE).
    func writeFrameControl(region: PixelRect, numerator: Int, denominator: Int) throws(RasterError) {
        var data: [UInt8] = []
        data.appendBigEndian(nextSequenceNumber())
        data.appendBigEndian(UInt32(region.width))
        data.appendBigEndian(UInt32(region.height))
        data.appendBigEndian(UInt32(region.x))
        data.appendBigEndian(UInt32(region.y))
        data.appendBigEndian(UInt16(numerator))
        data.appendBigEndian(UInt16(denominator))
        data += [0, 0]  // dispose_op NONE, blend_op SOURCE
        try writeChunk("fcTL", data)
    }

    /// Compresses `region` of `frame` as one zlib stream in IDAT chunks (`asFrameData` false) or fdAT chunks.
    func writeImageData(_ frame: RGBAFrame, region: PixelRect, asFrameData: Bool) throws(RasterError) {
        deflater.begin()
        let rowBytes = region.width * channels
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        var candidate = [UInt8](repeating: 0, count: rowBytes + 1)
        let sink: ([UInt8]) throws(RasterError) -> Void = { piece throws(RasterError) in
            if asFrameData {
                var data: [UInt8] = []
                data.reserveCapacity(piece.count + 4)
                data.appendBigEndian(self.nextSequenceNumber())
                data += piece
                try self.writeChunk("fdAT", data)
            } else {
                try self.writeChunk("IDAT", piece)
            }
        }
        for y in region.y..<region.maxY {
            convertRow(frame, y: y, from: region.x, count: region.width, into: &current)
            PNGFilter.chooseFilter(
                current: current, previous: previous, bytesPerPixel: channels, best: &filtered, scratch: &candidate)
            try filtered.withBytes { raw throws(RasterError) in try deflater.compress(raw, sink: sink) }
            swap(&previous, &current)
        }
        try deflater.finish(sink: sink)
    }

    /// Writes IEND.
    func writeEnd() throws(RasterError) {
        try writeChunk("IEND", [])
    }

    /// Converts one row segment of premultiplied RGBA into straight RGBA, or RGB over the background.
    private func convertRow(_ frame: RGBAFrame, y: Int, from x0: Int, count: Int, into row: inout [UInt8]) {
        let background = self.background
        frame.withUnsafeBytes { raw in
            row.withUnsafeMutableBufferPointer { out in
                var o = 0
                var i = (y * frame.width + x0) * 4
                for _ in 0..<count {
                    var pixel = RGBA8(red: raw[i], green: raw[i + 1], blue: raw[i + 2], alpha: raw[i + 3])
                    if let background {
                        pixel = pixel.composited(over: background)
                        out[o] = pixel.red
                        out[o + 1] = pixel.green
                        out[o + 2] = pixel.blue
                        o += 3
                    } else {
                        pixel = pixel.straight
                        out[o] = pixel.red
                        out[o + 1] = pixel.green
                        out[o + 2] = pixel.blue
                        out[o + 3] = pixel.alpha
                        o += 4
                    }
                    i += 4
                }
            }
        }
    }

    private func nextSequenceNumber() -> UInt32 {
        defer { sequenceNumber += 1 }
        return sequenceNumber
    }

    private func writeChunk(_ type: String, _ data: [UInt8]) throws(RasterError) {
        let chunk = Self.chunk(type, data)
        try fileOperation { () throws(FileError) in try file.write(chunk) }
    }

    /// A complete chunk: length, type, data, CRC of type + data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 12)
        bytes.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        bytes += typeAndData
        bytes.appendBigEndian(crc32Checksum(typeAndData))
        return bytes
    }

    private static func animationControlData(frameCount: Int, plays: Int) -> [UInt8] {
        var data: [UInt8] = []
        data.appendBigEndian(UInt32(frameCount))
        data.appendBigEndian(UInt32(plays))
        return data
    }
}

extension Array where Element == UInt8 {
    /// Appends an unsigned integer in big-endian (network) byte order.
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        var v = value.bigEndian
        Swift.withUnsafeBytes(of: &v) { append(contentsOf: $0) }
    }
}
