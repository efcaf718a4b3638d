/// Keeping the solver's bundles from one step to the next (Box2D 3.2 keeps a pair's constraint storage while the
/// pair persists; this is that, for the bundles): a bundle whose constraints are the last step's, in the same
/// lanes, each on a recycled manifold, holds after the last step's store everything its pack would write again —
/// the bodies, normal, friction, softness, masses, lever arms and effective masses depend only on what recycling
/// keeps (anchors, normal, point count) and on what has not changed (materials, the colouring, the settings), and
/// its impulses are the ones the store stage wrote to the contacts, which the pack would read back and round to
/// the same floats. Only each point's separation moved, and the largest normal impulse starts again from zero: the
/// pack stage writes those two (``SolverStages``), the same bits as packing the bundle afresh.
struct BundleCarry: Sendable {
    /// The world step whose solve last packed and stored the bundles without a restitution pass (0: none).
    var packedStep: UInt32 = 0
    /// The colouring's ``ConstraintColoring/reuseCount`` after that solve.
    var coloringReuses = 0
    /// The softness of contacts between moving bodies and with static ones, that step.
    var softness = Softness.rigid
    var staticSoftness = Softness.rigid

    /// Whether a solve at step `step` may keep the bundles of the last: the step just before packed them, the
    /// colouring was kept since (the same constraints, split, bodies and materials: ``PhysicsWorld/bodiesVersion``),
    /// neither step has a restitution pass, and the softness is the same.
    func allows(
        step: UInt32, coloringReuses reuses: Int, hasRestitution: Bool, softness: Softness, staticSoftness: Softness
    ) -> Bool {
        packedStep != 0 && step == packedStep &+ 1 && reuses == coloringReuses + 1 && !hasRestitution
            && Self.same(softness, self.softness) && Self.same(staticSoftness, self.staticSoftness)
    }

    private static func same(_ a: Softness, _ b: Softness) -> Bool {
        a.biasRate == b.biasRate && a.massScale == b.massScale && a.impulseScale == b.impulseScale
    }
}
