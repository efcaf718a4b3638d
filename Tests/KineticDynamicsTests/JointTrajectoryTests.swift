import KineticCore
import KineticFixtures
import XCTest

@testable import KineticDynamics

/// Every joint kind's trajectory, bit for bit: a hash of the items' poses over two seconds of a scene with a rope,
/// a spring, a rigid distance, a pin, a weld, a sliding attachment and a snap. The joint solver's code may be
/// rearranged (a file per joint); its results may not change without this hash changing with a reason.
final class JointTrajectoryTests: XCTestCase {
    func testEveryJointKindGivesTheSameBitsAsRecorded() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 700))
        func item(_ x: Double, _ y: Double) -> BasicDynamicItem {
            BasicDynamicItem(frame: Rect(x: x - 10, y: y - 10, width: 20, height: 20))
        }
        let rope = item(60, 120)
        let spring = item(120, 100)
        let rigid = item(180, 100)
        let pinBase = item(240, 100)
        let pinArm = item(270, 100)
        let weldBase = item(60, 300)
        let weldBeam = item(90, 300)
        let slider = item(200, 300)
        let snapped = item(300, 400)
        let items = [rope, spring, rigid, pinBase, pinArm, weldBase, weldBeam, slider, snapped]
        let hold = DynamicItemBehavior(items: [pinBase, weldBase])
        hold.isAnchored = true
        try animator.addBehavior(hold)
        try animator.addBehavior(
            AttachmentBehavior.limitAttachment(
                with: rope, offsetFromCenter: .zero, attachedTo: pinBase, offsetFromCenter: .zero))
        let springy = AttachmentBehavior(item: spring, attachedToAnchor: Point(x: 120, y: 40))
        springy.frequency = 2
        springy.damping = 0.3
        try animator.addBehavior(springy)
        try animator.addBehavior(AttachmentBehavior(item: rigid, attachedToAnchor: Point(x: 200, y: 60)))
        try animator.addBehavior(
            AttachmentBehavior.pinAttachment(with: pinBase, attachedTo: pinArm, attachmentAnchor: Point(x: 255, y: 100))
        )
        try animator.addBehavior(
            AttachmentBehavior.fixedAttachment(
                with: weldBase, attachedTo: weldBeam, attachmentAnchor: Point(x: 75, y: 300)))
        let slide = AttachmentBehavior.slidingAttachment(
            with: slider, attachmentAnchor: Point(x: 200, y: 300), axisOfTranslation: Point(x: 1, y: 2))
        slide.attachmentRange = -40...60
        try animator.addBehavior(slide)
        try animator.addBehavior(SnapBehavior(item: snapped, snapTo: Point(x: 330, y: 600)))
        try animator.addBehavior(GravityBehavior(items: [rope, spring, rigid, pinArm, weldBeam, slider]))
        var hash = BitHash()
        for _ in 0..<120 {
            try animator.step()
            for item in items {
                hash.mix(item.center.x)
                hash.mix(item.center.y)
                hash.mix(item.angle)
            }
        }
        XCTAssertEqual(String(hash.value, radix: 16), "fb861a68295303bd")
    }
}
