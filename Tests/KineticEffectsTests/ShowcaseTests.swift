import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// The layer-feature showcase: its structure and animation values, and golden frames at 0, ¼, ½, ¾ and all of its
/// duration (`KINETIC_RECORD=1 swift test --filter ShowcaseTests` re-records them).
final class ShowcaseTests: XCTestCase {
    private let showcase = Showcase(size: Size(width: 360, height: 120))

    func testInvalidSizeIsRefusedWithAMessage() {
        for size in [Size(width: 0, height: 200), Size(width: 600, height: -1), Size(width: .nan, height: 200)] {
            XCTAssertThrowsError(try Showcase(size: size).makeLayer()) { error in
                XCTAssertTrue("\(error)".contains("showcase size must be finite and > 0"), "\(error)")
            }
        }
    }

    func testLayersAndLoop() throws {
        let root = try Showcase().makeLayer()
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 600, height: 200))
        for name in ["gradient", "shimmer", "card", "dot", "guide", "caption-spring"] {
            XCTAssertNotNil(root.firstLayer(named: name), name)
        }
        XCTAssertTrue(root.hasInfiniteAnimation)
        // The spring animations end at the loop's end; the others repeat forever.
        XCTAssertEqual(root.animationEndTime, Showcase.duration, accuracy: 1e-12)
        XCTAssertEqual(Showcase.duration, 3)
    }

    func testAnimatedValuesAtFixedTimes() throws {
        let root = try Showcase().makeLayer()
        // 600 × 200: columns of 150 points, unit 150, centre line at y = 100 − 9 = 91.
        let dot = try XCTUnwrap(root.firstLayer(named: "dot"))
        XCTAssertEqual(dot.position, Point(x: 525, y: 91 - 33))
        func dotY(_ t: Double) throws -> Double {
            try XCTUnwrap(root.presentation(at: t).firstLayer(named: "dot")).position.y
        }
        XCTAssertEqual(try dotY(0), 58, accuracy: 1e-9)
        XCTAssertEqual(try dotY(1.49), 124, accuracy: 0.1)  // settled at the bottom (91 + 33)
        XCTAssertGreaterThan(try dotY(0.3), 124)  // a bouncy spring overshoots
        XCTAssertEqual(try dotY(2.99), 58, accuracy: 0.1)  // back at the top: the loop closes
        XCTAssertEqual(try dotY(3), 58, accuracy: 1e-9)

        let card = { (t: Double) throws -> Double in
            let transform = try XCTUnwrap(root.presentation(at: t).firstLayer(named: "card")).transform
            return transform.decomposed.rotation
        }
        XCTAssertEqual(try card(1.5), Double.pi, accuracy: 1e-9)  // half a turn at half time (ease in-out)
        // A quarter of the way: easeInEaseOut(0.25) of a full turn (0.129 turn = 46.6°), slower than linear.
        let quarter = TimingFunction.easeInEaseOut.value(at: 0.25) * 2 * Double.pi
        XCTAssertEqual(try card(0.75), quarter, accuracy: 1e-9)
        XCTAssertLessThan(quarter, Double.pi / 2)

        let shimmer = { (t: Double) throws -> [Double] in
            try XCTUnwrap((root.presentation(at: t).firstLayer(named: "shimmer") as? GradientLayer)?.locations)
        }
        XCTAssertEqual(try shimmer(1.5), [0.375, 0.5, 0.625])
        let gradient = { (t: Double) throws -> Point in
            try XCTUnwrap((root.presentation(at: t).firstLayer(named: "gradient") as? GradientLayer)?.endPoint)
        }
        XCTAssertEqual(try gradient(1.5).x, 0.72, accuracy: 1e-12)  // the end of the forward pass
        XCTAssertEqual(try gradient(3).x, 1, accuracy: 1e-12)  // and back
    }

    // MARK: Golden frames

    private func assertShowcase(at fraction: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = try showcase.makeLayer()
        let time = Showcase.duration * fraction
        let renderer = try LayerRenderer(size: showcase.size)
        let result = try renderer.renderWithWarnings(root, at: time)
        XCTAssertEqual(result.warnings, [], file: file, line: line)
        GoldenImage.assertMatches(
            result.frame, golden: "showcase-t\(Int((time * 100).rounded()))", file: file, line: line,
            test: "ShowcaseTests")
    }

    func testGoldenAtStart() throws { try assertShowcase(at: 0) }
    func testGoldenAtQuarter() throws { try assertShowcase(at: 0.25) }
    func testGoldenAtHalf() throws { try assertShowcase(at: 0.5) }
    func testGoldenAtThreeQuarters() throws { try assertShowcase(at: 0.75) }
    func testGoldenAtEnd() throws { try assertShowcase(at: 1) }

    /// The loop closes: the last frame is the first, and a frame at 2x is the same scene at twice the pixels.
    func testLoopsAndScales() throws {
        let root = try showcase.makeLayer()
        let renderer = try LayerRenderer(size: showcase.size)
        let first = try renderer.render(root, at: 0)
        let last = try renderer.render(root, at: Showcase.duration)
        let comparison = try XCTUnwrap(FrameComparison(first, last))
        XCTAssertTrue(comparison.matches, comparison.summary)
        let retina = try LayerRenderer(size: showcase.size, scale: 2).render(root, at: 0)
        XCTAssertEqual(retina.width, 720)
        XCTAssertEqual(retina.height, 240)
    }
}
