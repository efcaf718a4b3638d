import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers
import XCTest

/// The seed style (PMElevateLabel): the whole label slides, linearly, in 1 s, in a clipped 100 × 100 box.
final class ElevatorSeedTests: XCTestCase {
    private let measurer = FixedAdvanceMeasurer()

    /// The top of slot `name` relative to the box at `time` (the article's `frame.origin.y`).
    private func slotTop(_ root: Layer, _ name: String, at time: Double) throws -> Double {
        let slot = try XCTUnwrap(root.presentation(at: time).firstLayer(named: name), name)
        return slot.frame.minY
    }

    func testTheArticlesSceneGeometry() throws {
        let root = try ElevatorNumber.article.makeLayer(measuring: measurer)
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 240, height: 160))
        let box = try XCTUnwrap(root.firstLayer(named: "elevator-box"))
        XCTAssertEqual(box.frame, Rect(x: 70, y: 30, width: 100, height: 100))  // centred
        XCTAssertTrue(box.masksToBounds)
        XCTAssertEqual(box.borderWidth, 1)
        XCTAssertEqual(box.borderColor, Color.blue)
        XCTAssertEqual(box.sublayers.count, 31)  // 0 … 30
        let label = try XCTUnwrap(box.sublayers[4].sublayers.first as? TextLayer)
        XCTAssertEqual(label.string, "4")
        XCTAssertEqual(label.font.size, 50)
        XCTAssertEqual(label.alignment, .center)
        XCTAssertEqual(label.frame, Rect(x: 0, y: 25, width: 100, height: 50))  // a 50-pt line centred vertically
        XCTAssertEqual(root.animationEndTime, 31, accuracy: 1e-12)  // the last value arrives at 30 s, slides 1 s
    }

    /// 3 → 4 at t = 4 (the article calls setValue(Int(elapsed)) every frame): half-way the old label is half out at
    /// the top, the new one half in from below.
    func testGrowingValueEntersFromBelowAndPushesTheOldOneUp() throws {
        let root = try ElevatorNumber.article.makeLayer(measuring: measurer)
        XCTAssertEqual(try slotTop(root, "value-3", at: 4), 0, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-4", at: 4), 100, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-3", at: 4.5), -50, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-4", at: 4.5), 50, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-3", at: 4.25), -25, accuracy: 1e-9)  // linear
        XCTAssertEqual(try slotTop(root, "value-4", at: 4.25), 75, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-3", at: 5), -100, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-4", at: 5), 0, accuracy: 1e-9)
        // Later values wait below the box; earlier ones stay above it.
        XCTAssertEqual(try slotTop(root, "value-9", at: 4.5), 100, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-1", at: 4.5), -100, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-30", at: 40), 0, accuracy: 1e-9)
    }

    func testShrinkingValueEntersFromAbove() throws {
        let spec = ElevatorNumber(changes: NumberChange.sequence([5, 2]), style: .seed)
        let root = try spec.makeLayer(measuring: measurer)
        XCTAssertEqual(try slotTop(root, "value-0", at: 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-1", at: 1.5), -50, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-1", at: 0.5), -100, accuracy: 1e-9)
    }

    func testTheSameValueChangesNothing() throws {
        let spec = ElevatorNumber(changes: NumberChange.sequence([3, 3, 3, 4]), style: .seed)
        let root = try spec.makeLayer(measuring: measurer)
        let box = try XCTUnwrap(root.firstLayer(named: "elevator-box"))
        XCTAssertEqual(box.sublayers.count, 2)
        XCTAssertEqual(try slotTop(root, "value-0", at: 2.5), 0, accuracy: 1e-9)  // still at rest at 2.5 s
        XCTAssertEqual(try slotTop(root, "value-0", at: 3.5), -50, accuracy: 1e-9)  // the change is at 3 s
        XCTAssertEqual(root.animationEndTime, 4, accuracy: 1e-12)
    }

    /// A value arriving mid-slide restarts from the rest position, as PMElevateLabel's setOrigin(.zero) does.
    func testAValueArrivingMidSlideRestartsFromRest() throws {
        let changes = [
            NumberChange(time: 0, value: 0), NumberChange(time: 1, value: 1), NumberChange(time: 1.5, value: 2),
        ]
        let root = try ElevatorNumber(changes: changes, style: .seed).makeLayer(measuring: measurer)
        XCTAssertEqual(try slotTop(root, "value-1", at: 1.4), 60, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-1", at: 1.5), 0, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-1", at: 1.75), -25, accuracy: 1e-9)
        XCTAssertEqual(try slotTop(root, "value-2", at: 1.75), 75, accuracy: 1e-9)
    }

    func testDurationAndTimingFunctionAreTunable() throws {
        var spec = ElevatorNumber(changes: NumberChange.sequence([1, 2]), style: .seed)
        spec.transition = .timed(duration: 0.5, timingFunction: .easeInEaseOut)
        let root = try spec.makeLayer(measuring: measurer)
        let eased = TimingFunction.easeInEaseOut.value(at: 0.2)
        XCTAssertEqual(try slotTop(root, "value-1", at: 1.1), 100 - 100 * eased, accuracy: 1e-9)
        XCTAssertEqual(root.animationEndTime, 1.5, accuracy: 1e-12)
    }

    func testBadSpecsAreRefusedWithAMessage() {
        let cases: [(ElevatorNumber, String)] = [
            (ElevatorNumber(changes: [], style: .seed), "at least one value"),
            (ElevatorNumber(changes: [NumberChange(time: 1, value: 1), NumberChange(time: 0, value: 2)]), "in order"),
            (ElevatorNumber(changes: [NumberChange(time: 0, value: .nan)]), "finite"),
            (ElevatorNumber(changes: [NumberChange(time: 0, value: 1)], size: Size(width: 0, height: 10)), "size"),
            (
                {
                    var spec = ElevatorNumber(changes: [NumberChange(time: 0, value: 1)], style: .seed)
                    spec.transition = .spring(.smooth)
                    return spec
                }(), "not a spring"
            ),
            (
                {
                    var spec = ElevatorNumber(changes: [NumberChange(time: 0, value: 1)])
                    spec.transition = .timed(duration: 0, timingFunction: .linear)
                    return spec
                }(), "duration must be finite and > 0"
            ),
        ]
        for (spec, fragment) in cases {
            XCTAssertThrowsError(try spec.makeLayer(measuring: measurer)) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
    }

    func testCountingHelper() throws {
        XCTAssertEqual(try NumberChange.counting(from: 0, to: 30).map(\.value), (0...30).map(Double.init))
        XCTAssertEqual(try NumberChange.counting(from: 0, to: 30).last?.time, 30)
        XCTAssertEqual(try NumberChange.counting(from: 10, to: 0, step: -5, interval: 0.5).map(\.time), [0, 0.5, 1])
        XCTAssertEqual(try NumberChange.counting(from: 0, to: 1, step: 0.3).map(\.value).count, 4)
        XCTAssertThrowsError(try NumberChange.counting(from: 0, to: 10, step: -1)) { error in
            XCTAssertTrue("\(error)".contains("points away"), "\(error)")
        }
        XCTAssertThrowsError(try NumberChange.counting(from: 0, to: 10, step: 0))
    }
}
