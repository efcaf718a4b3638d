import KineticAnimation
import KineticCore
import XCTest

final class KeyframeAnimationTests: XCTestCase {
    private let oneSecond = MediaTiming(duration: 1, fillMode: .forwards)

    private func value<Value>(_ animation: KeyframeAnimation<Value>, at time: MediaTime, base: Value) throws -> Value {
        try XCTUnwrap(animation.value(at: time, base: base), "not applied at \(time)")
    }

    func testLinearFollowsTheKeyTimes() throws {
        let animation = try KeyframeAnimation(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1], timing: oneSecond)
        let expected: [(MediaTime, Double)] = [(0, 0), (0.125, 5), (0.25, 10), (0.625, 20), (1, 30)]
        for (time, x) in expected { XCTAssertEqual(try value(animation, at: time, base: -1), x, accuracy: 1e-12) }
    }

    func testEvenlySpacedWithoutKeyTimes() throws {
        let animation = try KeyframeAnimation(values: [0.0, 10, 30, 60], timing: oneSecond)
        XCTAssertEqual(try value(animation, at: 0.5, base: 0), 20, accuracy: 1e-12)
        XCTAssertEqual(try value(animation, at: 5.0 / 6, base: 0), 45, accuracy: 1e-12)
    }

    func testEqualKeyTimesJump() throws {
        let animation = try KeyframeAnimation(values: [0.0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1], timing: oneSecond)
        XCTAssertEqual(try value(animation, at: 0.25, base: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try value(animation, at: 0.5, base: 0), 5, accuracy: 1e-12)
        XCTAssertEqual(try value(animation, at: 0.75, base: 0), 5.5, accuracy: 1e-12)
    }

    func testDiscreteHoldsEachValueUntilTheNextKeyTime() throws {
        let animation = try KeyframeAnimation(
            values: [1.0, 2, 3], keyTimes: [0, 0.2, 0.7, 1],
            calculationMode: .discrete, timing: oneSecond)
        let expected: [(MediaTime, Double)] = [
            (0, 1), (0.1, 1), (0.2, 2), (0.69, 2), (0.7, 3), (0.99, 3), (1, 3), (4, 3),
        ]
        for (time, x) in expected { XCTAssertEqual(try value(animation, at: time, base: 0), x, "at \(time)") }
        let even = try KeyframeAnimation(values: [1.0, 2, 3], calculationMode: .discrete, timing: oneSecond)
        XCTAssertEqual(try value(even, at: 0.3, base: 0), 1)
        XCTAssertEqual(try value(even, at: 0.34, base: 0), 2)
        XCTAssertEqual(try value(even, at: 0.67, base: 0), 3)
    }

    func testDiscreteNeedsOneMoreKeyTimeThanValues() {
        XCTAssertThrowsError(
            try KeyframeAnimation(values: [1.0, 2, 3], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        ) { error in
            XCTAssertTrue("\(error)".contains("one more key time than values"), "\(error)")
        }
    }

    func testPacedMovesAtConstantSpeedOverUnequalSegments() throws {
        // Distances 10 and 30: the first segment gets a quarter of the time.
        let scalar = try KeyframeAnimation(values: [0.0, 10, 40], calculationMode: .paced, timing: oneSecond)
        XCTAssertEqual(try value(scalar, at: 0.25, base: 0), 10, accuracy: 1e-12)
        XCTAssertEqual(try value(scalar, at: 0.5, base: 0), 20, accuracy: 1e-12)
        // Points: lengths 5 and 10, so a third of the time for the first.
        let points = try KeyframeAnimation(
            values: [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 14)], keyTimes: [0, 0.9, 1],
            timingFunctions: [.easeIn, .easeOut], calculationMode: .paced, timing: oneSecond)
        let third = try value(points, at: 1.0 / 3, base: .zero)
        XCTAssertEqual(third.x, 3, accuracy: 1e-12)
        XCTAssertEqual(third.y, 4, accuracy: 1e-12)
        let twoThirds = try value(points, at: 2.0 / 3, base: .zero)
        XCTAssertEqual(twoThirds.y, 9, accuracy: 1e-12, "key times and timing functions are ignored")
        // Equal values: evenly spaced.
        let still = try KeyframeAnimation(values: [2.0, 2, 2], calculationMode: .paced, timing: oneSecond)
        XCTAssertEqual(try value(still, at: 0.4, base: 0), 2)
    }

    func testCubicIsCatmullRomThroughTheValues() throws {
        let values = [0.0, 1, 4, 2]
        let animation = try KeyframeAnimation(values: values, calculationMode: .cubic, timing: oneSecond)
        // The textbook uniform Catmull-Rom polynomial.
        func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
            let a = 2 * p1
            let b = (p2 - p0) * u
            let c = (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u
            let d = (3 * p1 - p0 - 3 * p2 + p3) * u * u * u
            return 0.5 * (a + b + c + d)
        }
        XCTAssertEqual(catmullRom(0, 1, 4, 2, 0.5), 2.6875)
        XCTAssertEqual(try value(animation, at: 0.5, base: 0), 2.6875, accuracy: 1e-12)
        for (index, key) in values.enumerated() {
            XCTAssertEqual(try value(animation, at: Double(index) / 3, base: 0), key, accuracy: 1e-12)
        }
        for u in stride(from: 0.05, to: 1, by: 0.1) {
            // First segment: the missing outer neighbour is the end value repeated.
            XCTAssertEqual(try value(animation, at: u / 3, base: 0), catmullRom(0, 0, 1, 4, u), accuracy: 1e-12)
            XCTAssertEqual(try value(animation, at: (2 + u) / 3, base: 0), catmullRom(1, 4, 2, 2, u), accuracy: 1e-12)
        }
        // It works for any Interpolatable, e.g. points.
        let path = try KeyframeAnimation(
            values: [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 4, y: 0), Point(x: 2, y: 5)],
            calculationMode: .cubic, timing: oneSecond)
        let point = try value(path, at: 0.5, base: .zero)
        XCTAssertEqual(point.x, 2.6875, accuracy: 1e-12)
        XCTAssertEqual(point.y, catmullRom(0, 2, 0, 5, 0.5), accuracy: 1e-12)
    }

    func testSegmentTimingFunctionsEaseEachSegment() throws {
        let perSegment = try KeyframeAnimation(
            values: [0.0, 10, 20], timingFunctions: [.easeIn, .linear], timing: oneSecond)
        XCTAssertEqual(
            try value(perSegment, at: 0.25, base: 0), 10 * TimingFunction.easeIn.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(try value(perSegment, at: 0.75, base: 0), 15, accuracy: 1e-12)
        let shared = try KeyframeAnimation(values: [0.0, 10, 20], timingFunctions: [.easeOut], timing: oneSecond)
        XCTAssertEqual(
            try value(shared, at: 0.75, base: 0), 10 + 10 * TimingFunction.easeOut.value(at: 0.5), accuracy: 1e-12)
        // The whole-pass timing function applies first.
        let whole = try KeyframeAnimation(values: [0.0, 10, 20], timing: oneSecond, timingFunction: .easeIn)
        XCTAssertEqual(try value(whole, at: 0.6, base: 0), 20 * TimingFunction.easeIn.value(at: 0.6), accuracy: 1e-12)
    }

    func testAdditiveKeyframesAddToTheModelValue() throws {
        let shake = try KeyframeAnimation(values: [0.0, -5, 5, 0], timing: oneSecond, isAdditive: true)
        XCTAssertTrue(shake.isAdditive)
        XCTAssertEqual(try value(shake, at: 1.0 / 3, base: 100), 95, accuracy: 1e-12)
        XCTAssertEqual(try value(shake, at: 0.5, base: 100), 100, accuracy: 1e-12)
    }

    func testSingleValueIsConstant() throws {
        for mode in KeyframeAnimation<Double>.CalculationMode.allCases {
            let animation = try KeyframeAnimation(values: [7.0], calculationMode: mode, timing: oneSecond)
            XCTAssertEqual(try value(animation, at: 0.3, base: 0), 7, "\(mode)")
        }
    }

    func testInvalidKeyframesThrowWithAMessage() {
        let attempts: [(String, () throws -> KeyframeAnimation<Double>)] = [
            ("at least one value", { try KeyframeAnimation(values: []) }),
            ("one key time per value", { try KeyframeAnimation(values: [0, 1], keyTimes: [0, 0.5, 1]) }),
            ("never decrease", { try KeyframeAnimation(values: [0, 1, 2], keyTimes: [0, 0.6, 0.5]) }),
            ("in 0…1", { try KeyframeAnimation(values: [0, 1, 2], keyTimes: [0, 1.5, 1]) }),
            ("in 0…1", { try KeyframeAnimation(values: [0, 1, 2], keyTimes: [0, .nan, 1]) }),
            ("start at 0", { try KeyframeAnimation(values: [0, 1, 2], keyTimes: [0.1, 0.5, 1]) }),
            ("end at 1", { try KeyframeAnimation(values: [0, 1, 2], keyTimes: [0, 0.5, 0.9]) }),
            (
                "one per segment",
                { try KeyframeAnimation(values: [0, 1, 2, 3], timingFunctions: [.easeIn, .easeOut]) }
            ),
        ]
        for (expected, attempt) in attempts {
            XCTAssertThrowsError(try attempt(), expected) { error in
                XCTAssertTrue((error as? AnimationError)?.message.contains(expected) == true, "\(expected): \(error)")
            }
        }
    }
}
