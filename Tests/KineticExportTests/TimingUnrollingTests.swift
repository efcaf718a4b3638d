import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

@testable import KineticExport

/// Exact tracks: the animations' keyframes with Core Animation timing unrolled over the clip must show what the
/// layer's presentation shows, at every time.
final class TimingUnrollingTests: XCTestCase {
    private let opacity = PropertyReading(name: "opacity", dependencies: [.opacity], tolerance: [1e-6]) {
        [$0.opacity]
    }
    private let positionX = PropertyReading(name: "position.x", dependencies: [.position], tolerance: [1e-6]) {
        [$0.position.x]
    }

    /// The exact track of `reading` on `layer` over `duration`, checked against the presentation at 2,000 times
    /// (none on a boundary) to 1e-9.
    @discardableResult
    private func assertExact(
        _ layer: Layer, _ reading: PropertyReading, duration: Double = 6, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Track {
        let timeline = LayerTimeline(layer: layer, duration: duration, samplesPerSecond: 120)
        let track = try XCTUnwrap(timeline.exactTrack(reading), "no exact track", file: file, line: line)
        var worst = 0.0
        var worstTime = 0.0
        for k in 0..<2000 {
            let t = duration * (Double(k) + 0.318_309_886) / 2000
            let expected = reading.read(layer.presentationOfSelf(at: t))[0]
            let actual = track.value(at: t)[0]
            if abs(expected - actual) > worst {
                worst = abs(expected - actual)
                worstTime = t
            }
        }
        XCTAssertLessThan(worst, 1e-9, "worst at t = \(worstTime)", file: file, line: line)
        return track
    }

    private func fading(_ timing: MediaTiming, _ function: TimingFunction = .easeInEaseOut) -> Layer {
        let layer = Layer()
        layer.opacity = 0.3
        layer.add(BasicAnimation(from: 0.0, to: 1.0, timing: timing, timingFunction: function), for: \.opacity)
        return layer
    }

    func testEveryCoreAnimationTimingUnrollsExactly() throws {
        let timings: [MediaTiming] = [
            MediaTiming(beginTime: 0.5, duration: 1),
            MediaTiming(beginTime: 0.5, duration: 1, fillMode: .forwards),
            MediaTiming(beginTime: 0.5, duration: 1, fillMode: .backwards),
            MediaTiming(beginTime: 0.5, duration: 1, fillMode: .both),
            MediaTiming(beginTime: 0.2, duration: 0.8, repeatCount: 2.5, autoreverses: true, fillMode: .forwards),
            MediaTiming(beginTime: 0.1, duration: 1, speed: 2, repeatCount: 3),
            MediaTiming(beginTime: 1, duration: 1.5, speed: -1, fillMode: .both),
            MediaTiming(beginTime: 0.25, duration: 1, speed: 0.5, timeOffset: 0.3, repeatCount: 2, fillMode: .both),
            MediaTiming(duration: 0.7, repeatDuration: 1.7, autoreverses: true, fillMode: .forwards),
            MediaTiming(duration: 0.9, repeatCount: .infinity),
            MediaTiming(beginTime: 0.4, duration: 1, speed: 0, timeOffset: 0.35),
            MediaTiming(beginTime: 0.3, duration: 1.2, timeOffset: 0.5, repeatCount: 1.5, autoreverses: true),
        ]
        for (index, timing) in timings.enumerated() {
            for function in [TimingFunction.easeInEaseOut, .linear, try .cubicBezier(0.3, -0.6, 0.4, 1.8)] {
                try assertExact(fading(timing, function), opacity, file: #filePath, line: #line)
                _ = index
            }
        }
    }

    func testStepsBecomeHolds() throws {
        let layer = fading(MediaTiming(beginTime: 0.5, duration: 2, fillMode: .both), try .steps(4, .jumpEnd))
        let track = try assertExact(layer, opacity)
        // Before, four steps, after: holds only.
        XCTAssertTrue(track.segments.allSatisfy { $0.easing == .hold }, "\(track.segments)")
        XCTAssertEqual(Set(track.segments.map { $0.from[0] }), [0, 0.25, 0.5, 0.75, 1])
        for position in [StepPosition.jumpStart, .jumpNone, .jumpBoth] {
            try assertExact(
                fading(MediaTiming(beginTime: 0.5, duration: 2, autoreverses: true), try .steps(3, position)), opacity)
        }
    }

    func testKeyframeAnimationsUnrollExactly() throws {
        let layer = Layer()
        layer.add(
            try KeyframeAnimation(
                values: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 0)],
                keyTimes: [0, 0.2, 0.7, 1], timingFunctions: [.easeIn, .easeOut, .linear],
                timing: MediaTiming(beginTime: 0.3, duration: 2, repeatCount: 2, autoreverses: true)),
            for: \.position)
        try assertExact(layer, positionX, duration: 9)
        let discrete = Layer()
        discrete.add(
            try KeyframeAnimation(
                values: [10.0, 20, 5], keyTimes: [0, 0.1, 0.6, 1], calculationMode: .discrete,
                timing: MediaTiming(duration: 1.5, repeatCount: 3)), for: \.position.x)
        // Core Animation's `position.x` names the position: its keyframes unroll exactly too.
        try assertExact(discrete, positionX, duration: 5)
        let paced = Layer()
        paced.add(
            try KeyframeAnimation(
                values: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 100, y: 0)], calculationMode: .paced,
                timing: MediaTiming(duration: 2, fillMode: .forwards)), for: \.position)
        try assertExact(paced, positionX, duration: 3)
    }

    func testLaterAnimationsOverrideEarlierOnesWhileApplied() throws {
        // The elevator seed's slots: "enter" fills backwards, "leave" (added last) fills forwards.
        let slot = Layer()
        slot.position = Point(x: 50, y: 50)
        slot.add(
            BasicAnimation(
                from: Point(x: 50, y: 150), to: Point(x: 50, y: 50),
                timing: MediaTiming(beginTime: 1, duration: 0.5, fillMode: .backwards), timingFunction: .easeOut),
            for: \.position, key: "enter")
        slot.add(
            BasicAnimation(
                from: Point(x: 50, y: 50), to: Point(x: 50, y: -50),
                timing: MediaTiming(beginTime: 1.3, duration: 0.5, fillMode: .forwards), timingFunction: .easeOut),
            for: \.position, key: "leave")
        let positionY = PropertyReading(name: "y", dependencies: [.position], tolerance: [1e-6]) {
            [$0.position.y]
        }
        let track = try assertExact(slot, positionY, duration: 3)
        // The interrupted entry jumps to the rest position when "leave" begins (as Core Animation shows it).
        XCTAssertEqual(track.value(at: 1.29)[0], 50 + 100 * (1 - CubicBezier.easeOut.value(at: 0.58)), accuracy: 1e-6)
        XCTAssertEqual(track.value(at: 1.3)[0], 50, accuracy: 1e-9)
    }

    func testAnimationsReadingTheModelValueAreExactOnlyAlone() throws {
        let layer = Layer()
        layer.opacity = 0.4
        layer.add(BasicAnimation<Double>(to: 1, timing: MediaTiming(beginTime: 0.5, duration: 1)), for: \.opacity)
        try assertExact(layer, opacity, duration: 2)
        // Over another animation, "to" alone starts from what that one shows: not one keyframe list.
        let stacked = fading(MediaTiming(duration: 2, fillMode: .forwards))
        stacked.add(
            BasicAnimation<Double>(to: 0.2, timing: MediaTiming(beginTime: 0.5, duration: 1)), for: \.opacity,
            key: "second")
        XCTAssertNil(LayerTimeline(layer: stacked, duration: 3, samplesPerSecond: 60).exactTrack(opacity))
    }

    func testSpringsHaveNoExactForm() throws {
        let layer = Layer()
        layer.add(
            try SpringAnimation(from: 0.0, to: 1.0, spring: try Spring(duration: 0.5, bounce: 0.3)), for: \.opacity)
        XCTAssertNil(LayerTimeline(layer: layer, duration: 2, samplesPerSecond: 60).exactTrack(opacity))
    }

    func testTransformsUnrollAsRotationTakingTheShortWay() throws {
        let layer = Layer()
        let turns = (0...4).map { AffineTransform.rotation(Double($0) * Double.pi / 2) }
        layer.add(
            try KeyframeAnimation(values: turns, timing: MediaTiming(duration: 2, repeatCount: .infinity)),
            for: \.transform)
        let readings = LayerReadings(tolerance: ExportTolerance())
        let timeline = LayerTimeline(layer: layer, duration: 4, samplesPerSecond: 60)
        let track = try XCTUnwrap(timeline.exactTrack(readings.rotation))
        // Continuous: a full turn per pass, 720° over two passes (not back and forth through ±180°).
        XCTAssertEqual(track.value(at: 0)[0], 0, accuracy: 1e-9)
        XCTAssertEqual(track.value(at: 1)[0], 180, accuracy: 1e-9)
        XCTAssertEqual(track.value(at: 1.999_999)[0], 360, accuracy: 1e-3)
        XCTAssertEqual(track.value(at: 3.5)[0], 360 + 270, accuracy: 1e-6)
    }
}
