/// A ZIP archive of stored (uncompressed) entries, written byte for byte the same for the same entries: every
/// entry dated 1980-01-01 00:00 (the format's earliest date), UTF-8 names, no extra fields.
///
/// Enough for dotLottie, whose players read any ZIP; compression is left to the transport (a Lottie JSON
/// gzips to a fraction of its size).
struct ZipArchive {
    private(set) var entries: [(name: String, bytes: [UInt8])] = []

    /// Adds a file; `name` uses "/" between folders.
    mutating func add(_ name: String, _ bytes: [UInt8]) {
        entries.append((name, bytes))
    }

    /// The archive: local headers with data, the central directory, its end record.
    var bytes: [UInt8] {
        var output: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = CRC32.checksum(entry.bytes)
            let size = UInt32(truncatingIfNeeded: entry.bytes.count)
            let offset = UInt32(truncatingIfNeeded: output.count)
            // Local file header.
            output.append(littleEndian: UInt32(0x0403_4b50))
            output.append(littleEndian: UInt16(10))  // version needed: 1.0 (stored)
            output.append(littleEndian: UInt16(0x0800))  // flags: UTF-8 names
            output.append(littleEndian: UInt16(0))  // method: stored
            output.append(littleEndian: UInt16(0))  // time 00:00:00
            output.append(littleEndian: UInt16(0x0021))  // date 1980-01-01
            output.append(littleEndian: crc)
            output.append(littleEndian: size)
            output.append(littleEndian: size)
            output.append(littleEndian: UInt16(truncatingIfNeeded: name.count))
            output.append(littleEndian: UInt16(0))
            output += name
            output += entry.bytes
            // Central directory header.
            central.append(littleEndian: UInt32(0x0201_4b50))
            central.append(littleEndian: UInt16(20))  // made by: 2.0
            central.append(littleEndian: UInt16(10))
            central.append(littleEndian: UInt16(0x0800))
            central.append(littleEndian: UInt16(0))
            central.append(littleEndian: UInt16(0))
            central.append(littleEndian: UInt16(0x0021))
            central.append(littleEndian: crc)
            central.append(littleEndian: size)
            central.append(littleEndian: size)
            central.append(littleEndian: UInt16(truncatingIfNeeded: name.count))
            central.append(littleEndian: UInt16(0))  // extra
            central.append(littleEndian: UInt16(0))  // comment
            central.append(littleEndian: UInt16(0))  // disk
            central.append(littleEndian: UInt16(0))  // internal attributes
            central.append(littleEndian: UInt32(0))  // external attributes
            central.append(littleEndian: offset)
            central += name
        }
        let centralOffset = UInt32(truncatingIfNeeded: output.count)
        output += central
        output.append(littleEndian: UInt32(0x0605_4b50))
        output.append(littleEndian: UInt16(0))
        output.append(littleEndian: UInt16(0))
        output.append(littleEndian: UInt16(truncatingIfNeeded: entries.count))
        output.append(littleEndian: UInt16(truncatingIfNeeded: entries.count))
        output.append(littleEndian: UInt32(truncatingIfNeeded: central.count))
        output.append(littleEndian: centralOffset)
        output.append(littleEndian: UInt16(0))
        return output
    }
}

extension [UInt8] {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        var v = value.littleEndian
        Swift.withUnsafeBytes(of: &v) { append(contentsOf: $0) }
    }
}

/// CRC-32 as ZIP, PNG and gzip use it (IEEE 802.3, reflected polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
