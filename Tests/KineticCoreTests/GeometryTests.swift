import KineticCore
import XCTest

// Foundation (through XCTest) has an `AffineTransform` too; ours wins in this file.
private typealias AffineTransform = KineticCore.AffineTransform

final class GeometryTests: XCTestCase {
    func testRectEdgesAndSetOperations() {
        let r = Rect(x: 10, y: 20, width: 100, height: 40)
        XCTAssertEqual(r.maxX, 110)
        XCTAssertEqual(r.center, Point(x: 60, y: 40))
        XCTAssertEqual(
            Rect(x: 10, y: 20, width: -10, height: -20).standardized, Rect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(r.insetBy(dx: 5, dy: 10), Rect(x: 15, y: 30, width: 90, height: 20))
        XCTAssertEqual(
            r.intersection(Rect(x: 100, y: 0, width: 50, height: 30)), Rect(x: 100, y: 20, width: 10, height: 10))
        XCTAssertNil(r.intersection(Rect(x: 200, y: 0, width: 5, height: 5)))
        XCTAssertEqual(r.union(Rect(x: 0, y: 0, width: 5, height: 5)), Rect(x: 0, y: 0, width: 110, height: 60))
        XCTAssertTrue(r.contains(Point(x: 10, y: 20)))
        XCTAssertFalse(r.contains(Point(x: 110, y: 20)))
    }

    func testRotationAboutAnchorIsClockwiseOnAYDownScreen() {
        let t = AffineTransform.rotation(Double.pi / 2, about: Point(x: 50, y: 50))
        let p = t.apply(to: Point(x: 100, y: 50))  // right of the anchor → below it
        XCTAssertEqual(p.x, 50, accuracy: 1e-12)
        XCTAssertEqual(p.y, 100, accuracy: 1e-12)
        XCTAssertEqual(t.apply(to: Point(x: 50, y: 50)).x, 50, accuracy: 1e-12)
    }

    func testConcatenationOrderAndInverse() {
        let t = AffineTransform.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: -5))
        XCTAssertEqual(t.apply(to: Point(x: 1, y: 1)), Point(x: 12, y: -2))
        let inv = try? XCTUnwrap(t.inverted())
        let back = inv?.apply(to: Point(x: 12, y: -2))
        XCTAssertEqual(back?.x ?? .nan, 1, accuracy: 1e-12)
        XCTAssertEqual(back?.y ?? .nan, 1, accuracy: 1e-12)
        XCTAssertNil(AffineTransform.scale(x: 0, y: 1).inverted())
    }

    func testDecompositionRecomposes() {
        let samples: [AffineTransform] = [
            .identity,
            .rotation(0.7).concatenating(.translation(x: 3, y: 4)),
            .scale(x: -2, y: 0.5).concatenating(.rotation(-2.5)),
            .shear(0.3).concatenating(.scale(x: 1.5, y: 2)).concatenating(.rotation(1.2)),
            AffineTransform(a: 0.2, b: -1.3, c: 2.1, d: 0.4, tx: -7, ty: 9),
        ]
        for t in samples {
            let r = t.decomposed.transform
            for (u, v) in [(t.a, r.a), (t.b, r.b), (t.c, r.c), (t.d, r.d), (t.tx, r.tx), (t.ty, r.ty)] {
                XCTAssertEqual(u, v, accuracy: 1e-12, "\(t) → \(r)")
            }
        }
    }

    func testTransformInterpolationRotatesTheShortWay() {
        let from = AffineTransform.rotation(3.0)
        let to = AffineTransform.rotation(-3.0)  // 0.28 rad away through π, not 6 rad back
        let mid = AffineTransform.interpolate(from: from, to: to, fraction: 0.5)
        let angle = mid.decomposed.rotation
        XCTAssertEqual(abs(angle), Double.pi, accuracy: 1e-12)
        XCTAssertEqual(mid.decomposed.scale.width, 1, accuracy: 1e-12)
        let half = AffineTransform.interpolate(from: .identity, to: .scale(x: 3, y: 3), fraction: 0.5)
        XCTAssertEqual(half.a, 2, accuracy: 1e-12)
    }
}
