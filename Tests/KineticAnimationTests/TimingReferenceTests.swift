import KineticAnimation
import KineticCore
import XCTest

/// The timing functions and the timing model against Chromium's Web Animations output (Tests/Fixtures).
final class TimingReferenceTests: XCTestCase {
    /// Chromium's own Bézier solve is within ~8e-7 of exact (Fixtures/README.md).
    private let curveTolerance = 2e-6

    func testEveryCurveMatchesChromium() throws {
        let (inputs, curves) = try TimingFixtures.curves()
        XCTAssertEqual(inputs.count, 101)
        XCTAssertEqual(curves.count, 11)
        for curve in curves {
            let function = try TimingFunction(parsing: curve.easing)
            XCTAssertEqual(curve.progress.count, inputs.count, curve.name)
            var worst = 0.0
            for (input, expected) in zip(inputs, curve.progress) {
                let error = abs(function.value(at: input) - expected)
                worst = max(worst, error)
                XCTAssertLessThanOrEqual(error, curveTolerance, "\(curve.name) at \(input)")
            }
            XCTAssertLessThanOrEqual(worst, curveTolerance, curve.name)
        }
    }

    func testCurvesPrintAsChromiumSerializesThem() throws {
        for curve in try TimingFixtures.curves().curves where !curve.name.hasPrefix("kCAMediaTimingFunction") {
            XCTAssertEqual(try TimingFunction(parsing: curve.easing).cssText, curve.engineSerializedEasing)
        }
    }

    /// The fill values sit outside the active phase: 10 ms before the start with backwards fill (before flag set,
    /// so steps(4, jump-start) shows 0, not 0.25) and 10 ms after the end with forwards fill.
    func testFillValuesUseTheBeforeFlag() throws {
        for curve in try TimingFixtures.curves().curves {
            let function = try TimingFunction(parsing: curve.easing)
            let timing = MediaTiming(duration: 1, fillMode: .both)
            let before = try XCTUnwrap(timing.state(at: -0.010))
            let after = try XCTUnwrap(timing.state(at: 1.010))
            XCTAssertEqual(before.phase, .before)
            XCTAssertTrue(before.beforeFlag, curve.name)
            XCTAssertEqual(after.phase, .after)
            XCTAssertFalse(after.beforeFlag, curve.name)
            XCTAssertEqual(before.easedProgress(function), curve.backwardsFillProgress, accuracy: 1e-12, curve.name)
            XCTAssertEqual(after.easedProgress(function), curve.forwardsFillProgress, accuracy: curveTolerance)
        }
        // The one curve where the flag matters: without it jump-start would already be at its first step.
        XCTAssertEqual(try TimingFunction.steps(4, .jumpStart).value(at: 0), 0.25)
    }

    func testNamedIOSCurvesEqualTheCSSKeywordsExactly() throws {
        let pairs: [(ios: String, css: String, function: TimingFunction)] = [
            ("kCAMediaTimingFunctionDefault", "ease", .default),
            ("kCAMediaTimingFunctionEaseIn", "ease-in", .easeIn),
            ("kCAMediaTimingFunctionEaseOut", "ease-out", .easeOut),
            ("kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out", .easeInEaseOut),
        ]
        let curves = try TimingFixtures.curves().curves
        var fixturePairs = 0
        for pair in pairs {
            let css = try XCTUnwrap(curves.first { $0.name == pair.css })
            XCTAssertEqual(try TimingFunction(parsing: pair.css), pair.function)
            // The fixture has the iOS spelling of three of the four curves (not EaseInEaseOut).
            guard let ios = curves.first(where: { $0.name == pair.ios }) else { continue }
            fixturePairs += 1
            // The reference engine gives identical numbers for both spellings ...
            XCTAssertEqual(ios.progress, css.progress, pair.ios)
            // ... and ours is the same curve, whichever way it is written.
            XCTAssertEqual(try TimingFunction(parsing: ios.easing), pair.function)
        }
        XCTAssertEqual(fixturePairs, 3)
        XCTAssertEqual(TimingFunction.ease, TimingFunction.default)
        XCTAssertEqual(try TimingFunction(parsing: "default"), try TimingFunction(parsing: "ease"))
        XCTAssertEqual(try TimingFunction(parsing: "easeIn"), try TimingFunction(parsing: "ease-in"))
        XCTAssertEqual(try TimingFunction(parsing: "easeOut"), try TimingFunction(parsing: "ease-out"))
        XCTAssertEqual(try TimingFunction(parsing: "easeInEaseOut"), try TimingFunction(parsing: "ease-in-out"))
    }

    // MARK: - The timing model

    /// Configurations of the Web Animations data that Core Animation cannot express, and why.
    private static let skippedConfigs: [String: String] = [
        "endDelay500_fill_forwards": "endDelay: Core Animation has no end delay",
        "negative_endDelay_-1500_fill_both": "endDelay: Core Animation has no end delay",
        "reverse_fill_both": "direction reverse: Core Animation has no direction (negative speed is tested separately)",
        "iter0_fill_both":
            "iterations 0: in Core Animation repeatCount 0 means once, so a zero-length run cannot be set",
        "iterStart0.5_fill_both": "iterationStart: Core Animation has no iteration start",
        "iterStart1_iter2_fill_both": "iterationStart: Core Animation has no iteration start",
        "iterInfinity_iterStart0.25_fill_backwards": "iterationStart: Core Animation has no iteration start",
        "duration0_iter3_fill_both": "duration 0: in Core Animation duration 0 means the default 0.25 s",
        "duration0_iterInfinity_fill_both": "duration 0: in Core Animation duration 0 means the default 0.25 s",
        "delay300_endDelay200_iter2_alternate-reverse_fill_backwards":
            "direction alternate-reverse and endDelay: Core Animation has neither",
    ]

    /// Web Animations → Core Animation: delay ~ beginTime, iterations ~ repeatCount (2n alternate iterations ~
    /// repeatCount n with autoreverses), fill ~ fillMode, playbackRate ~ speed. The fixture's t is the effect's
    /// local time (playbackRate does not rescale it), so each t is mapped to the parent time at which our model
    /// reaches that local position.
    private func coreAnimationTiming(for config: TimingFixtures.ModelConfig) throws -> MediaTiming {
        let fillModes: [String: FillMode] = [
            "none": .removed, "forwards": .forwards, "backwards": .backwards, "both": .both,
        ]
        let autoreverses = config.direction == "alternate"
        XCTAssertTrue(config.direction == "normal" || autoreverses, config.name)
        return MediaTiming(
            beginTime: config.delay / 1000 / abs(config.playbackRate),
            duration: config.duration / 1000,
            speed: config.playbackRate,
            repeatCount: autoreverses ? config.iterations / 2 : config.iterations,
            autoreverses: autoreverses,
            fillMode: try XCTUnwrap(fillModes[config.fill]))
    }

    /// The parent time at which the animation has played `localTime − delay` seconds of its active interval.
    /// With a negative speed our model plays the interval backwards from its end, so position p is reached
    /// (activeDuration − p) / |speed| after beginTime.
    private func parentTime(forLocal localTime: Double, config: TimingFixtures.ModelConfig, timing: MediaTiming)
        -> Double
    {
        let position = (localTime - config.delay) / 1000
        let elapsed = timing.speed > 0 ? position : timing.activeDuration - position
        return timing.beginTime + elapsed / abs(timing.speed)
    }

    func testTimingModelMatchesChromiumInCoreAnimationTerms() throws {
        let configs = try TimingFixtures.modelConfigs()
        XCTAssertEqual(configs.count, 22)
        XCTAssertEqual(
            Set(configs.map(\.name)).intersection(Self.skippedConfigs.keys).count, Self.skippedConfigs.count,
            "every skipped config exists in the fixture")
        var compared: [String] = []
        var sampleCount = 0
        for config in configs where Self.skippedConfigs[config.name] == nil {
            compared.append(config.name)
            let timing = try coreAnimationTiming(for: config)
            let easing = try TimingFunction(parsing: config.easing)
            for sample in config.samples {
                let time = parentTime(forLocal: sample.time, config: config, timing: timing)
                let label = "\(config.name) at t = \(sample.time) ms (parent \(time) s)"
                let state = timing.state(at: time)
                guard let progress = sample.progress, let iteration = sample.iteration else {
                    XCTAssertNil(state, label)
                    continue
                }
                guard let state else {
                    XCTFail("\(label): removed, expected progress \(progress)")
                    continue
                }
                sampleCount += 1
                XCTAssertEqual(state.easedProgress(easing), progress, accuracy: 2e-6, label)
                let expectedIteration = timing.autoreverses ? (iteration / 2).rounded(.down) : iteration
                XCTAssertEqual(Double(state.iteration), expectedIteration, label)
            }
        }
        XCTAssertEqual(compared.count, 12, "compared: \(compared)")
        XCTAssertGreaterThan(sampleCount, 140)
    }
}
