import KineticAnimation
import KineticCore
import XCTest

/// The Animator driven frame by frame by a ManualClock.
final class AnimatorTests: XCTestCase {
    private var clock = ManualClock()
    private var animator = Animator(clock: ManualClock())
    private var log: [String] = []

    override func setUp() {
        clock = ManualClock()
        animator = Animator(clock: clock)
        log = []
    }

    private func record(_ name: String) -> (AnimationCompletion) -> Void {
        { [unowned self] completion in self.log.append("\(name) \(completion.rawValue)") }
    }

    private func advance(to time: MediaTime) {
        clock.set(to: time)
        animator.tick()
    }

    func testPresentationFollowsTheAnimationThenReturnsToTheModel() {
        let opacity = animator.makeKey("opacity", modelValue: 1.0)
        XCTAssertEqual(opacity.name, "opacity")
        XCTAssertEqual(animator.presentationValue(for: opacity), 1)
        animator.add(BasicAnimation(from: 0.0, to: 0.5, timing: MediaTiming(duration: 1)), for: opacity)
        XCTAssertEqual(animator.presentationValue(for: opacity), 0, "evaluated when added")
        advance(to: 0.5)
        XCTAssertEqual(animator.presentationValue(for: opacity), 0.25, accuracy: 1e-12)
        XCTAssertEqual(animator.time, 0.5)
        advance(to: 1)
        XCTAssertEqual(animator.presentationValue(for: opacity), 1, "removed: the model value shows")
        XCTAssertEqual(animator.runningAnimationCount, 0)
        XCTAssertNil(animator.animation(for: opacity))
    }

    func testTickGivesEachAnimationsOwnValueToTheBit() throws {
        // The tick works out the state of a timing that plays plainly forward from durations kept when the
        // animation was added; every other timing goes through `MediaTiming.state(at:)`. Either way the
        // presentation is the animation's own `value(at:base:)`, bit for bit, each frame it runs.
        let timings = [
            MediaTiming(beginTime: -0.37, duration: 1.7, repeatCount: .infinity),
            MediaTiming(beginTime: 0.2, duration: 0.9, repeatCount: 2.5, fillMode: .forwards),
            MediaTiming(duration: 1.1, speed: 1.5, repeatDuration: 2.2),
            MediaTiming(duration: 0.8, repeatCount: 3, autoreverses: true),
            MediaTiming(duration: 1.3, speed: 2, timeOffset: 0.4, repeatCount: .infinity),
            MediaTiming(beginTime: 0.5, duration: 0.6, fillMode: .both),
        ]
        var checks: [(key: AnimatorKey<Double>, value: (MediaTime) -> Double?)] = []
        for (index, timing) in timings.enumerated() {
            let model = Double(index) - 0.25
            let basic = BasicAnimation(from: 0.0, to: 7.5, timing: timing, timingFunction: .easeInEaseOut)
            let keyframes = try KeyframeAnimation(
                values: [0.0, 10, 5, 20, 3], keyTimes: [0, 0.1, 0.5, 0.7, 1],
                timingFunctions: [.easeIn, .easeOut, .easeInEaseOut, .default], timing: timing)
            let spring = try SpringAnimation(
                from: 0.0, to: 9.0, spring: Spring(response: 0.6, dampingFraction: 0.4), timing: timing)
            for (name, animation) in [("basic", basic), ("keyframes", keyframes), ("spring", spring)]
                as [(String, any Animation<Double>)]
            {
                let key = animator.makeKey("\(name) \(index)", modelValue: model)
                animator.add(animation, for: key)
                checks.append((key, { time in animation.value(at: time, base: model) }))
            }
        }
        var compared = 0
        for frame in 1...240 {
            advance(to: Double(frame) / 60)
            for check in checks where animator.animation(for: check.key) != nil {
                let expected = check.value(animator.time) ?? animator.modelValue(for: check.key)
                let got = animator.presentationValue(for: check.key)
                XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(check.key.name) at \(animator.time): \(got)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 2000)
    }

    func testAnAnimationMayReadTheAnimatorWhileItIsEvaluated() {
        // The tick holds no access to its lists while it evaluates animations: one that asks the animator how many
        // animations run (reading the list it is in) gets the answer rather than a simultaneous-access trap.
        let peeking = PeekingAnimation()
        peeking.animator = animator
        defer { peeking.animator = nil }
        let key = animator.makeKey("peeking", modelValue: 0.0)
        animator.add(peeking, for: key)
        animator.add(
            BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(duration: 1)),
            for: animator.makeKey("basic", modelValue: 0.0))
        let other = animator.makeKey("other", modelValue: 0.0)
        animator.add(PeekingAnimation(), for: other)
        advance(to: 0.5)
        XCTAssertEqual(peeking.counts.last, 3)
        XCTAssertEqual(animator.presentationValue(for: other), 0.5)
    }

    func testBeginTimeCountsFromWhenTheAnimationIsAdded() {
        let x = animator.makeKey(modelValue: 0.0)
        clock.set(to: 10)
        animator.add(BasicAnimation(from: 100.0, to: 200, timing: MediaTiming(beginTime: 0.5, duration: 1)), for: x)
        advance(to: 10.25)
        XCTAssertEqual(animator.presentationValue(for: x), 0, "not started yet")
        advance(to: 11)
        XCTAssertEqual(animator.presentationValue(for: x), 150, accuracy: 1e-9)
    }

    func testCompletionsReportInTheOrderAnimationsEnded() {
        let a = animator.makeKey(modelValue: 0.0)
        let b = animator.makeKey(modelValue: Point(x: 0, y: 0))
        let c = animator.makeKey(modelValue: 0.0)
        animator.add(BasicAnimation(to: 1.0, timing: MediaTiming(duration: 1)), for: a, completion: record("a"))
        animator.add(
            BasicAnimation(to: Point(x: 1, y: 1), timing: MediaTiming(duration: 0.5)), for: b, completion: record("b"))
        animator.add(BasicAnimation(to: 1.0, timing: MediaTiming(duration: 0.5)), for: c, completion: record("c"))
        advance(to: 0.4)
        XCTAssertEqual(log, [])
        advance(to: 2)
        XCTAssertEqual(log, ["b finished", "c finished", "a finished"])
        advance(to: 3)
        XCTAssertEqual(log.count, 3, "reported once")
    }

    func testCompletionFiresOnTheFrameThatReachesTheEnd() {
        let x = animator.makeKey(modelValue: 0.0)
        animator.add(BasicAnimation(to: 1.0, timing: MediaTiming(duration: 0.1)), for: x, completion: record("x"))
        for frame in 1...5 {
            advance(to: Double(frame) / 60)
            XCTAssertEqual(log, [], "frame \(frame)")
        }
        advance(to: 6.0 / 60)
        XCTAssertEqual(log, ["x finished"])
    }

    /// The animator's end test (precomputed active duration) agrees with `MediaTiming.phase(at:)` frame by frame.
    func testCompletionFiresOnTheFirstFrameWhosePhaseIsAfter() {
        let timings = [
            MediaTiming(duration: 0.2, speed: 2),
            MediaTiming(beginTime: 0.1, duration: 0.3, speed: -1),
            MediaTiming(duration: 0.1, repeatCount: 2.5),
            MediaTiming(duration: 0.15, repeatCount: 2, autoreverses: true, fillMode: .forwards),
            MediaTiming(duration: 0.2, repeatCount: 3, repeatDuration: 0.35),
            MediaTiming(duration: 1.0 / 6, timeOffset: 0.05),
        ]
        for (index, timing) in timings.enumerated() {
            setUp()
            let key = animator.makeKey(modelValue: 0.0)
            animator.add(BasicAnimation(from: 1.0, to: 2, timing: timing), for: key, completion: record("\(index)"))
            var expectedFrame: Int?
            var reportedFrame: Int?
            for frame in 1...120 {
                let time = Double(frame) / 60
                if expectedFrame == nil && timing.phase(at: time) == .after { expectedFrame = frame }
                advance(to: time)
                if reportedFrame == nil && !log.isEmpty { reportedFrame = frame }
            }
            XCTAssertNotNil(expectedFrame, "timing \(index)")
            XCTAssertEqual(reportedFrame, expectedFrame, "timing \(index)")
            XCTAssertEqual(log, ["\(index) finished"])
        }
    }

    func testRemovalAndReplacementInterrupt() {
        let x = animator.makeKey(modelValue: 5.0)
        animator.add(BasicAnimation(to: 1.0, timing: MediaTiming(duration: 1)), for: x, completion: record("first"))
        advance(to: 0.5)
        animator.add(
            BasicAnimation(from: 10.0, to: 20, timing: MediaTiming(duration: 1)), for: x, completion: record("second"))
        XCTAssertEqual(log, ["first interrupted"])
        XCTAssertEqual(animator.presentationValue(for: x), 10, "the replacement starts now")
        XCTAssertEqual(animator.runningAnimationCount, 1)
        advance(to: 1)
        XCTAssertEqual(animator.presentationValue(for: x), 15, accuracy: 1e-12)
        animator.removeAnimation(for: x)
        XCTAssertEqual(log, ["first interrupted", "second interrupted"])
        XCTAssertEqual(animator.presentationValue(for: x), 5)
        animator.removeAnimation(for: x)
        XCTAssertEqual(log.count, 2, "nothing left to interrupt")
    }

    func testRemoveAllInterruptsInTheOrderAdded() {
        let keys = (0..<3).map { animator.makeKey("k\($0)", modelValue: Double($0)) }
        let flag = animator.makeKey(modelValue: false)
        animator.add(BasicAnimation(to: true, timing: MediaTiming(duration: 1)), for: flag, completion: record("flag"))
        for (index, key) in keys.enumerated().reversed() {
            animator.add(
                BasicAnimation(to: 9.0, timing: MediaTiming(duration: 1)), for: key, completion: record("k\(index)"))
        }
        animator.removeAllAnimations()
        XCTAssertEqual(log, ["flag interrupted", "k2 interrupted", "k1 interrupted", "k0 interrupted"])
        XCTAssertEqual(keys.map { animator.presentationValue(for: $0) }, [0, 1, 2])
        XCTAssertEqual(animator.runningAnimationCount, 0)
    }

    func testKeptAnimationsFillAfterFinishing() {
        let x = animator.makeKey(modelValue: 0.0)
        animator.add(
            BasicAnimation(from: 1.0, to: 2, timing: MediaTiming(duration: 1, fillMode: .forwards)), for: x,
            removedOnCompletion: false, completion: record("x"))
        advance(to: 3)
        XCTAssertEqual(log, ["x finished"])
        XCTAssertEqual(animator.presentationValue(for: x), 2)
        XCTAssertEqual(animator.runningAnimationCount, 1)
        animator.removeAnimation(for: x)
        XCTAssertEqual(log, ["x finished"], "already reported")
        XCTAssertEqual(animator.presentationValue(for: x), 0)
    }

    func testCompletionHandlersMayChainAnimations() {
        let x = animator.makeKey(modelValue: 0.0)
        animator.add(BasicAnimation(from: 0.0, to: 1, timing: MediaTiming(duration: 1)), for: x) { [unowned self] _ in
            self.animator.add(
                BasicAnimation(from: 1.0, to: 0, timing: MediaTiming(duration: 1)), for: x,
                completion: self.record("back"))
        }
        advance(to: 1.5)
        XCTAssertEqual(animator.presentationValue(for: x), 1, "the chained animation starts at the completion time")
        advance(to: 2)
        XCTAssertEqual(animator.presentationValue(for: x), 0.5, accuracy: 1e-12)
        advance(to: 2.5)
        XCTAssertEqual(log, ["back finished"])
    }

    func testModelValueChangesApplyToNilEndpoints() {
        let x = animator.makeKey(modelValue: 0.0)
        animator.add(BasicAnimation(from: 10.0, timing: MediaTiming(duration: 1)), for: x)
        advance(to: 0.5)
        XCTAssertEqual(animator.presentationValue(for: x), 5, accuracy: 1e-12)
        animator.setModelValue(20, for: x)
        XCTAssertEqual(animator.modelValue(for: x), 20)
        XCTAssertEqual(animator.presentationValue(for: x), 15, accuracy: 1e-12)
    }

    func testGroupsAndKeyframesRunOnKeys() throws {
        let y = animator.makeKey(modelValue: 0.0)
        let group = AnimationGroup<Double>([
            BasicAnimation(from: 0, to: 10, timing: MediaTiming(duration: 1, fillMode: .forwards)),
            try KeyframeAnimation(values: [0, 2, 0], timing: MediaTiming(beginTime: 1, duration: 1), isAdditive: true),
        ])
        animator.add(group, for: y, completion: record("group"))
        advance(to: 0.5)
        XCTAssertEqual(animator.presentationValue(for: y), 5, accuracy: 1e-12)
        advance(to: 1.5)
        XCTAssertEqual(animator.presentationValue(for: y), 12, accuracy: 1e-12)
        advance(to: 2)
        XCTAssertEqual(log, ["group finished"])
        XCTAssertEqual(animator.presentationValue(for: y), 0)
    }

    func testKeysFromTypedProperties() {
        struct Label { var alpha = 0.75 }
        let alpha = AnimatableProperty("alpha", \Label.alpha)
        let key = animator.makeKey(for: alpha, of: Label())
        XCTAssertEqual(key.name, "alpha")
        XCTAssertEqual(animator.modelValue(for: key), 0.75)
        var label = Label()
        animator.add(BasicAnimation(to: 0.25, timing: MediaTiming(duration: 1)), for: key)
        advance(to: 0.5)
        alpha.setValue(animator.presentationValue(for: key), in: &label)
        XCTAssertEqual(label.alpha, 0.5, accuracy: 1e-12)
        XCTAssertNotEqual(key, animator.makeKey(for: alpha, of: Label()))
    }

    // MARK: Retargeting

    /// Samples a frame just before `time`, retargets at `time`, samples a frame just after: the slopes on both
    /// sides and the velocities reported before and after the retarget agree.
    private func assertContinuousRetarget<Value: VectorArithmetic>(
        _ key: AnimatorKey<Value>, to target: Value, at time: MediaTime, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let dt = 1e-6
        advance(to: time - dt)
        let justBefore = animator.presentationValue(for: key)
        advance(to: time)
        let positionBefore = animator.presentationValue(for: key)
        let velocityBefore = animator.velocity(for: key)
        try animator.retarget(key, to: target)
        let positionAfter = animator.presentationValue(for: key)
        let velocityAfter = animator.velocity(for: key)
        advance(to: time + dt)
        let justAfter = animator.presentationValue(for: key)
        let scale = max(velocityBefore.magnitudeSquared.squareRoot(), 1e-9)
        let relative = { (a: Value, b: Value) in Value.distance(from: a, to: b) / scale }
        XCTAssertLessThanOrEqual(Value.distance(from: positionBefore, to: positionAfter), 1e-12, file: file, line: line)
        XCTAssertLessThanOrEqual(relative(velocityBefore, velocityAfter), 1e-6, "velocity", file: file, line: line)
        let slopeBefore = (positionBefore - justBefore).scaled(by: 1 / dt)
        let slopeAfter = (justAfter - positionAfter).scaled(by: 1 / dt)
        XCTAssertLessThanOrEqual(relative(slopeBefore, velocityBefore), 1e-4, "slope before", file: file, line: line)
        XCTAssertLessThanOrEqual(relative(slopeAfter, velocityBefore), 1e-4, "slope after", file: file, line: line)
        XCTAssertEqual(animator.modelValue(for: key), target, file: file, line: line)
    }

    func testRetargetingASpringKeepsPositionAndVelocityContinuous() throws {
        let x = animator.makeKey(modelValue: 0.0)
        try animator.retarget(x, to: 100, completion: record("first"))
        XCTAssertEqual(animator.velocity(for: x), 0, "starts at rest from the model value")
        try assertContinuousRetarget(x, to: -50, at: 0.123)
        XCTAssertEqual(log, ["first interrupted"])
        XCTAssertGreaterThan(animator.velocity(for: x), 100, "still moving up towards the old target")
        try assertContinuousRetarget(x, to: 20, at: 0.31)
        // Settles on the last target and finishes.
        advance(to: 5)
        XCTAssertEqual(animator.presentationValue(for: x), 20)
        XCTAssertEqual(animator.runningAnimationCount, 0)
    }

    func testRetargetingVectorsAndOtherAnimations() throws {
        let center = animator.makeKey(modelValue: Point(x: 0, y: 0))
        animator.add(
            BasicAnimation(to: Point(x: 300, y: 100), timing: MediaTiming(duration: 1), timingFunction: .easeInEaseOut),
            for: center)
        try assertContinuousRetarget(center, to: Point(x: -40, y: 400), at: 0.37)
        try assertContinuousRetarget(center, to: Point(x: 10, y: 10), at: 0.52)
        let y = animator.makeKey(modelValue: 0.0)
        animator.add(
            try KeyframeAnimation(values: [0.0, 50, 10], calculationMode: .cubic, timing: MediaTiming(duration: 2)),
            for: y)
        try assertContinuousRetarget(y, to: 0, at: 1.1)
    }

    func testRetargetingAStillPropertyStartsAtRest() throws {
        let x = animator.makeKey(modelValue: 3.0)
        try animator.retarget(x, to: 4, spring: .smooth)
        advance(to: 0.1)
        XCTAssertEqual(
            animator.presentationValue(for: x), Spring.smooth.value(at: 0.1, from: 3, to: 4), accuracy: 1e-12)
        XCTAssertThrowsError(try animator.retarget(x, to: 5, spring: try Spring(damping: 0)))
    }
}

/// An animation that asks its animator, while evaluated, how many animations run.
private final class PeekingAnimation: Animation, @unchecked Sendable {
    let timing = MediaTiming(duration: 1)
    var animator: Animator?
    private(set) var counts: [Int] = []

    func value(for state: MediaTiming.State, base: Double) -> Double {
        if let animator { counts.append(animator.runningAnimationCount) }
        return state.progress
    }
}
