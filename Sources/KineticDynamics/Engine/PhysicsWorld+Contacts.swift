// The contacts' lifecycle (created for a new pair, materials mixed, destroyed) and the narrow phase that updates their manifolds.

import KineticCore

extension PhysicsWorld {

    func createContact(_ first: Int32, _ second: Int32) {
        // Put a circle second so that the narrow phase has one order per shape pair.
        var a = first
        var b = second
        if bodies[Int(a)].shapeKind == .circle && bodies[Int(b)].shapeKind != .circle { swap(&a, &b) }
        let contact = Contact(bodyA: a, bodyB: b, friction: 0, restitution: 0)
        pairs.set(PairTable.key(a, b), Int32(contacts.count))
        contacts.append(contact)
        contactLinks.append(ContactLink(bodyA: a, bodyB: b, lastSeen: stepIndex))
        contactImpulses.append(ContactImpulses())
        mixMaterial(contacts.count - 1)
    }

    /// Friction √(f₁f₂) and restitution max(e₁, e₂); a boundary lends the item its own values.
    func mixMaterial(_ c: Int) {
        let a = bodies[Int(contacts[c].bodyA)]
        let b = bodies[Int(contacts[c].bodyB)]
        if contacts[c].restitution > 0 { restitutiveContactCount -= 1 }
        defer { if contacts[c].restitution > 0 { restitutiveContactCount += 1 } }
        if a.isBoundary {
            contacts[c].friction = b.friction
            contacts[c].restitution = b.restitution
        } else if b.isBoundary {
            contacts[c].friction = a.friction
            contacts[c].restitution = a.restitution
        } else {
            contacts[c].friction = (a.friction * b.friction).squareRoot()
            contacts[c].restitution = max(a.restitution, b.restitution)
        }
    }

    func destroyContact(_ c: Int) {
        let contact = contacts[c]
        if contact.isTouching {
            bodies[Int(contact.bodyA)].touchingCount -= 1
            bodies[Int(contact.bodyB)].touchingCount -= 1
            contactEvents.append(
                ContactEvent(
                    bodyA: id(ofIndex: contact.bodyA), bodyB: id(ofIndex: contact.bodyB),
                    point: contact.manifold.point0.point, began: false))
        }
        pairs.remove(PairTable.key(contact.bodyA, contact.bodyB))
        if contact.restitution > 0 { restitutiveContactCount -= 1 }
        let last = contacts.count - 1
        if c != last {
            contacts[c] = contacts[last]
            contactLinks[c] = contactLinks[last]
            contactImpulses[c] = contactImpulses[last]
            pairs.set(PairTable.key(contacts[c].bodyA, contacts[c].bodyB), Int32(c))
        }
        contacts.removeLast()
        contactLinks.removeLast()
        contactImpulses.removeLast()
    }

    // MARK: Narrow phase

    func updateContacts(dt: Double) {
        narrowSelectionIsCurrent = false
        narrowSelectionIsListed = false
        // Bounds from the velocities the step starts with (forces, impulses and velocities set since the last
        // step included), so the broad phase sees how far each body can go in this step.
        // On the solver's threads when there are enough bodies: each body's boxes are its own.
        let boundsPool = bodies.count >= parallelThreshold ? solverPool() : nil
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeBufferPointer { stateBuffer in
                vertices.withUnsafeBufferPointer { vertexBuffer in
                    guard let bodies = bodyBuffer.baseAddress, let states = stateBuffer.baseAddress,
                        let vertices = vertexBuffer.baseAddress
                    else { return }
                    let update = BoundsUpdate(
                        bodies: bodies, states: states, vertices: vertices, count: bodyBuffer.count,
                        speculativeDistance: settings.speculativeDistance, timeStep: dt)
                    SolverPool.run(blocks: update.blockCount, on: boundsPool) { update.execute(block: $0) }
                }
            }
        }
        let sweep = findPairs()
        // Drop pairs whose boxes stopped overlapping (``StaleContactTest``, its flags in `narrowFlags` until the
        // narrow phase writes its own), in contact order: each destroyed contact's place takes the last contact,
        // with its flag, which is looked at next.
        if narrowFlags.count < contacts.count {
            narrowFlags = Array(repeating: 0, count: max(contacts.count, 2 * narrowFlags.count))
        }
        if sweep != .none {
            flagStaleContacts(full: sweep == .full)
            var c = nextContact(from: 0, flaggedWith: 0xFF)
            while c < contacts.count {
                let last = contacts.count - 1
                narrowFlags[c] = narrowFlags[last]
                destroyContact(c)
                c = nextContact(from: c, flaggedWith: 0xFF)
            }
        }
        let pool = contacts.count >= parallelThreshold ? solverPool() : nil
        let vertexBase = vertices.withUnsafeMutableBufferPointer { $0.baseAddress }
        let normalBase = normals.withUnsafeMutableBufferPointer { $0.baseAddress }
        packSeparations.resize(contacts.count)
        guard let vertexBase, let normalBase, let separationBase = packSeparations.buffer.baseAddress else { return }
        // Listed by the blocks on several threads only (the narrow phase's `selection`).
        let selection = pool != nil ? narrowSelection(contactCount: contacts.count) : nil
        narrowSelectionIsListed = selection != nil
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeBufferPointer { stateBuffer in
                contacts.withUnsafeMutableBufferPointer { contactBuffer in
                    narrowFlags.withUnsafeMutableBufferPointer { flagBuffer in
                        contactImpulses.withUnsafeMutableBufferPointer { impulseBuffer in
                            guard let bodies = bodyBuffer.baseAddress, let states = stateBuffer.baseAddress,
                                let impulses = impulseBuffer.baseAddress
                            else {
                                return
                            }
                            let phase = NarrowPhase(
                                bodies: bodies, states: states, contacts: contactBuffer, flags: flagBuffer,
                                vertices: vertexBase, normals: normalBase, impulses: impulses,
                                packSeparations: separationBase,
                                speculativeDistance: settings.speculativeDistance, linearSlop: settings.linearSlop,
                                recycleDistance: settings.contactRecycleDistance, dt: dt, selection: selection)
                            let blocks = phase.blockCount
                            SolverPool.run(blocks: blocks, on: pool) { phase.execute(block: $0) }
                        }
                    }
                }
            }
        }
        // In contact order: touching counts, begin/end events, sleeping bodies touched by awake ones.
        var toWake: [Int32] = []
        let recycled = countRecycled()
        var c = nextContact(from: 0, flaggedWith: NarrowPhase.effects)
        while c < contacts.count {
            let flags = narrowFlags[c]
            let ia = contacts[c].bodyA
            let ib = contacts[c].bodyB
            if flags & NarrowPhase.touchingChanged != 0 {
                let touching = contacts[c].isTouching
                let delta: Int32 = touching ? 1 : -1
                bodies[Int(ia)].touchingCount += delta
                bodies[Int(ib)].touchingCount += delta
                contactEvents.append(
                    ContactEvent(
                        bodyA: id(ofIndex: ia), bodyB: id(ofIndex: ib), point: contacts[c].manifold.point0.point,
                        began: touching))
            }
            if flags & NarrowPhase.wakesA != 0 { toWake.append(ia) }
            if flags & NarrowPhase.wakesB != 0 { toWake.append(ib) }
            c = nextContact(from: c + 1, flaggedWith: NarrowPhase.effects)
        }
        recycledContacts += recycled
        for i in toWake { wakeIsland(of: Int(i)) }
        narrowSelectionIsCurrent = toWake.isEmpty && !recomputesSelection
    }

    /// Room in the narrow phase's lists (``narrowMoving``, ``narrowGrounded``, ``narrowLinks``,
    /// ``narrowBlockCounts``) for `contactCount` contacts, as a ``NarrowSelection``.
    func narrowSelection(contactCount: Int) -> NarrowSelection? {
        narrowMoving.resize(contactCount)
        narrowGrounded.resize(contactCount)
        narrowLinks.resize(contactCount)
        narrowBlockCounts.resize((contactCount + NarrowPhase.blockSize - 1) / NarrowPhase.blockSize)
        guard let moving = narrowMoving.buffer.baseAddress, let grounded = narrowGrounded.buffer.baseAddress,
            let links = narrowLinks.buffer.baseAddress, let counts = narrowBlockCounts.buffer.baseAddress
        else { return nil }
        return NarrowSelection(moving: moving, grounded: grounded, links: links, counts: counts)
    }

    /// Flags the stale contacts in `narrowFlags` (``StaleContactTest``), on the solver's threads when there are
    /// enough contacts.
    func flagStaleContacts(full: Bool) {
        let pool = contacts.count >= parallelThreshold ? solverPool() : nil
        let step = stepIndex
        contactLinks.withUnsafeBufferPointer { links in
            withProxyBoxes { bodies, boxes, movedSteps in
                narrowFlags.withUnsafeMutableBufferPointer { flags in
                    guard let flags = flags.baseAddress else { return }
                    let test = StaleContactTest(
                        links: links, bodies: bodies, boxes: UnsafePointer(boxes),
                        movedSteps: UnsafePointer(movedSteps), flags: flags, full: full, step: step)
                    SolverPool.run(blocks: test.blockCount, on: pool) { test.execute(block: $0) }
                }
            }
        }
    }

    /// How many of the narrow phase's contacts recycled their manifolds.
    func countRecycled() -> Int {
        narrowFlags.withUnsafeBufferPointer { flags in
            NarrowPhase.recycledCount(UnsafeBufferPointer(rebasing: flags[..<min(contacts.count, flags.count)]))
        }
    }

    /// The first contact at or after `start` whose byte in `narrowFlags` has a bit of `mask` set, or the contact
    /// count.
    func nextContact(from start: Int, flaggedWith mask: UInt8) -> Int {
        narrowFlags.withUnsafeBufferPointer { flags in
            let count = min(contacts.count, flags.count)
            let found = NarrowPhase.first(UnsafeBufferPointer(rebasing: flags[..<count]), withAnyOf: mask, from: start)
            return found < count ? found : contacts.count
        }
    }
}
