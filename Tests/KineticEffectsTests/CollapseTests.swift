import KineticCore
import KineticDynamics
import KineticEffects
import KineticLayers
import XCTest

private typealias AffineTransform = KineticCore.AffineTransform

final class CollapseTests: XCTestCase {
    func testExampleScreenPiecesLookThroughPureContainers() throws {
        let collapse = try Collapse(screen: ExampleScreen().makeLayer(), spec: CollapseSpec(duration: 0.1))
        let names = collapse.pieces.map(\.name)
        // Status bar children one by one, then the title, search field, buttons, six cells and the tab bar whole.
        XCTAssertEqual(
            names,
            [
                "9:41", "signal", "battery", "Settings", "search", "follow button", "share button",
                "cell Airplane Mode",
                "cell Wi-Fi", "cell Bluetooth", "cell Notifications", "cell Focus", "cell General", "tab bar",
            ])
        // The rendered tree has each piece once, as a direct sublayer of the root, with its own sublayers.
        XCTAssertEqual(collapse.layer.sublayers.count, names.count)
        XCTAssertEqual(collapse.layer.sublayers[7].sublayers.count, 3)  // a cell keeps its icon, title and chevron
    }

    func testFramesAreConvertedThroughTransformsAndSkippedWhenHiddenOrEmpty() throws {
        let screen = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let container = Layer(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        container.transform = .rotation(Double.pi / 2)
        let child = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        child.backgroundColor = .red
        container.addSublayer(child)
        let hidden = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let empty = Layer(frame: Rect(x: 10, y: 10, width: 0, height: 10))
        empty.backgroundColor = .red
        screen.addSublayer(container)
        screen.addSublayer(hidden)
        screen.addSublayer(empty)
        let collapse = try Collapse(screen: screen, spec: CollapseSpec(duration: 0.05))
        XCTAssertEqual(collapse.pieces.count, 1)
        let piece = collapse.pieces[0]
        let expected = try XCTUnwrap(child.convert(Point(x: 20, y: 10), to: screen))
        XCTAssertEqual(piece.centers[0].x, expected.x, accuracy: 1e-9)
        XCTAssertEqual(piece.centers[0].y, expected.y, accuracy: 1e-9)
        XCTAssertEqual(piece.angles[0], Double.pi / 2, accuracy: 1e-9)
        XCTAssertEqual(piece.size, Size(width: 40, height: 20))
    }

    func testPiecesStayInsideTheScreenAndComeToRest() throws {
        let collapse = try Collapse(
            screen: ExampleScreen().makeLayer(),
            spec: CollapseSpec(elasticity: 0.3, friction: 0.5, delay: .random(maximum: 0.5, seed: 7)))
        // With friction the pile settles; with UIKit's default friction 0 a pile that sags a few thousandths of a
        // radian lets its pieces slide for seconds, as it would in UIKit.
        let restedAt = try XCTUnwrap(collapse.restedAt, "the pile must come to rest within 4 s")
        XCTAssertLessThan(restedAt, 4)
        for piece in collapse.pieces {
            for (center, angle) in zip(piece.centers, piece.angles) {
                let (s, c) = (sin(angle), cos(angle))
                let hw = piece.size.width / 2
                let hh = piece.size.height / 2
                let extentX = abs(c) * hw + abs(s) * hh
                let extentY = abs(s) * hw + abs(c) * hh
                XCTAssertGreaterThanOrEqual(center.x - extentX, -0.5, piece.name)
                XCTAssertLessThanOrEqual(center.x + extentX, 375.5, piece.name)
                XCTAssertGreaterThanOrEqual(center.y - extentY, -0.5, piece.name)
                XCTAssertLessThanOrEqual(center.y + extentY, 667.5, piece.name)
            }
        }
    }

    func testTheSeedSceneRestsQuickly() throws {
        // Everything at once, UIKit's defaults: the pieces land flat on each other and sleep.
        let collapse = try Collapse(screen: ExampleScreen().makeLayer(), spec: .seed)
        XCTAssertLessThan(try XCTUnwrap(collapse.restedAt), 2)
    }

    func testFreeFallFollowsUIKitGravityAndOpenBottomLetsThingsFallOff() throws {
        let collapse = try Collapse(
            screen: ExampleScreen().makeLayer(), spec: CollapseSpec(boundary: .openBottom, duration: 2, sampleRate: 60))
        let title = try XCTUnwrap(collapse.pieces.first { $0.name == "Settings" })
        // Everything falls together at first: y = y0 + 500 t² (1000 pt/s²), checked at t = 0.2 s (sample 12).
        XCTAssertEqual(title.centers[12].y - title.centers[0].y, 500 * 0.04, accuracy: 0.5)
        // Pieces wholly below the open bottom are gone: the collapse rests when the last has left (it used to
        // report "still moving" for pieces falling forever out of sight).
        let rested = try XCTUnwrap(collapse.restedAt)
        XCTAssertLessThan(rested, 2)
        let sample = Int((rested * 60).rounded())
        for piece in collapse.pieces {
            let reach = (piece.size.width + piece.size.height) / 2
            XCTAssertGreaterThan(piece.centers[sample].y - reach, 667, "\(piece.name) should have left the screen")
            XCTAssertEqual(piece.centers.last, piece.centers[sample], "\(piece.name) left the simulation")
        }
    }

    func testTopToBottomDelaysHoldPiecesUntilTheirTurn() throws {
        let spec = CollapseSpec(delay: .topToBottom(step: 0.1), boundary: .openBottom, duration: 1.5)
        let collapse = try Collapse(screen: ExampleScreen().makeLayer(), spec: spec)
        let tabBar = try XCTUnwrap(collapse.pieces.first { $0.name == "tab bar" })
        XCTAssertEqual(tabBar.delay, 1.3, accuracy: 1e-12)  // the last of 14 pieces in reading order
        XCTAssertEqual(tabBar.centers[60].y, tabBar.centers[0].y, accuracy: 1e-9)  // still waiting at t = 1 s
        let time = try XCTUnwrap(collapse.pieces.first { $0.name == "9:41" })
        XCTAssertEqual(time.delay, 0)
    }

    func testDeterministic() throws {
        let spec = CollapseSpec(elasticity: 0.4, delay: .random(maximum: 0.6, seed: 42), duration: 2)
        let a = try Collapse(screen: ExampleScreen().makeLayer(), spec: spec)
        let b = try Collapse(screen: ExampleScreen().makeLayer(), spec: spec)
        XCTAssertEqual(a.pieces.map(\.centers), b.pieces.map(\.centers))
        XCTAssertEqual(a.pieces.map(\.angles), b.pieces.map(\.angles))
        let c = try Collapse(
            screen: ExampleScreen().makeLayer(),
            spec: CollapseSpec(elasticity: 0.4, delay: .random(maximum: 0.6, seed: 43), duration: 2))
        XCTAssertNotEqual(a.pieces.map(\.delay), c.pieces.map(\.delay))
    }

    func testTheLayerTreeReplaysTheSimulation() throws {
        let collapse = try Collapse(screen: ExampleScreen().makeLayer(), spec: CollapseSpec(duration: 1))
        let frame = collapse.layer.presentation(at: 0.5)  // sample 30 at 60 Hz
        for (layer, piece) in zip(frame.sublayers, collapse.pieces) {
            XCTAssertEqual(layer.position.x, piece.centers[30].x, accuracy: 1e-6)
            XCTAssertEqual(layer.position.y, piece.centers[30].y, accuracy: 1e-6)
            XCTAssertEqual(
                layer.transform.decomposed.rotation, remainder(piece.angles[30], 2 * Double.pi), accuracy: 1e-6)
        }
    }

    func testBadSpecsAreErrorsWithMessages() {
        let screen = ExampleScreen().makeLayer()
        let cases: [(CollapseSpec, String)] = [
            (CollapseSpec(gravityMagnitude: -1), "gravity magnitude"),
            (CollapseSpec(elasticity: 2), "elasticity"),
            (CollapseSpec(friction: .nan), "friction"),
            (CollapseSpec(duration: 0), "duration"),
            (CollapseSpec(delay: .topToBottom(step: -1)), "delay step"),
        ]
        for (spec, fragment) in cases {
            XCTAssertThrowsError(try Collapse(screen: screen, spec: spec)) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
        XCTAssertThrowsError(try Collapse(screen: Layer(), spec: .seed)) { error in
            XCTAssertTrue("\(error)".contains("size > 0"), "\(error)")
        }
    }
}
