// Islands (union-find over touching bodies) and sleep.

import KineticCore

extension PhysicsWorld {
    // MARK: Sleep

    /// ``islandMarks``: the body has been still for ``PhysicsSettings/timeToSleep``.
    static let stillMark: UInt8 = 1
    /// ``islandMarks``: the body's group of still bodies is linked to a body that is not still long enough.
    static let restlessMark: UInt8 = 2

    /// Islands = awake dynamic bodies linked by touching contacts and joints. An island whose every body has been
    /// still for ``PhysicsSettings/timeToSleep`` goes to sleep as a whole.
    ///
    /// Such an island is a group of still bodies linked to no body that is not still: the union-find joins only
    /// the links between two still bodies (each root its group's lowest index, so the groups do not depend on the
    /// order of the unions), and a link from a still body to another marks the still one's group restless. The
    /// islands that sleep are those a union-find over every link would find, with unions only where bodies are
    /// still (in a pile that has not settled, few are), through the arrays' buffers.
    func updateSleep(dt: Double) {
        guard !awake.isEmpty else {
            isAtRest = true
            return
        }
        // Without sleeping no island is looked for (nor any still mark read).
        guard settings.allowsSleeping else {
            isAtRest = false
            return
        }
        if islandParent.count < bodies.count { islandParent = Array(repeating: 0, count: bodies.count) }
        // Each awake body's still mark was set by the solve (``SolverStages/Kind/finalize``), on its threads: one byte
        // a body here, not its record's sleep time. No island can sleep unless some body has been still long
        // enough: skip the island search.
        let marks = islandMarks.buffer
        var anyStill = false
        for i in awake where marks[Int(i)] != 0 {
            anyStill = true
            break
        }
        if !anyStill {
            isAtRest = false
            return
        }
        var anyIslandSleeps = false
        islandParent.withUnsafeMutableBufferPointer { parent in
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
                // A link between two still bodies joins their groups (the lower index becomes the root:
                // deterministic); a link from a still body to one that is not makes its group restless.
                @inline(__always) func link(_ a: Int32, _ b: Int32) {
                    let stillA = marks[Int(a)] & Self.stillMark != 0
                    let stillB = marks[Int(b)] & Self.stillMark != 0
                    if stillA && stillB {
                        let ra = findRoot(a)
                        let rb = findRoot(b)
                        if ra < rb { parent[Int(rb)] = ra } else if rb < ra { parent[Int(ra)] = rb }
                    } else if stillA {
                        marks[Int(a)] |= Self.restlessMark
                    } else if stillB {
                        marks[Int(b)] |= Self.restlessMark
                    }
                }
                @inline(__always) func linkable(_ i: Int32) -> Bool {
                    bodies[Int(i)].isDynamic && bodies[Int(i)].isAwake
                }
                for i in awake where marks[Int(i)] & Self.stillMark != 0 { parent[Int(i)] = i }
                // The touching contacts between awake dynamic bodies, as the solver found them this step.
                let links = sleepLinks.buffer
                for k in 0..<links.count { link(links[k].x, links[k].y) }
                for joint in joints where joint.isAlive && linkable(joint.bodyA) && linkable(joint.bodyB) {
                    link(joint.bodyA, joint.bodyB)
                }
                // Each restless mark to its group's root; then every still body's parent is its root.
                for i in awake where marks[Int(i)] & Self.stillMark != 0 {
                    let root = Int(findRoot(i))
                    if marks[Int(i)] & Self.restlessMark != 0 { marks[root] |= Self.restlessMark }
                }
                for i in awake
                where marks[Int(i)] & Self.stillMark != 0 && marks[Int(parent[Int(i)])] & Self.restlessMark == 0 {
                    anyIslandSleeps = true
                    break
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
            if marks[Int(i)] & Self.stillMark != 0 && marks[Int(root)] & Self.restlessMark == 0 {
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
                awakeListIsCurrent = false
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
