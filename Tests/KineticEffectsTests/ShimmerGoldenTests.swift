import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// Golden frames of the shimmer at 0, ¼, ½, ¾ and all of one loop (the golden-image rule of docs/ARCHITECTURE.md), for
/// the seed style, the default style and the skeleton placeholder, plus Japanese, right-to-left and multi-line tilted
/// text half way through, each on the scene's suggested background as `kinetic render shimmer` draws it.
/// `KINETIC_RECORD=1 swift test --filter ShimmerGoldenTests` re-records them (then look at them before committing).
final class ShimmerGoldenTests: XCTestCase {
    /// The scenes, by golden name: the same as `kinetic render shimmer` with the flags in the comments.
    static let scenes: [String: ShimmerScene] = [
        // --style seed
        "seed": ShimmerScene(content: .text(ShimmerText(string: "slide to unlock")), style: .seed(ShimmerSeed())),
        // (defaults)
        "default": ShimmerScene(
            content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer(beginTime: -0.1))),
        // --skeleton --height 120 --animation-opacity 1 --highlight-color #F2F2F7 --highlight-length 0.6 --tilt 20
        "skeleton": ShimmerScene(
            size: Size(width: 480, height: 120), content: .skeleton(SkeletonPlaceholder()),
            style: .default(
                Shimmer(
                    highlightLength: 0.6, animationOpacity: 1, tilt: 20, beginTime: -0.1,
                    highlightColor: Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)))),
        // --style seed --text スライドでロック解除
        "seed-japanese": ShimmerScene(
            content: .text(ShimmerText(string: "スライドでロック解除")), style: .seed(ShimmerSeed())),
        // --text "שלום עולם" --highlight-length 0.4 --font-size 40
        "rtl-hebrew": ShimmerScene(
            content: .text(
                ShimmerText(string: "שלום עולם", font: ShimmerText.defaultFont.withSize(40))),
            style: .default(Shimmer(highlightLength: 0.4, beginTime: -0.1))),
        // --text "مرحبا بالعالم" --highlight-length 0.4 --font-size 40
        "rtl-arabic": ShimmerScene(
            content: .text(
                ShimmerText(string: "مرحبا بالعالم", font: ShimmerText.defaultFont.withSize(40))),
            style: .default(Shimmer(highlightLength: 0.4, beginTime: -0.1))),
        // --text 'Loading your\nmessages…' --height 120 --font-weight 700 --tilt 20 --highlight-length 0.4
        "multiline-tilt": ShimmerScene(
            size: Size(width: 480, height: 120),
            content: .text(
                ShimmerText(
                    string: "Loading your\nmessages…",
                    font: Font(families: ShimmerText.defaultFamilies, weight: 700, size: 32))),
            style: .default(Shimmer(highlightLength: 0.4, tilt: 20, beginTime: -0.1))),
    ]

    private func assertGolden(
        _ name: String, at fraction: Double, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scene = try XCTUnwrap(Self.scenes[name])
        let root = try scene.makeLayer(measurer: PangoTextMeasurer())
        let time = try scene.clipDuration() * fraction
        let renderer = try LayerRenderer(size: scene.size, background: scene.suggestedBackground)
        let result = try renderer.renderWithWarnings(root, at: time)
        XCTAssertEqual(result.warnings, [], file: file, line: line)  // every glyph from a named family
        GoldenImage.assertMatches(
            result.frame, golden: "shimmer-\(name)-p\(Int((fraction * 100).rounded()))", file: file, line: line,
            test: "ShimmerGoldenTests")
    }

    func testSeedAtStart() throws { try assertGolden("seed", at: 0) }
    func testSeedAtQuarter() throws { try assertGolden("seed", at: 0.25) }
    func testSeedAtHalf() throws { try assertGolden("seed", at: 0.5) }
    func testSeedAtThreeQuarters() throws { try assertGolden("seed", at: 0.75) }
    func testSeedAtEnd() throws { try assertGolden("seed", at: 1) }

    func testDefaultAtStart() throws { try assertGolden("default", at: 0) }
    func testDefaultAtQuarter() throws { try assertGolden("default", at: 0.25) }
    func testDefaultAtHalf() throws { try assertGolden("default", at: 0.5) }
    func testDefaultAtThreeQuarters() throws { try assertGolden("default", at: 0.75) }
    func testDefaultAtEnd() throws { try assertGolden("default", at: 1) }

    func testSkeletonAtStart() throws { try assertGolden("skeleton", at: 0) }
    func testSkeletonAtQuarter() throws { try assertGolden("skeleton", at: 0.25) }
    func testSkeletonAtHalf() throws { try assertGolden("skeleton", at: 0.5) }
    func testSkeletonAtThreeQuarters() throws { try assertGolden("skeleton", at: 0.75) }
    func testSkeletonAtEnd() throws { try assertGolden("skeleton", at: 1) }

    func testJapaneseSeedAtHalf() throws { try assertGolden("seed-japanese", at: 0.5) }
    func testHebrewAtThreeTenths() throws { try assertGolden("rtl-hebrew", at: 0.3) }
    func testArabicAtThreeTenths() throws { try assertGolden("rtl-arabic", at: 0.3) }
    func testMultilineTiltedAtQuarter() throws { try assertGolden("multiline-tilt", at: 0.25) }

    /// The loops close: the seed's first and last frames are the same picture, and so are the default style's
    /// (the band is off the content at both ends of a cycle).
    func testLoopsClose() throws {
        for name in ["seed", "default"] {
            let scene = try XCTUnwrap(Self.scenes[name])
            let root = try scene.makeLayer(measurer: PangoTextMeasurer())
            let renderer = try LayerRenderer(size: scene.size, background: scene.suggestedBackground)
            let first = try renderer.render(root, at: 0)
            let last = try renderer.render(root, at: scene.clipDuration())
            let comparison = try XCTUnwrap(FrameComparison(first, last))
            XCTAssertTrue(comparison.matches, "\(name): \(comparison.summary)")
        }
    }
}
