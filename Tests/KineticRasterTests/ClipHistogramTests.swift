import KineticCore
import XCTest

@testable import KineticRaster

final class ClipHistogramTests: XCTestCase {
    /// Heavy colours keep their weight against many light ones: 256 reds on screen 100 times longer than each of
    /// 2,000 blues (weights far above 32 bits and above libimagequant's cap per colour) get most of the palette
    /// (146 of 255 entries; passed unscaled, libimagequant gives them 31).
    func testWeightsAboveLibimagequantsCapKeepTheirProportions() throws {
        let quantizer = try ImageQuantizer(options: GIFOptions())
        let histogram = try ClipHistogram(quantizer: quantizer)
        for red in 0..<256 {
            let word = UInt32(red) | UInt32(red % 7) << 8 | 0xFF00_0000
            try histogram.add(word, weight: 1_000_000_000_000)
        }
        for blue in 0..<2000 {
            let word = UInt32(blue % 50) | UInt32(blue / 50) << 8 | UInt32(128 + blue % 128) << 16 | 0xFF00_0000
            try histogram.add(word, weight: 10_000_000_000)
        }
        let result = try histogram.palette()
        XCTAssertFalse(result.isExact)
        let opaque = result.palette.filter { $0.alpha == 255 }
        let reds = opaque.filter { Int($0.red) > Int($0.blue) }.count
        XCTAssertGreaterThan(reds, opaque.count / 2, "\(reds) reds of \(opaque.count)")
        XCTAssertEqual(result.palette.filter { $0.alpha == 0 }.count, 1)
    }

    /// More colours than the first table holds: the table grows and every weight stays exact, so the heaviest
    /// 255 colours, when they cover 99 % of the time, come back exactly.
    func testTheTableGrowsAndKeepsEveryColour() throws {
        let quantizer = try ImageQuantizer(options: GIFOptions())
        let histogram = try ClipHistogram(quantizer: quantizer)
        for index in 0..<200_000 {
            let word = UInt32(index) | 0xFF00_0000
            try histogram.add(word, weight: index < 255 ? 1_000_000 : 1)
        }
        let result = try histogram.palette()
        XCTAssertTrue(result.isExact)
        XCTAssertEqual(Set(result.palette.dropFirst().map { Int($0.red) | Int($0.green) << 8 }), Set(0..<255))
    }
}
