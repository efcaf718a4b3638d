import CPrefetch
import KineticCore

/// The narrow phase of one step: every contact whose bodies are not both asleep gets a new manifold (or recycles
/// its manifold when the pair's relative pose has barely changed), its points inheriting the impulses of the old
/// ones with the same feature ids. Each contact is computed on its own, so blocks of contacts are shared among the threads of a
/// ``SolverPool``; what would touch shared state (touching counts, events, waking) is left in
/// ``flags`` for the world to apply in contact order afterwards, with what the solver will do with the contact
/// (``selection(_:bodies:states:dt:linearSlop:)``).
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct NarrowPhase: @unchecked Sendable {
    /// Flag: the contact began or stopped touching in this step.
    static let touchingChanged: UInt8 = 1
    /// Flag: the contact touches and body A is asleep (an awake body touched it).
    static let wakesA: UInt8 = 2
    /// Flag: the contact touches and body B is asleep.
    static let wakesB: UInt8 = 4
    /// Flag: the selection flags below were worked out (a contact with an awake body).
    static let evaluated: UInt8 = 8
    /// Selection flag: the solver solves the contact this step.
    static let selected: UInt8 = 16
    /// Selection flag: the contact touches and links two awake dynamic bodies (for the sleep islands).
    static let sleepLink: UInt8 = 32
    /// Selection flag: both bodies are dynamic (the solver takes such contacts before those with a static body).
    static let dynamicPair: UInt8 = 64
    /// Flag: the contact's manifold was recycled (counted in ``PhysicsWorld/recycledContacts``).
    static let recycled: UInt8 = 128
    /// The flags the world applies after the narrow phase.
    static let effects: UInt8 = touchingChanged | wakesA | wakesB

    var bodies: UnsafeMutablePointer<Body>
    var states: UnsafePointer<BodyState>
    var contacts: UnsafeMutableBufferPointer<Contact>
    /// Per contact, the flags above (written for every contact).
    var flags: UnsafeMutableBufferPointer<UInt8>
    var vertices: UnsafeMutablePointer<Point>
    var normals: UnsafeMutablePointer<Point>
    /// Per contact, its impulses (``ContactImpulses``): a manifold computed afresh inherits them point by point.
    var impulses: UnsafeMutablePointer<ContactImpulses>
    /// Per contact, written for each recycled manifold: ``packSeparations(of:)``.
    var packSeparations: UnsafeMutablePointer<SIMD2<Double>>
    var speculativeDistance: Double
    var linearSlop: Double
    /// ``PhysicsSettings/contactRecycleDistance`` (0: every manifold is computed afresh).
    var recycleDistance: Double
    var dt: Double
    /// Where each block lists what the solver will do with its contacts, when the blocks run on several threads
    /// (nil on one, where the solver's own pass over the flags costs less than the blocks' lists and their join).
    var selection: NarrowSelection?

    /// Contacts per block.
    static let blockSize = 64

    /// How many blocks the contacts make.
    var blockCount: Int { (contacts.count + Self.blockSize - 1) / Self.blockSize }

    /// Updates the contacts of block `block`, with collision scratch on the stack.
    func execute(block: Int) {
        let start = block * Self.blockSize
        let end = min(start + Self.blockSize, contacts.count)
        withUnsafeTemporaryAllocation(of: Point.self, capacity: CollisionScratch.storageCount) { storage in
            guard let base = storage.baseAddress else { return }
            let scratch = CollisionScratch(storage: base)
            guard let records = contacts.baseAddress else { return }
            for c in start..<end {
                // A recycled contact takes a few hundred instructions, too few for the processor to reach the next
                // contacts' loads by itself (perf: half the phase's samples waited on the bodies' states): ask for
                // contact c + 16's record, and for contact c + 8's bodies (their first two lines: transform, flags,
                // extents) and velocities.
                if c + 16 < end { Contact.prefetch(records + c + 16) }
                if c + 8 < end {
                    let next = records + c + 8
                    prefetchBodies(Int(next.pointee.bodyA))
                    prefetchBodies(Int(next.pointee.bodyB))
                }
                flags[c] = update(c, scratch: scratch)
            }
            selection?.list(block: block, start: start, end: end, flags: flags, contacts: records)
        }
    }

    /// Asks for the first two cache lines of body `i`'s record and for its state's velocities (24 bytes).
    @inline(__always) private func prefetchBodies(_ i: Int) {
        let body = UnsafeRawPointer(bodies + i)
        kinetic_prefetch(body)
        kinetic_prefetch(body + 64)
        kinetic_prefetch(body + 127)
        let state = UnsafeRawPointer(states + i)
        kinetic_prefetch(state)
        kinetic_prefetch(state + 23)
    }

    @inline(__always) private func update(_ c: Int, scratch: CollisionScratch) -> UInt8 {
        guard let base = contacts.baseAddress else { return 0 }
        let contact = base + c
        let ia = Int(contact.pointee.bodyA)
        let ib = Int(contact.pointee.bodyB)
        let a = bodies + ia
        let b = bodies + ib
        if !a.pointee.isAwake && !b.pointee.isAwake { return 0 }
        // How far the pair can close in one step: relative velocity plus rotation at the extents.
        let reach =
            (states[ib].velocity - states[ia].velocity).length
            + abs(states[ia].angularVelocity) * a.pointee.maximumExtent
            + abs(states[ib].angularVelocity) * b.pointee.maximumExtent
        let speculative = speculativeDistance + dt * reach
        let transformA = a.pointee.transform
        let transformB = b.pointee.transform
        let relativePose = RigidTransform.relative(transformA, transformB)
        let wasTouching = contact.pointee.isTouching
        // Without friction nothing holds a piece on a recycled manifold's small errors, and a frictionless pile
        // (UIKit's default) slides on them instead of resting: such pairs recycle within the slop only.
        let limit = contact.pointee.friction > 0 ? recycleDistance : min(recycleDistance, linearSlop)
        if limit > 0 && !a.pointee.isFast && !b.pointee.isFast
            && Self.recycles(
                contact, a, b, relativePose: relativePose, touching: wasTouching, speculative: speculative,
                tolerance: wasTouching ? limit : min(limit, speculativeDistance))
        {
            Self.recycle(contact, a, b)
            packSeparations[c] = Self.packSeparations(of: contact.pointee.manifold)
            var result = Self.recycled
            if wasTouching {
                if a.pointee.isDynamic && !a.pointee.isAwake { result |= Self.wakesA }
                if b.pointee.isDynamic && !b.pointee.isAwake { result |= Self.wakesB }
            }
            return result | Self.selection(contact, bodies: bodies, states: states, dt: dt, linearSlop: linearSlop)
        }
        contact.pointee.cachedRelativePose = relativePose
        contact.pointee.cachedRotationA = a.pointee.rotation
        contact.pointee.cachedRotationB = b.pointee.rotation
        contact.pointee.cachedSpeculativeDistance = speculative
        var manifold = Self.manifold(
            a, b, speculativeDistance: speculative, linearSlop: linearSlop, vertices: vertices, normals: normals,
            scratch: scratch)
        // Warm starting: a point keeps the impulses of the old point with the same feature id.
        let old = contact.pointee.manifold
        impulses[c] = ContactImpulses.inherited(by: manifold, from: old, impulses[c])
        if manifold.pointCount > 0 { manifold.point0.computedSeparation = manifold.point0.separation }
        if manifold.pointCount > 1 { manifold.point1.computedSeparation = manifold.point1.separation }
        let touching = manifold.pointCount > 0
        // A manifold without points keeps the last point, for the event that says the contact ended.
        if !touching { manifold.point0.point = old.point0.point }
        contact.pointee.manifold = manifold
        var result: UInt8 = 0
        if touching != wasTouching {
            contact.pointee.isTouching = touching
            result |= Self.touchingChanged
        }
        if touching {
            if a.pointee.isDynamic && !a.pointee.isAwake { result |= Self.wakesA }
            if b.pointee.isDynamic && !b.pointee.isAwake { result |= Self.wakesB }
        }
        return result | Self.selection(contact, bodies: bodies, states: states, dt: dt, linearSlop: linearSlop)
    }

    /// Whether the contact's manifold can be recycled (Box2D 3.2's contact recycling): the rotation of neither body
    /// turned more than about 11° (cosine 0.98) since the manifold was computed, and the pair's relative pose moved
    /// less than `tolerance` — its translation in A's frame plus the turn at the larger moving extent. A contact
    /// without points also needs the gap it had to cover the motion and this step's speculative distance, so
    /// that no point it would now have is missed.
    @inline(__always) static func recycles(
        _ contact: UnsafePointer<Contact>, _ a: UnsafePointer<Body>, _ b: UnsafePointer<Body>,
        relativePose: RigidTransform, touching: Bool, speculative: Double, tolerance: Double
    ) -> Bool {
        let cached = contact.pointee.cachedRelativePose
        let cosA = contact.pointee.cachedRotationA.inverseTimes(a.pointee.rotation).c
        let cosB = contact.pointee.cachedRotationB.inverseTimes(b.pointee.rotation).c
        guard min(cosA, cosB) > recycleCosine else { return false }
        let extentA = a.pointee.isDynamic ? a.pointee.maximumExtent : 0
        let extentB = b.pointee.isDynamic ? b.pointee.maximumExtent : 0
        let turn = relativePose.q.inverseTimes(cached.q).s
        let moved = (relativePose.p - cached.p).length + max(extentA, extentB) * abs(turn)
        // NaN (no manifold computed yet) fails both comparisons.
        guard moved < tolerance else { return false }
        return touching || moved + speculative <= contact.pointee.cachedSpeculativeDistance
    }

    /// The cosine of the largest turn of a body since its contact's manifold was computed that still lets the
    /// manifold be recycled: 0.98 (about 11.5°).
    static let recycleCosine = 0.98

    /// Each point's ``ManifoldPoint/baseSeparation(along:)``, the value a bundle's pack stage rounds into
    /// ``ConstraintBundle/LanePoint/baseSeparation`` (the same operations in the same order, so the same double), 0
    /// for a point the manifold does not have. Recorded for recycled manifolds, whose bundles are kept
    /// (``BundleCarry``).
    @inline(__always) static func packSeparations(of manifold: Manifold) -> SIMD2<Double> {
        SIMD2(
            manifold.pointCount > 0 ? manifold.point0.baseSeparation(along: manifold.normal) : 0,
            manifold.pointCount > 1 ? manifold.point1.baseSeparation(along: manifold.normal) : 0)
    }

    /// Recycles the contact's manifold: its points keep their anchors, feature ids and impulses; each separation is
    /// the computed one plus how far the point's two ends (anchors turned with their bodies) moved apart along the
    /// normal, as the solver's substeps do within a step.
    @inline(__always) static func recycle(
        _ contact: UnsafeMutablePointer<Contact>, _ a: UnsafePointer<Body>, _ b: UnsafePointer<Body>
    ) {
        let turnA = contact.pointee.cachedRotationA.inverseTimes(a.pointee.rotation)
        let turnB = contact.pointee.cachedRotationB.inverseTimes(b.pointee.rotation)
        let offset = b.pointee.center - a.pointee.center
        let normal = contact.pointee.manifold.normal
        @inline(__always) func follow(_ point: inout ManifoldPoint) {
            let armA = turnA.rotate(point.anchorA)
            let armB = turnB.rotate(point.anchorB)
            point.separation = point.computedSeparation + dot(offset + armB - armA, normal)
            point.point = a.pointee.center + armA
        }
        let count = contact.pointee.manifold.pointCount
        if count > 0 { follow(&contact.pointee.manifold.point0) }
        if count > 1 { follow(&contact.pointee.manifold.point1) }
    }

    /// The selection flags of a contact that has an awake body, by its manifold and the bodies' velocities as
    /// the solver starts: ``evaluated``, and for a touching contact ``sleepLink`` and ``dynamicPair`` as they hold,
    /// and ``selected`` unless the bodies are both dynamic and every point stays more than the slop apart even
    /// closing at their fastest for the whole step (co-moving neighbours in a falling pile need no constraint).
    /// Contacts with a static body are always solved: walls never leak.
    @inline(__always) static func selection(
        _ contact: UnsafePointer<Contact>, bodies: UnsafePointer<Body>, states: UnsafePointer<BodyState>, dt: Double,
        linearSlop: Double
    ) -> UInt8 {
        guard contact.pointee.isTouching else { return evaluated }
        let ia = Int(contact.pointee.bodyA)
        let ib = Int(contact.pointee.bodyB)
        let a = bodies + ia
        let b = bodies + ib
        guard a.pointee.isDynamic && b.pointee.isDynamic else { return evaluated | selected }
        var result = evaluated | dynamicPair
        if a.pointee.isAwake && b.pointee.isAwake { result |= sleepLink }
        let closing =
            dot(contact.pointee.manifold.normal, states[ib].velocity - states[ia].velocity)
            - abs(states[ia].angularVelocity) * a.pointee.maximumExtent
            - abs(states[ib].angularVelocity) * b.pointee.maximumExtent
        var nearest = contact.pointee.manifold.point0.separation
        if contact.pointee.manifold.pointCount > 1 {
            nearest = min(nearest, contact.pointee.manifold.point1.separation)
        }
        return nearest + dt * min(0, closing) > linearSlop ? result : result | selected
    }

    /// The contact manifold of two bodies' shapes (empty when farther apart than `speculativeDistance`).
    @inline(__always) static func manifold(
        _ a: UnsafeMutablePointer<Body>, _ b: UnsafeMutablePointer<Body>, speculativeDistance: Double,
        linearSlop: Double, vertices: UnsafeMutablePointer<Point>, normals: UnsafeMutablePointer<Point>,
        scratch: CollisionScratch
    ) -> Manifold {
        // The shapes' own boxes farther apart than the speculative distance: no points, skip the SAT.
        let boxA = a.pointee.shapeBounds
        let boxB = b.pointee.shapeBounds
        if boxA.minX - boxB.maxX > speculativeDistance || boxB.minX - boxA.maxX > speculativeDistance
            || boxA.minY - boxB.maxY > speculativeDistance || boxB.minY - boxA.maxY > speculativeDistance
        {
            return Manifold()
        }
        let transformA = a.pointee.transform
        let transformB = b.pointee.transform
        let startA = Int(a.pointee.vertexStart)
        let viewA = PolygonView(
            vertices: vertices + startA, normals: normals + startA, count: Int(a.pointee.vertexCount),
            radius: a.pointee.radius)
        let startB = Int(b.pointee.vertexStart)
        if b.pointee.shapeKind == .circle {
            let centerB = vertices[startB]
            let radiusB = b.pointee.radius
            switch a.pointee.shapeKind {
            case .circle:
                return collideCircles(
                    centerA: viewA.vertices[0], radiusA: viewA.radius, transformA, centerB: centerB, radiusB: radiusB,
                    transformB, speculativeDistance: speculativeDistance)
            case .segment:
                return collideSegmentAndCircle(
                    viewA.vertices[0], viewA.vertices[1], transformA, centerB: centerB, radiusB: radiusB, transformB,
                    speculativeDistance: speculativeDistance)
            case .polygon:
                return collidePolygonAndCircle(
                    viewA, transformA, centerB: centerB, radiusB: radiusB, transformB,
                    speculativeDistance: speculativeDistance)
            }
        }
        let viewB = PolygonView(
            vertices: vertices + startB, normals: normals + startB, count: Int(b.pointee.vertexCount),
            radius: b.pointee.radius)
        return collidePolygons(
            viewA, transformA, viewB, transformB, speculativeDistance: speculativeDistance, linearSlop: linearSlop,
            scratch: scratch)
    }

    /// How many of `flags` have ``recycled`` set, eight flags to a 64-bit word.
    static func recycledCount(_ flags: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = flags.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let highBits = UInt64(0x8080_8080_8080_8080)
        var total = 0
        var c = 0
        while c + 8 <= flags.count {
            total += (raw.loadUnaligned(fromByteOffset: c, as: UInt64.self) & highBits).nonzeroBitCount
            c += 8
        }
        while c < flags.count {
            total += Int(flags[c] >> 7)
            c += 1
        }
        return total
    }

    /// The index of the first of `flags` at or after `start` with one of the ``effects``, or `flags.count` (most
    /// contacts of a step have none).
    static func firstWithEffects(_ flags: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(flags, withAnyOf: effects, from: start)
    }

    /// The index of the first of `flags` at or after `start` with a bit of `mask` set, or `flags.count`; eight
    /// flags to a 64-bit word.
    static func first(_ flags: UnsafeBufferPointer<UInt8>, withAnyOf mask: UInt8, from start: Int) -> Int {
        guard let base = flags.baseAddress, start < flags.count else { return flags.count }
        let raw = UnsafeRawPointer(base)
        let wordMask = UInt64(mask) &* 0x0101_0101_0101_0101
        var c = max(start, 0)
        while c + 8 <= flags.count && raw.loadUnaligned(fromByteOffset: c, as: UInt64.self) & wordMask == 0 { c += 8 }
        while c < flags.count {
            if flags[c] & mask != 0 { return c }
            c += 1
        }
        return flags.count
    }
}

/// What the solver will do with the contacts, listed by the narrow phase block by block from the selection flags
/// it has just written, when it runs on several threads (on the threads that wrote them, where they are still in
/// the cache; on one thread the solver's own pass over the flags costs less): the solved contacts
/// between two dynamic bodies, those with a static body, and the sleep islands' links, each in contact order,
/// block `b`'s from place `b × blockSize` on; per block the three counts and whether one of its solved contacts
/// has restitution. The solver joins the blocks' lists, in block order, into the lists it would make itself from
/// the flags (``PhysicsWorld/solve(dt:)``).
struct NarrowSelection: @unchecked Sendable {
    var moving: UnsafeMutablePointer<SelectedContact>
    var grounded: UnsafeMutablePointer<SelectedContact>
    var links: UnsafeMutablePointer<SIMD2<Int32>>
    /// Per block: (solved between dynamic bodies, solved with a static body, links, 1 if restitution else 0).
    var counts: UnsafeMutablePointer<SIMD4<Int32>>

    /// Lists contacts `start..<end` (block `block`) by their `flags`.
    @inline(__always) func list(
        block: Int, start: Int, end: Int, flags: UnsafeMutableBufferPointer<UInt8>,
        contacts: UnsafeMutablePointer<Contact>
    ) {
        var movingCount = 0
        var groundedCount = 0
        var linkCount = 0
        var restitution: Int32 = 0
        for c in start..<end {
            let flag = flags[c]
            let bodyA = contacts[c].bodyA
            let bodyB = contacts[c].bodyB
            if flag & NarrowPhase.sleepLink != 0 {
                links[start + linkCount] = SIMD2(bodyA, bodyB)
                linkCount += 1
            }
            guard flag & NarrowPhase.selected != 0 else { continue }
            if contacts[c].restitution > 0 { restitution = 1 }
            let selected = SelectedContact(contact: Int32(truncatingIfNeeded: c), bodyA: bodyA, bodyB: bodyB)
            if flag & NarrowPhase.dynamicPair != 0 {
                moving[start + movingCount] = selected
                movingCount += 1
            } else {
                grounded[start + groundedCount] = selected
                groundedCount += 1
            }
        }
        counts[block] = SIMD4(
            Int32(truncatingIfNeeded: movingCount), Int32(truncatingIfNeeded: groundedCount),
            Int32(truncatingIfNeeded: linkCount), restitution)
    }
}
