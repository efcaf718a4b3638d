import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// Golden frames of the elevator number at 0, ¼, ½, ¾ and all of one change (the golden-image rule of
/// docs/ARCHITECTURE.md), drawn with Pango and Cairo: the seed's 3 → 4 slide and the digits style's 998 → 1,001 (a
/// column and a separator grow in while the others roll). `KINETIC_RECORD=1 swift test --filter ElevatorGoldenTests`
/// re-records them.
final class ElevatorGoldenTests: XCTestCase {
    private static let progressPoints = [0.0, 0.25, 0.5, 0.75, 1]

    /// Renders `spec` at `progress` of its change (which begins at 1 s and ends when the layers stop moving).
    private func assertGolden(
        _ spec: ElevatorNumber, name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let root = try spec.makeLayer(measuring: PangoTextMeasurer())
        let renderer = try LayerRenderer(size: spec.size)
        let end = root.animationEndTime
        XCTAssertGreaterThan(end, 1, file: file, line: line)
        for progress in Self.progressPoints {
            let result = try renderer.renderWithWarnings(root, at: 1 + progress * (end - 1))
            XCTAssertEqual(result.warnings, [], file: file, line: line)
            GoldenImage.assertMatches(
                result.frame, golden: "\(name)-p\(Int(progress * 100))", file: file, line: line,
                test: "ElevatorGoldenTests")
        }
    }

    func testSeedGoldens() throws {
        try assertGolden(ElevatorNumber(changes: NumberChange.sequence([3, 4]), style: .seed), name: "elevator-seed")
    }

    func testDigitsGoldens() throws {
        try assertGolden(ElevatorNumber(changes: NumberChange.sequence([998, 1001])), name: "elevator-digits")
    }

    /// The default edge fade never touches a character at rest: a comma's tail reaches the cell's bottom, where the
    /// fade used to be (`render elevator --values 1234 --scale 3` cut it). At rest the frame is the one without a
    /// fade, pixel for pixel.
    func testTheEdgeFadeLeavesACommaAtRestWhole() throws {
        var faded = ElevatorNumber(values: [1234])
        faded.fitsWidth = false
        var plain = faded
        plain.edgeFade = 0
        let measurer = PangoTextMeasurer()
        let renderer = try LayerRenderer(pixelWidth: 720, pixelHeight: 480, scale: 3)
        let a = try renderer.render(try faded.makeClip(measuring: measurer).root, at: 5)
        let b = try renderer.render(try plain.makeClip(measuring: measurer).root, at: 5)
        XCTAssertTrue(a.bytes == b.bytes, "the faded frame differs at rest")
    }
}
