/// The engine's tunables, in UIKit's units: points, seconds, 100 pt per metre (so Box2D's tolerances in metres
/// become the figures below). The defaults are Box2D v3's, scaled; change them only to trade accuracy for speed.
public struct PhysicsSettings: Sendable, Equatable {
    /// The fixed time step, in seconds. Default 1/120. `DynamicAnimator` advances in whole steps of this size.
    public var timeStep: Double = 1.0 / 120.0
    /// Substeps per step, 1…16. Default 4. More substeps stack more stiffly and cost proportionally more.
    public var substeps: Int = 4
    /// Contact stiffness, in hertz; capped at an eighth of the substep rate. Default 30.
    public var contactHertz: Double = 30
    /// Contacts with a static body (walls, floor, anchored items) are this many times stiffer. Default 4.
    /// Box2D uses 2; with 2 a collapsing pile of 40 boxes pressed 0.63 pt into the floor, with 4 only 0.28 pt
    /// (the bar is 0.5 pt), at no cost in stability (120 Hz is a quarter of the substep rate).
    public var staticContactHertzScale: Double = 4
    /// Contact damping ratio (dimensionless). Default 10: contacts push out without bouncing.
    public var contactDampingRatio: Double = 10
    /// The fastest a contact pushes overlapping shapes apart, in pt/s. Default 300.
    public var maximumContactPushSpeed: Double = 300
    /// Joint stiffness, in hertz (UIKit's rigid attachments, pins and welds). Default 60.
    public var jointHertz: Double = 60
    /// Joint damping ratio. Default 2 (Box2D's).
    public var jointDampingRatio: Double = 2
    /// Approach speeds below this bounce with no restitution, in pt/s. Default 100. Also what makes an impact: a
    /// contact one of whose impulses changed a point's speed by more than this in a step relaxes friction before its
    /// points that step (a landing does not slide off its own friction), others after them (resting friction holds
    /// exactly).
    public var restitutionThreshold: Double = 100
    /// The overlap tolerated between shapes, in points. Default 0.5.
    public var linearSlop: Double = 0.5
    /// Gap within which contact points are created before shapes touch, in points, plus the distance the
    /// pair can close in one step. Default 2.
    public var speculativeDistance: Double = 2
    /// How far a touching pair's relative pose may move (its translation plus its turn at the larger extent) before
    /// its contact manifold is computed afresh, in points; until then the manifold is recycled, its points kept and
    /// their separations moved with the bodies (Box2D 3.2's contact recycling). Default 5 (ten times
    /// ``linearSlop``, as Box2D); 0 computes every manifold every step. A pair not touching recycles only within
    /// ``speculativeDistance``, and only while its gap covers the motion; a pair without friction only within
    /// ``linearSlop`` (on a recycled manifold's small errors a frictionless pile slides instead of resting: the
    /// collapse of the example screen, UIKit's defaults, rests at 1.6 s that way, and never within 6 s when its
    /// pairs recycle within 1 pt). NaN or a value ≤ 0 recycles nothing; a very large one (infinity included) keeps
    /// a touching pair's manifold until a body turns more than about 11°.
    public var contactRecycleDistance: Double = 5
    /// Bodies slower than this may sleep, in pt/s (at the extent of the shape for rotation). Default 5.
    public var sleepThreshold: Double = 5
    /// How long a body and everything touching it must stay below ``sleepThreshold`` to sleep, in seconds.
    /// Default 0.25. Box2D uses 0.5; a quarter of a second lets a dropped item rest within 0.3 s of landing.
    public var timeToSleep: Double = 0.25
    /// Whether bodies sleep at all. Default true.
    public var allowsSleeping: Bool = true
    /// The speed limit of any body, in pt/s. Default 40,000.
    public var maximumLinearSpeed: Double = 40_000

    /// Threads that step the world, 1…``maximumThreadCount`` (values outside are clamped). Default 1: the
    /// calling thread alone. With more, the narrow phase and the solver's stages are split among worker threads
    /// that the world keeps; the results are bit for bit those of one thread, whatever the count. Worlds with few
    /// contacts (under 256 solved) run on the calling thread anyway.
    public var threadCount: Int = 1
    /// The largest ``threadCount``: 16.
    public static let maximumThreadCount = 16

    /// The defaults above.
    public init() {}
}
