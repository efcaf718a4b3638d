import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// The colouring is kept from one step to the next while the solved contacts stay the same, and keeping it
/// changes nothing.
final class ColouringReuseTests: XCTestCase {
    private typealias Snapshot = (order: [Int32], colours: [ConstraintColoring.Colour])

    private func snapshot(_ coloring: ConstraintColoring) -> Snapshot {
        (coloring.order, coloring.colours)
    }

    private func assertSame(_ a: Snapshot, _ b: Snapshot, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.order, b.order, file: file, line: line)
        XCTAssertEqual(a.colours.map(\.start), b.colours.map(\.start), file: file, line: line)
        XCTAssertEqual(a.colours.map(\.end), b.colours.map(\.end), file: file, line: line)
        XCTAssertEqual(a.colours.map(\.isIndependent), b.colours.map(\.isIndependent), file: file, line: line)
    }

    private func build(
        _ coloring: inout ConstraintColoring, _ contacts: [SelectedContact], dynamicCount: Int, version: UInt64,
        dynamic: Set<Int32>
    ) {
        contacts.withUnsafeBufferPointer {
            coloring.build(
                selected: $0, dynamicCount: dynamicCount, bodyCount: 8, bodiesVersion: version,
                isDynamic: { dynamic.contains($0) })
        }
    }

    func testTheSameInputKeepsTheColoursAndAnyChangeBuildsThemAgain() {
        // Bodies 1…4 dynamic, 0 static: a chain 1–2–3–4 between dynamic bodies, then 1, 2 and 3 on the ground.
        let chain = [
            SelectedContact(contact: 0, bodyA: 1, bodyB: 2), SelectedContact(contact: 1, bodyA: 2, bodyB: 3),
            SelectedContact(contact: 2, bodyA: 3, bodyB: 4), SelectedContact(contact: 3, bodyA: 0, bodyB: 1),
            SelectedContact(contact: 4, bodyA: 0, bodyB: 2), SelectedContact(contact: 5, bodyA: 3, bodyB: 0),
        ]
        let dynamic: Set<Int32> = [1, 2, 3, 4]
        var fresh = ConstraintColoring()
        build(&fresh, chain, dynamicCount: 3, version: 0, dynamic: dynamic)
        let first = snapshot(fresh)
        XCTAssertEqual(first.colours.count, 3, "two colours for the chain, one for the ground contacts")
        XCTAssertEqual(fresh.reuseCount, 0)

        var kept = fresh
        build(&kept, chain, dynamicCount: 3, version: 0, dynamic: dynamic)
        XCTAssertEqual(kept.reuseCount, 1)
        assertSame(snapshot(kept), first)

        // One contact gone: built again, and the same as a colouring that never saw the first input.
        let shorter = Array(chain.dropFirst())
        build(&kept, shorter, dynamicCount: 2, version: 0, dynamic: dynamic)
        XCTAssertEqual(kept.reuseCount, 1)
        var other = ConstraintColoring()
        build(&other, shorter, dynamicCount: 2, version: 0, dynamic: dynamic)
        assertSame(snapshot(kept), snapshot(other))

        // Back to the first input: built again (the last build was another), equal to the first.
        build(&kept, chain, dynamicCount: 3, version: 0, dynamic: dynamic)
        XCTAssertEqual(kept.reuseCount, 1)
        assertSame(snapshot(kept), first)

        // Three bodies on the ground (one colour: their dynamic bodies differ), then the same contacts after the
        // kinds changed — body 0 dynamic, 1, 2 and 3 static, a new version: all three on one dynamic body now,
        // three colours. Kept only while the version stays.
        let ground = Array(chain.suffix(3))
        build(&kept, ground, dynamicCount: 0, version: 1, dynamic: dynamic)
        XCTAssertEqual(kept.colours.count, 1)
        build(&kept, ground, dynamicCount: 0, version: 1, dynamic: dynamic)
        XCTAssertEqual(kept.reuseCount, 2)
        build(&kept, ground, dynamicCount: 0, version: 2, dynamic: [0])
        XCTAssertEqual(kept.reuseCount, 2)
        XCTAssertEqual(kept.colours.count, 3)
        var swapped = ConstraintColoring()
        build(&swapped, ground, dynamicCount: 0, version: 2, dynamic: [0])
        assertSame(snapshot(kept), snapshot(swapped))
    }

    func testKeptColoursGiveTheBitsOfColoursBuiltEveryStep() throws {
        // A 20-row pyramid settles: most steps solve the contacts of the step before. On two threads, with every
        // stage split, so that the kept colours' bundles run as the built ones do.
        var settings = ReferenceScenes.box2DBenchmarkSettings
        settings.threadCount = 2
        let kept = try ReferenceScenes.largePyramid(baseCount: 20, settings: settings)
        let built = try ReferenceScenes.largePyramid(baseCount: 20, settings: settings)
        for scene in [kept, built] { scene.world.parallelThreshold = 0 }
        built.world.recoloursEveryStep = true
        for _ in 0..<4 {
            kept.world.step(count: 60)
            built.world.step(count: 60)
            XCTAssertEqual(try kept.stateHash(velocities: true), try built.stateHash(velocities: true))
        }
        XCTAssertGreaterThan(kept.world.coloring.reuseCount, 120, "a settling pyramid keeps its colours")
        XCTAssertEqual(built.world.coloring.reuseCount, 0)
        // A box made static between steps: its contacts move to the static group, and the colours are built again.
        let before = kept.world.coloring.reuseCount
        kept.world.setKind(Int(kept.boxes[0].index), .static, density: 1)
        built.world.setKind(Int(built.boxes[0].index), .static, density: 1)
        kept.world.step()
        built.world.step()
        XCTAssertEqual(kept.world.coloring.reuseCount, before)
        kept.world.step(count: 30)
        built.world.step(count: 30)
        XCTAssertEqual(try kept.stateHash(velocities: true), try built.stateHash(velocities: true))
    }

    func testBodiesSwappingKindsBuildTheColoursAgain() throws {
        // Two boxes rest on a static block; then the boxes are made static and the block dynamic. The solved
        // contacts are the same two, in the same order and group, but now share their dynamic body (the block):
        // colours kept from before would put both in one bundle, two lanes writing one body. The world's bodies
        // version makes the colouring build again.
        func scene() throws -> ReferenceScenes.Built {
            var settings = ReferenceScenes.box2DBenchmarkSettings
            settings.threadCount = 2
            let world = PhysicsWorld(settings: settings)
            world.parallelThreshold = 0
            var block = BodyDefinition(shape: .box(width: 400, height: 200), position: Point(x: 0, y: 100))
            block.kind = .static
            let blockID = try world.addBody(block)
            let left = try world.addBody(
                BodyDefinition(shape: .box(width: 100, height: 100), position: Point(x: -80, y: -50)))
            let right = try world.addBody(
                BodyDefinition(shape: .box(width: 100, height: 100), position: Point(x: 80, y: -50)))
            return ReferenceScenes.Built(world: world, boxes: [left, right, blockID])
        }
        let kept = try scene()
        let built = try scene()
        built.world.recoloursEveryStep = true
        for scene in [kept, built] { scene.world.step(count: 30) }
        let reused = kept.world.coloring.reuseCount
        XCTAssertGreaterThan(reused, 20, "two boxes at rest keep their colours")
        XCTAssertEqual(kept.world.coloring.colours.count, 1, "the two ground contacts share no moving body")
        for scene in [kept, built] {
            scene.world.setKind(Int(scene.boxes[0].index), .static, density: 1)
            scene.world.setKind(Int(scene.boxes[1].index), .static, density: 1)
            scene.world.setKind(Int(scene.boxes[2].index), .dynamic, density: 1)
            scene.world.step()
        }
        XCTAssertEqual(kept.world.coloring.reuseCount, reused, "built again after the kinds changed")
        XCTAssertEqual(kept.world.coloring.colours.count, 2, "both contacts now hold the block")
        for scene in [kept, built] { scene.world.step(count: 10) }
        XCTAssertEqual(try kept.stateHash(velocities: true), try built.stateHash(velocities: true))
    }
}
