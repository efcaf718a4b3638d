import CZlib

/// A zlib (RFC 1950) compressor that streams input in pieces and hands compressed output to a sink in pieces,
/// in constant memory. One stream per `begin()` … `finish()`; reused for the next stream.
final class ZlibDeflater {
    /// zlib's stream state; owned, ended in `deinit`.
    private let stream: UnsafeMutablePointer<z_stream>
    private var output: [UInt8]
    private static let outputSize = 64 * 1024

    /// - Parameter level: 0 (store) … 9 (smallest).
    /// - Throws: `RasterError.compression` when zlib cannot initialise.
    init(level: Int) throws(RasterError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = kinetic_deflate_init(stream, Int32(level))
        guard status == Z_OK else {
            stream.deallocate()
            throw .compression(operation: "deflateInit2", code: Int(status))
        }
        output = [UInt8](repeating: 0, count: Self.outputSize)
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Starts a new zlib stream (resets the state; the compression level is kept).
    func begin() {
        deflateReset(stream)
    }

    /// Compresses `input`; output that is ready is passed to `sink` (in pieces of up to 64 KiB).
    func compress(_ input: UnsafeRawBufferPointer, sink: ([UInt8]) throws(RasterError) -> Void) throws(RasterError) {
        try run(input, flush: Z_NO_FLUSH, sink: sink)
    }

    /// Ends the stream, passing the remaining output to `sink`.
    func finish(sink: ([UInt8]) throws(RasterError) -> Void) throws(RasterError) {
        try run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH, sink: sink)
    }

    private func run(
        _ input: UnsafeRawBufferPointer, flush: Int32, sink: ([UInt8]) throws(RasterError) -> Void
    ) throws(RasterError) {
        let base = input.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UInt8.self)) }
        stream.pointee.next_in = base
        stream.pointee.avail_in = UInt32(input.count)
        while true {
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(buffer.count)
                let status = deflate(stream, flush)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw .compression(operation: "deflate", code: Int(status))
            }
            if produced > 0 { try sink(Array(output[0..<produced])) }
            if flush == Z_FINISH {
                if status == Z_STREAM_END { return }
            } else if stream.pointee.avail_in == 0 && produced < output.count {
                return
            }
        }
    }
}

/// The CRC-32 used by PNG chunks (zlib's implementation), continued from `crc` (0 to start).
func crc32Checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
        UInt32(crc32(UInt(crc), buffer.baseAddress, UInt32(buffer.count)))
    }
}
