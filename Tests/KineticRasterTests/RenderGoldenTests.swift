import KineticCore
import KineticLayers
import KineticRaster
import XCTest

/// Each layer feature and the showcase at fixed times, compared with the PNGs in `Golden/`
/// (`KINETIC_RECORD=1 swift test --filter RenderGoldenTests` re-records them).
final class RenderGoldenTests: XCTestCase {
    private func render(
        _ root: Layer, at time: MediaTime = 0, size: Size = RenderScenes.size, scale: Double = 1,
        background: Color? = RenderScenes.canvas
    ) throws -> RenderResult {
        let renderer = try LayerRenderer(size: size, scale: scale, background: background)
        return try renderer.renderWithWarnings(root, at: time)
    }

    private func assertGolden(
        _ root: Layer, _ name: String, at time: MediaTime = 0, size: Size = RenderScenes.size, scale: Double = 1,
        background: Color? = RenderScenes.canvas, file: StaticString = #filePath, line: UInt = #line,
        test: String = #function
    ) throws {
        let result = try render(root, at: time, size: size, scale: scale, background: background)
        XCTAssertEqual(result.warnings, [], "\(name) should draw exactly", file: file, line: line)
        GoldenImage.assertMatches(result.frame, golden: name, file: file, line: line, test: test)
    }

    func testBackgroundAndCornerRadiusAt2x() throws {
        try assertGolden(RenderScenes.background(), "background@2x", size: Size(width: 80, height: 60), scale: 2)
    }

    func testBorder() throws { try assertGolden(RenderScenes.border(), "border") }
    func testGroupOpacity() throws { try assertGolden(RenderScenes.groupOpacity(), "group-opacity") }
    func testMasksToBounds() throws { try assertGolden(RenderScenes.masksToBounds(), "masks-to-bounds") }
    func testMaskWithText() throws { try assertGolden(RenderScenes.maskText(), "mask-text") }
    func testShadow() throws { try assertGolden(RenderScenes.shadow(), "shadow") }
    func testAxialGradient() throws { try assertGolden(RenderScenes.axialGradient(), "gradient-axial") }
    func testRadialGradient() throws { try assertGolden(RenderScenes.radialGradient(), "gradient-radial") }
    func testTextAlignment() throws { try assertGolden(RenderScenes.textAlignment(), "text-alignment") }
    func testTextWrapping() throws { try assertGolden(RenderScenes.textWrapping(), "text-wrapping") }
    func testTextTruncation() throws { try assertGolden(RenderScenes.textTruncation(), "text-truncation") }
    func testTextJapanese() throws { try assertGolden(RenderScenes.textJapanese(), "text-japanese") }
    func testTextTabularDigits() throws { try assertGolden(RenderScenes.textTabularDigits(), "text-tabular-digits") }
    func testShapeFillRules() throws { try assertGolden(RenderScenes.shapeFillRules(), "shape-fill-rules") }
    func testShapeCapsAndJoins() throws { try assertGolden(RenderScenes.shapeCapsJoins(), "shape-caps-joins") }
    func testShapeDash() throws { try assertGolden(RenderScenes.shapeDash(), "shape-dash") }

    func testShapeStrokeEndHalfWay() throws {
        try assertGolden(RenderScenes.shapeStrokeEnd(), "shape-stroke-end", at: 0.5)
    }

    func testRotationAboutAnchorPoint() throws {
        try assertGolden(RenderScenes.rotationAboutAnchor(), "rotation-anchor", at: 1)
    }

    /// The group-opacity scene on a transparent canvas: the overlap keeps alpha 0.5, not 0.75.
    func testGroupOpacityOnTransparentCanvas() throws {
        let result = try render(RenderScenes.groupOpacity(), background: nil)
        let frame = result.frame
        // In the group (left) the overlap is the front square alone at half opacity: blue × 0.5, alpha 128.
        XCTAssertEqual(frame[40, 60], RGBA8(red: 0, green: 61, blue: 128, alpha: 128))
        // Loose squares at 0.5 each: alpha ≈ 1 − 0.5 × 0.5 where they overlap.
        XCTAssertEqual(frame[116, 60].alpha, 192)  // 128 + 128 × 127 / 255
        GoldenImage.assertMatches(frame, golden: "group-opacity-transparent")
    }

    // MARK: The comparison itself

    /// The tolerance is tight enough that moving a scene by one pixel fails the comparison.
    func testOnePixelShiftFails() throws {
        guard !GoldenImage.isRecording else { return }
        for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
            let root = RenderScenes.border()
            root.position = Point(x: root.position.x + dx, y: root.position.y + dy)
            let shifted = try render(root).frame
            let comparison = try XCTUnwrap(FrameComparison(shifted, GoldenImage.read("border")))
            XCTAssertFalse(
                comparison.matches,
                "a shift by (\(dx), \(dy)) px must fail; only \(comparison.differingPixels) pixels differ")
            XCTAssertGreaterThan(comparison.differingPixels, 100)
        }
        // And the unshifted scene matches.
        let unshifted = try render(RenderScenes.border()).frame
        XCTAssertEqual(FrameComparison(unshifted, try GoldenImage.read("border"))?.differingPixels, 0)
    }

    /// A half-pixel shift of anti-aliased edges fails too.
    func testHalfPixelShiftFails() throws {
        guard !GoldenImage.isRecording else { return }
        let root = RenderScenes.border()
        root.position = Point(x: root.position.x + 0.5, y: root.position.y)
        let shifted = try render(root).frame
        XCTAssertFalse(try XCTUnwrap(FrameComparison(shifted, GoldenImage.read("border"))).matches)
    }
}
