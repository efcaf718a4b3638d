import KineticCore
import KineticDynamics
import XCTest

/// ``PhysicsSettings/maximumLinearSpeed``, applied as velocities are integrated.
final class SpeedLimitTests: XCTestCase {
    /// The speed limit (taken as a rare branch in the velocity integration) holds a fast body to the limit along
    /// its own direction, and leaves a body under the limit alone.
    func testTheSpeedLimitHoldsAFastBody() throws {
        var settings = PhysicsSettings()
        settings.maximumLinearSpeed = 500
        let world = PhysicsWorld(settings: settings, gravity: .zero)
        var fast = BodyDefinition(shape: .box(width: 20, height: 20), position: .zero)
        fast.velocity = Point(x: 3_000, y: -4_000)
        let fastID = try world.addBody(fast)
        var slow = BodyDefinition(shape: .box(width: 20, height: 20), position: Point(x: 0, y: 10_000))
        slow.velocity = Point(x: 120, y: 160)
        let slowID = try world.addBody(slow)
        world.step()
        let v = try world.velocity(of: fastID)
        XCTAssertEqual(v.x, 300, accuracy: 1e-9)
        XCTAssertEqual(v.y, -400, accuracy: 1e-9)
        XCTAssertEqual(try world.velocity(of: slowID), Point(x: 120, y: 160))
    }
}
