import XCTest

@testable import KineticDynamics

/// The bundle's lane bookkeeping in either width (four lanes, or eight in a `KINETIC_LANES8` build, which
/// `scripts/lanes8-tests.sh` runs): which lanes' bodies a bundle writes back, where each lane's velocity goes, and
/// which groups of four lanes the warm start leaves alone.
final class BundleLaneTests: XCTestCase {
    private let width = ConstraintBundle.width

    /// Bit k of a write mask: body A of lane k; bit `width` + k: body B of lane k.
    private func bit(_ k: Int) -> ConstraintBundle.WriteMask { 1 << ConstraintBundle.WriteMask(k) }

    func testTheWriteMaskNamesTheLanesWithAMovableBody() {
        var bundle = ConstraintBundle()
        bundle.massA[0] = 1
        bundle.inertiaA[width - 1] = 0.5
        bundle.inertiaB[1] = 2
        bundle.massB[width - 2] = 3
        let mask = withUnsafePointer(to: &bundle) { ConstraintBundle.writeMask(of: $0) }
        XCTAssertEqual(mask, bit(0) | bit(width - 1) | bit(width + 1) | bit(2 * width - 2))
    }

    /// Each lane's velocity goes to its own body's record, marked newer than the state, for exactly the bodies the
    /// mask names; the others keep theirs.
    func testAStoreWritesEachLaneToItsBodyWhereTheMaskSays() {
        let count = 64
        let mirror = UnsafeMutablePointer<BundleBody>.allocate(capacity: count)
        defer { mirror.deallocate() }
        var bundle = ConstraintBundle()
        for k in 0..<width {
            bundle.bodyA[k] = Int32(10 + k)
            bundle.bodyB[k] = Int32(30 + k)
        }
        for masks in [
            ConstraintBundle.WriteMask.max, 0, ConstraintBundle.WriteMask(truncatingIfNeeded: 0b0101_1010_0011),
            bit(0) | bit(2 * width - 1),
        ] {
            for i in 0..<count {
                mirror[i] = BundleBody(BodyState())
                mirror[i].velocity = SIMD4(-1, -2, -3, 0)
            }
            withUnsafeMutablePointer(to: &bundle) { pointer in
                var bodies = BundleBodies(pointer, mirror)
                for k in 0..<width {
                    bodies.vAx[k] = Float(100 + k)
                    bodies.vAy[k] = Float(200 + k)
                    bodies.wA[k] = Float(300 + k)
                    bodies.vBx[k] = Float(400 + k)
                    bodies.vBy[k] = Float(500 + k)
                    bodies.wB[k] = Float(600 + k)
                }
                bodies.store(pointer, writes: masks, mirror)
            }
            for k in 0..<width {
                let a = mirror[10 + k].velocity
                let b = mirror[30 + k].velocity
                if masks & bit(k) != 0 {
                    XCTAssertEqual(a, SIMD4(Float(100 + k), Float(200 + k), Float(300 + k), 1), "A of lane \(k)")
                } else {
                    XCTAssertEqual(a, SIMD4(-1, -2, -3, 0), "A of lane \(k) untouched")
                }
                if masks & bit(width + k) != 0 {
                    XCTAssertEqual(b, SIMD4(Float(400 + k), Float(500 + k), Float(600 + k), 1), "B of lane \(k)")
                } else {
                    XCTAssertEqual(b, SIMD4(-1, -2, -3, 0), "B of lane \(k) untouched")
                }
            }
        }
    }

    /// The warm start writes the bodies of a group of four lanes only when one of its lanes has an impulse.
    func testTheWarmStartLeavesGroupsWithoutImpulsesAlone() {
        for lane in 0..<width {
            for field in 0..<4 {
                var bundle = ConstraintBundle()
                switch field {
                case 0: bundle.point0.normalImpulse[lane] = 1
                case 1: bundle.point0.tangentImpulse[lane] = -1
                case 2: bundle.point1.normalImpulse[lane] = 1
                default: bundle.point1.tangentImpulse[lane] = -1
                }
                let mask = withUnsafePointer(to: &bundle) { ConstraintBundle.warmStartMask(of: $0) }
                var expected: ConstraintBundle.WriteMask = 0
                let group = lane / 4
                for k in (4 * group)..<(4 * group + 4) { expected |= bit(k) | bit(width + k) }
                XCTAssertEqual(mask, expected, "lane \(lane), field \(field)")
            }
        }
        var empty = ConstraintBundle()
        XCTAssertEqual(withUnsafePointer(to: &empty) { ConstraintBundle.warmStartMask(of: $0) }, 0)
    }
}
