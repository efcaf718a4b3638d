import KineticAnimation
import KineticCore
import KineticLayers
import XCTest

/// What exporters read from a layer's animations: the named property, the animation, a setter.
final class AnimationRecordTests: XCTestCase {
    func testKeyPathsAreNamedOnEveryLayerClass() {
        let layer = Layer()
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        layer.add(BasicAnimation(from: Point.zero, to: Point(x: 1, y: 1), duration: 1), for: \.position)
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.position.x, key: "x")
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.transform.scale, key: "scale")
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.bounds.size.width, key: "width")
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.anchorPoint.x, key: "anchor")
        // Core Animation's parts name the property they move; other nested paths name nothing.
        XCTAssertEqual(
            layer.animationRecords.map(\.property), [.opacity, .position, .position, .transform, .bounds, nil])
        let gradient = GradientLayer()
        gradient.add(BasicAnimation<[Double]?>(from: [0, 1], to: [0.5, 1], duration: 1), for: \.locations)
        gradient.add(BasicAnimation(from: Point.zero, to: Point(x: 1, y: 1), duration: 1), for: \.endPoint)
        gradient.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        XCTAssertEqual(gradient.animationRecords.map(\.property), [.locations, .endPoint, .opacity])
        let shape = ShapeLayer()
        shape.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.strokeEnd)
        shape.add(BasicAnimation<Color?>(from: .red, to: .blue, duration: 1), for: \.fillColor)
        XCTAssertEqual(shape.animationRecords.map(\.property), [.strokeEnd, .fillColor])
        let text = TextLayer()
        text.add(BasicAnimation(from: Color.red, to: .blue, duration: 1), for: \.foregroundColor)
        XCTAssertEqual(text.animationRecords.map(\.property), [.foregroundColor])
    }

    func testRecordsSetAndReadTheirPropertyOnCopies() throws {
        let layer = Layer()
        layer.opacity = 0.3
        layer.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        let record = try XCTUnwrap(layer.animationRecords.first)
        XCTAssertEqual(record.value(in: layer) as? Double, 0.3)
        let copy = layer.modelCopyOfSelf()
        XCTAssertTrue(copy.animationRecords.isEmpty)
        XCTAssertTrue(record.setValue(0.8, on: copy))
        XCTAssertEqual(copy.opacity, 0.8)
        XCTAssertFalse(record.setValue("no", on: copy))
        XCTAssertEqual(layer.opacity, 0.3, "the model is not touched")
        XCTAssertTrue(record.animation is BasicAnimation<Double>)
    }

    func testPresentationOfSelfAppliesOnlyItsOwnAnimations() {
        let parent = Layer()
        let child = Layer()
        parent.addSublayer(child)
        parent.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        child.add(BasicAnimation(from: 0.0, to: 1.0, duration: 1), for: \.opacity)
        let shown = parent.presentationOfSelf(at: 0.25)
        XCTAssertEqual(shown.opacity, 0.25, accuracy: 1e-12)
        XCTAssertTrue(shown.sublayers.isEmpty)
        XCTAssertTrue(shown.animationKeys.isEmpty)
        XCTAssertEqual(child.opacity, 1)
    }
}
