import KineticAnimation
import XCTest

/// The springs of `Tests/Fixtures/springs.json` (SciPy DOP853, rtol 1e-10) against the closed form.
final class SpringReferenceTests: XCTestCase {
    private func spring(for configuration: SpringFixtures.Configuration) throws -> Spring {
        if let swiftUI = configuration.swiftui {
            // The fixture's header: mass 1, stiffness (2π/response)², damping 4π·dampingFraction/response.
            let mapped = try Spring(response: swiftUI.response, dampingFraction: swiftUI.dampingFraction)
            XCTAssertEqual(mapped.stiffness, configuration.stiffness, accuracy: 1e-9 * configuration.stiffness)
            XCTAssertEqual(mapped.damping, configuration.damping, accuracy: 1e-12 * configuration.damping)
            return mapped
        }
        return try Spring(mass: configuration.mass, stiffness: configuration.stiffness, damping: configuration.damping)
    }

    func testPositionsAndVelocitiesMatchTheReferenceWithin1e6() throws {
        let fixtures = try SpringFixtures.load()
        XCTAssertEqual(fixtures.configs.count, 4)
        for configuration in fixtures.configs {
            let spring = try spring(for: configuration)
            XCTAssertEqual(spring.dampingRatio, configuration.dampingRatio, accuracy: 1e-12, configuration.name)
            var worstPosition = 0.0
            var worstVelocity = 0.0
            for (index, t) in fixtures.t.enumerated() {
                let x = spring.value(at: t, from: 0, to: 1, initialVelocity: configuration.initialVelocity)
                let v = spring.velocity(at: t, from: 0, to: 1, initialVelocity: configuration.initialVelocity)
                worstPosition = max(worstPosition, abs(x - configuration.x[index]))
                worstVelocity = max(worstVelocity, abs(v - configuration.v[index]))
            }
            XCTAssertLessThan(worstPosition, 1e-6, configuration.name)
            XCTAssertLessThan(worstVelocity, 1e-6, configuration.name)
        }
    }

    func testRegimesMatchTheReference() throws {
        let expected: [String: Spring.Regime] = [
            "underdamped": .underdamped, "critical": .criticallyDamped, "overdamped": .overdamped,
        ]
        for configuration in try SpringFixtures.load().configs {
            XCTAssertEqual(try spring(for: configuration).regime, expected[configuration.regime], configuration.name)
        }
    }

    /// The fixture's settle times are the last time |x − 1| reaches the threshold, on a 0.1 ms grid.
    func testSettlingDurationsMatchTheReference() throws {
        for configuration in try SpringFixtures.load().configs {
            let spring = try spring(for: configuration)
            for (threshold, expected) in [
                (0.01, configuration.settleBelowHundredth), (0.001, configuration.settleBelowThousandth),
            ] {
                let settle = try XCTUnwrap(spring.settlingDuration(threshold: threshold), configuration.name)
                XCTAssertEqual(settle, expected, accuracy: 1.5e-4, "\(configuration.name) below \(threshold)")
                // At the settle time the deviation is the threshold itself, and inside the band afterwards.
                XCTAssertEqual(abs(spring.value(at: settle) - 1), threshold, accuracy: 1e-9)
                for step in 1...400 {
                    XCTAssertLessThan(abs(spring.value(at: settle + Double(step) * 0.01) - 1), threshold)
                }
            }
        }
    }

    func testOvershootMatchesTheReference() throws {
        for configuration in try SpringFixtures.load().configs {
            let spring = try spring(for: configuration)
            var peak = 0.0
            for step in 0...50_000 { peak = max(peak, spring.value(at: Double(step) * 1e-4) - 1) }
            XCTAssertEqual(peak, configuration.maximumOvershoot, accuracy: 1e-8, configuration.name)
        }
    }
}
