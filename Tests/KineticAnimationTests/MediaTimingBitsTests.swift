import XCTest

@testable import KineticAnimation

/// `MediaTiming.state(at:)`'s common case, taken first, gives the states it gave when the phase was worked out first,
/// with the floor `rounded(.down)` gives.
final class MediaTimingBitsTests: XCTestCase {
    func testRoundedDownIsTheStandardLibrarysToTheBit() {
        var values: [Double] = [0, -0.0, 0.5, 1, 1.5, .infinity, -.infinity, .nan, -1.5, -0.5, 1e300, -1e300]
        for whole in [1.0, 2, 1e6, 0x1p51, 0x1p52, 0x1p53, 0x1p63, 0x1p64] {
            for value in [whole, whole.nextUp, whole.nextDown, whole + 0.5, whole - 0.5] { values += [value, -value] }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 { values.append(Double.random(in: 0..<1e7, using: &generator)) }
        for value in values {
            let expected = value.rounded(.down)
            let got = MediaTiming.roundedDown(value)
            XCTAssertTrue(
                got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN), "floor(\(value)) = \(got)")
        }
    }

    func testTheCommonCaseIsTakenWhereItWasAndGivesItsState() {
        // `state(at:)` tests its common case before anything else; before, it worked out the phase first and took
        // the common case only for an active, forward timing with no offset and no reversing. Over timings with
        // every kind of edge value, wherever the old code took the common case the state is the one it gave, to the
        // bit (its floor `rounded(.down)`'s); everywhere else the general path, unchanged, answers.
        let edges: [Double] = [0, -0.0, 1, 0.25, 1.7, -1, 2.5, 1e-300, 1e300, .infinity, -.infinity, .nan]
        let times: [Double] = [0, -0.0, 0.3, 1, 1.7, 2.5, 5.1, 1e9, -0.5, 1e300, .infinity, -.infinity, .nan]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<150_000 {
            let timing = MediaTiming(
                beginTime: edges.randomElement(using: &generator) ?? 0,
                duration: edges.randomElement(using: &generator) ?? 0,
                speed: [1.0, 2, 0.5, 0, -1, .infinity, .nan].randomElement(using: &generator) ?? 1,
                timeOffset: [0.0, -0.0, 0.4].randomElement(using: &generator) ?? 0,
                repeatCount: edges.randomElement(using: &generator) ?? 0,
                repeatDuration: edges.randomElement(using: &generator) ?? 0,
                autoreverses: Bool.random(using: &generator), fillMode: .both)
            let time =
                Bool.random(using: &generator)
                ? times.randomElement(using: &generator) ?? 0 : Double.random(in: -2...20, using: &generator)
            guard timing.beginTime.isFinite, timing.speed.isFinite, timing.timeOffset.isFinite, !time.isNaN,
                timing.phase(at: time) == .active, timing.speed > 0, timing.timeOffset == 0, !timing.autoreverses
            else { continue }
            let single = timing.effectiveDuration
            let position = (time - timing.beginTime) * timing.speed
            let repeatIndex = max((position / single).rounded(.down), 0)
            let intoRepeat = min(max(position - repeatIndex * single, 0), single)
            let progress = min(max(intoRepeat / single, 0), 1)
            let state = timing.state(at: time)
            XCTAssertEqual(state?.progress.bitPattern, progress.bitPattern, "\(timing) at \(time)")
            XCTAssertEqual(state?.time.bitPattern, (progress * single).bitPattern, "\(timing) at \(time)")
            XCTAssertEqual(
                state?.iteration, repeatIndex < Double(Int.max) ? Int(repeatIndex) : Int.max, "\(timing) at \(time)")
            XCTAssertEqual(state?.phase, .active)
            XCTAssertEqual(state?.isReversing, false)
            XCTAssertEqual(state?.beforeFlag, false)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 2000)
    }
}
