import Foundation
import KineticAnimation
import XCTest

final class SpringTests: XCTestCase {
    func testDefaultsAreCoreAnimations() throws {
        let spring = try Spring()
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 10)
        XCTAssertEqual(spring, Spring.default)
        XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-15)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-15)
        XCTAssertEqual(spring.regime, .underdamped)
    }

    func testSwiftUIResponseMapping() throws {
        let spring = try Spring(response: 0.5, dampingFraction: 0.825)
        XCTAssertEqual(spring.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-12)
        XCTAssertEqual(spring.damping, 4 * Double.pi * 0.825 / 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.825, accuracy: 1e-14)
        XCTAssertEqual(spring.response, 0.5, accuracy: 1e-14)
        // Mass scales k and c but not the motion.
        let heavy = try Spring(response: 0.5, dampingFraction: 0.825, mass: 3)
        XCTAssertEqual(heavy.stiffness, 3 * spring.stiffness, accuracy: 1e-9)
        XCTAssertEqual(heavy.value(at: 0.2), spring.value(at: 0.2), accuracy: 1e-14)
    }

    func testSwiftUIDurationAndBounceMapping() throws {
        let cases: [(bounce: Double, ratio: Double)] = [(0, 1), (0.3, 0.7), (1, 0), (-0.5, 2), (-0.2, 1.25)]
        for (bounce, ratio) in cases {
            let spring = try Spring(duration: 0.4, bounce: bounce)
            XCTAssertEqual(spring.stiffness, pow(2 * Double.pi / 0.4, 2), accuracy: 1e-10)
            XCTAssertEqual(spring.damping, 4 * Double.pi * ratio / 0.4, accuracy: 1e-12)
            XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-14)
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-14)
        }
        XCTAssertEqual(try Spring(duration: 0.4, bounce: 1).regime, .undamped)
        XCTAssertEqual(try Spring(duration: 0.4, bounce: 0).regime, .criticallyDamped)
        XCTAssertEqual(try Spring(duration: 0.4, bounce: -0.5).regime, .overdamped)
        XCTAssertEqual(Spring.smooth, try Spring(duration: 0.5, bounce: 0))
        XCTAssertEqual(Spring.snappy, try Spring(duration: 0.5, bounce: 0.15))
        XCTAssertEqual(Spring.bouncy, try Spring(duration: 0.5, bounce: 0.3))
        XCTAssertEqual(try Spring(), try Spring(duration: 2 * Double.pi / 10, bounce: 0.5))
    }

    func testInvalidParametersThrowWithAMessage() {
        let attempts: [(String, () throws -> Spring)] = [
            ("mass", { try Spring(mass: 0) }),
            ("mass", { try Spring(mass: .nan) }),
            ("stiffness", { try Spring(stiffness: -1) }),
            ("stiffness", { try Spring(stiffness: .infinity) }),
            ("damping", { try Spring(damping: -0.1) }),
            ("response", { try Spring(response: 0, dampingFraction: 1) }),
            ("dampingFraction", { try Spring(response: 0.5, dampingFraction: -1) }),
            ("dampingFraction", { try Spring(response: 0.5, dampingFraction: .nan) }),
            ("duration", { try Spring(duration: -1, bounce: 0) }),
            ("bounce", { try Spring(duration: 0.5, bounce: -1) }),
            ("bounce", { try Spring(duration: 0.5, bounce: 1.5) }),
            ("bounce", { try Spring(duration: 0.5, bounce: .nan) }),
        ]
        for (name, attempt) in attempts {
            XCTAssertThrowsError(try attempt(), name) { error in
                let message = (error as? AnimationError)?.message ?? ""
                XCTAssertTrue(message.contains(name), "\(name): \(message)")
            }
        }
    }

    /// Each regime satisfies m x″ + c x′ + k (x − target) = 0, starts where told and ends at the target.
    func testClosedFormSolvesTheEquationInEveryRegime() throws {
        let springs = [
            try Spring(damping: 0), try Spring(damping: 4), try Spring(damping: 20), try Spring(damping: 20 + 1e-7),
            try Spring(damping: 20 - 1e-7), try Spring(damping: 90), try Spring(mass: 2, stiffness: 50, damping: 3),
        ]
        for spring in springs {
            let (from, to, v0) = (-3.0, 5.0, 7.0)
            XCTAssertEqual(spring.value(at: 0, from: from, to: to, initialVelocity: v0), from, accuracy: 1e-14)
            XCTAssertEqual(spring.velocity(at: 0, from: from, to: to, initialVelocity: v0), v0, accuracy: 1e-12)
            XCTAssertEqual(spring.value(at: -1, from: from, to: to, initialVelocity: v0), from, accuracy: 1e-14)
            for t in stride(from: 0.05, through: 2, by: 0.05) {
                let h = 1e-4
                let x = spring.value(at: t, from: from, to: to, initialVelocity: v0)
                let v = spring.velocity(at: t, from: from, to: to, initialVelocity: v0)
                let vBefore = spring.velocity(at: t - h, from: from, to: to, initialVelocity: v0)
                let vAfter = spring.velocity(at: t + h, from: from, to: to, initialVelocity: v0)
                let acceleration = (vAfter - vBefore) / (2 * h)
                let residual = spring.mass * acceleration + spring.damping * v + spring.stiffness * (x - to)
                // Central differences are good to ~h²·x⁗/6: 1e-6 of the largest force k·|from − to|.
                XCTAssertEqual(residual, 0, accuracy: 1e-6 * spring.stiffness * 8, "\(spring.regime) at \(t)")
                let xBefore = spring.value(at: t - h, from: from, to: to, initialVelocity: v0)
                let xAfter = spring.value(at: t + h, from: from, to: to, initialVelocity: v0)
                XCTAssertEqual((xAfter - xBefore) / (2 * h), v, accuracy: 1e-5 * max(1, abs(v)))
            }
            if spring.regime != .undamped {
                XCTAssertEqual(spring.value(at: 60, from: from, to: to, initialVelocity: v0), to, accuracy: 1e-9)
            }
        }
    }

    /// Analytic values: critically damped x = 1 − (1 + ωt)e^(−ωt); undamped x = 1 − cos ωt.
    func testKnownClosedForms() throws {
        let critical = try Spring(stiffness: 100, damping: 20)
        XCTAssertEqual(critical.value(at: 0.3), 1 - 4 * exp(-3), accuracy: 1e-15)
        XCTAssertEqual(critical.velocity(at: 0.3), 100 * 0.3 * exp(-3), accuracy: 1e-13)
        let undamped = try Spring(damping: 0)
        XCTAssertEqual(undamped.value(at: 0.7), 1 - cos(7), accuracy: 1e-15)
        XCTAssertEqual(undamped.velocity(at: 0.7), 10 * sin(7), accuracy: 1e-13)
        // Overdamped ζ = 1.25: roots r = −10 ± 6, x = 1 + (r₂e^(r₁t) − r₁e^(r₂t))/(r₁ − r₂) from 0 at rest.
        let over = try Spring(stiffness: 64, damping: 20)
        let (r1, r2) = (-4.0, -16.0)
        let expected = 1 + (r2 * exp(r1 * 0.25) - r1 * exp(r2 * 0.25)) / (r1 - r2)
        XCTAssertEqual(over.value(at: 0.25), expected, accuracy: 1e-15)
    }

    func testBasisCombinesLinearly() throws {
        let spring = try Spring(response: 0.4, dampingFraction: 0.6)
        let basis = spring.basis(at: 0.13)
        XCTAssertEqual(
            spring.value(at: 0.13, from: 2, to: -1, initialVelocity: 4),
            -1 + 3 * basis.position + 4 * basis.positionPerVelocity, accuracy: 1e-14)
        XCTAssertEqual(
            spring.velocity(at: 0.13, from: 2, to: -1, initialVelocity: 4),
            3 * basis.velocity + 4 * basis.velocityPerVelocity, accuracy: 1e-13)
    }

    func testSettlingDurationIsTheLastExcursionInEveryRegime() throws {
        let springs = [
            try Spring(damping: 1), try Spring(damping: 10), try Spring(damping: 20), try Spring(damping: 45),
            try Spring(damping: 20.000_001),
        ]
        let starts: [(from: Double, velocity: Double)] = [(0, 0), (0, 30), (0, -40), (1, 25), (2, -5)]
        for spring in springs {
            for start in starts {
                let threshold = 0.003
                let label = "\(spring.regime) from \(start.from) v \(start.velocity)"
                let settle = try XCTUnwrap(
                    spring.settlingDuration(
                        threshold: threshold, from: start.from, to: 1, initialVelocity: start.velocity),
                    label)
                let deviation = { (t: Double) in
                    abs(spring.value(at: t, from: start.from, to: 1, initialVelocity: start.velocity) - 1)
                }
                if settle > 0 {
                    XCTAssertEqual(deviation(settle), threshold, accuracy: 1e-9, label)
                }
                // Brute force on a fine grid: nothing after the settle time reaches the threshold…
                var t = settle + 1e-4
                while t < settle + 8 {
                    XCTAssertLessThan(deviation(t), threshold, "\(label) at \(t)")
                    t += 1e-3
                }
                // …and just before it, it does (unless it started settled).
                if settle > 0 { XCTAssertGreaterThan(deviation(settle - 1e-6), threshold, label) }
            }
        }
    }

    func testSettledAtTheStartIsZero() throws {
        XCTAssertEqual(Spring.default.settlingDuration(threshold: 0.01, from: 1, to: 1), 0)
        XCTAssertEqual(Spring.default.settlingDuration(threshold: 0.01, from: 1.005, to: 1, initialVelocity: 0), 0)
    }

    func testUndampedSpringsNeverSettle() throws {
        let undamped = try Spring(duration: 0.5, bounce: 1)
        XCTAssertNil(undamped.settlingDuration())
        XCTAssertNil(undamped.settlingDuration(threshold: 0.5))
        // An undamped oscillation smaller than the threshold is settled from the start; at rest it is too.
        XCTAssertEqual(undamped.settlingDuration(threshold: 2), 0)
        XCTAssertEqual(undamped.settlingDuration(from: 1, to: 1), 0)
        // A threshold that is not positive can never be met.
        XCTAssertNil(Spring.default.settlingDuration(threshold: 0))
        XCTAssertNil(Spring.default.settlingDuration(threshold: .nan))
    }

    func testVelocityThresholdExtendsTheSettlingDuration() throws {
        let spring = try Spring(damping: 4)
        let positionOnly = try XCTUnwrap(spring.settlingDuration(threshold: 0.01))
        let both = try XCTUnwrap(spring.settlingDuration(threshold: 0.01, velocityThreshold: 0.01))
        XCTAssertGreaterThan(both, positionOnly)
        XCTAssertEqual(abs(spring.velocity(at: both)), 0.01, accuracy: 1e-9)
        for step in 1...300 { XCTAssertLessThan(abs(spring.velocity(at: both + Double(step) * 0.01)), 0.01) }
    }

    func testLightlyDampedSettlingNeedsNoLoopOverPeriods() throws {
        // ζ = 1e-6 at 1000 rad/s: about 2000 s and 300,000 oscillations to settle to 0.1%.
        let spring = try Spring(stiffness: 1e6, damping: 2e-3)
        let settle = try XCTUnwrap(spring.settlingDuration(threshold: 0.001))
        XCTAssertEqual(settle, log(1000) / 1e-3, accuracy: 1)
        XCTAssertEqual(abs(spring.value(at: settle) - 1), 0.001, accuracy: 1e-9)
    }
}
