import KineticCore
import KineticLayers
import XCTest

@testable import KineticRaster

/// Path lengths and `strokeStart`/`strokeEnd` cuts against exact geometry.
final class RenderStrokeTrimTests: XCTestCase {
    func testLengthsOfLinesRectanglesAndCircles() {
        var polyline = Path()
        polyline.move(to: Point(x: 0, y: 0))
        polyline.addLine(to: Point(x: 3, y: 4))
        polyline.addLine(to: Point(x: 3, y: 10))
        XCTAssertEqual(PathMeasure(polyline).length, 11, accuracy: 1e-12)
        XCTAssertEqual(PathMeasure(.rect(Rect(x: 0, y: 0, width: 20, height: 10))).length, 60, accuracy: 1e-12)
        // Path's circle is four cubic quarter arcs (radius error < 3e-4); chords lose < 0.1 %.
        let circle = PathMeasure(.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100)))
        XCTAssertEqual(circle.length, 100 * Double.pi, accuracy: 0.001 * 100 * Double.pi)
        // A rounded rectangle: straight sides plus one circle of the corner radius.
        let rounded = PathMeasure(.roundedRect(Rect(x: 0, y: 0, width: 80, height: 40), cornerRadius: 10))
        XCTAssertEqual(rounded.length, 2 * (60 + 20) + 2 * Double.pi * 10, accuracy: 0.05)
    }

    func testSubpathsCloseAndRestartLikeCoreGraphics() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addLine(to: Point(x: 10, y: 10))
        path.closeSubpath()  // adds the 14.14 diagonal back
        path.addLine(to: Point(x: 0, y: 5))  // after close: a new subpath from (0, 0)
        let measure = PathMeasure(path)
        XCTAssertEqual(measure.subpaths.count, 2)
        XCTAssertTrue(measure.subpaths[0].isClosed)
        XCTAssertEqual(measure.subpaths[0].length, 20 + 200.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(measure.subpaths[1].start, .zero)
        XCTAssertEqual(measure.subpaths[1].length, 5, accuracy: 1e-12)
    }

    func testCuttingALineAndASquare() {
        var line = Path()
        line.addLine(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0))
        let half = StrokeTrim.pieces(of: PathMeasure(line), from: 0.25, to: 0.75)
        XCTAssertEqual(
            half,
            [
                StrokeTrim.Piece(
                    elements: [.move(to: Point(x: 25, y: 0)), .line(to: Point(x: 75, y: 0))], dashOffset: 25)
            ])
        // A square from 1/8 to 5/8 of its perimeter: half of the top, the right side, half of the bottom; open.
        let square = StrokeTrim.pieces(
            of: PathMeasure(.rect(Rect(x: 0, y: 0, width: 10, height: 10))), from: 0.125, to: 0.625)
        XCTAssertEqual(
            square.first?.elements,
            [
                .move(to: Point(x: 5, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
                .line(to: Point(x: 5, y: 10)),
            ])
        // The whole closed square stays closed (its corner at the start is joined, not capped).
        let whole = StrokeTrim.pieces(of: PathMeasure(.rect(Rect(x: 0, y: 0, width: 10, height: 10))), from: 0, to: 1)
        XCTAssertEqual(whole.first?.elements.last, .close)
        XCTAssertTrue(StrokeTrim.pieces(of: PathMeasure(line), from: 0.6, to: 0.4).isEmpty)
    }

    /// Cutting a cubic keeps the curve: the piece's points lie on the original, and its length is the fraction.
    func testCuttingACurveStaysOnTheCurve() throws {
        var curve = Path()
        curve.move(to: Point(x: 0, y: 0))
        curve.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 20, y: 80), control2: Point(x: 90, y: -60))
        let measure = PathMeasure(curve)
        let pieces = StrokeTrim.pieces(of: measure, from: 0.3, to: 0.8)
        XCTAssertEqual(pieces.count, 1)
        var cut = Path()
        for element in try XCTUnwrap(pieces.first?.elements) {
            switch element {
            case .move(let p): cut.move(to: p)
            case .line(let p): cut.addLine(to: p)
            case .cubic(let p, let c1, let c2): cut.addCurve(to: p, control1: c1, control2: c2)
            case .close: cut.closeSubpath()
            }
        }
        XCTAssertEqual(PathMeasure(cut).length, 0.5 * measure.length, accuracy: 0.002 * measure.length)
        // Its ends are the original's points at the cut parameters.
        let segment = measure.subpaths[0].segments[0]
        let t0 = segment.parameter(atDistance: 0.3 * measure.length)
        let start = PathMeasure.cubicPoint(
            Point(x: 0, y: 0), Point(x: 20, y: 80), Point(x: 90, y: -60), Point(x: 100, y: 0), t: t0)
        guard case .move(let first) = pieces[0].elements[0] else { return XCTFail("starts with a move") }
        XCTAssertEqual(first.x, start.x, accuracy: 1e-9)
        XCTAssertEqual(first.y, start.y, accuracy: 1e-9)
        XCTAssertEqual(pieces[0].dashOffset, 0.3 * measure.length, accuracy: 1e-9)
    }

    func testCutsSpanningSubpathsGiveOnePiecePerSubpath() {
        var path = Path()
        path.addLine(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0))
        path.addLine(from: Point(x: 0, y: 5), to: Point(x: 10, y: 5))
        let pieces = StrokeTrim.pieces(of: PathMeasure(path), from: 0.25, to: 0.75)
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[0].elements, [.move(to: Point(x: 5, y: 0)), .line(to: Point(x: 10, y: 0))])
        XCTAssertEqual(pieces[0].dashOffset, 5)
        XCTAssertEqual(pieces[1].elements, [.move(to: Point(x: 0, y: 5)), .line(to: Point(x: 5, y: 5))])
        XCTAssertEqual(pieces[1].dashOffset, 0)
    }
}
