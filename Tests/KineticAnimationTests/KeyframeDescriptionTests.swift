import KineticAnimation
import KineticCore
import XCTest

/// `KeyframeDescribable`: one pass as keys, checked against the animations' own values.
final class KeyframeDescriptionTests: XCTestCase {
    /// Evaluates a description at a pass progress, as its documentation says.
    private func evaluate(_ d: KeyframeDescription<Double>, _ p: Double) -> Double {
        let keys = d.keys
        if p >= 1 { return keys[keys.count - 1].value }
        var i = 0
        for (index, key) in keys.enumerated() where key.progress <= p { i = index }
        guard i + 1 < keys.count else { return keys[i].value }
        let a = keys[i]
        let b = keys[i + 1]
        let u = (p - a.progress) / (b.progress - a.progress)
        switch a.curve {
        case .hold: return a.value
        case .linear: return a.value + (b.value - a.value) * u
        case .cubicBezier(let c): return a.value + (b.value - a.value) * c.value(at: u)
        }
    }

    private func assertMatches<A: KeyframeDescribable>(_ animation: A, base: Double = 0.3) throws
    where A.Value == Double {
        let description = try XCTUnwrap(animation.keyframeDescription(base: base))
        for k in 0..<500 {
            let p = (Double(k) + 0.37) / 500
            let state = MediaTiming.State(progress: p, iteration: 0, time: p, phase: .active)
            XCTAssertEqual(
                evaluate(description, p), animation.value(for: state, base: base), accuracy: 1e-12, "p = \(p)")
        }
    }

    func testBasicAnimationsDescribeTheirPass() throws {
        try assertMatches(
            BasicAnimation(from: 2.0, to: 5.0, timing: MediaTiming(duration: 1), timingFunction: .easeOut))
        try assertMatches(BasicAnimation<Double>(to: 5.0, timing: MediaTiming(duration: 1)))
        try assertMatches(BasicAnimation(by: 2.0, timing: MediaTiming(duration: 1)))
        try assertMatches(BasicAnimation(from: 1.0, to: 2.0, timing: MediaTiming(duration: 1), isAdditive: true))
        for position in StepPosition.allCases {
            try assertMatches(
                BasicAnimation(
                    from: 0.0, to: 1.0, timing: MediaTiming(duration: 1), timingFunction: try .steps(3, position)))
        }
        XCTAssertEqual(BasicAnimation(from: 2.0, to: 5.0, duration: 1).keyframeDescription(base: 0)?.usesBase, false)
        XCTAssertEqual(BasicAnimation<Double>(to: 5.0, duration: 1).keyframeDescription(base: 0)?.usesBase, true)
        XCTAssertNil(
            BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(duration: 1), isCumulative: true)
                .keyframeDescription(base: 0))
    }

    func testKeyframeAnimationsDescribeTheirPass() throws {
        try assertMatches(
            try KeyframeAnimation(
                values: [0.0, 10, 4, 8], keyTimes: [0, 0.1, 0.6, 1],
                timingFunctions: [.easeIn, .linear, .easeInEaseOut]))
        try assertMatches(
            try KeyframeAnimation(values: [0.0, 10, 4], keyTimes: [0, 0.3, 0.5, 1], calculationMode: .discrete))
        try assertMatches(try KeyframeAnimation(values: [0.0, 1, 10], calculationMode: .paced))
        try assertMatches(try KeyframeAnimation(values: [0.0, 10], timingFunction: .easeInEaseOut))
        try assertMatches(try KeyframeAnimation(values: [0.0, 10, 2], timingFunctions: [try .steps(4), .linear]))
        try assertMatches(try KeyframeAnimation(values: [1.0, 2], isAdditive: true))
        // No exact keys: Catmull-Rom, and an eased pass over several segments.
        XCTAssertNil(try KeyframeAnimation(values: [0.0, 10, 4], calculationMode: .cubic).keyframeDescription(base: 0))
        XCTAssertNil(try KeyframeAnimation(values: [0.0, 10, 4], timingFunction: .easeIn).keyframeDescription(base: 0))
    }
}
