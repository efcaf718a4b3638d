import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The bar for the engine, at default settings (1/120 s steps, 4 substeps).
final class EngineBarTests: XCTestCase {
    private let dt = 1.0 / 120.0

    func testFreeFallIsExactWithinHalfAPoint() throws {
        let world = PhysicsWorld()
        let box = try world.addBody(
            BodyDefinition(shape: .box(width: 100, height: 100), position: Point(x: 187.5, y: 100)))
        var worst = 0.0
        for n in 1...120 {
            world.step()
            let t = Double(n) * dt
            let y = try world.position(of: box).y
            worst = max(worst, abs(y - (100 + 500 * t * t)))
        }
        let y = try world.position(of: box).y
        XCTAssertEqual(y, 600, accuracy: 0.5, "y₀ + 500 t² at t = 1 s")
        XCTAssertLessThan(worst, 0.5)
        XCTAssertEqual(try world.velocity(of: box).y, 1000, accuracy: 0.5, "v = g t at t = 1 s")
        // Chipmunk's figure from the fixture, for the record: it lags by 8.3 pt at 60 Hz.
        let chipmunk = try ChipmunkFixture.load()
        XCTAssertGreaterThan(chipmunk.freeFallDeviation, 8)
        XCTAssertLessThan(abs(y - 600), chipmunk.freeFallDeviation)
    }

    func testDroppedBoxLandsOnTimeRestsShallowAndSleeps() throws {
        let scene = try ReferenceScenes.drop(elasticity: 0)
        let world = scene.world
        let box = scene.boxes[0]
        var contactTime: Double?
        var sleepTime: Double?
        var deepest = 0.0
        for n in 1...600 {
            world.step()
            let t = Double(n) * dt
            let bottom = try world.position(of: box).y + 50
            if contactTime == nil && bottom >= 600 - 0.5 { contactTime = t }
            if contactTime != nil { deepest = max(deepest, bottom - 600) }
            if sleepTime == nil, try !world.isAwake(box) { sleepTime = t }
        }
        let analytic = (400.0 / 500.0).squareRoot()  // 0.894 s
        let contact = try XCTUnwrap(contactTime)
        XCTAssertEqual(contact, analytic, accuracy: dt, "first contact within one step of √(2h/g)")
        let rest = try world.position(of: box).y + 50 - 600
        XCTAssertLessThan(rest, 0.5, "resting penetration")
        XCTAssertGreaterThan(rest, -0.5, "no gap under the box")
        XCTAssertLessThan(deepest, 0.5, "deepest penetration after contact")
        let asleep = try XCTUnwrap(sleepTime)
        XCTAssertLessThanOrEqual(asleep - contact, 0.3, "asleep within 0.3 s of contact")
        XCTAssertEqual(try world.angle(of: box), 0, accuracy: 1e-4, "a square landing flat does not turn")
    }

    func testStackUnderTiltedGravityHoldsByFriction() throws {
        // Three boxes (friction 0.5) under gravity 0.25 rad off the vertical (tan 0.25 = 0.26 < 0.5, and the stack's
        // centre stays over its base), sleeping off: static friction holds the bottom box on the floor but for the
        // first settling's slip. Friction relaxed after the points in resting contact holds it to 0.004 pt; relaxed
        // before them, the points' impulses let it slip 0.05 pt. (The boxes above lean a thousandth of a radian on
        // their contacts' uneven give, which moves their centres a tenth of a point.)
        var settings = PhysicsSettings()
        settings.allowsSleeping = false
        let tilt = 0.25
        let world = PhysicsWorld(settings: settings, gravity: Point(x: 1000 * sin(tilt), y: 1000 * cos(tilt)))
        try ReferenceScenes.addFloor(to: world, width: 2000, center: Point(x: 0, y: 650))
        var boxes: [BodyID] = []
        for k in 0..<3 {
            var box = BodyDefinition(
                shape: .box(width: 100, height: 100), position: Point(x: 0, y: 550 - 100 * Double(k)))
            box.friction = 0.5
            boxes.append(try world.addBody(box))
        }
        world.step(count: 600)
        XCTAssertLessThan(abs(try world.position(of: boxes[0]).x), 0.01, "the bottom box slid")
        for (k, box) in boxes.enumerated() {
            XCTAssertLessThan(abs(try world.angle(of: box)), 0.005, "box \(k) turned")
        }
    }

    func testHalfElasticBoxReboundsToAQuarterOfTheDrop() throws {
        let scene = try ReferenceScenes.drop(elasticity: 0.5)
        let world = scene.world
        let box = scene.boxes[0]
        var landed = false
        var leftFloor = false
        var highest = Double.infinity
        for _ in 1...360 {
            world.step()
            let bottom = try world.position(of: box).y + 50
            if !landed && bottom >= 599 { landed = true }
            if landed && bottom < 595 { leftFloor = true }
            if leftFloor {
                highest = min(highest, bottom)
                if bottom >= 599 { break }
            }
        }
        let rebound = 600 - highest
        XCTAssertTrue(leftFloor)
        XCTAssertEqual(rebound, 0.25 * 400, accuracy: 0.05 * 100, "rebound e²·h = 100 pt within 5 %")
    }

    func testStackOfTenStandsStillForFiveSeconds() throws {
        let scene = try ReferenceScenes.stack(count: 10)
        let world = scene.world
        let start = try scene.boxes.map { try world.position(of: $0) }
        var worstShift = 0.0
        var worstTurn = 0.0
        for _ in 0..<600 {
            world.step()
            for (k, box) in scene.boxes.enumerated() {
                worstShift = max(worstShift, abs(try world.position(of: box).x - start[k].x))
                worstTurn = max(worstTurn, abs(try world.angle(of: box)))
            }
        }
        XCTAssertLessThanOrEqual(worstShift, 0.5)
        XCTAssertLessThanOrEqual(worstTurn, 0.01)
        // Measured: 0.00015 pt and 1.2e-5 rad (alternating the order of a face's two points keeps it symmetric).
        XCTAssertLessThanOrEqual(worstShift, 0.01, "a symmetric stack stays symmetric")
        XCTAssertLessThanOrEqual(worstTurn, 1e-4)
        let top = try world.position(of: scene.boxes[9]).y
        XCTAssertEqual(top, start[9].y, accuracy: 5, "soft contacts: the stack sags by less than 5 pt")
        XCTAssertTrue(world.isAtRest, "the stack sleeps")
    }

    /// Box2D's benchmark pyramids, smaller (the benchmark runs them whole, in release): they must stand as they do
    /// in Box2D, or the speed comparison would compare different work. A pyramid of base 12 (78 boxes) for
    /// Box2D's 500 steps, and 2 × 1 of the many-pyramids scene for its 200 steps: no box slides or turns, and the
    /// tops sink by the contacts' softness only.
    func testBox2DsBenchmarkPyramidsStand() throws {
        for (scene, steps) in [
            (try ReferenceScenes.largePyramid(baseCount: 12), 500),
            (try ReferenceScenes.manyPyramids(rows: 2, columns: 1), 200),
        ] {
            let world = scene.world
            let start = try scene.boxes.map { try world.position(of: $0) }
            world.step(count: steps)
            var worstSlide = 0.0
            var worstSink = 0.0
            var worstTurn = 0.0
            for (k, box) in scene.boxes.enumerated() {
                let end = try world.position(of: box)
                worstSlide = max(worstSlide, abs(end.x - start[k].x))
                worstSink = max(worstSink, end.y - start[k].y)
                worstTurn = max(worstTurn, abs(try world.angle(of: box)))
            }
            // Measured: 78 boxes slide 0.093 pt, sink 1.06 pt, turn 0.0006 rad; 110 boxes 0.067, 0.74, 0.0004.
            XCTAssertLessThanOrEqual(worstSlide, 0.5, "\(scene.boxes.count) boxes")
            XCTAssertLessThanOrEqual(worstSink, 3, "\(scene.boxes.count) boxes")
            XCTAssertLessThanOrEqual(worstTurn, 0.005, "\(scene.boxes.count) boxes")
        }
    }

    func testFastBodiesDoNotTunnelThroughWalls() throws {
        // 10 pt boxes and a 6 pt disc at up to 20,000 pt/s (167 pt per step): the speculative distance grows with
        // the closing speed, so a wall is met in the step that would cross it.
        let world = PhysicsWorld(gravity: .zero)
        try ReferenceScenes.addWalls(to: world, width: 375, height: 667)
        var bodies: [BodyID] = []
        for (k, velocity) in [Point(x: 20_000, y: 0), Point(x: -15_000, y: 7_000), Point(x: 3_000, y: 19_000)]
            .enumerated()
        {
            var box = BodyDefinition(
                shape: .box(width: 10, height: 10), position: Point(x: 187.5, y: 100 + 200 * Double(k)))
            box.velocity = velocity
            box.elasticity = 1
            bodies.append(try world.addBody(box))
        }
        var disc = BodyDefinition(shape: .circle(radius: 3), position: Point(x: 100, y: 333))
        disc.velocity = Point(x: -18_000, y: -9_000)
        bodies.append(try world.addBody(disc))
        for _ in 0..<240 {
            world.step()
            for body in bodies {
                let p = try world.position(of: body)
                XCTAssertTrue(p.x > 0 && p.x < 375 && p.y > 0 && p.y < 667, "escaped to \(p)")
            }
        }
        // A thin anchored bar (4 pt) is not passed either: a box shot at it at 20,000 pt/s stays on its side.
        let bar = PhysicsWorld(gravity: .zero)
        var plank = BodyDefinition(shape: .box(width: 300, height: 4), position: Point(x: 187.5, y: 333))
        plank.kind = .static
        try bar.addBody(plank)
        var bullet = BodyDefinition(shape: .box(width: 6, height: 6), position: Point(x: 187.5, y: 100))
        bullet.velocity = Point(x: 300, y: 20_000)
        let shot = try bar.addBody(bullet)
        for _ in 0..<60 {
            bar.step()
            XCTAssertLessThan(try bar.position(of: shot).y, 333 - 2 - 3 + 0.5)
        }
    }

    func testPileOfFortyStaysInsideTheWallsAndSleepsWithinFourSeconds() throws {
        let scene = try ReferenceScenes.pile(count: 40, width: 375, height: 667, minimumSide: 20, maximumSide: 80)
        let world = scene.world
        var worstOutside = 0.0
        var restedAt: Double?
        for n in 1...600 {
            world.step()
            for box in scene.boxes {
                let i = try world.index(of: box)
                let body = world.bodies[i]
                let start = Int(body.vertexStart)
                for k in start..<(start + Int(body.vertexCount)) {
                    let corner = body.transform.apply(world.vertices[k])
                    worstOutside = max(worstOutside, -corner.x, corner.x - 375, -corner.y, corner.y - 667)
                }
            }
            if restedAt == nil && world.isAtRest { restedAt = Double(n) * dt }
        }
        XCTAssertLessThanOrEqual(worstOutside, 0.5, "every box inside the walls within 0.5 pt at every step")
        let rested = try XCTUnwrap(restedAt, "the pile never came to rest")
        XCTAssertLessThanOrEqual(rested, 4)
    }
}

/// Chipmunk's figures from Tests/Fixtures/physics_chipmunk.json.
struct ChipmunkFixture {
    var freeFallDeviation: Double

    static func load() throws -> ChipmunkFixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/physics_chipmunk.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let root = try XCTUnwrap(json as? [String: Any])
        let scene = try XCTUnwrap(root["scene1_free_fall"] as? [String: Any])
        let runs = try XCTUnwrap(scene["runs"] as? [[String: Any]])
        let deviation = try XCTUnwrap(runs.first?["deviation_at_t1"] as? Double)
        return ChipmunkFixture(freeFallDeviation: abs(deviation))
    }
}
