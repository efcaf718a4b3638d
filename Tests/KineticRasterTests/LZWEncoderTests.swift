import CGif
import XCTest

@testable import KineticRaster

final class LZWEncoderTests: XCTestCase {
    func testCodeStreamIsGiflibsBitForBit() throws {
        var state: UInt64 = 1
        func random() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Noise (the table fills and is cleared many times), runs (long strings), a single pixel, at several
        // code sizes.
        let cases: [(bits: Int, pixels: [UInt8])] = [
            (8, (0..<60_000).map { _ in UInt8(random() % 256) }),
            (5, (0..<20_000).map { _ in UInt8(random() % 32) }),
            (2, (0..<9_000).map { _ in UInt8(random() % 3) }),
            (8, (0..<30_000).map { UInt8($0 / 700 % 256) }),
            (1, [1]),
            (4, (0..<5_000).map { i in i % 97 < 60 ? 0 : UInt8(random() % 16) }),
        ]
        let encoder = LZWEncoder()
        for (index, testCase) in cases.enumerated() {
            let codeSize = max(testCase.bits, 2)
            let ours = try testCase.pixels.withUnsafeBufferPointer { pixels in
                try encoder.encode(pixels, codeSize: codeSize) { stream in Self.subBlocks([UInt8](stream)) }
            }
            let theirs = try Self.giflibImageData(testCase.pixels, bits: testCase.bits)
            XCTAssertEqual(ours.count, theirs.count, "case \(index)")
            XCTAssertTrue(ours == theirs, "case \(index): the code streams differ")
        }
    }

    /// A code stream in GIF sub-blocks of up to 255 bytes, then the empty block.
    private static func subBlocks(_ stream: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < stream.count {
            let length = min(255, stream.count - offset)
            out.append(UInt8(length))
            out.append(contentsOf: stream[offset..<(offset + length)])
            offset += length
        }
        out.append(0)
        return out
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// giflib's image data sub-blocks (after the minimum code size byte) for `pixels` as one image with a
    /// 2^`bits`-colour table.
    private static func giflibImageData(_ pixels: [UInt8], bits: Int) throws -> [UInt8] {
        let sink = Sink()
        var code: Int32 = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let opened = EGifOpen(
            user,
            { gif, data, length in
                guard let gif, let user = gif.pointee.UserData, let data, length > 0 else { return 0 }
                Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return length
            }, &code)
        let gif = try XCTUnwrap(opened, "EGifOpen: \(code)")
        defer { EGifCloseFile(gif, &code) }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        let map = try XCTUnwrap(GifMakeMapObject(Int32(1 << bits), &colors))
        defer { GifFreeMapObject(map) }
        XCTAssertEqual(EGifPutScreenDesc(gif, Int32(pixels.count), 1, 8, 0, nil), GIF_OK)
        XCTAssertEqual(EGifPutImageDesc(gif, 0, 0, Int32(pixels.count), 1, false, map), GIF_OK)
        let start = sink.bytes.count  // after the descriptor, the table and the minimum code size
        var line = pixels
        XCTAssertEqual(EGifPutLine(gif, &line, Int32(line.count)), GIF_OK)
        return Array(sink.bytes[start...])
    }
}
