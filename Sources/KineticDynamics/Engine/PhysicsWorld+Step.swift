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
        let body = bodies[i]
        let transform = body.transform
        var minX = Double.greatestFiniteMagnitude
        var minY = Double.greatestFiniteMagnitude
        var maxX = -Double.greatestFiniteMagnitude
        var maxY = -Double.greatestFiniteMagnitude
        let start = Int(body.vertexStart)
        for k in start..<(start + Int(body.vertexCount)) {
            let v = transform.apply(vertices[k])
            minX = min(minX, v.x)
            minY = min(minY, v.y)
            maxX = max(maxX, v.x)
            maxY = max(maxY, v.y)
        }
        let state = states[i]
        let motion = timeStep * (state.velocity.length + abs(state.angularVelocity) * body.maximumExtent)
        let margin = body.radius + settings.speculativeDistance + motion
        bodies[i].bounds = BoundingBox(
            minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    @inline(__always) func shouldCollide(_ a: Body, _ b: Body) -> Bool {
        if !a.isDynamic && !b.isDynamic { return false }
        if a.isBoundary || b.isBoundary {
            return !(a.isBoundary && b.isBoundary) && (a.boundaryGroups & b.boundaryGroups) != 0
        }
        return (a.collisionGroups & b.collisionGroups) != 0
    }

    private func findPairs() {
        // Insertion sort by minX: the order changes little between steps, so this is close to linear.
        sorted.withUnsafeMutableBufferPointer { order in
            bodies.withUnsafeBufferPointer { bodies in
                for i in 1..<max(1, order.count) {
                    let key = order[i]
                    let x = bodies[Int(key)].bounds.minX
                    var j = i - 1
                    while j >= 0 && bodies[Int(order[j])].bounds.minX > x {
                        order[j + 1] = order[j]
                        j -= 1
                    }
                    order[j + 1] = key
                }
            }
        }
        candidatePairs.removeAll(keepingCapacity: true)
        sorted.withUnsafeBufferPointer { order in
            bodies.withUnsafeBufferPointer { bodies in
                let n = order.count
                for a in 0..<n {
                    let ia = order[a]
                    let bodyA = bodies[Int(ia)]
                    let boxA = bodyA.bounds
                    var b = a + 1
                    while b < n {
                        let ib = order[b]
                        b += 1
                        let bodyB = bodies[Int(ib)]
                        let boxB = bodyB.bounds
                        if boxB.minX > boxA.maxX { break }
                        if boxB.minY > boxA.maxY || boxA.minY > boxB.maxY { continue }
                        if !bodyA.isAwake && !bodyB.isAwake { continue }
                        if !shouldCollide(bodyA, bodyB) { continue }
                        candidatePairs.append(PairTable.key(ia, ib))
                    }
                }
            }
        }
        for key in candidatePairs {
            if let c = pairs.find(key) {
                contacts[Int(c)].lastSeen = stepIndex
            } else {
                createContact(Int32(truncatingIfNeeded: key >> 32), Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            }
        }
    }

    private func createContact(_ first: Int32, _ second: Int32) {
        // Put a circle second so that the narrow phase has one order per shape pair.
        var a = first
        var b = second
        if bodies[Int(a)].shapeKind == .circle && bodies[Int(b)].shapeKind != .circle { swap(&a, &b) }
        let contact = Contact(bodyA: a, bodyB: b, friction: 0, restitution: 0, lastSeen: stepIndex)
        pairs.set(PairTable.key(a, b), Int32(contacts.count))
        contacts.append(contact)
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
            pairs.set(PairTable.key(contacts[c].bodyA, contacts[c].bodyB), Int32(c))
        }
        contacts.removeLast()
    }

    // MARK: Narrow phase

    private func updateContacts(dt: Double) {
        findPairs()
        // Drop pairs whose boxes stopped overlapping (pairs of two sleeping bodies are kept as they are).
        var c = 0
        while c < contacts.count {
            let contact = contacts[c]
            let awake = bodies[Int(contact.bodyA)].isAwake || bodies[Int(contact.bodyB)].isAwake
            if awake && contact.lastSeen != stepIndex {
                destroyContact(c)
            } else {
                c += 1
            }
        }
        let baseDistance = settings.speculativeDistance
        let slop = settings.linearSlop
        let scratch = self.scratch
        var toWake: [Int32] = []
        vertices.withUnsafeMutableBufferPointer { vertexBuffer in
            normals.withUnsafeMutableBufferPointer { normalBuffer in
                guard let vertexBase = vertexBuffer.baseAddress, let normalBase = normalBuffer.baseAddress else {
                    return
                }
                let count = contacts.count
                for c in 0..<count {
                    let ia = Int(contacts[c].bodyA)
                    let ib = Int(contacts[c].bodyB)
                    let a = bodies[ia]
                    let b = bodies[ib]
                    if !a.isAwake && !b.isAwake { continue }
                    let sa = states[ia]
                    let sb = states[ib]
                    let reach =
                        sa.velocity.length + abs(sa.angularVelocity) * a.maximumExtent + sb.velocity.length
                        + abs(sb.angularVelocity) * b.maximumExtent
                    let speculative = baseDistance + dt * reach
                    var manifold: Manifold
                    let viewA = PolygonView(
                        vertices: vertexBase + Int(a.vertexStart), normals: normalBase + Int(a.vertexStart),
                        count: Int(a.vertexCount), radius: a.radius)
                    if b.shapeKind == .circle {
                        let centerB = vertexBase[Int(b.vertexStart)]
                        switch a.shapeKind {
                        case .circle:
                            manifold = collideCircles(
                                centerA: viewA.vertices[0], radiusA: a.radius, a.transform, centerB: centerB,
                                radiusB: b.radius, b.transform, speculativeDistance: speculative)
                        case .segment:
                            manifold = collideSegmentAndCircle(
                                viewA.vertices[0], viewA.vertices[1], a.transform, centerB: centerB, radiusB: b.radius,
                                b.transform, speculativeDistance: speculative)
                        case .polygon:
                            manifold = collidePolygonAndCircle(
                                viewA, a.transform, centerB: centerB, radiusB: b.radius, b.transform,
                                speculativeDistance: speculative)
                        }
                    } else {
                        let viewB = PolygonView(
                            vertices: vertexBase + Int(b.vertexStart), normals: normalBase + Int(b.vertexStart),
                            count: Int(b.vertexCount), radius: b.radius)
                        manifold = collidePolygons(
                            viewA, a.transform, viewB, b.transform, speculativeDistance: speculative, linearSlop: slop,
                            scratch: scratch)
                    }
                    // Warm starting: a point keeps the impulses of the old point with the same feature id.
                    let old = contacts[c].manifold
                    @inline(__always) func inherit(_ p: inout ManifoldPoint) {
                        if old.pointCount > 0 && old.point0.id == p.id {
                            p.normalImpulse = old.point0.normalImpulse
                            p.tangentImpulse = old.point0.tangentImpulse
                        } else if old.pointCount > 1 && old.point1.id == p.id {
                            p.normalImpulse = old.point1.normalImpulse
                            p.tangentImpulse = old.point1.tangentImpulse
                        }
                    }
                    if manifold.pointCount > 0 { inherit(&manifold.point0) }
                    if manifold.pointCount > 1 { inherit(&manifold.point1) }
                    contacts[c].manifold = manifold
                    let touching = manifold.pointCount > 0
                    let was = contacts[c].isTouching
                    if touching != was {
                        contacts[c].isTouching = touching
                        let delta: Int32 = touching ? 1 : -1
                        bodies[ia].touchingCount += delta
                        bodies[ib].touchingCount += delta
                        contactEvents.append(
                            ContactEvent(
                                bodyA: id(ofIndex: Int32(ia)), bodyB: id(ofIndex: Int32(ib)),
                                point: touching ? manifold.point0.point : old.point0.point, began: touching))
                    }
                    if touching {
                        if a.isDynamic && !a.isAwake { toWake.append(Int32(ia)) }
                        if b.isDynamic && !b.isAwake { toWake.append(Int32(ib)) }
                    }
                }
            }
        }
        for i in toWake { wakeIsland(of: Int(i)) }
    }

    // MARK: Solver

    private func solve(dt: Double) {
        let substeps = min(max(settings.substeps, 1), 16)
        let h = dt / Double(substeps)
        let inverseH = 1 / h
        awake.removeAll(keepingCapacity: true)
        for i in 1..<bodies.count where bodies[i].isAlive && bodies[i].isDynamic && bodies[i].isAwake {
            awake.append(Int32(i))
        }
        integration.removeAll(keepingCapacity: true)
        for i in awake {
            let body = bodies[Int(i)]
            integration.append(
                IntegrationInput(
                    body: i, linearAcceleration: gravity * body.gravityScale + body.force * body.inverseMass,
                    angularAcceleration: body.torque * body.inverseInertia,
                    linearDampingFactor: 1 / (1 + h * body.linearDamping),
                    angularDampingFactor: 1 / (1 + h * body.angularDamping)))
        }
        let contactHertz = min(settings.contactHertz, 0.125 * inverseH)
        let softness = Softness(hertz: contactHertz, zeta: settings.contactDampingRatio, h: h)
        let staticSoftness = Softness(
            hertz: settings.staticContactHertzScale * contactHertz, zeta: settings.contactDampingRatio, h: h)
        let jointSoftness = Softness(hertz: settings.jointHertz, zeta: settings.jointDampingRatio, h: h)
        constraints.removeAll(keepingCapacity: true)
        // Contacts between two moving bodies first, then those with static bodies (walls, floor, anchored items):
        // solved last in each pass, a wall sees the push of everything above it and keeps overlap small.
        states.withUnsafeMutableBufferPointer { stateBuffer in
            guard let states = stateBuffer.baseAddress else { return }
            for pass in 0..<2 {
                for c in 0..<contacts.count where contacts[c].isTouching {
                    let contact = contacts[c]
                    let a = bodies[Int(contact.bodyA)]
                    let b = bodies[Int(contact.bodyB)]
                    guard a.isAwake || b.isAwake else { continue }
                    guard (a.isDynamic && b.isDynamic) == (pass == 0) else { continue }
                    var constraint = ContactConstraint(
                        bodyA: contact.bodyA, bodyB: contact.bodyB, contact: Int32(c), normal: .zero,
                        friction: contact.friction, restitution: contact.restitution,
                        softness: a.isDynamic && b.isDynamic ? softness : staticSoftness, pointCount: 0)
                    ContactSolver.prepare(&constraint, manifold: contact.manifold, states: states)
                    constraints.append(constraint)
                }
            }
        }
        var activeJoints: [Int] = []
        for j in 0..<joints.count where joints[j].isAlive {
            if bodies[Int(joints[j].bodyA)].isAwake || bodies[Int(joints[j].bodyB)].isAwake { activeJoints.append(j) }
        }
        let maxSpeed = settings.maximumLinearSpeed
        let maxRotation = 0.25 * Double.pi * inverseH
        let pushSpeed = settings.maximumContactPushSpeed
        bodies.withUnsafeMutableBufferPointer { bodyBuffer in
            states.withUnsafeMutableBufferPointer { stateBuffer in
                constraints.withUnsafeMutableBufferPointer { constraintBuffer in
                    integration.withUnsafeBufferPointer { inputs in
                        guard let states = stateBuffer.baseAddress, let bodies = bodyBuffer.baseAddress else { return }
                        for j in activeJoints { JointSolver.prepare(&joints[j], bodies: bodies, states: states, h: h) }
                        for _ in 0..<substeps {
                            // Integrate velocities: gravity, forces, damping, speed limits.
                            for input in inputs {
                                let i = Int(input.body)
                                var v = states[i].velocity
                                var w = states[i].angularVelocity
                                v = multiplyAdd(v, h, input.linearAcceleration) * input.linearDampingFactor
                                w = (w + h * input.angularAcceleration) * input.angularDampingFactor
                                let speed2 = v.lengthSquared
                                if speed2 > maxSpeed * maxSpeed { v = v * (maxSpeed / speed2.squareRoot()) }
                                if w * w > maxRotation * maxRotation { w = w > 0 ? maxRotation : -maxRotation }
                                states[i].velocity = v
                                states[i].angularVelocity = w
                            }
                            for j in activeJoints { JointSolver.warmStart(joints[j], states: states) }
                            ContactSolver.warmStart(constraintBuffer, states)
                            for j in activeJoints {
                                JointSolver.solve(
                                    &joints[j], states: states, jointSoftness: jointSoftness, h: h, useBias: true)
                            }
                            ContactSolver.solve(
                                constraintBuffer, states, inverseH: inverseH, maximumPushSpeed: pushSpeed, useBias: true
                            )
                            // Integrate positions as deltas from the start of the step.
                            for input in inputs {
                                let i = Int(input.body)
                                states[i].deltaRotation = states[i].deltaRotation.integrated(
                                    by: h * states[i].angularVelocity)
                                states[i].deltaPosition = multiplyAdd(states[i].deltaPosition, h, states[i].velocity)
                            }
                            for j in activeJoints {
                                JointSolver.solve(
                                    &joints[j], states: states, jointSoftness: jointSoftness, h: h, useBias: false)
                            }
                            ContactSolver.solve(
                                constraintBuffer, states, inverseH: inverseH, maximumPushSpeed: pushSpeed,
                                useBias: false)
                        }
                        ContactSolver.applyRestitution(
                            constraintBuffer, states, threshold: settings.restitutionThreshold)
                    }
                }
            }
        }
        // Store impulses for warm starting next step.
        for constraint in constraints {
            let c = Int(constraint.contact)
            if constraint.pointCount > 0 {
                contacts[c].manifold.point0.normalImpulse = constraint.point0.normalImpulse
                contacts[c].manifold.point0.tangentImpulse = constraint.point0.tangentImpulse
                contacts[c].manifold.point0.maxNormalImpulse = constraint.point0.maxNormalImpulse
            }
            if constraint.pointCount > 1 {
                contacts[c].manifold.point1.normalImpulse = constraint.point1.normalImpulse
                contacts[c].manifold.point1.tangentImpulse = constraint.point1.tangentImpulse
                contacts[c].manifold.point1.maxNormalImpulse = constraint.point1.maxNormalImpulse
            }
        }
        finalizeBodies(dt: dt)
    }

    private func finalizeBodies(dt: Double) {
        let threshold = settings.sleepThreshold
        let allowsSleeping = settings.allowsSleeping
        for index in awake {
            let i = Int(index)
            let state = states[i]
            var body = bodies[i]
            body.center = body.center + state.deltaPosition
            if state.deltaRotation.s != 0 {
                body.rotation = (state.deltaRotation * body.rotation).normalized
                body.angle += atan2Approx(state.deltaRotation.s, state.deltaRotation.c)
            }
            let extent = body.maximumExtent
            let maxVelocity = state.velocity.length + extent * abs(state.angularVelocity)
            let maxDelta = state.deltaPosition.length + extent * abs(state.deltaRotation.s)
            let sleepVelocity = max(maxVelocity, 0.5 * maxDelta / dt)
            if !allowsSleeping || sleepVelocity > threshold {
                body.sleepTime = 0
            } else {
                body.sleepTime += dt
            }
            body.force = .zero
            body.torque = 0
            bodies[i] = body
            states[i].deltaPosition = .zero
            states[i].deltaRotation = .identity
            updateBounds(i, timeStep: dt)
        }
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
        if islandParent.count < bodies.count {
            islandParent = Array(repeating: 0, count: bodies.count)
            islandSleep = Array(repeating: 0, count: bodies.count)
        }
        for i in awake {
            islandParent[Int(i)] = i
            islandSleep[Int(i)] = .greatestFiniteMagnitude
        }
        @inline(__always) func linkable(_ i: Int32) -> Bool {
            let body = bodies[Int(i)]
            return body.isDynamic && body.isAwake
        }
        for contact in contacts where contact.isTouching && linkable(contact.bodyA) && linkable(contact.bodyB) {
            union(contact.bodyA, contact.bodyB)
        }
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
