/// GIF's LZW compression of palette indices: variable-length codes of `codeSize + 1` … 12 bits, packed least
/// significant bit first, a clear code first and whenever the code table is full, and the end code last — the
/// code stream giflib writes, bit for bit.
///
/// The string table is an open-addressing hash table of 8,192 entries (each a 20-bit key, prefix code and next
/// index, and its 12-bit code) allocated once; the output buffer grows to the largest image and is reused.
final class LZWEncoder {
    private static let tableSize = 8192
    private static let empty: UInt32 = 0xFFFF_FFFF
    private let table = UnsafeMutablePointer<UInt32>.allocate(capacity: LZWEncoder.tableSize)
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 0

    init() {
        capacity = 64 * 1024
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        table.deallocate()
        buffer.deallocate()
    }

    /// Compresses `pixels` (every value below 2^`codeSize`) with the minimum code size `codeSize` (2…8) and
    /// calls `body` with the code stream's bytes (valid only during the call).
    func encode<Result>(
        _ pixels: UnsafeBufferPointer<UInt8>, codeSize: Int,
        _ body: (UnsafeRawBufferPointer) throws(RasterError)
            -> Result
    ) throws(RasterError) -> Result {
        // At most 12 bits per pixel, plus the clear codes (one per 4,000 codes or so) and the end code.
        let needed = pixels.count * 2 + 64
        if needed > capacity {
            buffer.deallocate()
            capacity = needed
            buffer = .allocate(capacity: capacity)
        }
        let out = buffer
        var written = 0
        var accumulator: UInt64 = 0
        var bits = 0
        let clearCode = 1 << codeSize
        let endCode = clearCode + 1
        var nextCode = endCode + 1
        var codeBits = codeSize + 1
        var limit = 1 << codeBits
        let table = self.table

        /// Appends `code` in `codeBits` bits, then widens the codes once the next code no longer fits (giflib's
        /// rule: checked after each code is written, before the next string is added).
        @inline(__always) func put(_ code: Int) {
            accumulator |= UInt64(code) << UInt64(bits)
            bits += codeBits
            while bits >= 8 {
                out[written] = UInt8(truncatingIfNeeded: accumulator)
                written += 1
                accumulator >>= 8
                bits -= 8
            }
            if nextCode >= limit && code <= 4095 {
                codeBits += 1
                limit = 1 << codeBits
            }
        }
        table.update(repeating: Self.empty, count: Self.tableSize)
        put(clearCode)
        if let first = pixels.first {
            var current = Int(first)
            for i in 1..<pixels.count {
                let pixel = Int(pixels[i])
                let key = UInt32(current << 8 | pixel)
                // A multiplicative hash of the 20-bit key (its top 13 bits): probe chains stay short where
                // `key >> 12 ^ key` clustered the keys of long runs. The codes found are the same either way.
                var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 19) & (Self.tableSize - 1)
                var found = -1
                while true {
                    let entry = table[slot]
                    if entry == Self.empty { break }
                    if entry >> 12 == key {
                        found = Int(entry & 0xFFF)
                        break
                    }
                    slot = (slot + 1) & (Self.tableSize - 1)
                }
                if found >= 0 {
                    current = found
                    continue
                }
                put(current)
                current = pixel
                if nextCode >= 4095 {
                    put(clearCode)
                    nextCode = endCode + 1
                    codeBits = codeSize + 1
                    limit = 1 << codeBits
                    table.update(repeating: Self.empty, count: Self.tableSize)
                } else {
                    table[slot] = key << 12 | UInt32(nextCode)
                    nextCode += 1
                }
            }
            put(current)
        }
        put(endCode)
        if bits > 0 {
            out[written] = UInt8(truncatingIfNeeded: accumulator)
            written += 1
        }
        return try body(UnsafeRawBufferPointer(start: out, count: written))
    }
}
