import KineticCore
import XCTest

@testable import KineticDynamics

/// The broad phase's fat boxes (``PhysicsWorld/fatMargin(minimumExtent:)``): each proxy's box is its body's box grown
/// by a tenth of the body's minimum extent, and by at least 1 pt.
final class ProxyMarginTests: XCTestCase {
    func testTheMarginIsATenthOfTheMinimumExtentAndAtLeastOnePoint() {
        XCTAssertEqual(PhysicsWorld.fatMargin(minimumExtent: 50), 5)
        XCTAssertEqual(PhysicsWorld.fatMargin(minimumExtent: 30), 3)
        XCTAssertEqual(PhysicsWorld.fatMargin(minimumExtent: 10), 1)
        XCTAssertEqual(PhysicsWorld.fatMargin(minimumExtent: 6), 1)
        XCTAssertEqual(PhysicsWorld.fatMargin(minimumExtent: 0), 1)
    }

    /// Bodies of several sizes, weightless and still, stepped once: each proxy's box is its body's own box grown by
    /// the margin its size gives (5 pt for a 100 pt box, 3 pt for a circle of radius 30, 1 pt for a 12 × 20 pt box
    /// and for a static segment, whose minimum extent is 0).
    func testEachProxyBoxIsItsBodysBoxGrownByItsOwnMargin() throws {
        let world = PhysicsWorld(gravity: .zero)
        let shapes: [(BodyShape, Double)] = [
            (.box(width: 100, height: 100), 5),
            (.circle(radius: 30), 3),
            (.box(width: 12, height: 20), 1),
            (.segment(from: Point(x: -40, y: 0), to: Point(x: 40, y: 0)), 1),
        ]
        var ids: [BodyID] = []
        for (k, (shape, _)) in shapes.enumerated() {
            var definition = BodyDefinition(shape: shape, position: Point(x: 300 * Double(k), y: 0))
            if case .segment = shape { definition.kind = .static }
            ids.append(try world.addBody(definition))
        }
        world.step()
        for (id, (_, margin)) in zip(ids, shapes) {
            let i = Int(id.index)
            let box = world.bodies[i].bounds
            let proxy = world.proxyBoxes[i]
            XCTAssertEqual(proxy.minX, box.minX - margin, accuracy: 1e-12)
            XCTAssertEqual(proxy.maxX, box.maxX + margin, accuracy: 1e-12)
            XCTAssertEqual(proxy.minY, box.minY - margin, accuracy: 1e-12)
            XCTAssertEqual(proxy.maxY, box.maxY + margin, accuracy: 1e-12)
        }
    }

    /// A 100 pt box set moving at 180 pt/s: its box grows by the 1.5 pt it can move in a step (1/120 s), within
    /// its 5 pt margin, and its fat box is kept (no new pairs looked for); a 12 pt box's grows past its 1 pt
    /// margin, and it gets a new fat box.
    func testALargeBodyMovesFurtherBeforeItsProxyIsUpdated() throws {
        let world = PhysicsWorld(gravity: .zero)
        let large = try world.addBody(BodyDefinition(shape: .box(width: 100, height: 100), position: .zero))
        let small = try world.addBody(
            BodyDefinition(shape: .box(width: 12, height: 12), position: Point(x: 300, y: 0)))
        world.step()
        let before = (world.proxyBoxes[Int(large.index)], world.proxyBoxes[Int(small.index)])
        try world.setVelocity(of: large, Point(x: 180, y: 0), angularVelocity: 0)
        try world.setVelocity(of: small, Point(x: 180, y: 0), angularVelocity: 0)
        world.step()
        let after = (world.proxyBoxes[Int(large.index)], world.proxyBoxes[Int(small.index)])
        XCTAssertEqual(
            [after.0.minX, after.0.minY, after.0.maxX, after.0.maxY],
            [before.0.minX, before.0.minY, before.0.maxX, before.0.maxY])
        XCTAssertEqual(after.1.maxX, before.1.maxX + 1.5, accuracy: 1e-9)
        XCTAssertEqual(after.1.minX, before.1.minX - 1.5, accuracy: 1e-9)
    }
}
