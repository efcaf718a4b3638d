import KineticAnimation
import KineticCore
import XCTest

/// BasicAnimation's Core Animation rules, SpringAnimation, AnimationGroup, typed properties and velocities.
final class AnimationTests: XCTestCase {
    private let oneSecond = MediaTiming(duration: 1)

    private func value<A: Animation>(_ animation: A, at time: MediaTime, base: A.Value) throws -> A.Value {
        try XCTUnwrap(animation.value(at: time, base: base), "not applied at \(time)")
    }

    // MARK: BasicAnimation

    func testFromToByRulesAgainstTheModelValue() throws {
        let base = 10.0
        let cases: [(String, BasicAnimation<Double>, Double)] = [
            ("from to", BasicAnimation(from: 2, to: 6, timing: oneSecond), 3),
            ("from by", BasicAnimation(from: 2, by: 4, timing: oneSecond), 3),
            ("by to", BasicAnimation(to: 6, by: 4, timing: oneSecond), 3),
            ("from", BasicAnimation(from: 2, timing: oneSecond), 4),
            ("to", BasicAnimation(to: 6, timing: oneSecond), 9),
            ("by", BasicAnimation(by: 4, timing: oneSecond), 11),
            ("none", BasicAnimation(timing: oneSecond), 10),
            ("from to by (by ignored)", BasicAnimation(from: 2, to: 6, by: 100, timing: oneSecond), 3),
        ]
        for (name, animation, expected) in cases {
            XCTAssertEqual(try value(animation, at: 0.25, base: base), expected, accuracy: 1e-12, name)
        }
    }

    func testAdditiveAddsToTheModelValueWithMissingEndpointsAsZero() throws {
        let base = 10.0
        let cases: [(String, BasicAnimation<Double>, Double)] = [
            ("from to", BasicAnimation(from: 1, to: 3, timing: oneSecond, isAdditive: true), 11.5),
            ("to", BasicAnimation(to: 4, timing: oneSecond, isAdditive: true), 11),
            ("from", BasicAnimation(from: 4, timing: oneSecond, isAdditive: true), 13),
            ("by", BasicAnimation(by: 8, timing: oneSecond, isAdditive: true), 12),
        ]
        for (name, animation, expected) in cases {
            XCTAssertTrue(animation.isAdditive)
            XCTAssertEqual(try value(animation, at: 0.25, base: base), expected, accuracy: 1e-12, name)
        }
        let offset = BasicAnimation(from: Point(x: -20, y: 0), to: .zero, timing: oneSecond, isAdditive: true)
        XCTAssertEqual(try value(offset, at: 0.5, base: Point(x: 100, y: 50)), Point(x: 90, y: 50))
    }

    func testTimingFunctionEasesTheProgress() throws {
        let animation = BasicAnimation(from: 0.0, to: 10, timing: oneSecond, timingFunction: .easeIn)
        XCTAssertEqual(
            try value(animation, at: 0.3, base: 0), 10 * TimingFunction.easeIn.value(at: 0.3), accuracy: 1e-12)
        XCTAssertNotEqual(try value(animation, at: 0.3, base: 0), 3, accuracy: 0.1)
        XCTAssertEqual(BasicAnimation<Double>(to: 1).timingFunction, .linear)
    }

    func testRemovedOutsideTheActiveIntervalUnlessFilled() throws {
        var timing = MediaTiming(beginTime: 1, duration: 1)
        XCTAssertNil(BasicAnimation(from: 0.0, to: 1, timing: timing).value(at: 0.5, base: 7))
        XCTAssertNil(BasicAnimation(from: 0.0, to: 1, timing: timing).value(at: 2, base: 7))
        timing.fillMode = .both
        let filled = BasicAnimation(from: 0.0, to: 1, timing: timing)
        XCTAssertEqual(try value(filled, at: 0.5, base: 7), 0)
        XCTAssertEqual(try value(filled, at: 5, base: 7), 1)
    }

    func testCumulativeRepeatsContinueFromTheLastEnd() throws {
        let animation = BasicAnimation(
            from: 0.0, to: 2, timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        XCTAssertEqual(try value(animation, at: 0.25, base: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try value(animation, at: 1.25, base: 0), 2.5, accuracy: 1e-12)
        XCTAssertEqual(try value(animation, at: 2.5, base: 0), 5, accuracy: 1e-12)
    }

    func testInterpolatableValuesWithoutArithmetic() throws {
        // The shimmer seed's gradient locations.
        let locations = BasicAnimation(from: [0, 0, 0.25], to: [0.75, 1, 1], timing: MediaTiming(duration: 2))
        let halfway = try value(locations, at: 1, base: [])
        XCTAssertEqual(halfway.count, 3)
        for (got, expected) in zip(halfway, [0.375, 0.5, 0.625]) { XCTAssertEqual(got, expected, accuracy: 1e-12) }
        let hidden = BasicAnimation(from: false, to: true, timing: oneSecond)
        XCTAssertEqual(try value(hidden, at: 0.4, base: false), false)
        XCTAssertEqual(try value(hidden, at: 0.6, base: false), true)
    }

    // MARK: SpringAnimation

    func testSpringAnimationFollowsTheSpringForItsNaturalDuration() throws {
        let animation = try SpringAnimation(from: 0.0, to: 1, spring: .default)
        let settle = try XCTUnwrap(Spring.default.settlingDuration(threshold: 0.001))
        XCTAssertEqual(animation.naturalDuration, settle)
        XCTAssertEqual(animation.timing.duration, settle)
        for t in stride(from: 0.0, to: settle, by: 0.07) {
            XCTAssertEqual(try value(animation, at: t, base: 0), Spring.default.value(at: t), accuracy: 1e-12)
            let velocity = try XCTUnwrap(animation.estimatedVelocity(at: t, base: 0))
            XCTAssertEqual(velocity, Spring.default.velocity(at: t), accuracy: 1e-12)
        }
        XCTAssertNil(animation.value(at: settle, base: 0), "removed at its end without fill")
    }

    func testSpringAnimationOnVectorsMovesEveryComponentLikeTheScalarSpring() throws {
        let spring = try Spring(response: 0.4, dampingFraction: 0.7)
        let animation = try SpringAnimation(
            from: Point(x: 0, y: 10), to: Point(x: 100, y: -30), spring: spring,
            initialVelocity: Point(x: 50, y: 400))
        for t in [0.0, 0.05, 0.2, 0.5] {
            let point = try value(animation, at: t, base: .zero)
            XCTAssertEqual(point.x, spring.value(at: t, from: 0, to: 100, initialVelocity: 50), accuracy: 1e-10)
            XCTAssertEqual(point.y, spring.value(at: t, from: 10, to: -30, initialVelocity: 400), accuracy: 1e-10)
            let velocity = try XCTUnwrap(animation.estimatedVelocity(at: t, base: .zero))
            XCTAssertEqual(velocity.y, spring.velocity(at: t, from: 10, to: -30, initialVelocity: 400), accuracy: 1e-9)
        }
    }

    func testSpringNaturalDurationAccountsForTheVelocityAlongTheMove() throws {
        let spring = try Spring(damping: 20)
        let animation = try SpringAnimation(from: 0.0, to: 200, spring: spring, initialVelocity: -2000)
        let expected = spring.settlingDuration(threshold: 0.001, from: 1, to: 0, initialVelocity: 10)
        XCTAssertEqual(animation.naturalDuration, expected)
        let end = try XCTUnwrap(animation.naturalDuration)
        XCTAssertEqual(abs(spring.value(at: end, from: 0, to: 200, initialVelocity: -2000) - 200), 0.2, accuracy: 1e-9)
    }

    func testUndampedSpringAnimationNeedsAnExplicitDuration() throws {
        let undamped = try Spring(damping: 0)
        XCTAssertThrowsError(try SpringAnimation(from: 0.0, to: 1, spring: undamped)) { error in
            XCTAssertTrue("\(error)".contains("never settles"), "\(error)")
        }
        let timed = try SpringAnimation(from: 0.0, to: 1, spring: undamped, timing: MediaTiming(duration: 3))
        XCTAssertNil(timed.naturalDuration)
        XCTAssertEqual(try value(timed, at: 0.7, base: 0), 1 - cos(7), accuracy: 1e-12)
        XCTAssertThrowsError(try SpringAnimation(from: 0.0, to: 1, settlingThreshold: 0))
    }

    func testSpringNilEndpointsAndAdditiveUseTheModelValue() throws {
        let towardsModel = try SpringAnimation<Double>(from: 0)
        XCTAssertEqual(try value(towardsModel, at: 0.1, base: 50), Spring.default.value(at: 0.1, from: 0, to: 50))
        let additive = try SpringAnimation(from: -10.0, to: 0, isAdditive: true)
        XCTAssertEqual(try value(additive, at: 0, base: 100), 90, accuracy: 1e-12)
        XCTAssertEqual(try value(additive, at: 0.2, base: 100), 100 + Spring.default.value(at: 0.2, from: -10, to: 0))
    }

    func testVelocityFollowsTheTimingsSpeedAndDirection() throws {
        let fast = try SpringAnimation(from: 0.0, to: 1, timing: MediaTiming(duration: 1, speed: 2))
        XCTAssertEqual(
            try XCTUnwrap(fast.estimatedVelocity(at: 0.1, base: 0)), 2 * Spring.default.velocity(at: 0.2),
            accuracy: 1e-12)
        // Autoreverses: on the way back (parent time 1.75 → time 0.25) the velocity is negated.
        let reversing = BasicAnimation(from: 0.0, to: 10, timing: MediaTiming(duration: 1, autoreverses: true))
        XCTAssertEqual(try XCTUnwrap(reversing.estimatedVelocity(at: 0.5, base: 0)), 10, accuracy: 1e-7)
        XCTAssertEqual(try XCTUnwrap(reversing.estimatedVelocity(at: 1.75, base: 0)), -10, accuracy: 1e-7)
        // Eased: the numerical derivative matches the curve's slope.
        let eased = BasicAnimation(from: 0.0, to: 10, timing: oneSecond, timingFunction: .easeInEaseOut)
        let slope =
            (TimingFunction.easeInEaseOut.value(at: 0.4 + 1e-6) - TimingFunction.easeInEaseOut.value(at: 0.4 - 1e-6))
            / 2e-6
        XCTAssertEqual(try XCTUnwrap(eased.estimatedVelocity(at: 0.4, base: 0)), 10 * slope, accuracy: 1e-5)
        // Filling: frozen.
        let filled = BasicAnimation(from: 0.0, to: 10, timing: MediaTiming(duration: 1, fillMode: .forwards))
        XCTAssertEqual(filled.estimatedVelocity(at: 3, base: 0), 0)
    }

    // MARK: AnimationGroup

    private func sequence() -> [any Animation<Double>] {
        [
            BasicAnimation(from: 0.0, to: 10, timing: MediaTiming(duration: 1, fillMode: .forwards)),
            BasicAnimation(to: 20.0, timing: MediaTiming(beginTime: 1, duration: 1)),
        ]
    }

    func testGroupEvaluatesChildrenInItsLocalTimeAndStacksThem() throws {
        let group = AnimationGroup(sequence())
        XCTAssertEqual(group.timing.duration, 2, "the children's extent")
        XCTAssertEqual(try value(group, at: 0.5, base: -1), 5, accuracy: 1e-12)
        // The second child starts from what the first one holds (10), not from the model value.
        XCTAssertEqual(try value(group, at: 1.5, base: -1), 15, accuracy: 1e-12)
        XCTAssertNil(group.value(at: 2, base: -1))
    }

    func testGroupTimingClipsAndScalesTheChildren() throws {
        let clipped = AnimationGroup(sequence(), timing: MediaTiming(duration: 0.5))
        XCTAssertEqual(try value(clipped, at: 0.25, base: 0), 2.5, accuracy: 1e-12)
        XCTAssertNil(clipped.value(at: 0.75, base: 0))
        let delayedFast = AnimationGroup(sequence(), timing: MediaTiming(beginTime: 1, duration: 2, speed: 2))
        XCTAssertNil(delayedFast.value(at: 0.5, base: 0))
        XCTAssertEqual(try value(delayedFast, at: 1.25, base: 0), 5, accuracy: 1e-12)
        XCTAssertEqual(try value(delayedFast, at: 1.75, base: 0), 15, accuracy: 1e-12)
        let repeating = AnimationGroup(sequence(), timing: MediaTiming(duration: 2, repeatCount: 2))
        XCTAssertEqual(try value(repeating, at: 2.5, base: 0), 5, accuracy: 1e-12)
        XCTAssertEqual(AnimationGroup<Double>([]).timing.duration, MediaTiming.defaultDuration)
    }

    // MARK: Typed properties

    private struct Badge: Equatable {
        var opacity = 1.0
        var center = Point(x: 0, y: 0)
        static let opacity = AnimatableProperty("opacity", \Badge.opacity)
        static let center = AnimatableProperty("center", \Badge.center)
        static let centerX = AnimatableProperty<Badge, Double>(
            "centerX", get: { $0.center.x }, set: { $0.center.x = $1 })
    }

    func testPropertiesReadAndWriteTheirRoot() {
        var badge = Badge()
        Badge.opacity.setValue(0.25, in: &badge)
        Badge.centerX.setValue(7, in: &badge)
        XCTAssertEqual(badge, Badge(opacity: 0.25, center: Point(x: 7, y: 0)))
        XCTAssertEqual(Badge.center.value(in: badge), Point(x: 7, y: 0))
        XCTAssertEqual(Badge.opacity, AnimatableProperty("opacity", \Badge.opacity))
        XCTAssertNotEqual(Badge.centerX, AnimatableProperty("centerY", get: { $0.center.y }, set: { $0.center.y = $1 }))
        XCTAssertEqual(Badge.opacity.description, "Badge.opacity")
    }

    func testPropertyAnimationsApplyInOrderToACopyOfTheModel() {
        let model = Badge(opacity: 1, center: Point(x: 10, y: 10))
        let animations = [
            PropertyAnimation(Badge.opacity, BasicAnimation(to: 0.0, timing: oneSecond)),
            PropertyAnimation(Badge.center, BasicAnimation(by: Point(x: 100, y: 0), timing: oneSecond)),
            PropertyAnimation(Badge.centerX, BasicAnimation(by: 1.0, timing: oneSecond, isAdditive: true)),
        ]
        var presentation = model
        for animation in animations { animation.apply(at: 0.5, to: &presentation) }
        XCTAssertEqual(presentation, Badge(opacity: 0.5, center: Point(x: 60.5, y: 10)))
        var later = model
        XCTAssertFalse(animations[0].apply(at: 2, to: &later))
        XCTAssertEqual(later, model)
        XCTAssertEqual(animations[1].propertyName, "center")
    }
}
