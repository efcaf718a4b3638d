// Islands (union-find over touching bodies) and sleep.

import KineticCore

extension PhysicsWorld {
    // MARK: Sleep

    /// Islands = awake dynamic bodies linked by touching contacts and joints. An island whose every body has been
    /// still for ``PhysicsSettings/timeToSleep`` goes to sleep as a whole.
    ///
    /// The islands come from a union-find over the bodies' indices in which each root is its island's lowest
    /// index, so they do not depend on the order of the unions. It runs through the arrays' buffers: with some
    /// body still long enough it runs every step, and element by element it spent a quarter of its time on
    /// the arrays' checks.
    func updateSleep(dt: Double) {
        guard !awake.isEmpty else {
            isAtRest = true
            return
        }
        // No island can sleep unless some body has been still long enough: skip the island search.
        var longestStill = 0.0
        bodies.withUnsafeBufferPointer { bodies in
            for i in awake { longestStill = max(longestStill, bodies[Int(i)].sleepTime) }
        }
        let timeToSleep = settings.timeToSleep
        if !settings.allowsSleeping || longestStill < timeToSleep {
            isAtRest = false
            return
        }
        if islandParent.count < bodies.count {
            islandParent = Array(repeating: 0, count: bodies.count)
            islandSleep = Array(repeating: 0, count: bodies.count)
        }
        var anyIslandSleeps = false
        islandParent.withUnsafeMutableBufferPointer { parent in
            islandSleep.withUnsafeMutableBufferPointer { islandSleep in
                bodies.withUnsafeBufferPointer { bodies in
                    @inline(__always) func findRoot(_ i: Int32) -> Int32 {
                        var root = i
                        while parent[Int(root)] != root { root = parent[Int(root)] }
                        var node = i
                        while parent[Int(node)] != root {
                            let next = parent[Int(node)]
                            parent[Int(node)] = root
                            node = next
                        }
                        return root
                    }
                    @inline(__always) func union(_ a: Int32, _ b: Int32) {
                        let ra = findRoot(a)
                        let rb = findRoot(b)
                        if ra == rb { return }
                        // The lower index becomes the root: deterministic.
                        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
                    }
                    @inline(__always) func linkable(_ i: Int32) -> Bool {
                        bodies[Int(i)].isDynamic && bodies[Int(i)].isAwake
                    }
                    for i in awake {
                        parent[Int(i)] = i
                        islandSleep[Int(i)] = .greatestFiniteMagnitude
                    }
                    // The touching contacts between awake dynamic bodies, as the solver found them this step.
                    let links = sleepLinks.buffer
                    for k in 0..<links.count { union(links[k].x, links[k].y) }
                    for joint in joints where joint.isAlive && linkable(joint.bodyA) && linkable(joint.bodyB) {
                        union(joint.bodyA, joint.bodyB)
                    }
                    for i in awake {
                        let root = Int(findRoot(i))
                        islandSleep[root] = min(islandSleep[root], bodies[Int(i)].sleepTime)
                    }
                    // Every awake body's parent is now its root.
                    for i in awake where islandSleep[Int(parent[Int(i)])] >= timeToSleep {
                        anyIslandSleeps = true
                        break
                    }
                }
            }
        }
        guard anyIslandSleeps else {
            isAtRest = false
            return
        }
        var stillAwake = 0
        var lastOfIsland: [Int32: Int32] = [:]
        for i in awake {
            let root = islandParent[Int(i)]
            if islandSleep[Int(root)] >= timeToSleep {
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
