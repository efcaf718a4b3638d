import KineticCore

/// Pulls an item to a point with a damped spring and stops it spinning (UIKit's `UISnapBehavior`).
///
/// The spring runs at 2 Hz with damping ratio ζ = 0.1 + 0.9 · ``damping``: damping 1 arrives without
/// overshoot, 0 oscillates a while. A weak angular damper keeps the item from spinning.
public final class SnapBehavior: DynamicBehavior {
    /// The item.
    public let item: any DynamicItem
    /// Where the item's centre goes, in reference coordinates (points).
    public var snapPoint: Point { didSet { setNeedsSync() } }
    /// 0…1; higher settles with less oscillation. Default 0.5 (UIKit's).
    public var damping: Double = 0.5 { didSet { setNeedsSync() } }
    /// The spring frequency in hertz. Default 2.
    public var frequency: Double = 2 { didSet { setNeedsSync() } }
    var joint: JointHandle?

    /// Snaps `item` to `point`.
    public init(item: any DynamicItem, snapTo point: Point) {
        self.item = item
        snapPoint = point
    }

    override var involvedItems: [any DynamicItem] { [item] }

    override func validate() throws(PhysicsError) {
        try requireFinite("snapPoint", snapPoint.x, snapPoint.y)
        guard damping.isFinite, damping >= 0, damping <= 1 else {
            throw PhysicsError("snap damping must be in 0...1 (got \(damping)); UIKit's default is 0.5")
        }
        guard frequency.isFinite, frequency > 0 else {
            throw PhysicsError("snap frequency must be > 0 Hz (got \(frequency))")
        }
    }

    override func prepareStep(_ animator: DynamicAnimator) throws(PhysicsError) {
        guard let body = animator.body(of: item) else { return }
        let world = animator.world
        let i = try world.index(of: body)
        if world.jointIndex(joint) == nil {
            var definition = Joint(
                kind: .target, bodyA: 0, bodyB: Int32(i), localAnchorA: .zero,
                localAnchorB: -world.bodies[i].localCentroid)
            definition.maximumForce = .infinity
            joint = world.addJoint(definition)
        }
        guard let j = world.jointIndex(joint) else { return }
        let zeta = 0.1 + 0.9 * damping
        if world.joints[j].target != snapPoint || world.joints[j].dampingRatio != zeta
            || world.joints[j].hertz != frequency
        {
            world.joints[j].target = snapPoint
            world.joints[j].hertz = frequency
            world.joints[j].dampingRatio = zeta
            world.wakeIsland(of: i)
        }
    }

    override func didLeave(_ animator: DynamicAnimator) {
        animator.world.removeJoint(joint)
        joint = nil
    }
}
