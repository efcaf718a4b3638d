import XCTest

@testable import KineticExport

final class DotLottieTests: XCTestCase {
    func testCRC32MatchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
    }

    /// Reads the archive back by its central directory, as an unzip tool does.
    private func entries(of zip: [UInt8]) throws -> [String: [UInt8]] {
        func u16(_ i: Int) -> Int { Int(zip[i]) | Int(zip[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        let end = try XCTUnwrap(zip.indices.reversed().first { $0 + 22 <= zip.count && u32($0) == 0x0605_4b50 })
        let count = u16(end + 10)
        var position = u32(end + 16)
        var result: [String: [UInt8]] = [:]
        for _ in 0..<count {
            XCTAssertEqual(u32(position), 0x0201_4b50)
            XCTAssertEqual(u16(position + 10), 0, "stored")
            let crc = u32(position + 16)
            let size = u32(position + 24)
            let nameLength = u16(position + 28)
            let local = u32(position + 42)
            let name = String(decoding: zip[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            XCTAssertEqual(u32(local), 0x0403_4b50)
            let dataStart = local + 30 + u16(local + 26) + u16(local + 28)
            let data = Array(zip[dataStart..<(dataStart + size)])
            XCTAssertEqual(Int(CRC32.checksum(data)), crc, name)
            result[name] = data
            position += 46 + nameLength + u16(position + 30) + u16(position + 32)
        }
        return result
    }

    func testArchiveHoldsTheManifestAndTheAnimation() throws {
        let animation = Array(#"{"v":"5.7.0"}"#.utf8)
        let zip = DotLottie.archive(animation: animation, id: "my clip", loops: false)
        let files = try entries(of: zip)
        XCTAssertEqual(Set(files.keys), ["manifest.json", "animations/my_clip.json"])
        XCTAssertEqual(files["animations/my_clip.json"], animation)
        let manifest = String(decoding: files["manifest.json"] ?? [], as: UTF8.self)
        XCTAssertTrue(manifest.contains(#""id":"my_clip""#), manifest)
        XCTAssertTrue(manifest.contains(#""loop":false"#), manifest)
        // Deterministic: fixed dates, same bytes.
        XCTAssertEqual(zip, DotLottie.archive(animation: animation, id: "my clip", loops: false))
    }
}
