// Continuous collision: fast bodies' time of impact against what they would tunnel through.

import KineticCore

extension PhysicsWorld {
    /// Collects the bodies the finalize stage found fast (in awake order) and checks their motion continuously.
    func collectFastBodies() {
        fastBodies.removeAll(keepingCapacity: true)
        for record in finalized.buffer where record.body >= 0 { fastBodies.append(record) }
        if !fastBodies.isEmpty { solveContinuous() }
    }

    /// Continuous collision of fast bodies against static shapes (walls, boundaries, anchored items): each fast
    /// body's motion over the step (linear in position and angle) is advanced conservatively towards every static
    /// shape it has a contact with, and a body that would have passed through one is put back at its time of
    /// impact, keeping its velocity (the next step's speculative contact stops it) — Box2D's approach.
    func solveContinuous() {
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
    func timeOfImpact(_ fast: FastBody, against other: Int, target: Double) -> Double {
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
    func centerPathCrosses(_ shape: PolygonView, _ transform: RigidTransform, from start: Point, to end: Point)
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

}
