import KineticCore
import XCTest

@testable import KineticDynamics

/// Room reserved a little at a time grows geometrically (``Swift/Array/reserveGrowing(toHold:)``): a world or an
/// animator that gains one body before each step copies its arrays a logarithmic number of times, not each time.
final class CapacityGrowthTests: XCTestCase {
    func testReservingOneMoreBodyAtATimeGrowsTheWorldsArraysGeometrically() throws {
        let world = PhysicsWorld()
        var capacities = Set<Int>()
        for k in 0..<2_000 {
            world.reserveCapacity(forAdditionalBodies: 1)
            try world.addBody(
                BodyDefinition(shape: .box(width: 10, height: 10), position: Point(x: Double(k) * 20, y: 0)))
            capacities.insert(world.bodies.capacity)
        }
        // Doubling from a few bodies to 2,000 takes about ten capacities; exact reservations took one per body.
        XCTAssertLessThan(capacities.count, 16, "capacities: \(capacities.sorted().prefix(20))…")
    }

    func testAnAnimatorGainingAnItemEachStepGrowsGeometrically() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100_000, height: 1_000))
        let gravity = GravityBehavior()
        try animator.addBehavior(gravity)
        var capacities = Set<Int>()
        for k in 0..<500 {
            gravity.addItem(BasicDynamicItem(frame: Rect(x: Double(k) * 20, y: 0, width: 10, height: 10)))
            _ = try animator.advance(by: 1.0 / 60)
            capacities.insert(animator.world.bodies.capacity)
        }
        XCTAssertEqual(animator.world.bodies.count - 1, 500, "one body an item (and the world's first, unused)")
        XCTAssertLessThan(capacities.count, 16, "capacities: \(capacities.sorted().prefix(20))…")
    }
}
