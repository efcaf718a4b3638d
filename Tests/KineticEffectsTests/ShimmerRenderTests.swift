import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// The band's position in rendered frames: LayerRenderer draws the shimmer at known times, the per-column opacity
/// (or brightness) of the text is measured, and a tent-shaped band profile fitted to it must be centred where the
/// geometry says, moving at its speed.
///
/// Measured: every fitted centre within 0.05 pt of the geometry's (tolerance 0.5 pt), speeds within 0.05 %.
///
/// The columns are read only where the text covers pixels fully, so the glyphs' shapes drop out: for the default
/// style the ratio of the shimmering frame's alpha to the plain text's alpha is the mask's opacity there; for the
/// seed style (black → white → black) the premultiplied red ÷ alpha is the gradient's grey.
final class ShimmerRenderTests: XCTestCase {
    private let size = Size(width: 480, height: 96)
    private let boldText = ShimmerText(
        string: "slide to unlock", font: Font(families: ShimmerText.defaultFamilies, weight: 800, size: 52))

    /// Median over the column's fully covered pixels of `value(pixel, reference pixel)`, for every column that has
    /// at least 4 such pixels; x is the column's centre in points.
    private func profile(
        _ frame: RGBAFrame, reference: RGBAFrame, value: (RGBA8, RGBA8) -> Double
    ) -> [(x: Double, value: Double)] {
        var columns: [(Double, Double)] = []
        for x in 0..<frame.width {
            var samples: [Double] = []
            for y in 0..<frame.height where reference[x, y].alpha >= 250 {
                samples.append(value(frame[x, y], reference[x, y]))
            }
            guard samples.count >= 4 else { continue }
            samples.sort()
            columns.append((Double(x) + 0.5, samples[samples.count / 2]))
        }
        return columns
    }

    /// The centre of the tent `low + (high − low) × max(0, 1 − |x − c| / w)` that fits `columns` best, w being
    /// `halfWidth` on both sides or `leftWidth` and `rightWidth` (least squares; a coarse search, then a fine one).
    private func fittedCenter(
        _ columns: [(x: Double, value: Double)], low: Double, high: Double, halfWidth: Double? = nil,
        leftWidth: Double = 0, rightWidth: Double = 0
    ) -> Double {
        func error(_ center: Double) -> Double {
            columns.reduce(0) { sum, column in
                let width = halfWidth ?? (column.x < center ? leftWidth : rightWidth)
                let tent = low + (high - low) * max(0, 1 - abs(column.x - center) / width)
                return sum + (tent - column.value) * (tent - column.value)
            }
        }
        var best = -1000.0
        var center = -1000.0
        while center <= 1500 {
            if error(center) < error(best) { best = center }
            center += 1
        }
        var fine = best - 1
        center = best - 1
        while center <= best + 1 {
            if error(center) < error(fine) { fine = center }
            center += 0.01
        }
        return fine
    }

    /// Renders `shimmer` over the bold text and returns the fitted band centres at `times` with the geometry.
    private func measuredCenters(_ shimmer: Shimmer, text: ShimmerText? = nil, at times: [Double]) throws -> (
        centers: [Double], geometry: ShimmerGeometry
    ) {
        let text = text ?? boldText
        let scene = ShimmerScene(size: size, content: .text(text), style: .default(shimmer))
        let root = try scene.makeLayer(measurer: PangoTextMeasurer())
        let rightToLeft = text.isRightToLeft(measurer: PangoTextMeasurer())
        let geometry = try shimmer.geometry(for: size, rightToLeft: rightToLeft)
        let renderer = try LayerRenderer(size: size)
        let plain = try renderer.render(root, at: shimmer.beginTime - 1)  // before the start: the text as it is
        var centers: [Double] = []
        for time in times {
            let frame = try renderer.render(root, at: time)
            let columns = profile(frame, reference: plain) { shimmering, plain in
                Double(shimmering.alpha) / Double(plain.alpha)
            }
            XCTAssertGreaterThan(columns.count, 150, "the text should cover many columns")
            centers.append(
                fittedCenter(
                    columns, low: shimmer.animationOpacity, high: shimmer.shimmeringOpacity,
                    halfWidth: geometry.bandWidth / 2))
        }
        return (centers, geometry)
    }

    func testDefaultBandMovesAtTheGeometrysSpeed() throws {
        let shimmer = Shimmer(beginFadeDuration: 0)  // the first sweep starts at t = 0
        let times = [0.65, 0.75, 0.85]
        let (centers, geometry) = try measuredCenters(shimmer, at: times)
        // 230 pt/s over 480 pt with a 0.4 s pause: the band moves 1532 pt per 2.487 s = 616.0 pt/s.
        XCTAssertEqual(geometry.bandSpeed, 616.014, accuracy: 1e-3)
        for (time, center) in zip(times, centers) {
            XCTAssertEqual(center, geometry.bandCenter(atCycleTime: time), accuracy: 0.5, "t = \(time)")
        }
        let measuredSpeed = (centers[2] - centers[0]) / (times[2] - times[0])
        XCTAssertEqual(measuredSpeed, geometry.bandSpeed, accuracy: 0.002 * geometry.bandSpeed)
    }

    func testFasterNarrowerBandFollowsItsOwnGeometry() throws {
        let shimmer = Shimmer(speed: 460, highlightLength: 0.5, beginFadeDuration: 0)
        let times = [0.35, 0.42, 0.5]
        let (centers, geometry) = try measuredCenters(shimmer, at: times)
        XCTAssertEqual(geometry.bandSpeed, 1624 / (480.0 / 460 + 0.4), accuracy: 1e-9)  // 1125.1 pt/s
        for (time, center) in zip(times, centers) {
            XCTAssertEqual(center, geometry.bandCenter(atCycleTime: time), accuracy: 0.5, "t = \(time)")
        }
        let measuredSpeed = (centers[2] - centers[0]) / (times[2] - times[0])
        XCTAssertEqual(measuredSpeed, geometry.bandSpeed, accuracy: 0.002 * geometry.bandSpeed)
    }

    func testRightToLeftTextShimmersRightToLeft() throws {
        let hebrew = ShimmerText(
            string: "שלום עולם", font: Font(families: ShimmerText.defaultFamilies, weight: 700, size: 52))
        XCTAssertTrue(hebrew.isRightToLeft(measurer: PangoTextMeasurer()))
        XCTAssertFalse(boldText.isRightToLeft(measurer: PangoTextMeasurer()))
        let times = [0.7, 0.8]
        let (centers, geometry) = try measuredCenters(Shimmer(beginFadeDuration: 0), text: hebrew, at: times)
        XCTAssertEqual(geometry.direction, .left)
        XCTAssertEqual(geometry.bandCenter(atCycleTime: 0), 720)  // starts right of the content
        for (time, center) in zip(times, centers) {
            XCTAssertEqual(center, geometry.bandCenter(atCycleTime: time), accuracy: 0.5, "t = \(time)")
        }
        XCTAssertLessThan(centers[1], centers[0] - 55)  // 616 pt/s × 0.1 s leftwards
    }

    func testSeedGlintCrossesAtTheArticlesPace() throws {
        let scene = ShimmerScene(size: size, content: .text(boldText), style: .seed(ShimmerSeed()))
        let root = try scene.makeLayer(measurer: PangoTextMeasurer())
        let renderer = try LayerRenderer(size: size)
        let times = [0.9, 1, 1.1]
        var centers: [Double] = []
        for time in times {
            let frame = try renderer.render(root, at: time)
            let columns = profile(frame, reference: frame) { pixel, _ in Double(pixel.red) / Double(pixel.alpha) }
            XCTAssertGreaterThan(columns.count, 150)
            // The white stop sits at locations[1] of a 1440 pt gradient that starts 480 pt left of the label;
            // black at locations[0] and [2].
            let locations = ShimmerSeed.locations(at: time)
            centers.append(
                fittedCenter(
                    columns, low: 0, high: 1, leftWidth: (locations[1] - locations[0]) * 1440,
                    rightWidth: (locations[2] - locations[1]) * 1440))
            let expected = locations[1] * 1440 - 480
            XCTAssertEqual(centers.last ?? .nan, expected, accuracy: 0.5, "t = \(time)")
        }
        XCTAssertEqual((centers[2] - centers[0]) / 0.2, 720, accuracy: 1.5)  // 1440 pt per 2 s
    }

    /// The doc comments' examples (Shimmer, ShimmerScene), verbatim.
    func testDocExamples() throws {
        let measurer = PangoTextMeasurer()  // KineticRaster's; any TextMeasuring
        let label = try ShimmerText(string: "slide to unlock").makeLayer(
            size: Size(width: 480, height: 96), measurer: measurer)
        let root = try Shimmer(highlightLength: 0.5).makeLayer(content: label)
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 480, height: 96))

        let scene = ShimmerScene(content: .text(ShimmerText(string: "slide to unlock")), style: .default(Shimmer()))
        let sceneRoot = try scene.makeLayer(measurer: PangoTextMeasurer())
        XCTAssertEqual(try scene.clipDuration(), 480.0 / 230 + 0.4, accuracy: 1e-12)
        XCTAssertEqual(scene.suggestedBackground, Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255))
        XCTAssertNotNil(sceneRoot.firstLayer(named: "shimmer-text"))
    }
}
