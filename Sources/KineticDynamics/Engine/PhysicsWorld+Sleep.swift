// Islands (union-find over touching bodies) and sleep.

import KineticCore

extension PhysicsWorld {
    // MARK: Sleep

    func findRoot(_ i: Int32) -> Int32 {
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

    func union(_ a: Int32, _ b: Int32) {
        let ra = findRoot(a)
        let rb = findRoot(b)
        if ra == rb { return }
        // The lower index becomes the root: deterministic.
        if ra < rb { islandParent[Int(rb)] = ra } else { islandParent[Int(ra)] = rb }
    }

    /// Islands = awake dynamic bodies linked by touching contacts and joints. An island whose every body has been
    /// still for ``PhysicsSettings/timeToSleep`` goes to sleep as a whole.
    func updateSleep(dt: Double) {
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
