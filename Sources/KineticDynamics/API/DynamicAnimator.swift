import KineticCore

/// Hears when an animator's items all come to rest and when they start moving again (UIKit's
/// `UIDynamicAnimatorDelegate`). Both methods have empty defaults.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Something woke: the animator is about to move items again.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Every item is asleep (or there are none): nothing will move until a behaviour or a velocity changes.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}

/// UIKit Dynamics' `UIDynamicAnimator` over the rigid-body engine: behaviours give items bodies, gravity, collisions,
/// forces and joints; ``advance(by:)`` runs the engine in fixed steps of ``PhysicsSettings/timeStep`` (1/120 s by
/// default) and writes each item's `center` and `transform` back.
///
/// Nothing reads a clock: the caller passes time in. Leftover time smaller than a step waits for the next call,
/// so the result depends only on the total time, never on how it is sliced into frames (no interpolation: items
/// show the state of the last whole step).
public final class DynamicAnimator {
    /// The coordinate space of the items, in points (y down). Collision behaviours can make it a boundary.
    public let referenceBounds: Rect
    /// The engine underneath (for inspection and tuning; bodies are managed by the behaviours).
    public let world: PhysicsWorld
    /// Receives willResume / didPause.
    public weak var delegate: (any DynamicAnimatorDelegate)?
    /// The behaviours added, in order.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Simulated seconds so far (whole steps only).
    public private(set) var elapsedTime: Double = 0

    private var pendingTime = 0.0
    private var needsSync = true
    private var slotOfItem: [ObjectIdentifier: Int] = [:]
    private var records: [ItemRecord?] = []
    private var freeSlots: [Int] = []
    private var boundaryOwners: [Int32: (behavior: CollisionBehavior, identifier: String?)] = [:]
    private var wasRunning = false
    /// Whether a step moved the bodies since the items were last given their poses (see `takeStep`).
    private(set) var itemsAreStale = false
    /// Every behaviour and descendant, refreshed by each sync (so that a step allocates nothing for it).
    private var allBehaviors: [DynamicBehavior] = []
    /// The collision behaviours among them, in order.
    private var collisionBehaviors: [CollisionBehavior] = []

    struct ItemRecord {
        let item: any DynamicItem
        var body: BodyID
        var size: Size
        var charge: Double
    }

    /// An animator for items living in `referenceBounds`, with the engine's `settings`.
    public init(referenceBounds: Rect, settings: PhysicsSettings = PhysicsSettings()) {
        self.referenceBounds = referenceBounds
        world = PhysicsWorld(settings: settings, gravity: .zero)
    }

    // MARK: Behaviours

    /// Adds a behaviour (and its children). Throws when a value is invalid (NaN, a size ≤ 0, …), when a second
    /// gravity behaviour or a 65th collision behaviour is added, or when it is already in another animator.
    public func addBehavior(_ behavior: DynamicBehavior) throws(PhysicsError) {
        try addBehaviors([behavior])
    }

    /// Adds `newBehaviors` in order, as ``addBehavior(_:)`` does each, with one synchronisation of the engine for
    /// all of them (each addition re-reads every behaviour's items: a scene's collision, gravity and item
    /// behaviours over 5,050 items read them four times). Either all are added or, with the error of the first that
    /// cannot be, none.
    func addBehaviors(_ newBehaviors: [DynamicBehavior]) throws(PhysicsError) {
        var accepted: [DynamicBehavior] = []
        // Behaviours already in, or accepted from this list, and the gravity and collision behaviours among them
        // (with their children), counted once rather than each behaviour's list filtered again.
        var present = Set(behaviors.map(ObjectIdentifier.init))
        let existing = Self.flatten(behaviors)
        var gravities = existing.count { $0 is GravityBehavior }
        var collisions = existing.count { $0 is CollisionBehavior }
        for behavior in newBehaviors where !present.contains(ObjectIdentifier(behavior)) {
            if let other = behavior.dynamicAnimator, other !== self {
                throw PhysicsError("the behaviour is already in another animator; remove it there first")
            }
            let added = Self.flatten([behavior])
            gravities += added.count { $0 is GravityBehavior }
            if gravities > 1 {
                throw PhysicsError("an animator takes one gravity behaviour; add the items to the existing one")
            }
            collisions += added.count { $0 is CollisionBehavior }
            if collisions > 64 {
                throw PhysicsError("an animator takes at most 64 collision behaviours; combine them")
            }
            for b in added { try b.validate() }
            accepted.append(behavior)
            present.insert(ObjectIdentifier(behavior))
        }
        guard !accepted.isEmpty else { return }
        behaviors += accepted
        for b in Self.flatten(accepted) { b.dynamicAnimator = self }
        needsSync = true
        do { try syncIfNeeded() } catch {
            for behavior in accepted { removeBehavior(behavior) }
            throw error
        }
    }

    /// Removes a behaviour and its children; items no behaviour mentions any more leave the engine.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.removeAll { $0 === behavior }
        for b in Self.flatten([behavior]) {
            b.didLeave(self)
            b.dynamicAnimator = nil
        }
        needsSync = true
        try? syncIfNeeded()
    }

    /// Removes every behaviour.
    public func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    /// True while some item is awake; false once everything rests (after ``DynamicAnimatorDelegate/dynamicAnimatorDidPause(_:)``).
    public var isRunning: Bool { !world.isAtRest }

    /// The items whose outline overlaps `rect` (reference coordinates), in the order they joined.
    public func items(in rect: Rect) -> [any DynamicItem] {
        let query = rect.standardized
        var found: [any DynamicItem] = []
        for record in records {
            guard let record, let i = try? world.index(of: record.body) else { continue }
            let box = world.tightBounds(i)
            if box.minX <= query.maxX && query.minX <= box.maxX && box.minY <= query.maxY && query.minY <= box.maxY {
                found.append(record.item)
            }
        }
        return found
    }

    /// Reads the item's current `center`, `transform` and size again and moves its body there (a size change
    /// rebuilds the body). Throws for an item the animator does not know or a bad value.
    public func updateItemUsingCurrentState(_ item: any DynamicItem) throws(PhysicsError) {
        guard let slot = slotOfItem[ObjectIdentifier(item)], let record = records[slot] else {
            throw PhysicsError("the item is not in any behaviour of this animator")
        }
        let size = try Self.validSize(item)
        if size != record.size {
            try? world.removeBody(record.body)
            records[slot]?.body = try makeBody(for: item, slot: slot)
            records[slot]?.size = size
            needsSync = true
            try syncIfNeeded()
            return
        }
        try world.setTransform(of: record.body, position: item.center, angle: Self.angle(of: item))
    }

    // MARK: Time

    /// Runs as many whole engine steps as fit in the time passed so far (seconds ≥ 0, finite); the remainder
    /// carries over. Returns the number of steps taken. When it returns, every item is where its body is; between
    /// its steps the items are brought up to date only for whatever can look at them (a behaviour's `action`, the
    /// delegates), so several steps cost one update of the items.
    @discardableResult
    public func advance(by seconds: Double) throws(PhysicsError) -> Int {
        try advance(by: seconds, updatingItems: true)
    }

    /// ``advance(by:)``, leaving the items stale when `updatingItems` is false: for an owner that reads the bodies
    /// themselves and has nothing else looking at its items (``SceneSimulation``'s frames, which apply the write-back's
    /// rule to the centres they report while ``itemsAreStale``). A step's actions and delegates and the next
    /// ``advance(by:)`` or ``step()`` still get the items written first; a behaviour added or removed, or
    /// ``updateItemUsingCurrentState(_:)``, in between would read them stale.
    @discardableResult
    func advance(by seconds: Double, updatingItems: Bool) throws(PhysicsError) -> Int {
        guard seconds.isFinite, seconds >= 0 else {
            throw PhysicsError("advance(by:) takes a finite number of seconds >= 0 (got \(seconds))")
        }
        pendingTime += seconds
        let dt = world.settings.timeStep
        var steps = 0
        defer { if updatingItems { updateItemsIfStale() } }
        while pendingTime >= dt * (1 - 1e-9) {
            pendingTime -= dt
            try takeStep()
            steps += 1
        }
        if pendingTime < 0 { pendingTime = 0 }
        return steps
    }

    /// Runs exactly one engine step (``PhysicsSettings/timeStep``).
    public func step() throws(PhysicsError) {
        defer { updateItemsIfStale() }
        try takeStep()
    }

    /// One step. Every observer sees the items as it did when they were written after every step: the items get
    /// their bodies' poses before anything that can look at them runs — an action, a sync that reads new items,
    /// the animator's delegate — and at the latest when ``advance(by:)`` or ``step()`` returns; with a collision
    /// delegate they are written after every step as before (its events come before the items move, and what it
    /// sets on an item is then overwritten by the step's poses). So the several steps of one ``advance(by:)``
    /// write the items once when nothing looks in between (8 % of the main thread of a 1,000-item pile on two
    /// threads).
    private func takeStep() throws(PhysicsError) {
        if itemsAreStale && (needsSync || hasActions) { updateItemsIfStale() }
        for behavior in allBehaviors { behavior.action?() }
        try syncIfNeeded()
        for behavior in allBehaviors { try behavior.prepareStep(self) }
        if !wasRunning && !world.isAtRest {
            wasRunning = true
            updateItemsIfStale()
            delegate?.dynamicAnimatorWillResume(self)
        }
        let reportsContacts = collisionBehaviors.contains { $0.collisionDelegate != nil }
        if reportsContacts { updateItemsIfStale() }
        world.step()
        elapsedTime += world.settings.timeStep
        itemsAreStale = true
        if reportsContacts {
            dispatchContactEvents()
            updateItemsIfStale()
        }
        if wasRunning && world.isAtRest {
            wasRunning = false
            updateItemsIfStale()
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Whether some behaviour has an ``DynamicBehavior/action`` (which may read the items before each step).
    private var hasActions: Bool { allBehaviors.contains { $0.action != nil } }

    /// Writes the bodies' poses to the items if a step has moved the bodies since they were last written.
    private func updateItemsIfStale() {
        guard itemsAreStale else { return }
        itemsAreStale = false
        writeBack()
    }

    // MARK: Items and bodies

    /// The body of `item`, when some behaviour in this animator mentions it.
    public func body(of item: any DynamicItem) -> BodyID? {
        guard let slot = slotOfItem[ObjectIdentifier(item)] else { return nil }
        return records[slot]?.body
    }

    func charge(of item: any DynamicItem) -> Double {
        guard let slot = slotOfItem[ObjectIdentifier(item)] else { return 0 }
        return records[slot]?.charge ?? 0
    }

    func setNeedsSync() { needsSync = true }

    private static func flatten(_ behaviors: [DynamicBehavior]) -> [DynamicBehavior] {
        var result: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            if result.contains(where: { $0 === b }) { return }
            result.append(b)
            for child in b.childBehaviors { visit(child) }
        }
        for b in behaviors { visit(b) }
        return result
    }

    private static func angle(of item: any DynamicItem) -> Double { atan2Approx(item.transform.b, item.transform.a) }

    private static func validSize(_ item: any DynamicItem) throws(PhysicsError) -> Size {
        let w = item.bounds.size.width
        let h = item.bounds.size.height
        guard w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw PhysicsError(
                "an item's bounds must be finite and > 0 in both directions (got \(w)×\(h)); "
                    + "UIKit asserts on zero-size items: leave them out of the behaviours")
        }
        let c = item.center
        try requireFinite("item center", c.x, c.y)
        let t = item.transform
        try requireFinite("item transform", t.a, t.b, t.c, t.d)
        return Size(width: w, height: h)
    }

    private static func shape(for item: any DynamicItem, size: Size) -> BodyShape {
        let w = size.width
        let h = size.height
        switch item.collisionBoundsType {
        case .rectangle:
            return .box(width: w, height: h)
        case .roundedRectangle(let radius):
            return .box(width: w, height: h, cornerRadius: min(max(0, radius), min(w, h) / 2))
        case .ellipse:
            if w == h { return .circle(radius: w / 2) }
            let points = (0..<16).map { k in
                let (s, c) = sineCosine(Double(k) * Double.pi / 8)
                return Point(x: c * w / 2, y: s * h / 2)
            }
            return .polygon(vertices: points)
        case .path(let points):
            return .polygon(vertices: points)
        }
    }

    private func makeBody(for item: any DynamicItem, slot: Int) throws(PhysicsError) -> BodyID {
        let size = try Self.validSize(item)
        var definition = BodyDefinition(shape: Self.shape(for: item, size: size), position: item.center)
        definition.angle = Self.angle(of: item)
        definition.userData = slot
        definition.gravityScale = 0
        definition.collisionGroups = 0
        definition.boundaryGroups = 0
        // Material and kind are applied by the sync that follows.
        return try world.addBody(definition)
    }

    /// Re-reads every behaviour: creates and removes bodies, sets gravity, collision filters, materials and
    /// boundaries. Runs before a step whenever something changed.
    func syncIfNeeded() throws(PhysicsError) {
        guard needsSync else { return }
        needsSync = false
        let all = Self.flatten(behaviors)
        allBehaviors = all
        collisionBehaviors = all.compactMap { $0 as? CollisionBehavior }
        for behavior in all { try behavior.validate() }
        // Bodies for the items that behaviours mention; remove the rest.
        // (At least the largest behaviour's items are bodies: room for them, once.)
        let largest = all.map(\.involvedItems.count).max() ?? 0
        world.reserveCapacity(forAdditionalBodies: largest - records.count)
        slotOfItem.reserveGrowing(toHold: largest)
        records.reserveGrowing(toHold: largest)
        var mentioned = Set<ObjectIdentifier>(minimumCapacity: largest)
        for behavior in all {
            for item in behavior.involvedItems {
                let key = ObjectIdentifier(item)
                mentioned.insert(key)
                if slotOfItem[key] == nil {
                    let slot = freeSlots.popLast() ?? records.count
                    if slot == records.count { records.append(nil) }
                    let body = try makeBody(for: item, slot: slot)
                    records[slot] = ItemRecord(item: item, body: body, size: try Self.validSize(item), charge: 0)
                    slotOfItem[key] = slot
                }
            }
        }
        for slot in 0..<records.count {
            guard let record = records[slot], !mentioned.contains(ObjectIdentifier(record.item)) else { continue }
            try? world.removeBody(record.body)
            slotOfItem[ObjectIdentifier(record.item)] = nil
            records[slot] = nil
            freeSlots.append(slot)
        }
        // Gravity: one behaviour sets the world's vector; its items get scale 1.
        let gravity = all.compactMap { $0 as? GravityBehavior }.first
        world.gravity = gravity?.acceleration ?? .zero
        // Collision behaviours: one filter bit each, and their boundaries.
        let collisions = all.compactMap { $0 as? CollisionBehavior }
        boundaryOwners.removeAll()
        for (k, collision) in collisions.enumerated() {
            let bit = UInt64(1) << UInt64(k)
            let current = collision.boundaryBodies.first.flatMap { try? world.index(of: $0.body) }
            let bitMatches = current.map { world.bodies[$0].boundaryGroups == bit } ?? true
            if !collision.boundariesAreCurrent || !bitMatches {
                try collision.rebuildBoundaries(in: world, referenceBounds: referenceBounds, group: bit)
            }
            for entry in collision.boundaryBodies {
                boundaryOwners[entry.body.index] = (collision, entry.identifier)
            }
        }
        let itemBehaviors = all.compactMap { $0 as? DynamicItemBehavior }
        for slot in 0..<records.count {
            guard let record = records[slot], let i = try? world.index(of: record.body) else { continue }
            let item = record.item
            var collisionGroups: UInt64 = 0
            var boundaryGroups: UInt64 = 0
            for (k, collision) in collisions.enumerated() where collision.contains(item) {
                let bit = UInt64(1) << UInt64(k)
                if collision.collisionMode.contains(.items) { collisionGroups |= bit }
                if collision.collisionMode.contains(.boundaries) { boundaryGroups |= bit }
            }
            world.setCollisionGroups(i, collision: collisionGroups, boundary: boundaryGroups)
            let properties = itemBehaviors.last { $0.contains(item) }
            let density = properties?.density ?? 1
            world.setKind(i, properties?.isAnchored == true ? .static : .dynamic, density: density)
            world.setMaterial(
                i, density: density, friction: properties?.friction ?? 0, elasticity: properties?.elasticity ?? 0,
                resistance: properties?.resistance ?? 0, angularResistance: properties?.angularResistance ?? 0,
                allowsRotation: properties?.allowsRotation ?? true)
            records[slot]?.charge = properties?.charge ?? 0
            world.setGravityScale(i, gravity?.contains(item) == true ? 1 : 0)
        }
    }

    private func partner(_ body: BodyID) -> CollisionPartner? {
        if let owner = boundaryOwners[body.index] { return .boundary(owner.identifier) }
        guard let data = try? world.userData(of: body), data >= 0, data < records.count, let record = records[data]
        else { return nil }
        return .item(record.item)
    }

    private func dispatchContactEvents() {
        guard !world.contactEvents.isEmpty else { return }
        let collisions = collisionBehaviors
        guard collisions.contains(where: { $0.collisionDelegate != nil }) else { return }
        for event in world.contactEvents {
            guard let a = partner(event.bodyA), let b = partner(event.bodyB) else { continue }
            for collision in collisions {
                guard let delegate = collision.collisionDelegate else { continue }
                switch (a, b) {
                case (.item(let first), .item(let second)):
                    guard collision.collisionMode.contains(.items), collision.contains(first),
                        collision.contains(second)
                    else { continue }
                    if event.began {
                        delegate.collisionBehavior(collision, beganContactFor: first, with: second, at: event.point)
                    } else {
                        delegate.collisionBehavior(collision, endedContactFor: first, with: second)
                    }
                case (.item(let item), .boundary(let identifier)), (.boundary(let identifier), .item(let item)):
                    let owner = boundaryOwners[event.bodyA.index] ?? boundaryOwners[event.bodyB.index]
                    guard owner?.behavior === collision, collision.contains(item) else { continue }
                    if event.began {
                        delegate.collisionBehavior(
                            collision, beganContactFor: item, withBoundaryIdentifier: identifier, at: event.point)
                    } else {
                        delegate.collisionBehavior(collision, endedContactFor: item, withBoundaryIdentifier: identifier)
                    }
                case (.boundary, .boundary):
                    continue
                }
            }
        }
    }

    /// Gives every item of a live dynamic body its body's centre and rotation (only where they differ). Runs once
    /// per `advance` or `step` at least; it reads the body again for each item, since an item's own setter may
    /// change the world.
    private func writeBack() {
        let records = self.records  // one exclusivity check, not one per item
        for slot in records.indices {
            guard let record = records[slot], let i = world.liveIndex(of: record.body), world.bodies[i].isDynamic
            else { continue }
            let center = world.bodies[i].origin
            if record.item.center != center { record.item.center = center }
            let rotation = world.bodies[i].rotation
            let transform = AffineTransform(a: rotation.c, b: rotation.s, c: -rotation.s, d: rotation.c, tx: 0, ty: 0)
            if record.item.transform != transform { record.item.transform = transform }
        }
    }
}
