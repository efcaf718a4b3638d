import XCTest

@testable import KineticDynamics

/// For a solve on several threads the colouring lays each independent colour out by body: the same colours, each
/// holding the same constraints, in the order of their lower dynamic body (stably); an overflow keeps the order
/// given.
final class ColouringByBodyTests: XCTestCase {
    /// `count` contacts over bodies 0..<`bodies` (body 0 static): the first `dynamicCount` between two dynamic
    /// bodies, the rest with the static one, from a fixed sequence of pseudo-random numbers; plus a star of 70
    /// contacts on body 1 in the first group, more than the colours, so that the group overflows.
    private func contacts(count: Int, dynamicCount: Int, bodies: Int32) -> [SelectedContact] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int32) -> Int32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
        var list: [SelectedContact] = []
        for k in 0..<70 {
            list.append(SelectedContact(contact: Int32(k), bodyA: 2 + Int32(k) % (bodies - 2), bodyB: 1))
        }
        while list.count < dynamicCount + 70 {
            let a = 1 + next(bodies - 1)
            let b = 1 + next(bodies - 1)
            if a == b { continue }
            list.append(SelectedContact(contact: Int32(list.count), bodyA: a, bodyB: b))
        }
        while list.count < count + 70 {
            let body = 1 + next(bodies - 1)
            let staticFirst = next(2) == 0
            list.append(
                SelectedContact(
                    contact: Int32(list.count), bodyA: staticFirst ? 0 : body, bodyB: staticFirst ? body : 0))
        }
        return list
    }

    func testColoursLaidOutByBodyHoldTheSameConstraintsInBodyOrder() {
        let bodies: Int32 = 300
        let list = contacts(count: 900, dynamicCount: 700, bodies: bodies)
        let dynamicCount = 770
        var given = ConstraintColoring()
        var byBody = ConstraintColoring()
        list.withUnsafeBufferPointer { selected in
            given.build(
                selected: selected, dynamicCount: dynamicCount, bodyCount: Int(bodies), bodiesVersion: 0,
                isDynamic: { $0 != 0 })
            byBody.build(
                selected: selected, dynamicCount: dynamicCount, bodyCount: Int(bodies), bodiesVersion: 0, byBody: true,
                isDynamic: { $0 != 0 })
        }
        XCTAssertEqual(given.colours.map(\.start), byBody.colours.map(\.start))
        XCTAssertEqual(given.colours.map(\.end), byBody.colours.map(\.end))
        XCTAssertEqual(given.colours.map(\.isIndependent), byBody.colours.map(\.isIndependent))
        XCTAssertTrue(given.colours.contains { !$0.isIndependent }, "the star overflows its group")
        XCTAssertGreaterThan(given.colours.count, 4)
        func lowerDynamicBody(_ k: Int32) -> Int32 {
            let c = list[Int(k)]
            return c.bodyA == 0 ? c.bodyB : c.bodyB == 0 ? c.bodyA : min(c.bodyA, c.bodyB)
        }
        var orderChanged = false
        for colour in byBody.colours {
            let laid = Array(byBody.order[colour.start..<colour.end])
            let original = Array(given.order[colour.start..<colour.end])
            guard colour.isIndependent else {
                XCTAssertEqual(laid, original, "an overflow is solved in the order given")
                continue
            }
            XCTAssertEqual(Set(laid), Set(original), "the same constraints in the colour")
            XCTAssertEqual(
                laid,
                original.enumerated().sorted {
                    (lowerDynamicBody($0.element), $0.offset) < (lowerDynamicBody($1.element), $1.offset)
                }.map(\.element), "by lower dynamic body, the order given among equal ones")
            if laid != original { orderChanged = true }
        }
        XCTAssertTrue(orderChanged, "the layout by body is a different order here")
    }

    func testKeptColoursKeepTheLayoutTheyWereBuiltWith() {
        // Either layout solves to the same values, so a change of layout alone does not build the colours again.
        let list = contacts(count: 200, dynamicCount: 150, bodies: 100)
        var coloring = ConstraintColoring()
        func build(byBody: Bool) {
            list.withUnsafeBufferPointer { selected in
                coloring.build(
                    selected: selected, dynamicCount: 220, bodyCount: 100, bodiesVersion: 0, byBody: byBody,
                    isDynamic: { $0 != 0 })
            }
        }
        build(byBody: false)
        let given = coloring.order
        build(byBody: true)
        XCTAssertEqual(coloring.reuseCount, 1)
        XCTAssertEqual(coloring.order, given)
        var laidOut = ConstraintColoring()
        list.withUnsafeBufferPointer { selected in
            laidOut.build(
                selected: selected, dynamicCount: 220, bodyCount: 100, bodiesVersion: 1, byBody: true,
                isDynamic: { $0 != 0 })
        }
        XCTAssertNotEqual(laidOut.order, given, "built afresh by body")
        XCTAssertEqual(laidOut.colours.map(\.end), coloring.colours.map(\.end))
    }
}
