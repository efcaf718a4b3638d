import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

final class PresentationTests: XCTestCase {
    func testPresentationAppliesAnimationsWithoutTouchingTheModel() {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        layer.add(BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(beginTime: 1, duration: 2)), for: \.opacity)
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 1)  // before: removed → model value
        XCTAssertEqual(layer.presentation(at: 2).opacity, 0.5)
        XCTAssertEqual(layer.presentation(at: 3.5).opacity, 1)  // after, fill removed → model value
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.animationEndTime, 3)
    }

    func testFillForwardsHoldsTheFinalValue() {
        let layer = Layer()
        layer.add(
            BasicAnimation(
                from: Point.zero, to: Point(x: 100, y: 0), timing: MediaTiming(duration: 1, fillMode: .forwards)),
            for: \.position)
        XCTAssertEqual(layer.presentation(at: 10).position, Point(x: 100, y: 0))
    }

    func testSublayersMasksAndSubclassPropertiesAnimate() {
        let root = Layer()
        let gradient = GradientLayer()
        gradient.colors = [.black, .white, .black]
        gradient.locations = [0, 0.5, 1]
        let mask = TextLayer(string: "slide to unlock")
        gradient.mask = mask
        root.addSublayer(gradient)
        // The seed shimmer: locations [0, 0, 0.25] → [0.75, 1, 1] over 2 s, forever.
        gradient.add(
            BasicAnimation<[Double]?>(
                from: [0, 0, 0.25], to: [0.75, 1, 1], timing: MediaTiming(duration: 2, repeatCount: .infinity)),
            for: \.locations)
        mask.add(BasicAnimation(from: 0.0, to: 1.0, timing: MediaTiming(duration: 1)), for: \.opacity)
        let frame = root.presentation(at: 3)
        let presented = frame.sublayers[0] as? GradientLayer
        XCTAssertEqual(presented?.locations ?? [], [0.375, 0.5, 0.625])
        XCTAssertEqual(presented?.mask?.opacity, 1)  // the mask's own animation has ended
        XCTAssertEqual(root.presentation(at: 0.25).sublayers[0].mask?.opacity, 0.25)
        XCTAssertTrue(root.hasInfiniteAnimation)
        XCTAssertTrue(frame.animationKeys.isEmpty)
    }

    func testSameKeyReplacesAndAdditiveStacks() {
        let layer = Layer()
        layer.position = Point(x: 10, y: 10)
        let timing = MediaTiming(duration: 1)
        layer.add(
            BasicAnimation(from: Point.zero, to: Point(x: 100, y: 0), timing: timing), for: \.position, key: "move")
        layer.add(
            BasicAnimation(from: Point.zero, to: Point(x: 0, y: 100), timing: timing), for: \.position, key: "move")
        XCTAssertEqual(layer.animationKeys, ["move"])
        XCTAssertEqual(layer.presentation(at: 0.5).position, Point(x: 0, y: 50))
        layer.add(
            BasicAnimation(from: Point.zero, to: Point(x: 20, y: 0), timing: timing, isAdditive: true), for: \.position,
            key: "shake")
        XCTAssertEqual(layer.presentation(at: 0.5).position, Point(x: 10, y: 50))
        layer.removeAnimation(forKey: "move")
        XCTAssertEqual(layer.presentation(at: 0.5).position, Point(x: 20, y: 10))
    }

    func testCopyIsDeepAndKeepsTheDynamicType() {
        let root = Layer()
        let shape = ShapeLayer(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)), fillColor: .red)
        root.addSublayer(shape)
        let copy = root.copy()
        let copiedShape = copy.sublayers.first as? ShapeLayer
        XCTAssertNotNil(copiedShape)
        XCTAssertFalse(copiedShape === shape)
        XCTAssertEqual(copiedShape?.fillColor, .red)
        XCTAssertTrue(copiedShape?.superlayer === copy)
    }

    func testGradientStopsFallBackToEvenSpacing() {
        let gradient = GradientLayer()
        gradient.colors = [.black, .white, .black]
        XCTAssertEqual(gradient.resolvedStops.map(\.location), [0, 0.5, 1])
        gradient.locations = [0.2, 0.1, 2]  // clamped, non-decreasing
        XCTAssertEqual(gradient.resolvedStops.map(\.location), [0.2, 0.2, 1])
        gradient.locations = [0.5]  // wrong count: even spacing
        XCTAssertEqual(gradient.resolvedStops.map(\.location), [0, 0.5, 1])
    }
}
