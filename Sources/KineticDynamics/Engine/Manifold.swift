import KineticCore

/// One contact point between two shapes, in world orientation.
struct ManifoldPoint: Sendable {
    /// The point relative to body A's centre of mass, in points (world orientation).
    var anchorA: Point = .zero
    /// The point relative to body B's centre of mass.
    var anchorB: Point = .zero
    /// The point in world coordinates.
    var point: Point = .zero
    /// Signed distance between the surfaces along the normal: negative when they overlap, in points.
    var separation: Double = 0
    /// ``separation`` when the manifold was computed: a recycled manifold's separations are this plus how far the
    /// points have moved apart along the normal since (``NarrowPhase``).
    var computedSeparation: Double = 0
    /// Feature id: (reference vertex << 8) | incident vertex. Matching ids inherit impulses.
    var id: UInt16 = 0

    /// The separation less the anchors' gap along `normal`: what the solver starts each substep's separation from
    /// (``ConstraintPoint/baseSeparation``, rounded into a bundle's lanes the same).
    @inline(__always) func baseSeparation(along normal: Point) -> Double {
        separation - dot(anchorB - anchorA, normal)
    }
}

/// The contact manifold of a shape pair: a normal from A to B and up to two points.
struct Manifold: Sendable {
    var normal: Point = .zero
    var point0 = ManifoldPoint()
    var point1 = ManifoldPoint()
    var pointCount: Int = 0

    @inline(__always) mutating func append(_ point: ManifoldPoint) {
        if pointCount == 0 { point0 = point } else { point1 = point }
        pointCount += 1
    }

    /// Moves the points' anchors from shape-A-local coordinates (relative to `origin` of A's frame) to world
    /// orientation, and fills in anchorB and the world point.
    @inline(__always) mutating func toWorld(origin: Point, transformA: RigidTransform, transformB: RigidTransform) {
        normal = transformA.q.rotate(normal)
        let offset = transformA.p - transformB.p
        if pointCount > 0 {
            point0.anchorA = transformA.q.rotate(point0.anchorA + origin)
            point0.anchorB = point0.anchorA + offset
            point0.point = transformA.p + point0.anchorA
        }
        if pointCount > 1 {
            point1.anchorA = transformA.q.rotate(point1.anchorA + origin)
            point1.anchorB = point1.anchorA + offset
            point1.point = transformA.p + point1.anchorA
        }
    }
}
