import KineticCore

/// Why the engine refused a request. The message says what was wrong and how to fix it.
public struct PhysicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence naming the bad value.
    public var message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A contact that began or ended touching during the last step, for collision callbacks.
public struct ContactEvent: Sendable, Equatable {
    /// The two bodies, in the order the engine stores them (lower index first).
    public var bodyA: BodyID
    /// The other body.
    public var bodyB: BodyID
    /// A world point of the contact, in points (for `began`; the last known point for `ended`).
    public var point: Point
    /// True when the bodies began touching, false when they stopped.
    public var began: Bool
}

/// A 2D rigid-body world in points and seconds, y down (UIKit's coordinates), solved with Box2D v3's soft step:
/// substeps, soft contacts, a relax pass and a restitution pass, warm-started persistent contacts, speculative
/// contacts, sleeping islands. docs/ARCHITECTURE.md places it among the modules; Benchmarks/RESULTS.md has its
/// figures against other engines.
///
/// Deterministic: the same bodies added in the same order and stepped the same way give the same results bit
/// for bit (no randomness, no libm trigonometry, pairs processed in a fixed order), on any number of threads
/// (``PhysicsSettings/threadCount``: the narrow phase and the solver's stages share only work whose order cannot
/// change the result — contacts one by one, and constraints of one colour, which share no moving body).
///
/// `step()` always advances one fixed ``PhysicsSettings/timeStep``; drive it from an accumulator (as
/// `DynamicAnimator` does) so that the display's frame rate never changes the result.
public final class PhysicsWorld {
    /// How many contact constraints the solver works on at once: 4 (four floats to a 128-bit vector), or 8 in a
    /// build with `KINETIC_LANES8` for AVX2 processors (`make install KINETIC_CPU=haswell`). The results are the same bits
    /// either way.
    public static let solverLaneCount = ConstraintBundle.width

    /// The settings; changing them between steps is allowed.
    public var settings: PhysicsSettings
    /// Gravity in pt/s² (y down). Default (0, 1000): UIKit's gravity of magnitude 1 pointing down.
    public var gravity: Point {
        didSet { if gravity != oldValue { wakeAll() } }
    }

    @exclusivity(unchecked) var bodies: [Body] = []
    @exclusivity(unchecked) var states: [BodyState] = []
    @exclusivity(unchecked) var vertices: [Point] = []
    @exclusivity(unchecked) var normals: [Point] = []
    private var freeBodies: [Int32] = []
    @exclusivity(unchecked) var contacts: [Contact] = []
    /// Contact k's bodies and the step the broad phase last saw it, beside ``contacts`` (same order, kept by
    /// `createContact` and `destroyContact`): 12 bytes a contact, so that the broad phase marks the pairs it sees
    /// and the step finds the stale ones without bringing each 300-byte contact into the cache.
    @exclusivity(unchecked) var contactLinks: [ContactLink] = []
    /// Per contact (in the order of ``contacts``), its impulses for warm starting.
    @exclusivity(unchecked) var contactImpulses: [ContactImpulses] = []
    /// How many of ``contacts`` have a restitution above 0 (kept by `mixMaterial` and `destroyContact`): while none
    /// has, the step knows it needs no restitution pass without reading each contact's restitution.
    var restitutiveContactCount = 0
    @exclusivity(unchecked) var pairs = PairTable()
    /// Scratch: the step's contact constraints, colour by colour (made by the solver's prepare stage).
    let constraints = ScratchBuffer<ContactConstraint>()
    /// Scratch: the step's solved contacts in contact order, before ``coloring`` lays them out colour by colour:
    /// those between two dynamic bodies, then (from ``staticContacts``) those with a static body.
    let selectedContacts = ScratchBuffer<SelectedContact>()
    /// Scratch: the step's solved contacts with a static body.
    let staticContacts = ScratchBuffer<SelectedContact>()
    @exclusivity(unchecked) var coloring = ConstraintColoring()
    /// Changed whenever a body is added, removed, made static or dynamic or given another material (and every
    /// step while ``recoloursEveryStep``): the colouring keeps its colours only while it is unchanged, and the
    /// bundles their constraints (``BundleCarry``).
    var bodiesVersion: UInt64 = 0
    /// Per contact, its points' separations as the pack stage starts from them, written by the narrow phase for
    /// each manifold it recycles (``NarrowPhase/packSeparations(of:)``).
    let packSeparations = ScratchBuffer<SIMD2<Double>>()
    /// What the last solve left in ``bundles``, for the next one to keep (``BundleCarry``).
    var bundleCarry = BundleCarry()
    /// Per bundle, the contact of each of its ``ConstraintBundle/width`` lanes when it was last packed (−1: empty).
    let bundleLaneContacts = ScratchBuffer<Int32>()
    /// When false every bundle is packed afresh every step, never kept from the step before (tests compare the two).
    var keepsBundles = true
    /// How many solves could keep some of the last step's bundles (``BundleCarry``), over the world's life (for
    /// tests).
    var bundleKeepingSolves = 0
    /// Scratch: the independent colours' constraints in bundles of ``ConstraintBundle/width``, and per colour its
    /// first bundle (−1 for an overflow), per bundle its first constraint and its number of constraints.
    let bundles = ScratchBuffer<ConstraintBundle>()
    /// Per body, its solver state rounded to floats, for the bundles (``BundleBody``), filled at each solve.
    let bundleBodies = ScratchBuffer<BundleBody>()
    let bundleStarts = ScratchBuffer<Int>()
    let bundleFirsts = ScratchBuffer<Int>()
    let bundleLanes = ScratchBuffer<Int>()
    /// Per bundle, which of its lanes' bodies it writes back (``ConstraintBundle/writeMask(of:)``).
    let bundleWrites = ScratchBuffer<ConstraintBundle.WriteMask>()
    /// The worker threads, made when ``PhysicsSettings/threadCount`` first asks for more than one.
    private var pool: SolverPool?
    /// Scratch: the solver's program of stages for this step.
    var solverProgram: [SolverStages.Stage] = []
    /// Scratch: the narrow phase's flags per contact (``NarrowPhase``); before the narrow phase, the stale-contact
    /// flags of the step's sweep (``StaleContactTest``).
    @exclusivity(unchecked) var narrowFlags: [UInt8] = []
    /// Per body, its broad-phase proxy's box (``findPairs()``: the body's ``Body/bounds`` grown by
    /// ``fatMargin(minimumExtent:)``, in points), beside the body records, for the stale-contact test after a partial
    /// sweep.
    @exclusivity(unchecked) var proxyBoxes: [BoundingBox] = []
    /// Per body, the step in which its proxy's box last moved (``stepIndex``; 0 until it first does): apart from
    /// the boxes, so that the stale-contact test finds the contacts of moved bodies in 4 bytes a body (the whole
    /// array in the first-level cache for a few thousand bodies) and reads the boxes of those alone.
    @exclusivity(unchecked) var proxyMovedSteps: [UInt32] = []
    /// Whether the narrow phase's selection flags (and its lists, ``narrowSelectionIsListed``) still hold for the
    /// solver: no body was woken after it, and ``recomputesSelection`` is off.
    var narrowSelectionIsCurrent = false
    /// Whether the narrow phase listed its selection (``NarrowSelection``) in the buffers below this step (it does
    /// on several threads), for the solver to take while ``narrowSelectionIsCurrent``.
    var narrowSelectionIsListed = false
    let narrowMoving = ScratchBuffer<SelectedContact>()
    let narrowGrounded = ScratchBuffer<SelectedContact>()
    let narrowLinks = ScratchBuffer<SIMD2<Int32>>()
    let narrowBlockCounts = ScratchBuffer<SIMD4<Int32>>()
    @exclusivity(unchecked) var joints: [Joint] = []
    private var freeJoints: [Int32] = []
    /// The awake dynamic bodies in index order, kept while ``awakeListIsCurrent``.
    @exclusivity(unchecked) var awake: [Int32] = []
    /// False once a body was added, removed, woken, put to sleep or changed kind: the next solve lists ``awake``
    /// again.
    var awakeListIsCurrent = false
    /// Scratch: per awake body, its integration inputs (``SolverStages/Kind/inputs``).
    let integration = ScratchBuffer<IntegrationInput>()
    @exclusivity(unchecked) var proxies: [Proxy] = []
    /// Set when bodies were added, removed, moved by hand, woken, put to sleep or refiltered.
    var broadPhaseNeedsSweep = true
    @exclusivity(unchecked) var candidatePairs: [UInt64] = []
    /// Scratch: per block of the full sweep, the pairs it found that have no contact yet (``BroadPhaseSweep``).
    @exclusivity(unchecked) var sweepNewPairs: [[UInt64]] = []
    /// Scratch: the pairs of moved boxes, as places in the sorted proxies (first << 32 | second).
    @exclusivity(unchecked) var movedPairs: [UInt64] = []
    /// Scratch: per block of ``ProxyUpdate``, what it saw.
    @exclusivity(unchecked) var proxyReports: [UInt8] = []
    /// Scratch: per block of ``MovedPairQuery``, the pairs it found.
    @exclusivity(unchecked) var movedPairBlocks: [[UInt64]] = []
    /// Scratch: the places of the much wider than usual boxes in the sorted proxies
    /// (``findMovedPairs(_:_:movedCount:)``).
    @exclusivity(unchecked) var wideProxies: [Int32] = []
    /// Scratch: the sorted proxies binned for the moved boxes' queries (``findGridPairs(_:_:)``).
    let proxyGrid = ProxyGrid()
    /// Scratch for ``sortProxies(_:)``: the moved boxes, their places before the sort and their sort keys, and the
    /// places of the others.
    @exclusivity(unchecked) var reinsertedProxies: [Proxy] = []
    @exclusivity(unchecked) var reinsertedPlaces: [Int32] = []
    @exclusivity(unchecked) var reinsertedKeys: [ReinsertedKey] = []
    @exclusivity(unchecked) var stayingPlaces: [Int32] = []
    var fastBodies: [FastBody] = []
    /// Scratch: per awake body, what the solver's finalize stage recorded of its motion (``SolverStages/finalized``).
    let finalized = ScratchBuffer<FastBody>()
    /// Per body: its index in `fastBodies`, or −1.
    var fastSlot: [Int32] = []
    /// Scratch: each fast body's time of impact this step.
    var impacts: [Double] = []
    /// Scratch: the joints solved this step.
    var activeJoints: [Int] = []
    /// Scratch for the sleep islands (``updateSleep(dt:)``), per body index: the union-find's parent among the
    /// bodies still long enough to sleep, and a byte with ``stillMark`` (the body is such a body: written for each
    /// awake body by the solver's ``SolverStages/Kind/finalize``) and ``restlessMark`` (its group touches a body
    /// that is not, so its island stays awake).
    @exclusivity(unchecked) var islandParent: [Int32] = []
    let islandMarks = ScratchBuffer<UInt8>()
    /// Scratch: the bodies of this step's touching contacts between two awake dynamic bodies (the sleep islands'
    /// links), collected by the solver's selection of contacts.
    let sleepLinks = ScratchBuffer<SIMD2<Int32>>()
    let scratch = CollisionScratch()
    var stepIndex: UInt32 = 0
    /// Contacts that began or ended touching during the last step, in a fixed order.
    public internal(set) var contactEvents: [ContactEvent] = []
    /// How many steps have run.
    public internal(set) var stepCount = 0
    /// True once a step ended with every dynamic body asleep (or none present).
    public internal(set) var isAtRest = true

    /// An empty world with `settings` and gravity (0, 1000) pt/s².
    public init(settings: PhysicsSettings = PhysicsSettings(), gravity: Point = Point(x: 0, y: 1000)) {
        self.settings = settings
        self.gravity = gravity
        // Body 0 is the ground: a static body with no shape that joints to the world attach to.
        bodies.append(
            Body(
                center: .zero, rotation: .identity, kind: .static, isAwake: false, shapeKind: .circle,
                isBoundary: false, vertexStart: 0, vertexCount: 0, radius: 0, maximumExtent: 0, angle: 0,
                localCentroid: .zero, mass: 0, inverseMass: 0, inertia: 0, inverseInertia: 0, gravityScale: 0,
                linearDamping: 0, angularDamping: 0, friction: 0, restitution: 0, allowsRotation: false,
                minimumExtent: 0, area: 0, collisionGroups: 0, boundaryGroups: 0, userData: -1, generation: 0))
        states.append(BodyState())
    }

    deinit {
        pool?.shutDown()
        scratch.deallocate()
    }

    /// The solver's worker pool for ``PhysicsSettings/threadCount`` (clamped to 1…``PhysicsSettings/maximumThreadCount``),
    /// or nil for one thread. A changed count replaces the pool.
    func solverPool() -> SolverPool? {
        let count = min(max(settings.threadCount, 1), PhysicsSettings.maximumThreadCount)
        guard count > 1 else { return nil }
        if let pool, pool.participants == count { return pool }
        pool?.shutDown()
        let made = SolverPool(participants: count)
        pool = made
        return made
    }

    /// Fewer contacts or contact constraints than this are handled on the calling thread alone (splitting them
    /// costs more than it saves); the result is the same either way. 256; tests lower it to run small scenes on
    /// several threads.
    var parallelThreshold = 256
    /// When true every sweep of the broad phase reports every pair (tests compare it with the partial sweeps).
    var sweepsFully = false
    /// When true the solver works out which contacts to solve itself every step instead of taking the narrow
    /// phase's flags (tests compare the two).
    var recomputesSelection = false
    /// When true the constraints are coloured afresh every step, never kept from the step before (tests compare
    /// the two).
    var recoloursEveryStep = false
    /// When false a world at rest steps through the broad phase, the narrow phase and the solver as any other
    /// (tests compare the two); when true (the default) such a step is skipped (``step()``).
    var skipsRestingSteps = true
    /// How many steps found the world at rest and did nothing (for tests).
    var restingSteps = 0
    /// How many partial sweeps were done from the moved boxes alone (for tests).
    var movedPairQueries = 0
    /// How many of those went through the grid (``findGridPairs(_:_:)``), for tests.
    var gridPairQueries = 0
    /// How many contact manifolds were recycled rather than computed (``NarrowPhase``), over the world's life (for
    /// tests and benchmarks).
    var recycledContacts = 0

    // MARK: Bodies

    /// Makes room for `count` more bodies (of four vertices each) in the world's arrays, so that adding them
    /// copies none of the arrays again as they grow (a scene of thousands of items starts sooner). The room grows
    /// geometrically (``Swift/Array/reserveGrowing(toHold:)``): reserving one more body before each step stays
    /// amortised linear.
    func reserveCapacity(forAdditionalBodies count: Int) {
        let added = max(0, count)
        bodies.reserveGrowing(toHold: bodies.count + added)
        states.reserveGrowing(toHold: states.count + added)
        proxies.reserveGrowing(toHold: proxies.count + added)
        vertices.reserveGrowing(toHold: vertices.count + 4 * added)
        normals.reserveGrowing(toHold: normals.count + 4 * added)
    }

    /// Adds a body. Throws when a value is not finite, a size or the density is not positive, or the shape is
    /// degenerate; the message names the value.
    @discardableResult
    public func addBody(_ definition: BodyDefinition) throws(PhysicsError) -> BodyID {
        let geometry: ShapeGeometry
        do { geometry = try ShapeGeometry.make(definition.shape) } catch { throw PhysicsError(error.message) }
        try Self.validate(definition)
        if case .segment = definition.shape, definition.kind == .dynamic {
            throw PhysicsError("a segment can only be a static body (a boundary); use a thin box for a moving bar")
        }
        let isDynamic = definition.kind == .dynamic
        let densityPerPoint = definition.density / 10_000
        let mass = isDynamic ? densityPerPoint * geometry.area : 0
        let inertia = isDynamic ? densityPerPoint * geometry.secondMomentOfArea : 0
        let rotation = Rotation(angle: definition.angle)
        let start = Int32(vertices.count)
        vertices.append(contentsOf: geometry.vertices)
        normals.append(contentsOf: geometry.normals)
        while normals.count < vertices.count { normals.append(.zero) }
        var body = Body(
            center: definition.position + rotation.rotate(geometry.centroid), rotation: rotation,
            kind: definition.kind, isAwake: isDynamic, shapeKind: geometry.kind, isBoundary: definition.isBoundary,
            vertexStart: start, vertexCount: Int32(geometry.vertices.count), radius: geometry.radius,
            maximumExtent: geometry.maximumExtent, angle: definition.angle, localCentroid: geometry.centroid,
            mass: mass, inverseMass: mass > 0 ? 1 / mass : 0, inertia: inertia,
            inverseInertia: inertia > 0 && definition.allowsRotation ? 1 / inertia : 0,
            gravityScale: definition.gravityScale, linearDamping: definition.resistance,
            angularDamping: definition.angularResistance, friction: definition.friction,
            restitution: definition.elasticity, allowsRotation: definition.allowsRotation,
            minimumExtent: geometry.minimumExtent, area: geometry.area, collisionGroups: definition.collisionGroups,
            boundaryGroups: definition.boundaryGroups, userData: definition.userData, generation: 0)
        var state = BodyState()
        state.inverseMass = body.inverseMass
        state.inverseInertia = body.inverseInertia
        let index: Int32
        if let reused = freeBodies.popLast() {
            index = reused
            body.generation = bodies[Int(reused)].generation &+ 1
            bodies[Int(reused)] = body
            states[Int(reused)] = state
            // The last body's proxy box is not this one's.
            if Int(reused) < proxyBoxes.count {
                proxyBoxes[Int(reused)] = Self.emptyProxyBox
                proxyMovedSteps[Int(reused)] = 0
            }
        } else {
            index = Int32(bodies.count)
            bodies.append(body)
            states.append(state)
        }
        updateBounds(Int(index), timeStep: 0)
        proxies.append(Proxy(body: index))
        broadPhaseNeedsSweep = true
        awakeListIsCurrent = false
        bodiesVersion &+= 1
        let id = BodyID(index: index, generation: body.generation)
        if isDynamic {
            setVelocityUnchecked(Int(index), definition.velocity, definition.angularVelocity)
            isAtRest = false
        }
        return id
    }

    private static func validate(_ d: BodyDefinition) throws(PhysicsError) {
        let finite: [(String, Double)] = [
            ("position.x", d.position.x), ("position.y", d.position.y), ("angle", d.angle),
            ("velocity.x", d.velocity.x), ("velocity.y", d.velocity.y), ("angularVelocity", d.angularVelocity),
            ("gravityScale", d.gravityScale),
        ]
        for (name, value) in finite where !value.isFinite {
            throw PhysicsError("\(name) must be a finite number (got \(value))")
        }
        try validateMaterial(
            density: d.density, friction: d.friction, elasticity: d.elasticity, resistance: d.resistance,
            angularResistance: d.angularResistance)
    }

    static func validateMaterial(
        density: Double, friction: Double, elasticity: Double, resistance: Double, angularResistance: Double
    ) throws(PhysicsError) {
        guard density.isFinite, density > 0 else {
            throw PhysicsError("density must be a finite number > 0 (got \(density)); UIKit's default is 1")
        }
        guard friction.isFinite, friction >= 0 else {
            throw PhysicsError("friction must be a finite number >= 0 (got \(friction))")
        }
        guard elasticity.isFinite, elasticity >= 0, elasticity <= 1 else {
            throw PhysicsError("elasticity must be in 0...1 (got \(elasticity))")
        }
        guard resistance.isFinite, resistance >= 0 else {
            throw PhysicsError("resistance must be a finite number >= 0 (got \(resistance))")
        }
        guard angularResistance.isFinite, angularResistance >= 0 else {
            throw PhysicsError("angularResistance must be a finite number >= 0 (got \(angularResistance))")
        }
    }

    func index(of id: BodyID) throws(PhysicsError) -> Int {
        guard let i = liveIndex(of: id) else {
            throw PhysicsError("the body was removed from the world or belongs to another world")
        }
        return i
    }

    /// ``index(of:)`` without the error: nil when the body is gone (for loops over many bodies).
    @inline(__always) func liveIndex(of id: BodyID) -> Int? {
        let i = Int(id.index)
        guard i > 0, i < bodies.count, bodies[i].isAlive, bodies[i].generation == id.generation else { return nil }
        return i
    }

    /// The handle of body `index` (for events).
    func id(ofIndex index: Int32) -> BodyID { BodyID(index: index, generation: bodies[Int(index)].generation) }

    /// Removes a body with its contacts and joints; touching bodies wake.
    public func removeBody(_ id: BodyID) throws(PhysicsError) {
        let i = try index(of: id)
        wakeIsland(of: i)
        var c = 0
        while c < contacts.count {
            if contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i) {
                let other = contacts[c].bodyA == Int32(i) ? contacts[c].bodyB : contacts[c].bodyA
                wakeIsland(of: Int(other))
                destroyContact(c)
            } else {
                c += 1
            }
        }
        for j in 0..<joints.count
        where joints[j].isAlive && (joints[j].bodyA == Int32(i) || joints[j].bodyB == Int32(i)) {
            removeJointAt(j)
        }
        bodies[i].isAlive = false
        bodies[i].isAwake = false
        bodies[i].generation &+= 1
        states[i] = BodyState()
        proxies.removeAll { $0.body == Int32(i) }
        broadPhaseNeedsSweep = true
        awakeListIsCurrent = false
        bodiesVersion &+= 1
        freeBodies.append(Int32(i))
    }

    /// The number of live bodies (the ground not counted).
    public var bodyCount: Int { bodies.count - 1 - freeBodies.count }

    /// The number of dynamic bodies that are awake.
    public var awakeBodyCount: Int {
        var n = 0
        for b in bodies where b.isAlive && b.isDynamic && b.isAwake { n += 1 }
        return n
    }

    /// The body's centre (the item's centre) in points.
    public func position(of id: BodyID) throws(PhysicsError) -> Point { bodies[try index(of: id)].origin }

    /// The body's angle in radians, accumulated over whole turns.
    public func angle(of id: BodyID) throws(PhysicsError) -> Double { bodies[try index(of: id)].angle }

    /// The body's velocity in pt/s. In free flight this is the exact velocity at the current time (the solver keeps
    /// a half-step value internally; see ``setVelocity(of:_:angularVelocity:)``).
    public func velocity(of id: BodyID) throws(PhysicsError) -> Point { reportedVelocity(try index(of: id)) }

    /// The angular velocity in rad/s (positive turns clockwise on screen).
    public func angularVelocity(of id: BodyID) throws(PhysicsError) -> Double {
        states[try index(of: id)].angularVelocity
    }

    /// True when the body is awake (static bodies are never awake).
    public func isAwake(_ id: BodyID) throws(PhysicsError) -> Bool { bodies[try index(of: id)].isAwake }

    /// The owner's tag given at creation.
    public func userData(of id: BodyID) throws(PhysicsError) -> Int { bodies[try index(of: id)].userData }

    /// The body's mass (UIKit's units: a 100×100 item of density 1 has mass 1).
    public func mass(of id: BodyID) throws(PhysicsError) -> Double { bodies[try index(of: id)].mass }

    /// The moment of inertia about the centre of mass (mass·pt²).
    public func inertia(of id: BodyID) throws(PhysicsError) -> Double { bodies[try index(of: id)].inertia }

    /// The constant acceleration of a body in free flight: gravity times its scale.
    @inline(__always) func acceleration(_ i: Int) -> Point { gravity * bodies[i].gravityScale }

    /// Half a substep, seconds.
    var halfSubstep: Double { 0.5 * settings.timeStep / Double(max(1, settings.substeps)) }

    /// Half a substep of gravity: the offset between the stored (half-step) velocity and the reported one.
    @inline(__always) func halfStepOffset(_ i: Int) -> Point { acceleration(i) * halfSubstep }

    /// The velocity a caller sees (pt/s): the stored one, plus ``halfStepOffset(_:)`` for a dynamic body awake in
    /// free flight.
    func reportedVelocity(_ i: Int) -> Point {
        bodies.withUnsafeBufferPointer { bodies in
            Self.reportedVelocity(
                of: bodies.baseAddress.unsafelyUnwrapped + i, stored: states[i].velocity, gravity: gravity,
                halfSubstep: halfSubstep)
        }
    }

    /// ``reportedVelocity(_:)`` of `body`, whose stored velocity is `stored`, for a reader that walks the arrays
    /// itself (`gravity` and `halfSubstep` the world's).
    @inline(__always) static func reportedVelocity(
        of body: UnsafePointer<Body>, stored: Point, gravity: Point, halfSubstep: Double
    ) -> Point {
        guard body.pointee.isDynamic, body.pointee.isAwake, body.pointee.touchingCount == 0 else { return stored }
        return stored + (gravity * body.pointee.gravityScale) * halfSubstep
    }

    /// Sets the velocity (pt/s) and angular velocity (rad/s) and wakes the body. Static bodies ignore it.
    public func setVelocity(of id: BodyID, _ velocity: Point, angularVelocity: Double) throws(PhysicsError) {
        guard velocity.x.isFinite, velocity.y.isFinite, angularVelocity.isFinite else {
            throw PhysicsError("velocity must be finite (got \(velocity), \(angularVelocity))")
        }
        let i = try index(of: id)
        guard bodies[i].isDynamic else { return }
        wakeIsland(of: i)
        setVelocityUnchecked(i, velocity, angularVelocity)
    }

    func setVelocityUnchecked(_ i: Int, _ velocity: Point, _ angularVelocity: Double) {
        // Leapfrog bookkeeping: a free body stores v − ½·a·h (a its acceleration, h the step), so that each step's
        // position update lands exactly on the parabola of free fall.
        states[i].velocity = bodies[i].touchingCount == 0 ? velocity - halfStepOffset(i) : velocity
        states[i].angularVelocity = bodies[i].allowsRotation ? angularVelocity : 0
    }

    /// Adds an impulse (mass·pt/s) at a world point and wakes the body: Δv = J/m, Δω = r × J / I.
    public func applyImpulse(to id: BodyID, _ impulse: Point, at point: Point) throws(PhysicsError) {
        guard impulse.x.isFinite, impulse.y.isFinite, point.x.isFinite, point.y.isFinite else {
            throw PhysicsError("impulse and point must be finite (got \(impulse) at \(point))")
        }
        let i = try index(of: id)
        guard bodies[i].isDynamic else { return }
        wakeIsland(of: i)
        states[i].velocity = multiplyAdd(states[i].velocity, bodies[i].inverseMass, impulse)
        states[i].angularVelocity += bodies[i].inverseInertia * cross(point - bodies[i].center, impulse)
    }

    /// Adds a force (mass·pt/s²) at a world point for the next step only, and wakes the body.
    public func applyForce(to id: BodyID, _ force: Point, at point: Point) throws(PhysicsError) {
        guard force.x.isFinite, force.y.isFinite, point.x.isFinite, point.y.isFinite else {
            throw PhysicsError("force and point must be finite (got \(force) at \(point))")
        }
        let i = try index(of: id)
        guard bodies[i].isDynamic else { return }
        if force != .zero { wakeIsland(of: i) }
        bodies[i].force += force
        bodies[i].torque += cross(point - bodies[i].center, force)
    }

    /// Adds a torque (mass·pt²/s²) for the next step only, and wakes the body.
    public func applyTorque(to id: BodyID, _ torque: Double) throws(PhysicsError) {
        guard torque.isFinite else { throw PhysicsError("torque must be finite (got \(torque))") }
        let i = try index(of: id)
        guard bodies[i].isDynamic else { return }
        if torque != 0 { wakeIsland(of: i) }
        bodies[i].torque += torque
    }

    /// Moves a body (teleports it: no velocity change) and wakes what touches it.
    public func setTransform(of id: BodyID, position: Point, angle: Double) throws(PhysicsError) {
        guard position.x.isFinite, position.y.isFinite, angle.isFinite else {
            throw PhysicsError("position and angle must be finite (got \(position), \(angle))")
        }
        let i = try index(of: id)
        wakeIsland(of: i)
        wakeTouching(i)
        let rotation = Rotation(angle: angle)
        bodies[i].rotation = rotation
        bodies[i].angle = angle
        bodies[i].center = position + rotation.rotate(bodies[i].localCentroid)
        bodies[i].isFast = true
        updateBounds(i, timeStep: 0)
        broadPhaseNeedsSweep = true
    }

    /// Changes the material and damping of a body (validated like ``BodyDefinition``); the body wakes.
    func setMaterial(
        _ i: Int, density: Double, friction: Double, elasticity: Double, resistance: Double, angularResistance: Double,
        allowsRotation: Bool
    ) {
        var body = bodies[i]
        let unchanged =
            body.friction == friction && body.restitution == elasticity && body.linearDamping == resistance
            && body.angularDamping == angularResistance && body.allowsRotation == allowsRotation
            && (!body.isDynamic || body.mass == density / 10_000 * body.area)
        if unchanged { return }
        if body.isDynamic {
            let scale = density / 10_000 / (body.mass / body.area)
            if scale.isFinite && scale != 1 {
                body.mass *= scale
                body.inertia *= scale
                body.inverseMass = 1 / body.mass
            }
            body.inverseInertia = allowsRotation && body.inertia > 0 ? 1 / body.inertia : 0
        }
        body.friction = friction
        body.restitution = elasticity
        body.linearDamping = resistance
        body.angularDamping = angularResistance
        body.allowsRotation = allowsRotation
        bodies[i] = body
        states[i].inverseMass = body.inverseMass
        states[i].inverseInertia = body.inverseInertia
        // The bundles hold the masses and frictions: none is kept past a change of material.
        bodiesVersion &+= 1
        if !allowsRotation { states[i].angularVelocity = 0 }
        for c in 0..<contacts.count where contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i) {
            mixMaterial(c)
        }
        wakeIsland(of: i)
    }

    /// Makes a body static (anchored) or dynamic again.
    func setKind(_ i: Int, _ kind: BodyKind, density: Double) {
        guard bodies[i].kind != kind else { return }
        wakeIsland(of: i)
        wakeTouching(i)
        broadPhaseNeedsSweep = true
        awakeListIsCurrent = false
        bodiesVersion &+= 1
        var body = bodies[i]
        body.kind = kind
        body.isFast = true
        if kind == .dynamic {
            body.mass = density / 10_000 * body.area
            body.inertia = density / 10_000 * secondMoment(i)
            body.inverseMass = 1 / body.mass
            body.inverseInertia = body.allowsRotation ? 1 / body.inertia : 0
            body.isAwake = true
            body.sleepTime = 0
        } else {
            body.mass = 0
            body.inertia = 0
            body.inverseMass = 0
            body.inverseInertia = 0
            body.isAwake = false
            states[i].velocity = .zero
            states[i].angularVelocity = 0
        }
        bodies[i] = body
        states[i].inverseMass = body.inverseMass
        states[i].inverseInertia = body.inverseInertia
        isAtRest = false
    }

    /// The shape's polar second moment of area, recomputed from its stored geometry.
    private func secondMoment(_ i: Int) -> Double {
        let body = bodies[i]
        let start = Int(body.vertexStart)
        let count = Int(body.vertexCount)
        switch body.shapeKind {
        case .circle:
            return Double.pi * body.radius * body.radius * body.radius * body.radius / 2
        case .segment:
            return 0
        case .polygon:
            let points = Array(vertices[start..<(start + count)])
            let shape = BodyShape.polygon(vertices: points, radius: body.radius)
            return (try? ShapeGeometry.make(shape).secondMomentOfArea) ?? 0
        }
    }

    /// Changes the body's gravity scale (0 ignores gravity).
    func setGravityScale(_ i: Int, _ scale: Double) {
        guard bodies[i].gravityScale != scale else { return }
        // Keep the reported velocity continuous under the leapfrog bookkeeping.
        let reported = reportedVelocity(i)
        bodies[i].gravityScale = scale
        if bodies[i].isDynamic {
            wakeIsland(of: i)
            setVelocityUnchecked(i, reported, states[i].angularVelocity)
        }
    }

    /// Changes the collision filter of a body.
    func setCollisionGroups(_ i: Int, collision: UInt64, boundary: UInt64) {
        guard bodies[i].collisionGroups != collision || bodies[i].boundaryGroups != boundary else { return }
        bodies[i].collisionGroups = collision
        bodies[i].boundaryGroups = boundary
        broadPhaseNeedsSweep = true
        wakeIsland(of: i)
        wakeTouching(i)
    }

    // MARK: Joints

    func addJoint(_ joint: Joint) -> JointHandle {
        var joint = joint
        let index: Int32
        if let reused = freeJoints.popLast() {
            index = reused
            joint.generation = joints[Int(reused)].generation &+ 1
            joints[Int(reused)] = joint
        } else {
            index = Int32(joints.count)
            joints.append(joint)
        }
        wakeIsland(of: Int(joint.bodyA))
        wakeIsland(of: Int(joint.bodyB))
        return JointHandle(index: index, generation: joint.generation)
    }

    /// The joint's slot when the handle still names a live joint.
    func jointIndex(_ handle: JointHandle?) -> Int? {
        guard let handle, Int(handle.index) < joints.count else { return nil }
        let joint = joints[Int(handle.index)]
        return joint.isAlive && joint.generation == handle.generation ? Int(handle.index) : nil
    }

    /// Removes the joint if the handle is still valid.
    func removeJoint(_ handle: JointHandle?) {
        if let j = jointIndex(handle) { removeJointAt(j) }
    }

    func removeJointAt(_ j: Int) {
        guard joints[j].isAlive else { return }
        joints[j].isAlive = false
        wakeIsland(of: Int(joints[j].bodyA))
        wakeIsland(of: Int(joints[j].bodyB))
        freeJoints.append(Int32(j))
    }

    // MARK: Sleeping

    /// Wakes the sleeping island that body `i` belongs to (no-op for awake or static bodies).
    func wakeIsland(of i: Int) {
        guard i > 0, bodies[i].isAlive, bodies[i].isDynamic, !bodies[i].isAwake else { return }
        var next = Int32(i)
        // The island is a circular list: walk it once.
        repeat {
            let b = Int(next)
            bodies[b].isAwake = true
            bodies[b].sleepTime = 0
            next = bodies[b].islandNext
            bodies[b].islandNext = -1
        } while next >= 0 && next != Int32(i)
        awakeListIsCurrent = false
        isAtRest = false
        broadPhaseNeedsSweep = true
    }

    /// Wakes every body touching body `i`.
    func wakeTouching(_ i: Int) {
        for c in 0..<contacts.count where contacts[c].bodyA == Int32(i) || contacts[c].bodyB == Int32(i) {
            wakeIsland(of: Int(contacts[c].bodyA))
            wakeIsland(of: Int(contacts[c].bodyB))
        }
    }

    /// Wakes every dynamic body.
    public func wakeAll() {
        for i in 1..<bodies.count where bodies[i].isAlive && bodies[i].isDynamic && !bodies[i].isAwake {
            bodies[i].isAwake = true
            bodies[i].sleepTime = 0
            bodies[i].islandNext = -1
            awakeListIsCurrent = false
            isAtRest = false
            broadPhaseNeedsSweep = true
        }
    }
}

extension PhysicsWorld {
    /// The tight bounding box of body `i`'s shape (no margin).
    func tightBounds(_ i: Int) -> BoundingBox {
        let body = bodies[i]
        let transform = body.transform
        var box = BoundingBox(
            minX: .greatestFiniteMagnitude, minY: .greatestFiniteMagnitude, maxX: -.greatestFiniteMagnitude,
            maxY: -.greatestFiniteMagnitude)
        let start = Int(body.vertexStart)
        for k in start..<(start + Int(body.vertexCount)) {
            let v = transform.apply(vertices[k])
            box.minX = min(box.minX, v.x - body.radius)
            box.minY = min(box.minY, v.y - body.radius)
            box.maxX = max(box.maxX, v.x + body.radius)
            box.maxY = max(box.maxY, v.y + body.radius)
        }
        return box
    }
}
