import KineticCore
import KineticLayers
import XCTest

final class PathTransformTests: XCTestCase {
    func testApplyingMapsEveryPointAndControlPoint() {
        var path = Path()
        path.move(to: Point(x: 1, y: 2))
        path.addCurve(to: Point(x: 5, y: 2), control1: Point(x: 2, y: 0), control2: Point(x: 4, y: 0))
        path.closeSubpath()
        let moved = path.applying(.translation(x: 10, y: -1).concatenating(.scale(x: 2, y: 2)))
        XCTAssertEqual(
            moved.elements,
            [
                .move(to: Point(x: 22, y: 2)),
                .cubic(to: Point(x: 30, y: 2), control1: Point(x: 24, y: -2), control2: Point(x: 28, y: -2)), .close,
            ])
    }

    func testTightBoundsFollowTheCurveNotItsControlPoints() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        // A symmetric arch whose top is at y = −7.5 (3/4 of the control points' −10).
        path.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: -10), control2: Point(x: 10, y: -10))
        let bounds = try XCTUnwrap(path.bounds)
        XCTAssertEqual(bounds.minY, -7.5, accuracy: 1e-12)
        XCTAssertEqual(bounds.maxY, 0)
        XCTAssertEqual(bounds.width, 10)
        XCTAssertEqual(path.controlPointBounds?.minY, -10)
        XCTAssertNil(Path().bounds)
    }

    func testSubpathsSplitAtMovesAndCloses() {
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        path.move(to: Point(x: 5, y: 5))  // a move that starts nothing
        path.move(to: Point(x: 3, y: 3))
        path.addLine(to: Point(x: 4, y: 3))
        let parts = path.subpaths
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts[0].elements.count, 5)
        XCTAssertEqual(parts[1].elements, [.move(to: Point(x: 3, y: 3)), .line(to: Point(x: 4, y: 3))])
        var joined = parts[0]
        joined.append(parts[1])
        XCTAssertEqual(joined.elements.count, 7)
    }
}
