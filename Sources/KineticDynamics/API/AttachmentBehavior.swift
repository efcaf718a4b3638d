import KineticCore

/// Connects an item to a point or to another item (UIKit's `UIAttachmentBehavior`).
///
/// The plain attachment keeps two anchors at ``length`` apart: rigidly when ``frequency`` is 0 (the default),
/// or as a spring of ``frequency`` hertz and damping ratio ``damping`` otherwise. The variants: a *limit*
/// attachment is a rope (the anchors may come closer, never farther than the length); a *pin* lets two items turn
/// about a shared point; a *fixed* attachment welds them; a *sliding* attachment lets them slide along an axis
/// without turning relative to each other, within ``attachmentRange``.
public final class AttachmentBehavior: DynamicBehavior {
    /// Whether the attachment is to a point in space or to another item.
    public enum AttachedBehaviorType: Sendable {
        /// Two items.
        case items
        /// An item and a fixed point.
        case anchor
    }

    enum Variant {
        case distance
        case limit
        case pin
        case fixed
        case sliding(axis: Point)
    }

    /// The items: one for an anchor attachment, two otherwise.
    public let items: [any DynamicItem]
    /// Items or anchor.
    public let attachedBehaviorType: AttachedBehaviorType
    let variant: Variant
    /// Anchor offsets from each item's centre, in the item's own (rotating) frame, in points.
    let offsets: [Point]
    /// The fixed point of an anchor attachment (reference coordinates, points); moving it drags the item.
    public var anchorPoint: Point { didSet { setNeedsSync() } }
    /// The distance kept between the anchors, in points (≥ 0). Default: their distance at creation.
    public var length: Double { didSet { setNeedsSync() } }
    /// Spring damping ratio (0 = none, 1 = critical), used when ``frequency`` > 0. Default 0.
    public var damping: Double = 0 { didSet { setNeedsSync() } }
    /// Spring frequency in hertz; 0 makes the attachment rigid. Default 0.
    public var frequency: Double = 0 { didSet { setNeedsSync() } }
    /// Sliding attachments: the allowed translation along the axis, in points from the start. Default: unlimited.
    public var attachmentRange: ClosedRange<Double>? { didSet { setNeedsSync() } }
    private var joint: JointHandle?
    private var initialAngles: [Double]

    init(
        items: [any DynamicItem], type: AttachedBehaviorType, variant: Variant, offsets: [Point], anchor: Point
    ) {
        self.items = items
        attachedBehaviorType = type
        self.variant = variant
        self.offsets = offsets
        anchorPoint = anchor
        initialAngles = items.map { atan2Approx($0.transform.b, $0.transform.a) }
        let worldAnchors = zip(items, offsets).map { item, offset in
            item.center
                + AffineTransform.rotation(atan2Approx(item.transform.b, item.transform.a)).applyLinear(to: offset)
        }
        if items.count == 2 {
            length = worldAnchors[0].distance(to: worldAnchors[1])
        } else {
            length = worldAnchors[0].distance(to: anchor)
        }
    }

    /// Attaches the centre of `item` to `anchor` at their current distance.
    public convenience init(item: any DynamicItem, attachedToAnchor anchor: Point) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: anchor)
    }

    /// Attaches a point of `item` (offset from its centre, in its own frame) to `anchor`.
    public convenience init(item: any DynamicItem, offsetFromCenter offset: Point, attachedToAnchor anchor: Point) {
        self.init(items: [item], type: .anchor, variant: .distance, offsets: [offset], anchor: anchor)
    }

    /// Attaches the centres of two items at their current distance.
    public convenience init(item: any DynamicItem, attachedTo other: any DynamicItem) {
        self.init(item: item, offsetFromCenter: .zero, attachedTo: other, offsetFromCenter: .zero)
    }

    /// Attaches a point of `item` to a point of `other` (offsets from their centres, in their own frames).
    public convenience init(
        item: any DynamicItem, offsetFromCenter offset: Point, attachedTo other: any DynamicItem,
        offsetFromCenter otherOffset: Point
    ) {
        self.init(
            items: [item, other], type: .items, variant: .distance, offsets: [offset, otherOffset], anchor: .zero)
    }

    /// A rope between two items: the anchors never get farther apart than their current distance.
    public static func limitAttachment(
        with item: any DynamicItem, offsetFromCenter offset: Point, attachedTo other: any DynamicItem,
        offsetFromCenter otherOffset: Point
    ) -> AttachmentBehavior {
        AttachmentBehavior(
            items: [item, other], type: .items, variant: .limit, offsets: [offset, otherOffset], anchor: .zero)
    }

    /// Pins two items together at `anchor` (reference coordinates); they turn freely about it.
    public static func pinAttachment(
        with item: any DynamicItem, attachedTo other: any DynamicItem, attachmentAnchor anchor: Point
    ) -> AttachmentBehavior {
        pointVariant([item, other], .pin, anchor)
    }

    /// Welds two items together at `anchor`: they move as one.
    public static func fixedAttachment(
        with item: any DynamicItem, attachedTo other: any DynamicItem, attachmentAnchor anchor: Point
    ) -> AttachmentBehavior {
        pointVariant([item, other], .fixed, anchor)
    }

    /// Lets `other` slide relative to `item` along `axis` (a direction in reference coordinates, taken in
    /// `item`'s frame), through `anchor`, with no relative rotation.
    public static func slidingAttachment(
        with item: any DynamicItem, attachedTo other: any DynamicItem, attachmentAnchor anchor: Point,
        axisOfTranslation axis: Point
    ) -> AttachmentBehavior {
        let angle = atan2Approx(item.transform.b, item.transform.a)
        let localAxis = AffineTransform.rotation(-angle).applyLinear(to: axis)
        return pointVariant([item, other], .sliding(axis: localAxis), anchor)
    }

    /// Lets `item` slide along `axis` through the fixed point `anchor`, without turning.
    public static func slidingAttachment(
        with item: any DynamicItem, attachmentAnchor anchor: Point, axisOfTranslation axis: Point
    ) -> AttachmentBehavior {
        pointVariant([item], .sliding(axis: axis), anchor)
    }

    private static func pointVariant(_ items: [any DynamicItem], _ variant: Variant, _ anchor: Point)
        -> AttachmentBehavior
    {
        // Offsets of the shared anchor in each item's own frame.
        let offsets = items.map { item in
            AffineTransform.rotation(-atan2Approx(item.transform.b, item.transform.a))
                .applyLinear(to: anchor - item.center)
        }
        let behavior = AttachmentBehavior(
            items: items, type: items.count == 2 ? .items : .anchor, variant: variant, offsets: offsets, anchor: anchor)
        behavior.length = 0
        return behavior
    }

    override var involvedItems: [any DynamicItem] { items }

    override func validate() throws(PhysicsError) {
        try requireFinite("anchorPoint", anchorPoint.x, anchorPoint.y)
        guard length.isFinite, length >= 0 else {
            throw PhysicsError("attachment length must be a finite number >= 0 (got \(length))")
        }
        guard frequency.isFinite, frequency >= 0 else {
            throw PhysicsError("attachment frequency must be >= 0 Hz (got \(frequency)); 0 means rigid")
        }
        guard damping.isFinite, damping >= 0 else {
            throw PhysicsError("attachment damping must be >= 0 (got \(damping))")
        }
        if let range = attachmentRange {
            try requireFinite("attachmentRange", range.lowerBound, range.upperBound)
        }
        if case .sliding(let axis) = variant, axis.length == 0 {
            throw PhysicsError("the axis of translation must not be zero")
        }
    }

    override func prepareStep(_ animator: DynamicAnimator) throws(PhysicsError) {
        let world = animator.world
        var indices: [Int] = []
        for item in items {
            guard let body = animator.body(of: item) else { return }
            indices.append(try world.index(of: body))
        }
        let bodyA = indices.count == 2 ? indices[0] : 0
        let bodyB = indices.count == 2 ? indices[1] : indices[0]
        let offsetA = indices.count == 2 ? offsets[0] : .zero
        let offsetB = indices.count == 2 ? offsets[1] : offsets[0]
        let localA = bodyA == 0 ? anchorPoint : offsetA - world.bodies[bodyA].localCentroid
        let localB = offsetB - world.bodies[bodyB].localCentroid
        if world.jointIndex(joint) == nil {
            joint = world.addJoint(makeJoint(world, bodyA, bodyB, localA, localB))
        }
        guard let j = world.jointIndex(joint) else { return }
        var updated = world.joints[j]
        updated.localAnchorA = localA
        updated.length = length
        updated.hertz = frequency
        updated.dampingRatio = damping
        updated.lowerTranslation = attachmentRange?.lowerBound ?? -.infinity
        updated.upperTranslation = attachmentRange?.upperBound ?? .infinity
        let old = world.joints[j]
        if old.localAnchorA != updated.localAnchorA || old.length != updated.length || old.hertz != updated.hertz
            || old.dampingRatio != updated.dampingRatio || old.lowerTranslation != updated.lowerTranslation
            || old.upperTranslation != updated.upperTranslation
        {
            world.joints[j] = updated
            world.wakeIsland(of: bodyA)
            world.wakeIsland(of: bodyB)
        }
    }

    private func makeJoint(_ world: PhysicsWorld, _ a: Int, _ b: Int, _ localA: Point, _ localB: Point) -> Joint {
        var joint: Joint
        switch variant {
        case .distance, .limit:
            joint = Joint(kind: .distance, bodyA: Int32(a), bodyB: Int32(b), localAnchorA: localA, localAnchorB: localB)
            if case .limit = variant { joint.isRope = true }
        case .pin:
            joint = Joint(kind: .revolute, bodyA: Int32(a), bodyB: Int32(b), localAnchorA: localA, localAnchorB: localB)
        case .fixed:
            joint = Joint(kind: .weld, bodyA: Int32(a), bodyB: Int32(b), localAnchorA: localA, localAnchorB: localB)
        case .sliding(let axis):
            joint = Joint(
                kind: .prismatic, bodyA: Int32(a), bodyB: Int32(b), localAnchorA: localA, localAnchorB: localB)
            joint.localAxisA = axis.normalizedOrZero
        }
        joint.referenceAngle = world.bodies[b].angle - world.bodies[a].angle
        return joint
    }

    override func didLeave(_ animator: DynamicAnimator) {
        animator.world.removeJoint(joint)
        joint = nil
    }
}
