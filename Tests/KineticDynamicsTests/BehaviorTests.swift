import KineticCore
import XCTest

@testable import KineticDynamics

private typealias AffineTransform = KineticCore.AffineTransform

/// UIKit Dynamics' behaviours on the engine, each checked against an analytic result.
final class BehaviorTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 375, height: 667)

    private func item(_ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 100) -> BasicDynamicItem {
        BasicDynamicItem(frame: Rect(x: x - w / 2, y: y - h / 2, width: w, height: h))
    }

    private final class PauseRecorder: DynamicAnimatorDelegate {
        var pauses: [Double] = []
        var resumes = 0
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses.append(animator.elapsedTime) }
        func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
    }

    func testGravityBehaviorFallsFiveHundredPointsInOneSecondAtAnyFrameRate() throws {
        var centers: [Point] = []
        for frameRate in [60.0, 30.0, 144.0, 7.0] {
            let animator = DynamicAnimator(referenceBounds: screen)
            let box = item(100, 100)
            try animator.addBehavior(GravityBehavior(items: [box]))
            let frames = Int(frameRate)
            for _ in 0..<frames { try animator.advance(by: 1 / frameRate) }
            try animator.advance(by: 1e-6)
            XCTAssertEqual(animator.elapsedTime, 1, accuracy: 1e-9)
            centers.append(box.center)
        }
        XCTAssertEqual(centers[0].y, 600, accuracy: 0.5)
        for c in centers { XCTAssertEqual(c, centers[0], "frame rate must not change the result") }
    }

    func testBehaviorsAddedTogetherAreAllOrNone() throws {
        // Added in one call (one synchronisation), collision, gravity and item behaviours act as added one by one.
        let together = DynamicAnimator(referenceBounds: screen)
        let apart = DynamicAnimator(referenceBounds: screen)
        var finals: [Point] = []
        for animator in [together, apart] {
            let box = item(100, 100)
            let floor = item(187.5, 600, 375, 40)
            let anchored = DynamicItemBehavior(items: [floor])
            anchored.isAnchored = true
            let behaviors = [CollisionBehavior(items: [box, floor]), GravityBehavior(items: [box]), anchored]
            if animator === together {
                try animator.addBehaviors(behaviors)
            } else {
                for behavior in behaviors { try animator.addBehavior(behavior) }
            }
            XCTAssertEqual(animator.behaviors.count, 3)
            for _ in 0..<120 { try animator.advance(by: 1 / 60) }
            finals.append(box.center)
        }
        XCTAssertEqual(finals[0], finals[1])
        XCTAssertEqual(finals[0].y, 530, accuracy: 0.5, "the box rests on the anchored floor")
        // A second gravity behaviour in the batch: an error, and none of the batch is added.
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(100, 100)
        XCTAssertThrowsError(
            try animator.addBehaviors([
                CollisionBehavior(items: [box]), GravityBehavior(items: [box]), GravityBehavior(),
            ])
        ) { error in
            XCTAssertTrue("\(error)".contains("one gravity behaviour"), "\(error)")
        }
        XCTAssertTrue(animator.behaviors.isEmpty)
        XCTAssertNil(animator.body(of: box))
    }

    func testGravityAngleAndMagnitude() throws {
        let gravity = GravityBehavior()
        XCTAssertEqual(gravity.angle, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(gravity.magnitude, 1, accuracy: 1e-12)
        gravity.setAngle(0, magnitude: 0.5)
        XCTAssertEqual(gravity.gravityDirection.x, 0.5, accuracy: 1e-12)
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(0, 0)
        gravity.addItem(box)
        try animator.addBehavior(gravity)
        try animator.advance(by: 1)
        XCTAssertEqual(box.center.x, 250, accuracy: 0.5, "½ · 500 pt/s² · 1 s²")
        XCTAssertEqual(box.center.y, 0, accuracy: 1e-9)
        XCTAssertThrowsError(try animator.addBehavior(GravityBehavior(items: [item(5, 5)])))
    }

    func testContinuousPushAcceleratesAHundredPointsPerSecondSquared() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(0, 0)
        let push = PushBehavior(items: [box], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        try animator.addBehavior(push)
        try animator.advance(by: 1)
        let properties = DynamicItemBehavior(items: [box])
        try animator.addBehavior(properties)
        XCTAssertEqual(properties.linearVelocity(for: box).x, 100, accuracy: 1e-6)
        XCTAssertEqual(box.center.x, 50, accuracy: 0.5, "½ · 100 · 1²")
    }

    func testInstantaneousPushGivesAHundredPointsPerSecondOnce() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(0, 0)
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = Point(x: 0, y: 2)
        try animator.addBehavior(push)
        try animator.advance(by: 0.5)
        XCTAssertFalse(push.active)
        XCTAssertEqual(box.center.y, 100, accuracy: 1e-6, "200 pt/s for 0.5 s")
        XCTAssertEqual(box.center.x, 0, accuracy: 1e-9)
    }

    func testPushOffsetFromCentreSpinsTheItem() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(0, 0)
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        push.setTargetOffsetFromCenter(Point(x: 0, y: 50), for: box)
        try animator.addBehavior(push)
        try animator.step()
        let properties = DynamicItemBehavior(items: [box])
        try animator.addBehavior(properties)
        // ω = r × J / I = (0, 50) × (100, 0) / (1 · (100² + 100²) / 12) = −5000 / 1666.7 = −3 rad/s.
        XCTAssertEqual(properties.angularVelocity(for: box), -3, accuracy: 1e-9)
    }

    func testSnapConvergesToThePointAndPauses() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let recorder = PauseRecorder()
        animator.delegate = recorder
        let box = item(50, 50)
        let snap = SnapBehavior(item: box, snapTo: Point(x: 250, y: 400))
        XCTAssertEqual(snap.damping, 0.5)
        try animator.addBehavior(snap)
        try animator.advance(by: 4)
        XCTAssertEqual(box.center.x, 250, accuracy: 0.5)
        XCTAssertEqual(box.center.y, 400, accuracy: 0.5)
        XCTAssertEqual(recorder.resumes, 1)
        XCTAssertEqual(recorder.pauses.count, 1, "didPause once everything rests")
        XCTAssertFalse(animator.isRunning)
        snap.snapPoint = Point(x: 100, y: 100)
        try animator.advance(by: 4)
        XCTAssertEqual(box.center.x, 100, accuracy: 0.5)
        XCTAssertEqual(recorder.resumes, 2, "moving the snap point wakes the item")
    }

    func testRigidAttachmentToAnAnchorKeepsItsLength() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let bob = item(250, 200, 20, 20)
        let anchor = Point(x: 150, y: 200)
        let rope = AttachmentBehavior(item: bob, attachedToAnchor: anchor)
        XCTAssertEqual(rope.length, 100, accuracy: 1e-12)
        try animator.addBehavior(rope)
        try animator.addBehavior(GravityBehavior(items: [bob]))
        var worst = 0.0
        var lowest = 0.0
        for _ in 0..<240 {
            try animator.step()
            worst = max(worst, abs(bob.center.distance(to: anchor) - 100))
            lowest = max(lowest, bob.center.y)
        }
        XCTAssertLessThan(worst, 1, "length kept within 1 pt while swinging")
        XCTAssertEqual(lowest, 300, accuracy: 1.5, "the bob swings through the bottom of the circle")
    }

    func testSpringAttachmentOscillatesAtItsFrequency() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let a = item(100, 100, 20, 20)
        let b = item(200, 100, 20, 20)
        let spring = AttachmentBehavior(item: a, attachedTo: b)
        spring.length = 50
        spring.frequency = 2
        try animator.addBehavior(spring)
        // Items of equal mass pulled together: a symmetric oscillation of the gap around 50 at 2 Hz.
        var gaps: [Double] = []
        for _ in 0..<120 {
            try animator.step()
            gaps.append(b.center.x - a.center.x)
        }
        XCTAssertEqual(gaps[29], 0, accuracy: 8, "half a period (0.25 s): the gap swings to 50 − 50")
        XCTAssertEqual(gaps.min() ?? 0, 0, accuracy: 8)
        XCTAssertEqual(gaps[59], 100, accuracy: 10, "back at 100 after one period (0.5 s)")
    }

    func testLimitAttachmentIsARope() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let top = item(100, 100, 20, 20)
        let bottom = item(100, 160, 20, 20)
        let anchored = DynamicItemBehavior(items: [top])
        anchored.isAnchored = true
        try animator.addBehavior(anchored)
        let rope = AttachmentBehavior.limitAttachment(
            with: top, offsetFromCenter: .zero, attachedTo: bottom, offsetFromCenter: .zero)
        try animator.addBehavior(rope)
        try animator.addBehavior(GravityBehavior(items: [bottom]))
        try animator.advance(by: 1)
        XCTAssertEqual(bottom.center.y, 160, accuracy: 1, "hangs at the rope's length")
        // Thrown upwards, the rope goes slack: the item rises above its hanging point.
        try DynamicItemBehavior(items: [bottom]).addLinearVelocityAfterAdding(
            to: animator, Point(x: 0, y: -300), bottom)
        try animator.advance(by: 0.1)
        XCTAssertLessThan(bottom.center.y, 150)
    }

    func testPinAndFixedAttachments() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let base = item(100, 100, 40, 40)
        let arm = item(140, 100, 40, 40)
        let hold = DynamicItemBehavior(items: [base])
        hold.isAnchored = true
        try animator.addBehavior(hold)
        try animator.addBehavior(
            AttachmentBehavior.pinAttachment(with: base, attachedTo: arm, attachmentAnchor: Point(x: 120, y: 100)))
        try animator.addBehavior(GravityBehavior(items: [arm]))
        // The arm swings about the pin like a pendulum: its centre stays 20 pt from (120, 100) and passes under it.
        var lowest = 0.0
        var worst = 0.0
        for _ in 0..<240 {
            try animator.step()
            lowest = max(lowest, arm.center.y)
            worst = max(worst, abs(arm.center.distance(to: Point(x: 120, y: 100)) - 20))
        }
        XCTAssertLessThan(worst, 0.5)
        XCTAssertEqual(lowest, 120, accuracy: 0.5)

        let animator2 = DynamicAnimator(referenceBounds: screen)
        let base2 = item(100, 100, 40, 40)
        let beam = item(140, 100, 40, 40)
        let hold2 = DynamicItemBehavior(items: [base2])
        hold2.isAnchored = true
        try animator2.addBehavior(hold2)
        try animator2.addBehavior(
            AttachmentBehavior.fixedAttachment(with: base2, attachedTo: beam, attachmentAnchor: Point(x: 120, y: 100)))
        try animator2.addBehavior(GravityBehavior(items: [beam]))
        try animator2.advance(by: 2)
        XCTAssertEqual(beam.center.x, 140, accuracy: 1, "welded: the beam stays level")
        XCTAssertEqual(beam.center.y, 100, accuracy: 2)
    }

    func testSlidingAttachmentMovesOnlyAlongItsAxisWithinRange() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let slider = item(100, 100, 20, 20)
        let slide = AttachmentBehavior.slidingAttachment(
            with: slider, attachmentAnchor: Point(x: 100, y: 100), axisOfTranslation: Point(x: 1, y: 1))
        slide.attachmentRange = -1000...50
        try animator.addBehavior(slide)
        try animator.addBehavior(GravityBehavior(items: [slider]))
        try animator.advance(by: 1)
        XCTAssertEqual(slider.center.x - 100, slider.center.y - 100, accuracy: 0.5, "stays on the 45° line")
        XCTAssertEqual(slider.center.distance(to: Point(x: 100, y: 100)), 50, accuracy: 1, "stopped by the range")
        XCTAssertEqual(slider.angle, 0, accuracy: 1e-3)
        // The same line with the axis reversed: gravity now drives the translation negative, to the lower limit.
        let animator2 = DynamicAnimator(referenceBounds: screen)
        let slider2 = item(100, 100, 20, 20)
        let reversed = AttachmentBehavior.slidingAttachment(
            with: slider2, attachmentAnchor: Point(x: 100, y: 100), axisOfTranslation: Point(x: -1, y: -1))
        reversed.attachmentRange = -30...1000
        try animator2.addBehavior(reversed)
        try animator2.addBehavior(GravityBehavior(items: [slider2]))
        try animator2.advance(by: 1)
        XCTAssertEqual(slider2.center.distance(to: Point(x: 100, y: 100)), 30, accuracy: 1, "stopped by the lower end")
        XCTAssertGreaterThan(slider2.center.y, 100)
    }

    /// The animator writes the items' poses once per ``DynamicAnimator/advance(by:)`` when nothing looks between
    /// its steps; whatever can look — an action, the animator's delegate, the caller after `advance` or `step` —
    /// must still see each item where its body is.
    func testItemsAreWhereTheirBodiesAreWheneverAnythingCanLook() throws {
        final class Watcher: DynamicAnimatorDelegate {
            var check: (String) -> Void = { _ in }
            var pauses = 0
            func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
                pauses += 1
                check("pause")
            }
        }
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(100, 100, 40, 40)
        let spinning = item(250, 300, 60, 20)
        let watcher = Watcher()
        let collision = CollisionBehavior(items: [box, spinning])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [box, spinning])
        animator.delegate = watcher
        try animator.addBehavior(collision)
        try animator.addBehavior(gravity)
        let properties = DynamicItemBehavior(items: [spinning])
        try animator.addBehavior(properties)
        try properties.addAngularVelocity(3, for: spinning)
        var mismatches: [String] = []
        func checkItems(_ moment: String) {
            for item in [box, spinning] {
                guard let body = animator.body(of: item), let i = try? animator.world.index(of: body) else {
                    mismatches.append("\(moment): no body")
                    continue
                }
                let pose = animator.world.bodies[i]
                if item.center != pose.origin || item.transform.b != pose.rotation.s {
                    mismatches.append("\(moment) at \(animator.elapsedTime) s")
                }
            }
        }
        watcher.check = checkItems
        var actions = 0
        gravity.action = {
            actions += 1
            checkItems("action")
        }
        try animator.advance(by: 0.25)
        checkItems("after advance")
        gravity.action = nil
        try animator.advance(by: 0.5)  // 60 steps with nothing looking in between
        checkItems("after a long advance")
        try animator.step()
        checkItems("after step")
        try animator.advance(by: 20)
        checkItems("at rest")
        XCTAssertEqual(actions, 30)
        XCTAssertEqual(watcher.pauses, 1)
        XCTAssertEqual(mismatches, [])
        XCTAssertGreaterThan(box.center.y, 600, "fell to the floor")
    }

    /// `advance(by:updatingItems: false)` (``SceneSimulation``'s frames, which read the bodies) leaves the items
    /// where they were; the pause delegate and the next plain `advance(by:)` still see them where their bodies are.
    func testAnAdvanceThatLeavesTheItemsStaleWritesThemForTheNextLook() throws {
        final class Watcher: DynamicAnimatorDelegate {
            var centersAtPause: [Point] = []
            let box: BasicDynamicItem
            init(_ box: BasicDynamicItem) { self.box = box }
            func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { centersAtPause.append(box.center) }
        }
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(100, 100, 40, 40)
        let watcher = Watcher(box)
        animator.delegate = watcher
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehaviors([collision, GravityBehavior(items: [box])])
        func bodyCenter() throws -> Point {
            let body = try XCTUnwrap(animator.body(of: box))
            return animator.world.bodies[try animator.world.index(of: body)].origin
        }
        XCTAssertEqual(try animator.advance(by: 0.25, updatingItems: false), 30)
        XCTAssertEqual(box.center, Point(x: 100, y: 100), "not written")
        XCTAssertEqual(try bodyCenter().y, 100 + 0.5 * 1000 * 0.25 * 0.25, accuracy: 0.5, "the body fell")
        try animator.advance(by: 0)
        XCTAssertEqual(box.center, try bodyCenter(), "written by the next advance")
        try animator.advance(by: 20, updatingItems: false)
        XCTAssertEqual(watcher.centersAtPause.count, 1)
        XCTAssertGreaterThan(watcher.centersAtPause.first?.y ?? 0, 600, "the delegate saw it on the floor")
        XCTAssertEqual(watcher.centersAtPause.first, try bodyCenter())
    }

    /// A collision delegate is called after the step that made the contact and before the items move, so it sees
    /// each item where the step before left it, and whatever it sets on an item is replaced by the step's pose —
    /// with the steps of one `advance(by:)` as with single steps.
    func testACollisionDelegateSeesTheItemsAsTheStepBeforeLeftThem() throws {
        final class Contacts: CollisionBehaviorDelegate {
            var seen: [Point] = []
            func collisionBehavior(
                _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                withBoundaryIdentifier identifier: String?, at point: Point
            ) {
                seen.append(item.center)
                item.center = Point(x: -1, y: -1)  // replaced by the step's pose
            }
        }
        func scene() throws -> (DynamicAnimator, BasicDynamicItem, Contacts) {
            let animator = DynamicAnimator(referenceBounds: screen)
            let box = item(100, 500, 40, 40)
            let collision = CollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            let contacts = Contacts()
            collision.collisionDelegate = contacts
            try animator.addBehavior(collision)
            try animator.addBehavior(GravityBehavior(items: [box]))
            return (animator, box, contacts)
        }
        // One step at a time, noting where each step left the box.
        let (stepped, steppedBox, steppedContacts) = try scene()
        var after = [steppedBox.center]
        var expected: [Point] = []
        for _ in 0..<120 {
            let before = steppedContacts.seen.count
            try stepped.step()
            if steppedContacts.seen.count > before { expected.append(after[after.count - 1]) }
            after.append(steppedBox.center)
        }
        XCTAssertFalse(expected.isEmpty, "the box reached the floor")
        XCTAssertEqual(steppedContacts.seen, expected, "the delegate saw the poses of the step before")
        XCTAssertNotEqual(steppedBox.center, Point(x: -1, y: -1))
        // The same second in one advance.
        let (advanced, advancedBox, advancedContacts) = try scene()
        try advanced.advance(by: 1)
        XCTAssertEqual(advancedContacts.seen, steppedContacts.seen)
        XCTAssertEqual(advancedBox.center, steppedBox.center)
    }

    func testItemContactsBeginAndEnd() throws {
        final class Contacts: CollisionBehaviorDelegate {
            var log: [String] = []
            func collisionBehavior(
                _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem,
                at point: Point
            ) { log.append("began \(Int(point.y.rounded()))") }
            func collisionBehavior(
                _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem
            ) { log.append("ended") }
        }
        let animator = DynamicAnimator(referenceBounds: screen)
        let moving = item(100, 100, 20, 20)
        let still = item(100, 200, 20, 20)
        let collision = CollisionBehavior(items: [moving, still])
        let contacts = Contacts()
        collision.collisionDelegate = contacts
        let properties = DynamicItemBehavior(items: [moving, still])
        properties.elasticity = 1
        try animator.addBehavior(collision)
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Point(x: 0, y: 200), for: moving)
        try animator.advance(by: 1)
        // The moving item reaches the still one (faces meet at y = 190; contact begins 2 pt before, within the
        // speculative distance), hands over its speed and parts.
        XCTAssertEqual(contacts.log.count, 2)
        XCTAssertTrue(["began 188", "began 189", "began 190"].contains(contacts.log.first ?? ""), "\(contacts.log)")
        XCTAssertEqual(contacts.log.last, "ended")
        XCTAssertEqual(properties.linearVelocity(for: still).y, 200, accuracy: 1)
        XCTAssertEqual(properties.linearVelocity(for: moving).y, 0, accuracy: 1)
    }

    func testReferenceBoundsWithInsetsStopTheItemAndReportTheContact() throws {
        final class Contacts: CollisionBehaviorDelegate {
            var began: [String?] = []
            func collisionBehavior(
                _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                withBoundaryIdentifier identifier: String?, at point: Point
            ) { began.append(identifier ?? "bounds") }
        }
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(187.5, 100)
        let collision = CollisionBehavior(items: [box])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 67, right: 0))
        let contacts = Contacts()
        collision.collisionDelegate = contacts
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [box]))
        try animator.advance(by: 2)
        XCTAssertEqual(box.center.y, 600 - 50, accuracy: 0.5)
        XCTAssertEqual(contacts.began, ["bounds"])
        XCTAssertFalse(animator.isRunning)
        // A custom boundary by identifier, higher up: the item rests on it once moved above it.
        collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 300), to: Point(x: 375, y: 300))
        XCTAssertEqual(collision.boundaryIdentifiers, ["shelf"])
        box.center = Point(x: 187.5, y: 200)
        try animator.updateItemUsingCurrentState(box)
        try animator.advance(by: 1)
        XCTAssertEqual(box.center.y, 250, accuracy: 0.5)
        XCTAssertEqual(contacts.began.last, "shelf")
    }

    func testCollisionModesFilterWhatCollides() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let lower = item(187.5, 500)
        let upper = item(187.5, 300)
        let collision = CollisionBehavior(items: [lower, upper])
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [lower, upper]))
        try animator.advance(by: 2)
        XCTAssertEqual(lower.center.y, 617, accuracy: 0.5)
        XCTAssertEqual(upper.center.y, 617, accuracy: 0.5, "items pass through each other in boundaries mode")
        collision.collisionMode = .everything
        upper.center = Point(x: 187.5, y: 300)
        try animator.updateItemUsingCurrentState(upper)
        try animator.advance(by: 2)
        XCTAssertEqual(upper.center.y, 517, accuracy: 1.5, "now it lands on the other")
    }

    func testItemPropertiesVelocityRotationAndAnchoring() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(100, 100)
        let properties = DynamicItemBehavior(items: [box])
        properties.allowsRotation = false
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Point(x: 30, y: -20), for: box)
        try properties.addAngularVelocity(5, for: box)
        try animator.advance(by: 1)
        XCTAssertEqual(box.center.x, 130, accuracy: 1e-6)
        XCTAssertEqual(box.center.y, 80, accuracy: 1e-6)
        XCTAssertEqual(box.angle, 0, "allowsRotation = false")
        properties.resistance = 1
        try animator.advance(by: 1)
        XCTAssertEqual(properties.linearVelocity(for: box).x, 30 * 0.3679, accuracy: 0.2, "e^−1 decay")
        properties.isAnchored = true
        let before = box.center
        try animator.advance(by: 1)
        XCTAssertEqual(box.center, before)
        XCTAssertEqual(animator.items(in: Rect(x: 150, y: 0, width: 10, height: 200)).count, 1)
        XCTAssertEqual(animator.items(in: Rect(x: 300, y: 0, width: 10, height: 200)).count, 0)
    }

    func testElasticityBouncesOffTheBounds() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let ball = BasicDynamicItem(frame: Rect(x: 150, y: 50, width: 50, height: 50), collisionBoundsType: .ellipse)
        let properties = DynamicItemBehavior(items: [ball])
        properties.elasticity = 1
        let collision = CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(properties)
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        var highestAfterBounce = Double.infinity
        var bounced = false
        for _ in 0..<240 {
            try animator.step()
            if ball.center.y > 630 { bounced = true }
            if bounced { highestAfterBounce = min(highestAfterBounce, ball.center.y) }
        }
        XCTAssertTrue(bounced)
        XCTAssertEqual(highestAfterBounce, 75, accuracy: 0.05 * 567, "a perfectly elastic ball returns near its start")
    }

    func testFieldsMatchTheirFormulas() throws {
        // Linear gravity field: like gravity.
        do {
            let animator = DynamicAnimator(referenceBounds: screen)
            let box = item(0, 0)
            let field = FieldBehavior.linearGravityField(direction: Point(x: 0, y: 1))
            field.addItem(box)
            try animator.addBehavior(field)
            try animator.advance(by: 1)
            XCTAssertEqual(box.center.y, 500, accuracy: 5)
        }
        // Spring field of strength 1: a 1 Hz oscillation about the position.
        do {
            let animator = DynamicAnimator(referenceBounds: screen)
            let box = item(150, 100)
            let field = FieldBehavior.springField()
            field.position = Point(x: 100, y: 100)
            field.addItem(box)
            try animator.addBehavior(field)
            try animator.advance(by: 0.5)
            // Forces are evaluated once per step, so the amplitude drifts by about 3 % per period.
            XCTAssertEqual(box.center.x, 50, accuracy: 4, "half a period: on the other side")
            try animator.advance(by: 0.5)
            XCTAssertEqual(box.center.x, 150, accuracy: 4, "a full period: back")
        }
        // Drag field: v(t) = v₀ e^(−strength t).
        do {
            let animator = DynamicAnimator(referenceBounds: screen)
            let box = item(0, 0)
            let field = FieldBehavior.dragField()
            field.strength = 2
            field.addItem(box)
            let properties = DynamicItemBehavior(items: [box])
            try animator.addBehavior(field)
            try animator.addBehavior(properties)
            try properties.addLinearVelocity(Point(x: 100, y: 0), for: box)
            try animator.advance(by: 1)
            XCTAssertEqual(properties.linearVelocity(for: box).x, 100 * 0.1353, accuracy: 0.5)
        }
        // Radial gravity: towards the position, 1000 pt/s² with no falloff.
        do {
            let field = FieldBehavior.radialGravityField(position: Point(x: 0, y: 0))
            let a = field.acceleration(at: Point(x: 300, y: 400), velocity: .zero, charge: 0, mass: 1, time: 0)
            XCTAssertEqual(a.x, -600, accuracy: 1e-9)
            XCTAssertEqual(a.y, -800, accuracy: 1e-9)
            field.falloff = 2
            let far = field.acceleration(at: Point(x: 0, y: 200), velocity: .zero, charge: 0, mass: 1, time: 0)
            XCTAssertEqual(far.y, -250, accuracy: 1e-9, "(100/200)² of 1000")
            field.region = .circle(radius: 100)
            XCTAssertEqual(
                field.acceleration(at: Point(x: 0, y: 200), velocity: .zero, charge: 0, mass: 1, time: 0), .zero)
        }
        // Vortex, electric, magnetic: directions.
        do {
            let vortex = FieldBehavior.vortexField()
            let a = vortex.acceleration(at: Point(x: 100, y: 0), velocity: .zero, charge: 0, mass: 1, time: 0)
            XCTAssertEqual(a.y, 1000, accuracy: 1e-9)
            let electric = FieldBehavior.electricField()
            let e = electric.acceleration(at: Point(x: 100, y: 0), velocity: .zero, charge: 2, mass: 4, time: 0)
            XCTAssertEqual(e.x, 500, accuracy: 1e-9)
            let magnetic = FieldBehavior.magneticField()
            let m = magnetic.acceleration(at: .zero, velocity: Point(x: 10, y: 0), charge: 1, mass: 1, time: 0)
            XCTAssertEqual(m.y, 10, accuracy: 1e-9)
            XCTAssertEqual(m.x, 0, accuracy: 1e-9)
        }
        // Noise: seeded, deterministic, smooth, bounded.
        do {
            let a = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1, seed: 7)
            let b = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1, seed: 7)
            let c = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1, seed: 8)
            let p = Point(x: 123, y: 456)
            let va = a.acceleration(at: p, velocity: .zero, charge: 0, mass: 1, time: 0.3)
            XCTAssertEqual(va, b.acceleration(at: p, velocity: .zero, charge: 0, mass: 1, time: 0.3))
            XCTAssertNotEqual(va, c.acceleration(at: p, velocity: .zero, charge: 0, mass: 1, time: 0.3))
            XCTAssertLessThanOrEqual(abs(va.x), 1000)
            let near = a.acceleration(at: p + Point(x: 0.01, y: 0), velocity: .zero, charge: 0, mass: 1, time: 0.3)
            XCTAssertEqual(near.x, va.x, accuracy: 1, "smooth")
        }
    }

    func testBadInputIsAnErrorWithAMessage() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let flat = BasicDynamicItem(frame: Rect(x: 0, y: 0, width: 100, height: 0))
        XCTAssertThrowsError(try animator.addBehavior(GravityBehavior(items: [flat]))) { error in
            XCTAssertTrue("\(error)".contains("> 0"), "\(error)")
        }
        XCTAssertTrue(animator.behaviors.isEmpty, "a refused behaviour is not kept")
        let properties = DynamicItemBehavior(items: [item(0, 0)])
        properties.density = .nan
        XCTAssertThrowsError(try animator.addBehavior(properties))
        XCTAssertThrowsError(try animator.advance(by: .nan))
        XCTAssertThrowsError(try animator.advance(by: -1))
        let snap = SnapBehavior(item: item(0, 0), snapTo: Point(x: .infinity, y: 0))
        XCTAssertThrowsError(try animator.addBehavior(snap))
        let field = FieldBehavior.springField()
        field.addItem(item(20, 20))
        try animator.addBehavior(field)
        field.strength = .nan
        XCTAssertThrowsError(try animator.advance(by: 0.1), "a field made NaN after adding is caught at the next step")
        animator.removeBehavior(field)
        let ok = GravityBehavior(items: [item(10, 10)])
        try animator.addBehavior(ok)
        let other = DynamicAnimator(referenceBounds: screen)
        XCTAssertThrowsError(try other.addBehavior(ok), "a behaviour lives in one animator")
    }

    func testRemovingBehavioursRemovesBodies() throws {
        let animator = DynamicAnimator(referenceBounds: screen)
        let box = item(0, 0)
        let gravity = GravityBehavior(items: [box])
        try animator.addBehavior(gravity)
        XCTAssertEqual(animator.world.bodyCount, 1)
        animator.removeBehavior(gravity)
        XCTAssertEqual(animator.world.bodyCount, 0)
        XCTAssertNil(animator.body(of: box))
        XCTAssertNil(gravity.dynamicAnimator)
    }
}

extension DynamicItemBehavior {
    /// Adds this behaviour to `animator` and gives `item` an extra velocity.
    fileprivate func addLinearVelocityAfterAdding(
        to animator: DynamicAnimator, _ velocity: Point, _ item: any DynamicItem
    )
        throws
    {
        try animator.addBehavior(self)
        try addLinearVelocity(velocity, for: item)
    }
}
