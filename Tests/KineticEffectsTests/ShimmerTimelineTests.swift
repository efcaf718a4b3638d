import KineticCore
import KineticEffects
import KineticLayers
import XCTest

/// The shimmer's timeline (begin fade, sweeps, stop that finishes the sweep in progress, end fade) and the layer
/// tree's animated values at given times.
final class ShimmerTimelineTests: XCTestCase {
    private let content = Layer(frame: Rect(x: 10, y: 20, width: 480, height: 96))
    private let cycle = 480.0 / 230 + 0.4

    /// The opaque white layer inside the mask that hides the gradient while the effect is off.
    private func fadeLayer(of root: Layer) throws -> Layer {
        let fade = try XCTUnwrap(root.firstLayer(named: "shimmer-body")?.mask?.sublayers.first)
        XCTAssertEqual(fade.name, "shimmer-fade")
        return fade
    }

    func testTimelineFinishesTheSweepInProgress() {
        // The default begins at −beginFadeDuration (a clip shimmers from its first frame); from 0 here.
        XCTAssertEqual(Shimmer().beginTime, -0.1)
        XCTAssertEqual(Shimmer(beginFadeDuration: 0.3).beginTime, -0.3)
        let running = Shimmer(beginTime: 0).timeline(cycleDuration: cycle)
        XCTAssertEqual(running.slideBeginTime, 0.1, accuracy: 1e-15)
        XCTAssertNil(running.cycleCount)
        XCTAssertNil(running.slideEndTime)
        XCTAssertNil(running.endTime)

        // Stopped 3 s in: the sweep that began at 0.1 + 2.487 = 2.587 s completes at 0.1 + 2 × 2.487 s.
        let stopped = Shimmer(beginTime: 0, stopAt: 3).timeline(cycleDuration: cycle)
        XCTAssertEqual(stopped.cycleCount, 2)
        XCTAssertEqual(try XCTUnwrap(stopped.slideEndTime), 0.1 + 2 * cycle, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(stopped.endTime), 0.1 + 2 * cycle + 0.3, accuracy: 1e-12)
        // A stop during the begin fade lets the first sweep play.
        XCTAssertEqual(Shimmer(beginTime: 0, stopAt: 0.05).timeline(cycleDuration: cycle).cycleCount, 1)
        // A stop exactly as a cycle starts plays that cycle (Facebook's fmod gives offset 0: a whole sweep).
        XCTAssertEqual(Shimmer(beginFadeDuration: 0, stopAt: 2).timeline(cycleDuration: 1).cycleCount, 3)
    }

    func testCycleTime() {
        let timeline = Shimmer(beginFadeDuration: 0.5, beginTime: 1, stopAt: 4).timeline(cycleDuration: 1)
        XCTAssertEqual(timeline.cycleTime(at: 0), 0)
        XCTAssertEqual(timeline.cycleTime(at: 1.5), 0)
        XCTAssertEqual(timeline.cycleTime(at: 1.75), 0.25)
        XCTAssertEqual(timeline.cycleTime(at: 3.75), 0.25)
        XCTAssertEqual(timeline.slideEndTime, 4.5)
        XCTAssertEqual(timeline.cycleTime(at: 4.5), 1)
        XCTAssertEqual(timeline.cycleTime(at: 9), 1)
    }

    func testLayerTreeAndMaskTravel() throws {
        let root = try Shimmer(beginTime: 0).makeLayer(content: content)
        XCTAssertEqual(root.frame, Rect(x: 10, y: 20, width: 480, height: 96))
        let body = try XCTUnwrap(root.firstLayer(named: "shimmer-body"))
        XCTAssertEqual(body.sublayers.first?.frame, Rect(x: 0, y: 0, width: 480, height: 96))
        let mask = try XCTUnwrap(body.mask as? GradientLayer)
        XCTAssertEqual(mask.colors, [.white.withAlpha(0.5), .white, .white.withAlpha(0.5)])
        XCTAssertEqual(mask.locations, [0, 0.5, 1])
        XCTAssertNil(root.firstLayer(named: "shimmer-highlight"))
        XCTAssertTrue(root.hasInfiniteAnimation)

        func maskX(_ time: Double) throws -> Double {
            let presented = try XCTUnwrap(root.presentation(at: time).firstLayer(named: "shimmer-body")?.mask)
            return presented.position.x
        }
        XCTAssertEqual(try maskX(-1), -1532)  // waiting at the start
        XCTAssertEqual(try maskX(0.1), -1532, accuracy: 1e-9)  // the first sweep starts after the fade
        XCTAssertEqual(try maskX(0.1 + cycle / 2), -766, accuracy: 1e-9)
        XCTAssertEqual(try maskX(0.1 + cycle * 1.25), -1532 + 383, accuracy: 1e-9)  // a quarter into cycle 2
        XCTAssertEqual(try maskX(0.1 + 1), -1532 + 1532 / cycle, accuracy: 1e-9)  // 616 pt/s
    }

    func testFadesInAndOutAroundTheSweeps() throws {
        let shimmer = Shimmer(beginTime: 1, stopAt: 2)
        let root = try shimmer.makeLayer(content: content)
        XCTAssertFalse(root.hasInfiniteAnimation)
        let end = 1.1 + cycle + 0.3
        XCTAssertEqual(root.animationEndTime, end, accuracy: 1e-12)
        func fade(_ time: Double) throws -> Double {
            try fadeLayer(of: root.presentation(at: time)).opacity
        }
        XCTAssertEqual(try fade(0), 1)  // plain content before the start
        XCTAssertEqual(try fade(1.05), 0.5, accuracy: 1e-12)  // half way through the 0.1 s begin fade
        XCTAssertEqual(try fade(2), 0)  // shimmering
        XCTAssertEqual(try fade(1.1 + cycle - 0.01), 0)  // the sweep in progress at 2 s finishes…
        XCTAssertEqual(try fade(1.1 + cycle + 0.15), 0.5, accuracy: 1e-9)  // …then the 0.3 s end fade
        XCTAssertEqual(try fade(end + 5), 1)
        let mask = try XCTUnwrap(root.presentation(at: end + 5).firstLayer(named: "shimmer-body")?.mask)
        XCTAssertEqual(mask.position.x, 0)  // rests where the last sweep ended, clear of the content
    }

    func testZeroFadesJump() throws {
        let root = try Shimmer(beginFadeDuration: 0, endFadeDuration: 0, stopAt: 0.5).makeLayer(content: content)
        func fade(_ time: Double) throws -> Double {
            try fadeLayer(of: root.presentation(at: time)).opacity
        }
        XCTAssertEqual(try fade(-0.001), 1)
        XCTAssertEqual(try fade(0), 0)
        XCTAssertEqual(try fade(cycle - 0.001), 0)
        XCTAssertEqual(try fade(cycle), 1)
    }

    func testHighlightAndBaseColours() throws {
        let yellow = Color(red: 1, green: 0.84, blue: 0.04)
        let grey = Color(white: 0.8)
        let root = try Shimmer(beginTime: 0, highlightColor: yellow, baseColor: grey).makeLayer(content: content)
        let tint = try XCTUnwrap(root.firstLayer(named: "shimmer-body")?.sublayers.first)
        XCTAssertEqual(tint.name, "shimmer-tint")
        XCTAssertEqual(tint.backgroundColor, grey)
        XCTAssertNotNil(tint.mask)  // the content's shape
        let highlight = try XCTUnwrap(root.firstLayer(named: "shimmer-highlight"))
        XCTAssertEqual(highlight.sublayers.first?.backgroundColor, yellow)
        XCTAssertEqual((highlight.mask as? GradientLayer)?.colors, [.clear, .white, .clear])
        XCTAssertEqual(highlight.opacity, 0)  // hidden while not shimmering
        let shown = try XCTUnwrap(root.presentation(at: 1).firstLayer(named: "shimmer-highlight"))
        XCTAssertEqual(shown.opacity, 1)
        XCTAssertEqual(shown.mask?.position.x ?? 0, -1532 + 0.9 * 1532 / cycle, accuracy: 1e-9)
    }

    func testSeedLocationsAtGivenTimes() throws {
        XCTAssertEqual(ShimmerSeed.locations(at: 0), [0, 0, 0.25])
        XCTAssertEqual(ShimmerSeed.locations(at: 0.5), [0.1875, 0.25, 0.4375])
        XCTAssertEqual(ShimmerSeed.locations(at: 1), [0.375, 0.5, 0.625])
        XCTAssertEqual(ShimmerSeed.locations(at: 1.5), [0.5625, 0.75, 0.8125])
        XCTAssertEqual(ShimmerSeed.locations(at: 2.5), [0.1875, 0.25, 0.4375])  // forever, every 2 s

        let root = try ShimmerSeed().makeLayer(content: content)
        let gradient = try XCTUnwrap(root.firstLayer(named: "shimmer-gradient") as? GradientLayer)
        XCTAssertEqual(gradient.frame, Rect(x: -480, y: 0, width: 1440, height: 96))  // inset by −width
        XCTAssertEqual(gradient.colors, [.black, .white, .black])
        XCTAssertEqual(gradient.startPoint, Point(x: 0, y: 0.5))
        XCTAssertEqual(gradient.endPoint, Point(x: 1, y: 0.5))
        XCTAssertEqual(gradient.mask?.frame, Rect(x: 480, y: 0, width: 480, height: 96))  // the middle third
        XCTAssertTrue(root.hasInfiniteAnimation)
        for time in [0, 0.5, 1, 1.5, 2.5, 10.25] {
            let presented = root.presentation(at: time).firstLayer(named: "shimmer-gradient") as? GradientLayer
            let locations = try XCTUnwrap(presented?.locations)
            for (got, expected) in zip(locations, ShimmerSeed.locations(at: time)) {
                XCTAssertEqual(got, expected, accuracy: 1e-12, "t = \(time)")
            }
        }
    }

    func testSkeletonLayout() throws {
        let skeleton = SkeletonPlaceholder()
        let frames = try skeleton.shapeFrames(in: Size(width: 480, height: 120))
        XCTAssertEqual(skeleton.blockHeight, 62)  // 3 × 14 + 2 × 10
        XCTAssertEqual(frames.count, 4)
        XCTAssertEqual(frames[0], Rect(x: 16, y: 29, width: 62, height: 62))  // the avatar, centred vertically
        let available = 480.0 - 16 - 62 - 16 - 16
        XCTAssertEqual(frames[1], Rect(x: 94, y: 29, width: available * 0.45, height: 14))
        XCTAssertEqual(frames[2], Rect(x: 94, y: 53, width: available, height: 14))
        XCTAssertEqual(frames[3], Rect(x: 94, y: 77, width: available * 0.65, height: 14))
        let layer = try XCTUnwrap(skeleton.makeLayer(size: Size(width: 480, height: 120)) as? ShapeLayer)
        XCTAssertEqual(layer.fillColor, skeleton.color)
        XCTAssertThrowsError(try SkeletonPlaceholder(lineCount: 12).makeLayer(size: Size(width: 480, height: 120))) {
            XCTAssertTrue("\($0)".contains("needs a box of at least"), "\($0)")
        }
        XCTAssertThrowsError(try SkeletonPlaceholder(lineCount: 0).makeLayer(size: Size(width: 480, height: 120))) {
            XCTAssertTrue("\($0)".contains("line count must be 1…12"), "\($0)")
        }
    }
}
