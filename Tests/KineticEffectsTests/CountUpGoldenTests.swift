import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// Golden frames of the count-up at 0, ¼, ½, ¾ and all of its count (the golden-image rule of docs/ARCHITECTURE.md),
/// drawn with Pango and Cairo: the seed's 0 → 10,000 in 50 ticks and countUp.js's 0 → ¥10,000 in ja_JP.
/// `KINETIC_RECORD=1 swift test --filter CountUpGoldenTests` re-records them.
final class CountUpGoldenTests: XCTestCase {
    private func assertGolden(_ count: CountUp, name: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let root = try count.makeLayer(measuring: PangoTextMeasurer())
        let renderer = try LayerRenderer(size: count.size)
        for progress in [0.0, 0.25, 0.5, 0.75, 1] {
            let result = try renderer.renderWithWarnings(root, at: progress * count.endTime)
            XCTAssertEqual(result.warnings, [], file: file, line: line)
            GoldenImage.assertMatches(
                result.frame, golden: "\(name)-p\(Int(progress * 100))", file: file, line: line,
                test: "CountUpGoldenTests")
        }
    }

    func testSeedGoldens() throws {
        try assertGolden(CountUp(from: 0, to: 10_000, style: .seed), name: "count-seed")
    }

    func testDefaultGoldens() throws {
        var count = CountUp(from: 0, to: 10_000)
        count.format = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
        try assertGolden(count, name: "count-default")
    }
}
