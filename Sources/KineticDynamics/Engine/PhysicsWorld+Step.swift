import KineticCore

extension PhysicsWorld {
    /// Advances the world by one fixed ``PhysicsSettings/timeStep``: broad phase, narrow phase, the soft-step
    /// solver with ``PhysicsSettings/substeps`` substeps, then sleeping. Contact events of this step are in
    /// ``contactEvents`` afterwards.
    public func step() {
        let dt = settings.timeStep
        guard dt > 0, dt.isFinite else { return }
        stepIndex &+= 1
        stepCount += 1
        contactEvents.removeAll(keepingCapacity: true)
        updateContacts(dt: dt)
        solve(dt: dt)
        updateSleep(dt: dt)
    }

    /// Steps `count` times.
    public func step(count: Int) {
        for _ in 0..<max(0, count) { step() }
    }

    // MARK: Broad phase

    /// The body's bounding box, grown by the speculative distance and by how far it can move in `timeStep`.
    func updateBounds(_ i: Int, timeStep: Double) {
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            guard let body = bodyBuffer.baseAddress.map({ $0 + i }) else { return }
            updateBounds(body, states[i], timeStep: timeStep)
        }
    }

    /// ``updateBounds(_:timeStep:)`` on the record itself (no copy of it).
    @inline(__always) private func updateBounds(
        _ body: UnsafeMutablePointer<Body>, _ state: BodyState, timeStep: Double
    ) {
        let transform = body.pointee.transform
        var minX = Double.greatestFiniteMagnitude
        var minY = Double.greatestFiniteMagnitude
        var maxX = -Double.greatestFiniteMagnitude
        var maxY = -Double.greatestFiniteMagnitude
        let start = Int(body.pointee.vertexStart)
        for k in start..<(start + Int(body.pointee.vertexCount)) {
            let v = transform.apply(vertices[k])
            minX = min(minX, v.x)
            minY = min(minY, v.y)
            maxX = max(maxX, v.x)
            maxY = max(maxY, v.y)
        }
        // Grow by the speculative distance and by this step's motion along each axis (rotation in both).
        let r = body.pointee.radius
        body.pointee.shapeBounds = BoundingBox(minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r)
        let turn = timeStep * abs(state.angularVelocity) * body.pointee.maximumExtent
        let marginX = r + settings.speculativeDistance + turn + timeStep * abs(state.velocity.x)
        let marginY = r + settings.speculativeDistance + turn + timeStep * abs(state.velocity.y)
        body.pointee.bounds = BoundingBox(
            minX: minX - marginX, minY: minY - marginY, maxX: maxX + marginX, maxY: maxY + marginY)
    }

    @inline(__always) static func shouldCollide(_ a: Body, _ b: Body) -> Bool {
        if !a.isDynamic && !b.isDynamic { return false }
        if a.isBoundary || b.isBoundary {
            return !(a.isBoundary && b.isBoundary) && (a.boundaryGroups & b.boundaryGroups) != 0
        }
        return (a.collisionGroups & b.collisionGroups) != 0
    }

    /// Sort-and-sweep over fat boxes (each body's box grown by ``fatMargin`` and kept until the body leaves it). When no box
    /// was left and nothing was added, removed, woken or put to sleep, the pairs are those of the last sweep and
    /// the sweep is skipped. When only some boxes were left (a pile settling), the sweep reports only the pairs
    /// with a box that moved: the others overlap as they did and have their contacts already.
    private func findPairs() -> SweepKind {
        let margin = Self.fatMargin
        var full = broadPhaseNeedsSweep || sweepsFully
        var changed = broadPhaseNeedsSweep
        broadPhaseNeedsSweep = false
        let step = stepIndex
        proxies.withUnsafeMutableBufferPointer { proxies in
            bodies.withUnsafeMutableBufferPointer { bodies in
                for k in 0..<proxies.count {
                    let box = bodies[Int(proxies[k].body)].bounds
                    let isAwake = bodies[Int(proxies[k].body)].isAwake
                    proxies[k].moved = false
                    if box.minX < proxies[k].minX || box.maxX > proxies[k].maxX || box.minY < proxies[k].minY
                        || box.maxY > proxies[k].maxY
                    {
                        proxies[k].minX = box.minX - margin
                        proxies[k].maxX = box.maxX + margin
                        proxies[k].minY = box.minY - margin
                        proxies[k].maxY = box.maxY + margin
                        proxies[k].moved = true
                        let i = Int(proxies[k].body)
                        bodies[i].fatBounds = BoundingBox(
                            minX: proxies[k].minX, minY: proxies[k].minY, maxX: proxies[k].maxX,
                            maxY: proxies[k].maxY)
                        bodies[i].proxyMovedStep = step
                        changed = true
                    }
                    if proxies[k].isAwake != isAwake {
                        proxies[k].isAwake = isAwake
                        changed = true
                        full = true
                    }
                }
            }
        }
        guard changed else { return .none }
        var movedCount = 0
        for proxy in proxies where proxy.moved { movedCount += 1 }
        proxies.withUnsafeMutableBufferPointer { proxies in
            bodies.withUnsafeBufferPointer { bodies in
                // Insertion sort by minX: the order changes little between steps.
                for i in 1..<max(1, proxies.count) {
                    let key = proxies[i]
                    var j = i - 1
                    while j >= 0 && proxies[j].minX > key.minX {
                        proxies[j + 1] = proxies[j]
                        j -= 1
                    }
                    proxies[j + 1] = key
                }
                candidatePairs.removeAll(keepingCapacity: true)
                let n = proxies.count
                if !full && movedCount * Self.movedQueryFactor <= n {
                    findMovedPairs(proxies, bodies, movedCount: movedCount)
                    return
                }
                sweepAll(proxies: UnsafeBufferPointer(proxies), bodies: bodies, full: full)
            }
        }
        for key in candidatePairs {
            if let c = pairs.find(key) {
                contactLinks[Int(c)].lastSeen = stepIndex
            } else {
                createContact(Int32(truncatingIfNeeded: key >> 32), Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            }
        }
        return full ? .full : .moved
    }

    /// The full sweep (``BroadPhaseSweep``), on the solver's threads when there are enough proxies: marks the
    /// contacts of the pairs it finds as seen and appends the pairs without a contact to `candidatePairs`, in the
    /// order of a single sweep.
    private func sweepAll(proxies: UnsafeBufferPointer<Proxy>, bodies: UnsafeBufferPointer<Body>, full: Bool) {
        guard let bodyBase = bodies.baseAddress else { return }
        let blocks = BroadPhaseSweep.blockCount(proxies: proxies.count)
        while sweepNewPairs.count < blocks { sweepNewPairs.append([]) }
        let pool = proxies.count >= parallelThreshold ? solverPool() : nil
        let step = stepIndex
        pairs.withView { view in
            contactLinks.withUnsafeMutableBufferPointer { links in
                sweepNewPairs.withUnsafeMutableBufferPointer { newPairs in
                    let sweep = BroadPhaseSweep(
                        proxies: proxies, bodies: bodyBase, pairs: view, links: links, newPairs: newPairs, full: full,
                        step: step)
                    SolverPool.run(blocks: blocks, on: pool) { sweep.execute(block: $0) }
                }
            }
        }
        for block in 0..<blocks { candidatePairs.append(contentsOf: sweepNewPairs[block]) }
    }

    /// A partial sweep with at most one moved box in this many is done by ``findMovedPairs(_:_:movedCount:)``
    /// instead: 16 (a resting pile of 1,000 boxes moves a few boxes a step).
    static let movedQueryFactor = 16

    /// The pairs of a partial sweep found from the moved boxes alone: each moved box is tested against the boxes
    /// sorted after it (until they start past its right side) and against all those before it; the pairs are
    /// then put in the order the sweep reports them (by the first box's place in the sorted order, then the
    /// second's), so that new contacts are created in the same order either way.
    private func findMovedPairs(
        _ proxies: UnsafeMutableBufferPointer<Proxy>, _ bodies: UnsafeBufferPointer<Body>, movedCount: Int
    ) {
        movedPairQueries += 1
        movedPairs.removeAll(keepingCapacity: true)
        let n = proxies.count
        @inline(__always) func overlaps(_ a: Int, _ b: Int) -> Bool {
            // The sweep's tests for a before b in the sorted order.
            let boxA = proxies[a]
            let boxB = proxies[b]
            return boxB.minX <= boxA.maxX && !(boxB.minY > boxA.maxY) && !(boxA.minY > boxB.maxY)
        }
        for m in 0..<n where proxies[m].moved {
            // Pairs with a box before m: any of them may reach past m's left side (the sweep's x test).
            for o in 0..<m where !proxies[o].moved && overlaps(o, m) {
                movedPairs.append(UInt64(UInt32(truncatingIfNeeded: o)) << 32 | UInt64(UInt32(truncatingIfNeeded: m)))
            }
            var b = m + 1
            let right = proxies[m].maxX
            while b < n && proxies[b].minX <= right {
                if overlaps(m, b) {
                    movedPairs.append(
                        UInt64(UInt32(truncatingIfNeeded: m)) << 32 | UInt64(UInt32(truncatingIfNeeded: b)))
                }
                b += 1
            }
        }
        // Insertion sort: the list is short and mostly in order.
        movedPairs.withUnsafeMutableBufferPointer { list in
            for i in 1..<max(1, list.count) {
                let key = list[i]
                var j = i - 1
                while j >= 0 && list[j] > key {
                    list[j + 1] = list[j]
                    j -= 1
                }
                list[j + 1] = key
            }
        }
        for pair in movedPairs {
            let boxA = proxies[Int(pair >> 32)]
            let boxB = proxies[Int(pair & 0xFFFF_FFFF)]
            if !boxA.isAwake && !boxB.isAwake { continue }
            if !Self.shouldCollide(bodies[Int(boxA.body)], bodies[Int(boxB.body)]) { continue }
            candidatePairs.append(PairTable.key(boxA.body, boxB.body))
        }
    }

    /// What ``findPairs()`` did.
    enum SweepKind {
        /// Nothing changed: no sweep.
        case none
        /// Every pair was reported (and marked seen).
        case full
        /// Only the pairs with a box that moved were reported.
        case moved
    }

    /// How much a proxy's box is grown beyond the body's own, in points: 1. A larger margin (5 pt, say) lets a
    /// body move further before its proxy is updated; measured on the 1,000-box pile, 1 pt keeps the falling phase
    /// as fast as no margin while a resting pile skips most sweeps.
    static let fatMargin = 1.0

    private func createContact(_ first: Int32, _ second: Int32) {
        // Put a circle second so that the narrow phase has one order per shape pair.
        var a = first
        var b = second
        if bodies[Int(a)].shapeKind == .circle && bodies[Int(b)].shapeKind != .circle { swap(&a, &b) }
        let contact = Contact(bodyA: a, bodyB: b, friction: 0, restitution: 0)
        pairs.set(PairTable.key(a, b), Int32(contacts.count))
        contacts.append(contact)
        contactLinks.append(ContactLink(bodyA: a, bodyB: b, lastSeen: stepIndex))
        mixMaterial(contacts.count - 1)
    }

    /// Friction √(f₁f₂) and restitution max(e₁, e₂); a boundary lends the item its own values.
    func mixMaterial(_ c: Int) {
        let a = bodies[Int(contacts[c].bodyA)]
        let b = bodies[Int(contacts[c].bodyB)]
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
        let last = contacts.count - 1
        if c != last {
            contacts[c] = contacts[last]
            contactLinks[c] = contactLinks[last]
            pairs.set(PairTable.key(contacts[c].bodyA, contacts[c].bodyB), Int32(c))
        }
        contacts.removeLast()
        contactLinks.removeLast()
    }

    // MARK: Narrow phase

    private func updateContacts(dt: Double) {
        narrowSelectionIsCurrent = false
        // Bounds from the velocities the step starts with (forces, impulses and velocities set since the last
        // step included), so the broad phase sees how far each body can go in this step.
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeBufferPointer { stateBuffer in
                guard let bodies = bodyBuffer.baseAddress, let states = stateBuffer.baseAddress else { return }
                for i in 1..<bodyBuffer.count where bodies[i].isAwake {
                    updateBounds(bodies + i, states[i], timeStep: dt)
                }
            }
        }
        let sweep = findPairs()
        // Drop pairs whose boxes stopped overlapping (pairs of two sleeping bodies are kept as they are): after a
        // full sweep those it did not see, after a partial one those with a moved box that no longer overlaps.
        var c = 0
        while sweep != .none && c < contactLinks.count {
            let ia = Int(contactLinks[c].bodyA)
            let ib = Int(contactLinks[c].bodyB)
            let awake = bodies[ia].isAwake || bodies[ib].isAwake
            let stale: Bool
            if sweep == .full {
                stale = contactLinks[c].lastSeen != stepIndex
            } else {
                stale =
                    (bodies[ia].proxyMovedStep == stepIndex || bodies[ib].proxyMovedStep == stepIndex)
                    && !bodies[ia].fatBounds.overlaps(bodies[ib].fatBounds)
            }
            if awake && stale {
                destroyContact(c)
            } else {
                c += 1
            }
        }
        if narrowFlags.count < contacts.count {
            narrowFlags = Array(repeating: 0, count: max(contacts.count, 2 * narrowFlags.count))
        }
        let pool = contacts.count >= parallelThreshold ? solverPool() : nil
        let vertexBase = vertices.withUnsafeMutableBufferPointer { $0.baseAddress }
        let normalBase = normals.withUnsafeMutableBufferPointer { $0.baseAddress }
        guard let vertexBase, let normalBase else { return }
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeBufferPointer { stateBuffer in
                contacts.withUnsafeMutableBufferPointer { contactBuffer in
                    narrowFlags.withUnsafeMutableBufferPointer { flagBuffer in
                        guard let bodies = bodyBuffer.baseAddress, let states = stateBuffer.baseAddress else {
                            return
                        }
                        let phase = NarrowPhase(
                            bodies: bodies, states: states, contacts: contactBuffer, flags: flagBuffer,
                            vertices: vertexBase, normals: normalBase,
                            speculativeDistance: settings.speculativeDistance, linearSlop: settings.linearSlop, dt: dt)
                        let blocks = phase.blockCount
                        SolverPool.run(blocks: blocks, on: pool) { phase.execute(block: $0) }
                    }
                }
            }
        }
        // In contact order: touching counts, begin/end events, sleeping bodies touched by awake ones.
        var toWake: [Int32] = []
        for c in 0..<contacts.count where narrowFlags[c] & NarrowPhase.effects != 0 {
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
        }
        for i in toWake { wakeIsland(of: Int(i)) }
        narrowSelectionIsCurrent = toWake.isEmpty && !recomputesSelection
    }

    // MARK: Solver

    private func solve(dt: Double) {
        let substeps = min(max(settings.substeps, 1), 16)
        let h = dt / Double(substeps)
        let inverseH = 1 / h
        awake.removeAll(keepingCapacity: true)
        integration.removeAll(keepingCapacity: true)
        let gravity = self.gravity
        bodies.withUnsafeBufferPointer { bodies in
            // Field by field through the buffer: a body record is a few hundred bytes, not to be copied.
            for i in 1..<bodies.count where bodies[i].isAlive && bodies[i].isDynamic && bodies[i].isAwake {
                awake.append(Int32(i))
                integration.append(
                    IntegrationInput(
                        body: Int32(i),
                        linearAcceleration: gravity * bodies[i].gravityScale + bodies[i].force * bodies[i].inverseMass,
                        angularAcceleration: bodies[i].torque * bodies[i].inverseInertia,
                        linearDampingFactor: 1 / (1 + h * bodies[i].linearDamping),
                        angularDampingFactor: 1 / (1 + h * bodies[i].angularDamping)))
            }
        }
        let contactHertz = min(settings.contactHertz, 0.125 * inverseH)
        let softness = Softness(hertz: contactHertz, zeta: settings.contactDampingRatio, h: h)
        let staticSoftness = Softness(
            hertz: settings.staticContactHertzScale * contactHertz, zeta: settings.contactDampingRatio, h: h)
        let jointSoftness = Softness(hertz: settings.jointHertz, zeta: settings.jointDampingRatio, h: h)
        selectedContacts.removeAll()
        staticContacts.removeAll()
        sleepLinks.removeAll()
        var hasRestitution = false
        // Contacts between two moving bodies first, then those with static bodies (walls, floor, anchored items):
        // solved last in each pass, a wall sees the push of everything above it and keeps overlap small. The
        // narrow phase worked out which contacts to solve (``NarrowPhase/selection``); a body woken after it
        // makes that stale, and then it is worked out again here.
        states.withUnsafeBufferPointer { stateBuffer in
            bodies.withUnsafeBufferPointer { bodyBuffer in
                contacts.withUnsafeBufferPointer { contactBuffer in
                    narrowFlags.withUnsafeMutableBufferPointer { flags in
                        guard let states = stateBuffer.baseAddress, let bodies = bodyBuffer.baseAddress,
                            let contacts = contactBuffer.baseAddress
                        else { return }
                        if !narrowSelectionIsCurrent {
                            for c in 0..<contactBuffer.count {
                                let awake =
                                    bodies[Int(contacts[c].bodyA)].isAwake || bodies[Int(contacts[c].bodyB)].isAwake
                                flags[c] =
                                    flags[c] & NarrowPhase.effects
                                    | (awake
                                        ? NarrowPhase.selection(
                                            contacts + c, bodies: bodies, states: states, dt: dt,
                                            linearSlop: settings.linearSlop) : 0)
                            }
                        }
                        for c in 0..<contactBuffer.count {
                            let flag = flags[c]
                            if flag & NarrowPhase.sleepLink != 0 {
                                sleepLinks.append(SIMD2(contacts[c].bodyA, contacts[c].bodyB))
                            }
                            guard flag & NarrowPhase.selected != 0 else { continue }
                            if contacts[c].restitution > 0 { hasRestitution = true }
                            let selected = SelectedContact(
                                contact: Int32(truncatingIfNeeded: c), bodyA: contacts[c].bodyA,
                                bodyB: contacts[c].bodyB)
                            if flag & NarrowPhase.dynamicPair != 0 {
                                selectedContacts.append(selected)
                            } else {
                                staticContacts.append(selected)
                            }
                        }
                    }
                }
            }
        }
        let dynamicCount = selectedContacts.count
        for k in 0..<staticContacts.count { selectedContacts.append(staticContacts.buffer[k]) }
        // Colour the constraints; the prepare stage makes them in colour order.
        let selected = UnsafeBufferPointer(selectedContacts.buffer)
        bodies.withUnsafeBufferPointer { bodyBuffer in
            coloring.build(
                count: selected.count, dynamicCount: dynamicCount, bodyCount: bodyBuffer.count,
                bodyA: { selected[$0].bodyA }, bodyB: { selected[$0].bodyB },
                isDynamic: { bodyBuffer[Int($0)].isDynamic })
        }
        constraints.resize(selected.count)
        finalized.resize(integration.count)
        layOutBundles()
        activeJoints.removeAll(keepingCapacity: true)
        for j in 0..<joints.count where joints[j].isAlive {
            if bodies[Int(joints[j].bodyA)].isAwake || bodies[Int(joints[j].bodyB)].isAwake { activeJoints.append(j) }
        }
        // Threads pay only when there is enough to split; the result is the same either way.
        let pool = constraints.count >= parallelThreshold ? solverPool() : nil
        let maxSpeed = Double.minimum(settings.maximumLinearSpeed, Self.solverSpeedLimit)
        let maxRotation = Double.minimum(0.25 * Double.pi * inverseH, Self.solverSpeedLimit)
        let pushSpeed = settings.maximumContactPushSpeed
        let threshold = settings.restitutionThreshold
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeMutableBufferPointer { stateBuffer in
                contacts.withUnsafeMutableBufferPointer { contactBuffer in
                    coloring.order.withUnsafeBufferPointer { order in
                        integration.withUnsafeBufferPointer { inputs in
                            joints.withUnsafeMutableBufferPointer { jointBuffer in
                                activeJoints.withUnsafeBufferPointer { active in
                                    coloring.colours.withUnsafeBufferPointer { colours in
                                        guard let states = stateBuffer.baseAddress,
                                            let bodies = bodyBuffer.baseAddress
                                        else { return }
                                        let stages = SolverStages(
                                            states: states, bodies: bodies, contacts: contactBuffer,
                                            constraints: constraints.buffer, selected: selected,
                                            order: order, dynamicCount: dynamicCount, softness: softness,
                                            staticSoftness: staticSoftness, colours: colours,
                                            bundles: bundles.buffer,
                                            bundleStarts: UnsafeBufferPointer(bundleStarts.buffer),
                                            bundleFirsts: UnsafeBufferPointer(bundleFirsts.buffer),
                                            bundleLanes: UnsafeBufferPointer(bundleLanes.buffer), inputs: inputs,
                                            joints: jointBuffer, activeJoints: active, substeps: substeps, h: h,
                                            inverseH: inverseH, jointSoftness: jointSoftness,
                                            maximumSpeed: maxSpeed, maximumRotation: maxRotation,
                                            pushSpeed: pushSpeed, restitutionThreshold: threshold,
                                            hasRestitution: hasRestitution, dt: dt,
                                            sleepThreshold: settings.sleepThreshold,
                                            allowsSleeping: settings.allowsSleeping,
                                            finalized: finalized.buffer)
                                        stages.program(into: &solverProgram, participants: pool?.participants ?? 1)
                                        let program = solverProgram
                                        if let pool {
                                            pool.run(
                                                SolverJob(
                                                    stageCount: program.count,
                                                    blockCount: { program[$0].blocks },
                                                    execute: { stages.execute(program[$0], block: $1) }))
                                        } else {
                                            for stage in program {
                                                for block in 0..<stage.blocks { stages.execute(stage, block: block) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        collectFastBodies()
    }

    /// The fastest a body may move (pt/s) or turn (rad/s) in the solver, whatever ``PhysicsSettings`` say: 10¹⁵.
    /// The solver's bundles compute in single precision, and with speeds below this every product they form (with
    /// the scene format's masses and sizes) stays within a float's range.
    static let solverSpeedLimit = 1e15

    /// Cuts each independent colour into bundles of four constraints (the last one of a colour may hold fewer).
    private func layOutBundles() {
        let colours = coloring.colours
        bundleStarts.resize(colours.count)
        var total = 0
        for (k, colour) in colours.enumerated() {
            if colour.isIndependent {
                bundleStarts.buffer[k] = total
                total += (colour.end - colour.start + 3) / 4
            } else {
                bundleStarts.buffer[k] = -1
            }
        }
        bundles.resize(total)
        bundleFirsts.resize(total)
        bundleLanes.resize(total)
        let firsts = bundleFirsts.buffer
        let lanes = bundleLanes.buffer
        var b = 0
        for colour in colours where colour.isIndependent {
            var first = colour.start
            while first < colour.end {
                firsts[b] = first
                lanes[b] = min(4, colour.end - first)
                first += 4
                b += 1
            }
        }
    }

    /// Collects the bodies the finalize stage found fast (in awake order) and checks their motion continuously.
    private func collectFastBodies() {
        fastBodies.removeAll(keepingCapacity: true)
        for record in finalized.buffer where record.body >= 0 { fastBodies.append(record) }
        if !fastBodies.isEmpty { solveContinuous() }
    }

    /// Continuous collision of fast bodies against static shapes (walls, boundaries, anchored items): each fast
    /// body's motion over the step (linear in position and angle) is advanced conservatively towards every static
    /// shape it has a contact with, and a body that would have passed through one is put back at its time of
    /// impact, keeping its velocity (the next step's speculative contact stops it) — Box2D's approach.
    private func solveContinuous() {
        let slop = settings.linearSlop
        if fastSlot.count < bodies.count { fastSlot = Array(repeating: -1, count: bodies.count) }
        for k in 0..<fastBodies.count { fastSlot[Int(fastBodies[k].body)] = Int32(k) }
        impacts.removeAll(keepingCapacity: true)
        impacts.append(contentsOf: repeatElement(1.0, count: fastBodies.count))
        // One pass over the contacts: a fast body's pairs with static bodies.
        for c in 0..<contacts.count {
            let a = Int(contacts[c].bodyA)
            let b = Int(contacts[c].bodyB)
            let slotA = fastSlot[a]
            let slotB = fastSlot[b]
            if slotA >= 0 && !bodies[b].isDynamic {
                impacts[Int(slotA)] = min(
                    impacts[Int(slotA)], timeOfImpact(fastBodies[Int(slotA)], against: b, target: slop))
            } else if slotB >= 0 && !bodies[a].isDynamic {
                impacts[Int(slotB)] = min(
                    impacts[Int(slotB)], timeOfImpact(fastBodies[Int(slotB)], against: a, target: slop))
            }
        }
        for k in 0..<fastBodies.count {
            let fast = fastBodies[k]
            let i = Int(fast.body)
            fastSlot[i] = -1
            let impact = impacts[k]
            if impact < 1 {
                let angle = fast.startAngle + impact * fast.deltaAngle
                bodies[i].angle = angle
                bodies[i].rotation = Rotation(angle: angle)
                bodies[i].center = multiplyAdd(fast.startCenter, impact, fast.deltaPosition)
            }
        }
    }

    /// The fraction of the step (0…1) at which the fast body first comes within `target` of static body `other`,
    /// or 1 when its motion was fine: it neither ends overlapping the shape by more than `target` nor carried its
    /// centre through it (a thin wall passed in one step). Regular landings are left to the speculative contacts.
    /// The time of impact comes from conservative advancement on a lower bound of the distance: it never overshoots.
    private func timeOfImpact(_ fast: FastBody, against other: Int, target: Double) -> Double {
        let i = Int(fast.body)
        let body = bodies[i]
        let wall = bodies[other]
        // How fast any surface point of the body can approach, per unit of step fraction.
        let reach = fast.deltaPosition.length + abs(fast.deltaAngle) * body.maximumExtent
        guard reach > 0 else { return 1 }
        return vertices.withUnsafeMutableBufferPointer { vertexBuffer in
            normals.withUnsafeMutableBufferPointer { normalBuffer in
                guard let v = vertexBuffer.baseAddress, let n = normalBuffer.baseAddress else { return 1 }
                let viewA = PolygonView(
                    vertices: v + Int(wall.vertexStart), normals: n + Int(wall.vertexStart),
                    count: Int(wall.vertexCount), radius: wall.radius)
                let viewB = PolygonView(
                    vertices: v + Int(body.vertexStart), normals: n + Int(body.vertexStart),
                    count: Int(body.vertexCount), radius: body.radius)
                func pose(_ t: Double) -> RigidTransform {
                    RigidTransform(
                        p: multiplyAdd(fast.startCenter, t, fast.deltaPosition),
                        q: Rotation(angle: fast.startAngle + t * fast.deltaAngle))
                }
                let end = separationLowerBound(viewA, wall.transform, viewB, pose(1), scratch: scratch)
                let crossed = centerPathCrosses(
                    viewA, wall.transform, from: fast.startCenter, to: fast.startCenter + fast.deltaPosition)
                guard end < -target || crossed else { return 1 }
                var t = 0.0
                for _ in 0..<32 {
                    let distance = separationLowerBound(viewA, wall.transform, viewB, pose(t), scratch: scratch)
                    if distance <= target { return t }
                    t += (distance - 0.5 * target) / reach
                    if t >= 1 { return 1 }
                }
                return t
            }
        }
    }

    /// Whether the straight path of a body's centre from `start` to `end` passes through a static shape: across
    /// a segment between its ends, or through a polygon or circle (Cyrus–Beck clipping against its faces).
    private func centerPathCrosses(_ shape: PolygonView, _ transform: RigidTransform, from start: Point, to end: Point)
        -> Bool
    {
        let a = transform.inverseApply(start)
        let b = transform.inverseApply(end)
        let d = b - a
        if shape.count == 1 {
            // Circle: the closest point of the path to the centre lies inside it.
            let length2 = d.lengthSquared
            let t = length2 > 0 ? min(max(dot(shape.vertices[0] - a, d) / length2, 0), 1) : 0
            return (multiplyAdd(a, t, d) - shape.vertices[0]).length < shape.radius
        }
        if shape.count == 2 {
            // Segment: the path changes side of its line at a point between its ends.
            let p = shape.vertices[0]
            let q = shape.vertices[1]
            let normal = shape.normals[0]
            let sideA = dot(a - p, normal)
            let sideB = dot(b - p, normal)
            guard (sideA > 0) != (sideB > 0) else { return false }
            let t = sideA / (sideA - sideB)
            let hit = multiplyAdd(a, t, d)
            let along = dot(hit - p, q - p)
            return along >= 0 && along <= (q - p).lengthSquared
        }
        var enter = 0.0
        var exit = 1.0
        for i in 0..<shape.count {
            let normal = shape.normals[i]
            let offset = dot(a - shape.vertices[i], normal) - shape.radius
            let rate = dot(d, normal)
            if rate == 0 {
                if offset > 0 { return false }
            } else {
                let t = -offset / rate
                if rate < 0 { enter = max(enter, t) } else { exit = min(exit, t) }
                if enter > exit { return false }
            }
        }
        return true
    }

    // MARK: Sleep

    private func findRoot(_ i: Int32) -> Int32 {
        var root = i
        while islandParent[Int(root)] != root { root = islandParent[Int(root)] }
        var node = i
        while islandParent[Int(node)] != root {
            let next = islandParent[Int(node)]
            islandParent[Int(node)] = root
            node = next
        }
        return root
    }

    private func union(_ a: Int32, _ b: Int32) {
        let ra = findRoot(a)
        let rb = findRoot(b)
        if ra == rb { return }
        // The lower index becomes the root: deterministic.
        if ra < rb { islandParent[Int(rb)] = ra } else { islandParent[Int(ra)] = rb }
    }

    /// Islands = awake dynamic bodies linked by touching contacts and joints. An island whose every body has been
    /// still for ``PhysicsSettings/timeToSleep`` goes to sleep as a whole.
    private func updateSleep(dt: Double) {
        guard !awake.isEmpty else {
            isAtRest = true
            return
        }
        // No island can sleep unless some body has been still long enough: skip the island search.
        var longestStill = 0.0
        for i in awake { longestStill = max(longestStill, bodies[Int(i)].sleepTime) }
        if !settings.allowsSleeping || longestStill < settings.timeToSleep {
            isAtRest = false
            return
        }
        if islandParent.count < bodies.count {
            islandParent = Array(repeating: 0, count: bodies.count)
            islandSleep = Array(repeating: 0, count: bodies.count)
        }
        for i in awake {
            islandParent[Int(i)] = i
            islandSleep[Int(i)] = .greatestFiniteMagnitude
        }
        @inline(__always) func linkable(_ i: Int32) -> Bool {
            bodies[Int(i)].isDynamic && bodies[Int(i)].isAwake
        }
        // The touching contacts between awake dynamic bodies, as the solver found them this step (the islands do
        // not depend on the order of the unions: each root is its island's lowest body index).
        let links = sleepLinks.buffer
        for k in 0..<links.count { union(links[k].x, links[k].y) }
        for joint in joints where joint.isAlive && linkable(joint.bodyA) && linkable(joint.bodyB) {
            union(joint.bodyA, joint.bodyB)
        }
        for i in awake {
            let root = Int(findRoot(i))
            islandSleep[root] = min(islandSleep[root], bodies[Int(i)].sleepTime)
        }
        var stillAwake = 0
        var lastOfIsland: [Int32: Int32] = [:]
        for i in awake {
            let root = findRoot(i)
            if settings.allowsSleeping && islandSleep[Int(root)] >= settings.timeToSleep {
                // Link the island into a circular list so that one touch wakes all of it.
                if let last = lastOfIsland[root] {
                    bodies[Int(i)].islandNext = bodies[Int(last)].islandNext
                    bodies[Int(last)].islandNext = i
                } else {
                    bodies[Int(i)].islandNext = i
                }
                lastOfIsland[root] = i
                bodies[Int(i)].isAwake = false
                bodies[Int(i)].sleepTime = 0
                broadPhaseNeedsSweep = true
                states[Int(i)].velocity = .zero
                states[Int(i)].angularVelocity = 0
                updateBounds(Int(i), timeStep: 0)
            } else {
                stillAwake += 1
            }
        }
        isAtRest = stillAwake == 0
    }
}
