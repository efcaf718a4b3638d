import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The sleep islands against a search written out plainly: at every step of four settling stacks — one pushed back
/// and forth for the first seconds so that its island stays restless, and tied to another by a slack rope — the
/// bodies the world puts to sleep are exactly those whose island (awake dynamic bodies linked by the step's touching
/// contacts and by joints, found by a breadth-first search) has every body still for the time to sleep.
final class SleepIslandTests: XCTestCase {
    /// The awake bodies a plain island search says go to sleep after the step's solve.
    private func expectedSleepers(_ world: PhysicsWorld) -> Set<Int32> {
        let awake = world.awake
        var neighbours: [Int32: [Int32]] = [:]
        for i in awake { neighbours[i] = [] }
        let links = world.sleepLinks.buffer
        for k in 0..<links.count {
            neighbours[links[k].x, default: []].append(links[k].y)
            neighbours[links[k].y, default: []].append(links[k].x)
        }
        for joint in world.joints where joint.isAlive {
            let a = world.bodies[Int(joint.bodyA)]
            let b = world.bodies[Int(joint.bodyB)]
            guard a.isDynamic && a.isAwake && b.isDynamic && b.isAwake else { continue }
            neighbours[joint.bodyA, default: []].append(joint.bodyB)
            neighbours[joint.bodyB, default: []].append(joint.bodyA)
        }
        var seen: Set<Int32> = []
        var sleepers: Set<Int32> = []
        for start in awake where !seen.contains(start) {
            var island: [Int32] = [start]
            seen.insert(start)
            var k = 0
            while k < island.count {
                for next in neighbours[island[k], default: []] where !seen.contains(next) {
                    seen.insert(next)
                    island.append(next)
                }
                k += 1
            }
            if island.allSatisfy({ world.bodies[Int($0)].sleepTime >= world.settings.timeToSleep }) {
                sleepers.formUnion(island)
            }
        }
        return sleepers
    }

    func testTheIslandsThatSleepAreThoseOfAPlainSearch() throws {
        // Four stacks of three boxes on a floor, apart: stack 0's top box is pushed for the first 2.5 s, stacks 1
        // and 3 are left alone.
        let world = PhysicsWorld()
        var floor = BodyDefinition(shape: .box(width: 2_000, height: 40), position: Point(x: 700, y: 620))
        floor.kind = .static
        _ = try world.addBody(floor)
        var stacks: [[BodyID]] = []
        for column in 0..<4 {
            var stack: [BodyID] = []
            for row in 0..<3 {
                var box = BodyDefinition(
                    shape: .box(width: 40, height: 40),
                    position: Point(x: 100 + 300 * Double(column), y: 579 - 41 * Double(row)))
                box.friction = 0.5
                stack.append(try world.addBody(box))
            }
            stacks.append(stack)
        }
        // A slack rope (700 pt, its ends 600 pt apart) from the pushed stack's bottom box to stack 2's: it pulls on
        // nothing, but it links stack 2 into the restless island.
        var rope = Joint(
            kind: .distance, bodyA: Int32(try world.index(of: stacks[0][0])),
            bodyB: Int32(try world.index(of: stacks[2][0])), localAnchorA: .zero, localAnchorB: .zero)
        rope.length = 700
        rope.isRope = true
        _ = world.addJoint(rope)
        let pushed = stacks[0][2]
        let dt = world.settings.timeStep
        var sleptWhilePushed: Set<Int32> = []
        var sleptInAll: Set<Int32> = []
        for n in 1...900 {
            if n <= 300 && n % 20 == 0 {
                try world.applyImpulse(
                    to: pushed, Point(x: n % 40 == 0 ? 2 : -2, y: 0), at: try world.position(of: pushed))
            }
            world.stepIndex &+= 1
            world.stepCount += 1
            world.contactEvents.removeAll()
            world.updateContacts(dt: dt)
            world.solve(dt: dt)
            let expected = expectedSleepers(world)
            let before = Set(world.awake)
            world.updateSleep(dt: dt)
            let slept = before.filter { !world.bodies[Int($0)].isAwake }
            XCTAssertEqual(slept, expected, "step \(n)")
            sleptInAll.formUnion(slept)
            if n <= 300 { sleptWhilePushed.formUnion(slept) }
        }
        // Islands went to sleep while the pushed stack was restless (stack 1 at least), and in the end all did.
        let stack1 = Set(try stacks[1].map { Int32(try world.index(of: $0)) })
        XCTAssertTrue(stack1.isSubset(of: sleptWhilePushed), "stack 1 sleeps while stack 0 is pushed")
        XCTAssertFalse(sleptWhilePushed.contains(Int32(try world.index(of: pushed))))
        XCTAssertFalse(sleptWhilePushed.contains(Int32(try world.index(of: stacks[2][0]))), "roped to stack 0")
        XCTAssertEqual(sleptInAll.count, 12)
        XCTAssertTrue(world.isAtRest)
    }
}
