import KineticCore
import KineticLayers
import XCTest

private typealias AffineTransform = KineticCore.AffineTransform

final class LayerGeometryTests: XCTestCase {
    func testFrameFollowsPositionAnchorAndBounds() {
        let layer = Layer(frame: Rect(x: 10, y: 20, width: 100, height: 40))
        XCTAssertEqual(layer.position, Point(x: 60, y: 40))
        XCTAssertEqual(layer.bounds, Rect(x: 0, y: 0, width: 100, height: 40))
        layer.anchorPoint = Point(x: 0, y: 0)
        XCTAssertEqual(layer.frame, Rect(x: 60, y: 40, width: 100, height: 40))
        layer.transform = .scale(x: 2, y: 2)  // scales about the anchor, the top-left corner now
        XCTAssertEqual(layer.frame, Rect(x: 60, y: 40, width: 200, height: 80))
    }

    func testConvertBetweenSiblingsThroughRotation() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = Layer(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        a.transform = .rotation(Double.pi / 2)  // about its centre (150, 150)
        let b = Layer(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSublayer(a)
        root.addSublayer(b)
        // a's top-left corner (0, 0) rotates clockwise about the centre to the top-right of the frame.
        let p = try XCTUnwrap(a.convert(Point(x: 0, y: 0), to: root))
        XCTAssertEqual(p.x, 200, accuracy: 1e-9)
        XCTAssertEqual(p.y, 100, accuracy: 1e-9)
        let q = try XCTUnwrap(a.convert(Point(x: 0, y: 0), to: b))
        XCTAssertEqual(q.x, 200, accuracy: 1e-9)
        let back = try XCTUnwrap(a.convert(q, from: b))
        XCTAssertEqual(back.x, 0, accuracy: 1e-9)
        XCTAssertEqual(back.y, 0, accuracy: 1e-9)
        XCTAssertNil(a.convert(Point.zero, to: Layer()))  // another tree
    }

    func testHitTestRespectsOrderHiddenCornersAndClipping() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let back = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        back.name = "back"
        let front = Layer(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        front.name = "front"
        front.cornerRadius = 50  // a circle
        root.addSublayer(back)
        root.addSublayer(front)
        XCTAssertEqual(root.hitTest(Point(x: 100, y: 100))?.name, "front")
        XCTAssertEqual(root.hitTest(Point(x: 55, y: 55))?.name, "back")  // outside the circle's corner
        front.isHidden = true
        XCTAssertEqual(root.hitTest(Point(x: 100, y: 100))?.name, "back")
        let child = Layer(frame: Rect(x: 180, y: 180, width: 50, height: 50))
        child.name = "child"
        back.addSublayer(child)
        XCTAssertEqual(root.hitTest(Point(x: 210, y: 210))?.name, "child")
        back.masksToBounds = true
        XCTAssertTrue(root.hitTest(Point(x: 210, y: 210)) === root)  // clipped away: the root is hit
    }

    func testFlattenedWalkGivesAbsoluteTransformsOpacityAndClips() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let group = Layer(frame: Rect(x: 100, y: 50, width: 100, height: 100))
        group.opacity = 0.5
        group.masksToBounds = true
        let leaf = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        leaf.opacity = 0.5
        let hidden = Layer(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        hidden.isHidden = true
        hidden.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        root.addSublayer(group)
        group.addSublayer(leaf)
        root.addSublayer(hidden)
        let walk = root.flattened()
        XCTAssertEqual(walk.count, 3)
        XCTAssertTrue(walk[0].layer === root)
        XCTAssertTrue(walk[2].layer === leaf)
        XCTAssertEqual(walk[2].frameInRoot, Rect(x: 110, y: 60, width: 20, height: 20))
        XCTAssertEqual(walk[2].opacity, 0.25)
        XCTAssertEqual(walk[2].clips.count, 1)
        XCTAssertEqual(
            walk[2].clips[0].rect.applying(walk[2].clips[0].transform), Rect(x: 100, y: 50, width: 100, height: 100))
        XCTAssertTrue(walk[2].isLeaf)
        XCTAssertFalse(walk[1].isLeaf)
        XCTAssertEqual(walk[2].depth, 2)
    }

    func testTreeEditing() {
        let a = Layer()
        let b = Layer()
        let c = Layer()
        a.addSublayer(b)
        a.insertSublayer(c, at: 0)
        XCTAssertTrue(a.sublayers.first === c)
        c.addSublayer(b)  // moves b
        XCTAssertEqual(a.sublayers.count, 1)
        XCTAssertTrue(b.superlayer === c)
        b.removeFromSuperlayer()
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(c.sublayers.isEmpty)
    }

    func testPathShapes() throws {
        let ellipse = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 50))
        let bounds = try XCTUnwrap(ellipse.controlPointBounds)
        XCTAssertEqual(bounds.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(bounds.maxY, 50, accuracy: 1e-9)
        // Every quarter-arc's midpoint lies on the ellipse (within 3e-4 of the radius).
        var current = Point.zero
        var checked = 0
        for element in ellipse.elements {
            switch element {
            case .move(let p), .line(let p):
                current = p
            case .cubic(let end, let c1, let c2):
                let mid = (current + c1 * 3 + c2 * 3 + end) / 8
                let u = (mid.x - 50) / 50
                let v = (mid.y - 25) / 25
                XCTAssertEqual((u * u + v * v).squareRoot(), 1, accuracy: 3e-4)
                current = end
                checked += 1
            case .close:
                break
            }
        }
        XCTAssertEqual(checked, 4)
        let rounded = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 100)
        XCTAssertEqual(try XCTUnwrap(rounded.controlPointBounds).width, 100, accuracy: 1e-9)
        XCTAssertEqual(rounded.currentPoint?.x ?? .nan, 20, accuracy: 1e-9)  // radius clamped to 20
    }
}
