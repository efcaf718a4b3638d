import KineticCore
import XCTest

@testable import KineticDynamics

/// Narrow phase, mass properties and the pair table, checked against hand-computed values.
final class CollisionTests: XCTestCase {
    private func manifold(
        _ shapeA: BodyShape, at pa: Point, angle aa: Double = 0, _ shapeB: BodyShape, at pb: Point, angle ab: Double = 0
    )
        throws -> Manifold
    {
        let world = PhysicsWorld(gravity: .zero)
        var a = BodyDefinition(shape: shapeA, position: pa)
        a.angle = aa
        var b = BodyDefinition(shape: shapeB, position: pb)
        b.angle = ab
        try world.addBody(a)
        try world.addBody(b)
        world.step()
        return try XCTUnwrap(world.contacts.first).manifold
    }

    func testBoxOnBoxGivesTwoPointsAtTheOverlap() throws {
        // B's bottom at y = 51 overlaps A's top at y = 50 by ... A spans 0…100 in y around 50; B sits 1 pt into it.
        let m = try manifold(
            .box(width: 100, height: 100), at: Point(x: 0, y: 0), .box(width: 40, height: 40), at: Point(x: 10, y: -69))
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertEqual(abs(m.normal.y), 1, accuracy: 1e-12)
        XCTAssertEqual(m.point0.separation, -1, accuracy: 1e-9)
        XCTAssertEqual(m.point1.separation, -1, accuracy: 1e-9)
        let xs = [m.point0.point.x, m.point1.point.x].sorted()
        XCTAssertEqual(xs[0], -10, accuracy: 1e-9)
        XCTAssertEqual(xs[1], 30, accuracy: 1e-9)
    }

    func testSeparatedBoxesBeyondSpeculativeDistanceHaveNoPoints() throws {
        let world = PhysicsWorld(gravity: .zero)
        try world.addBody(BodyDefinition(shape: .box(width: 10, height: 10), position: .zero))
        try world.addBody(BodyDefinition(shape: .box(width: 10, height: 10), position: Point(x: 13, y: 0)))
        world.step()
        XCTAssertTrue(world.contacts.allSatisfy { $0.manifold.pointCount == 0 }, "3 pt apart > 2 pt speculative")
    }

    func testCircleOnBoxFace() throws {
        let m = try manifold(.box(width: 100, height: 20), at: .zero, .circle(radius: 10), at: Point(x: 5, y: -19))
        XCTAssertEqual(m.pointCount, 1)
        XCTAssertEqual(m.normal.y, -1, accuracy: 1e-12)
        XCTAssertEqual(m.point0.separation, -1, accuracy: 1e-9)
    }

    func testCircleAgainstCircle() throws {
        let m = try manifold(.circle(radius: 10), at: .zero, .circle(radius: 5), at: Point(x: 9, y: 12))
        XCTAssertEqual(m.pointCount, 1)
        XCTAssertEqual(m.point0.separation, 0, accuracy: 1e-9)
        XCTAssertEqual(m.normal.x, 0.6, accuracy: 1e-12)
        XCTAssertEqual(m.normal.y, 0.8, accuracy: 1e-12)
    }

    func testRoundedBoxCollidesWithItsRoundedSurface() throws {
        // Core 80×80 plus radius 10: the surface is still at ±50 on the faces.
        let m = try manifold(
            .box(width: 100, height: 100, cornerRadius: 10), at: .zero, .box(width: 20, height: 20),
            at: Point(x: 0, y: -59.5))
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertEqual(m.point0.separation, -0.5, accuracy: 1e-9)
    }

    func testUIKitMassScaleAndBoxInertia() throws {
        let world = PhysicsWorld()
        let box = try world.addBody(BodyDefinition(shape: .box(width: 100, height: 100), position: .zero))
        XCTAssertEqual(try world.mass(of: box), 1, accuracy: 1e-12)
        XCTAssertEqual(try world.inertia(of: box), (100.0 * 100 + 100 * 100) / 12, accuracy: 1e-9)
        let disc = try world.addBody(BodyDefinition(shape: .circle(radius: 10), position: Point(x: 500, y: 0)))
        XCTAssertEqual(try world.mass(of: disc), Double.pi * 100 / 10_000, accuracy: 1e-12)
        XCTAssertEqual(try world.inertia(of: disc), Double.pi * 100 / 10_000 * 50, accuracy: 1e-9)
        var triangle = BodyDefinition(
            shape: .polygon(vertices: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 0, y: 30)]),
            position: Point(x: 900, y: 0))
        triangle.density = 2
        let t = try world.addBody(triangle)
        XCTAssertEqual(try world.mass(of: t), 2 * 450 / 10_000, accuracy: 1e-12)
        // The item's centre stays where it was put; the centre of mass is at (10, 10) from it.
        XCTAssertEqual(try world.position(of: t).x, 900, accuracy: 1e-12)
    }

    func testRoundedBoxAreaIsExact() throws {
        let geometry = try ShapeGeometry.make(.box(width: 100, height: 60, cornerRadius: 10))
        XCTAssertEqual(geometry.area, 100 * 60 - (4 - Double.pi) * 100, accuracy: 1e-9)
    }

    func testBadShapesAreRefusedWithAMessage() {
        let world = PhysicsWorld()
        for shape in [
            BodyShape.box(width: 0, height: 10), .box(width: .nan, height: 10), .circle(radius: -1),
            .polygon(vertices: [.zero, Point(x: 1, y: 1), Point(x: 2, y: 2)]),
        ] {
            XCTAssertThrowsError(try world.addBody(BodyDefinition(shape: shape, position: .zero))) { error in
                XCTAssertFalse((error as? PhysicsError)?.message.isEmpty ?? true)
            }
        }
        var bad = BodyDefinition(shape: .box(width: 10, height: 10), position: .zero)
        bad.density = 0
        XCTAssertThrowsError(try world.addBody(bad))
    }

    func testPairTableFindsRemovesAndGrows() {
        var table = PairTable(capacity: 4)
        for i in 0..<500 { table.set(PairTable.key(Int32(i), Int32(i + 7)), Int32(i)) }
        XCTAssertEqual(table.count, 500)
        for i in stride(from: 0, to: 500, by: 2) { table.remove(PairTable.key(Int32(i + 7), Int32(i))) }
        XCTAssertEqual(table.count, 250)
        for i in 0..<500 {
            let found = table.find(PairTable.key(Int32(i), Int32(i + 7)))
            XCTAssertEqual(found, i % 2 == 0 ? nil : Int32(i))
        }
    }
}
