// The solve: the soft-step solver's stages over the awake bodies and the constraint bundles, on the solver's threads.

import KineticCore

extension PhysicsWorld {
    /// From how many bodies a solve on one thread lays its colours out by body (``ConstraintColoring``): 2,048, whose
    /// solver records (32 bytes each) fill 64 KB, twice a first-level data cache. Below, every record stays in the
    /// cache whatever the order, and the layout costs its sort (the 1,000-box pile on one thread: the colouring
    /// 4 → 6 ms and the pack 14 → 16 ms of a run, no stage faster); above, it saves more than it costs (Box2D's
    /// `many_pyramids`, 22,001 bodies: the warm start, solve and relax passes 7–20 % faster).
    static let layoutByBodyMinimum = 2_048

    // MARK: Solver

    func solve(dt: Double) {
        let substeps = min(max(settings.substeps, 1), 16)
        let h = dt / Double(substeps)
        let inverseH = 1 / h
        if !awakeListIsCurrent {
            awake.removeAll(keepingCapacity: true)
            bodies.withUnsafeBufferPointer { bodies in
                // Field by field through the buffer: a body record is a few hundred bytes, not to be copied.
                for i in 1..<bodies.count where bodies[i].isAlive && bodies[i].isDynamic && bodies[i].isAwake {
                    awake.append(Int32(i))
                }
            }
            awakeListIsCurrent = true
        }
        // Their inputs are worked out by the solver's first stages (``SolverStages/Kind/inputs``).
        integration.resize(awake.count)
        let contactHertz = min(settings.contactHertz, 0.125 * inverseH)
        let softness = Softness(hertz: contactHertz, zeta: settings.contactDampingRatio, h: h)
        let staticSoftness = Softness(
            hertz: settings.staticContactHertzScale * contactHertz, zeta: settings.contactDampingRatio, h: h)
        let jointSoftness = Softness(hertz: settings.jointHertz, zeta: settings.jointDampingRatio, h: h)
        selectedContacts.removeAll()
        staticContacts.removeAll()
        sleepLinks.removeAll()
        var hasRestitution = false
        var dynamicCount = 0
        // Contacts between two moving bodies first, then those with static bodies (walls, floor, anchored items):
        // solved last in each pass, a wall sees the push of everything above it and keeps overlap small. The
        // narrow phase worked out which contacts to solve (``NarrowPhase/selection(_:bodies:states:dt:linearSlop:)``)
        // and, on several threads, listed them block by block (``NarrowSelection``); a body woken after it makes
        // that stale, and then it is worked out again here.
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
                        // Written through the buffers with local counts (appending reloaded each buffer's fields
                        // from its object at every contact), into room for every contact.
                        selectedContacts.resize(contactBuffer.count)
                        staticContacts.resize(contactBuffer.count)
                        sleepLinks.resize(contactBuffer.count)
                        let moving = selectedContacts.buffer
                        let grounded = staticContacts.buffer
                        let links = sleepLinks.buffer
                        var movingCount = 0
                        var groundedCount = 0
                        var linkCount = 0
                        let blockCounts = narrowBlockCounts.buffer
                        if narrowSelectionIsCurrent && narrowSelectionIsListed
                            && blockCounts.count
                                == (contactBuffer.count + NarrowPhase.blockSize - 1) / NarrowPhase.blockSize,
                            let movingBase = moving.baseAddress, let groundedBase = grounded.baseAddress,
                            let linkBase = links.baseAddress, let narrowMovingBase = narrowMoving.buffer.baseAddress,
                            let narrowGroundedBase = narrowGrounded.buffer.baseAddress,
                            let narrowLinkBase = narrowLinks.buffer.baseAddress
                        {
                            // The narrow phase listed them block by block: its blocks' lists, one after another,
                            // are the lists the loop below would make.
                            for b in 0..<blockCounts.count {
                                let start = b * NarrowPhase.blockSize
                                let counts = blockCounts[b]
                                let (m, g, l) = (Int(counts.x), Int(counts.y), Int(counts.z))
                                (movingBase + movingCount).update(from: narrowMovingBase + start, count: m)
                                (groundedBase + groundedCount).update(from: narrowGroundedBase + start, count: g)
                                (linkBase + linkCount).update(from: narrowLinkBase + start, count: l)
                                movingCount += m
                                groundedCount += g
                                linkCount += l
                                if counts.w != 0 { hasRestitution = true }
                            }
                        } else {
                            // The bodies from the 12-byte links, not the 300-byte contacts; a contact's restitution
                            // is read only while some contact has one.
                            let anyRestitution = restitutiveContactCount > 0
                            contactLinks.withUnsafeBufferPointer { contactLinkBuffer in
                                for c in 0..<contactBuffer.count {
                                    let flag = flags[c]
                                    let pair = contactLinkBuffer[c]
                                    if flag & NarrowPhase.sleepLink != 0 {
                                        links[linkCount] = SIMD2(pair.bodyA, pair.bodyB)
                                        linkCount += 1
                                    }
                                    guard flag & NarrowPhase.selected != 0 else { continue }
                                    if anyRestitution && contacts[c].restitution > 0 { hasRestitution = true }
                                    let selected = SelectedContact(
                                        contact: Int32(truncatingIfNeeded: c), bodyA: pair.bodyA, bodyB: pair.bodyB)
                                    if flag & NarrowPhase.dynamicPair != 0 {
                                        moving[movingCount] = selected
                                        movingCount += 1
                                    } else {
                                        grounded[groundedCount] = selected
                                        groundedCount += 1
                                    }
                                }
                            }
                        }
                        // The contacts with static bodies after those between moving ones (room for both: at most
                        // one entry a contact in all).
                        for k in 0..<groundedCount { moving[movingCount + k] = grounded[k] }
                        selectedContacts.resize(movingCount + groundedCount)
                        staticContacts.resize(groundedCount)
                        sleepLinks.resize(linkCount)
                        dynamicCount = movingCount
                    }
                }
            }
        }
        // Colour the constraints; the prepare stage makes them in colour order.
        let selected = UnsafeBufferPointer(selectedContacts.buffer)
        if recoloursEveryStep { bodiesVersion &+= 1 }
        // Each colour laid out by body (the same bits) on several threads, where each thread's bodies then stay in
        // its own cache, and on one thread once the bodies' records outgrow the first-level cache, where
        // consecutive bundles then read and write bodies near one another (``layoutByBodyMinimum``).
        let byBody =
            (selected.count >= parallelThreshold && solverPool() != nil) || states.count >= Self.layoutByBodyMinimum
        let reusesBefore = coloring.reuseCount
        let colouringPool = selected.count >= parallelThreshold ? solverPool() : nil
        bodies.withUnsafeBufferPointer { bodyBuffer in
            coloring.build(
                selected: selected, dynamicCount: dynamicCount, bodyCount: bodyBuffer.count,
                bodiesVersion: bodiesVersion, byBody: byBody, pool: colouringPool,
                isDynamic: { bodyBuffer[Int($0)].isDynamic })
        }
        // Filled by the solver's first stage (``SolverStages/Kind/mirror``).
        bundleBodies.resize(states.count)
        let mirror = bundleBodies.buffer
        constraints.resize(selected.count)
        finalized.resize(integration.count)
        islandMarks.resize(bodies.count)
        layOutBundles()
        activeJoints.removeAll(keepingCapacity: true)
        for j in 0..<joints.count where joints[j].isAlive {
            if bodies[Int(joints[j].bodyA)].isAwake || bodies[Int(joints[j].bodyB)].isAwake { activeJoints.append(j) }
        }
        let keptBundleCount =
            keepsBundles
            ? bundleCarry.keptBundles(
                step: stepIndex, bodiesVersion: bodiesVersion, allocations: bundleAllocations,
                hasRestitution: hasRestitution,
                softness: softness, staticSoftness: staticSoftness) : 0
        if keptBundleCount > 0 { bundleKeepingSolves += 1 }
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
                        awake.withUnsafeBufferPointer { awake in
                            joints.withUnsafeMutableBufferPointer { jointBuffer in
                                activeJoints.withUnsafeBufferPointer { active in
                                    coloring.colours.withUnsafeBufferPointer { colours in
                                        narrowFlags.withUnsafeBufferPointer { flags in
                                            contactImpulses.withUnsafeMutableBufferPointer { impulseBuffer in
                                                guard let states = stateBuffer.baseAddress,
                                                    let bodies = bodyBuffer.baseAddress
                                                else { return }
                                                guard let mirror = mirror.baseAddress,
                                                    let writes = bundleWrites.buffer.baseAddress,
                                                    let laneContacts = bundleLaneContacts.buffer.baseAddress,
                                                    let marks = islandMarks.buffer.baseAddress
                                                else { return }
                                                let stages = SolverStages(
                                                    states: states, mirror: mirror, bodies: bodies,
                                                    contacts: contactBuffer, contactImpulses: impulseBuffer,
                                                    constraints: constraints.buffer, selected: selected,
                                                    order: order, dynamicCount: dynamicCount, softness: softness,
                                                    staticSoftness: staticSoftness, colours: colours,
                                                    bundles: bundles.buffer, bundleWrites: writes,
                                                    bundleStarts: UnsafeBufferPointer(bundleStarts.buffer),
                                                    bundleFirsts: UnsafeBufferPointer(bundleFirsts.buffer),
                                                    bundleLanes: UnsafeBufferPointer(bundleLanes.buffer), awake: awake,
                                                    inputs: integration.buffer, gravity: gravity,
                                                    bodyCount: bundleBodies.count,
                                                    joints: jointBuffer, activeJoints: active, substeps: substeps, h: h,
                                                    inverseH: inverseH, jointSoftness: jointSoftness,
                                                    maximumSpeed: maxSpeed, maximumRotation: maxRotation,
                                                    pushSpeed: pushSpeed, restitutionThreshold: threshold,
                                                    hasRestitution: hasRestitution, dt: dt,
                                                    sleepThreshold: settings.sleepThreshold,
                                                    allowsSleeping: settings.allowsSleeping,
                                                    timeToSleep: settings.timeToSleep, islandMarks: marks,
                                                    finalized: finalized.buffer, keptBundleCount: keptBundleCount,
                                                    coloursKept: coloring.reuseCount != reusesBefore,
                                                    bundleLaneContacts: laneContacts,
                                                    narrowFlags: flags,
                                                    packSeparations: UnsafeBufferPointer(packSeparations.buffer))
                                                stages.program(
                                                    into: &solverProgram, participants: pool?.participants ?? 1)
                                                let program = solverProgram
                                                if let pool {
                                                    pool.run(
                                                        SolverJob(
                                                            stageCount: program.count,
                                                            blockCount: { program[$0].blocks },
                                                            execute: { stages.execute(program[$0], block: $1) }))
                                                } else {
                                                    for stage in program {
                                                        for block in 0..<stage.blocks {
                                                            stages.execute(stage, block: block)
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
                }
            }
        }
        bundleCarry = BundleCarry(
            packedStep: hasRestitution ? 0 : stepIndex, bodiesVersion: bodiesVersion, bundleCount: bundles.count,
            allocations: bundleAllocations, softness: softness, staticSoftness: staticSoftness)
        collectFastBodies()
    }

    /// The fastest a body may move (pt/s) or turn (rad/s) in the solver, whatever ``PhysicsSettings`` say: 10¹⁵.
    /// The solver's bundles compute in single precision, and with speeds below this every product they form (with
    /// the scene format's masses and sizes) stays within a float's range.
    static let solverSpeedLimit = 1e15

    /// How many times the buffers that hold the bundles, their lanes' contacts and their write masks were allocated,
    /// together (each count only grows): when one grew since the last solve, its contents are gone and no bundle
    /// can be kept.
    var bundleAllocations: Int { bundles.allocations + bundleLaneContacts.allocations + bundleWrites.allocations }

    /// Cuts each independent colour into bundles of ``ConstraintBundle/width`` constraints (the last one of a colour
    /// may hold fewer).
    func layOutBundles() {
        let colours = coloring.colours
        let width = ConstraintBundle.width
        bundleStarts.resize(colours.count)
        var total = 0
        for (k, colour) in colours.enumerated() {
            if colour.isIndependent {
                bundleStarts.buffer[k] = total
                total += (colour.end - colour.start + width - 1) / width
            } else {
                bundleStarts.buffer[k] = -1
            }
        }
        bundles.resize(total)
        bundleLaneContacts.resize(total * width)
        bundleFirsts.resize(total)
        bundleLanes.resize(total)
        bundleWrites.resize(total)
        let firsts = bundleFirsts.buffer
        let lanes = bundleLanes.buffer
        var b = 0
        for colour in colours where colour.isIndependent {
            var first = colour.start
            while first < colour.end {
                firsts[b] = first
                lanes[b] = min(width, colour.end - first)
                first += width
                b += 1
            }
        }
    }

}
