/// Keeping the solver's bundles from one step to the next (Box2D 3.2 keeps a pair's constraint storage while the
/// pair persists; this is that, for the bundles): a bundle that holds the same contacts in the same lanes as it did
/// last step, each on a recycled manifold, holds after the last step's store everything its pack would write
/// again — the bodies, normal, friction, softness, masses, lever arms and effective masses depend only on what
/// recycling keeps (anchors, normal, point count) and on what has not changed (materials and kinds: the bodies
/// version; the settings), and its impulses are the ones the store stage wrote beside the contacts, which the pack
/// would read back and round to the same floats. Only each point's separation moved, and the largest normal impulse
/// starts again from zero: the pack stage writes those two (``SolverStages``), the same bits as packing the bundle
/// afresh. Whether the colouring was kept or built again does not matter: each bundle's lanes are compared with
/// what it held (``PhysicsWorld/bundleLaneContacts``).
struct BundleCarry: Sendable {
    /// The world step whose solve last packed and stored the bundles without a restitution pass (0: none).
    var packedStep: UInt32 = 0
    /// ``PhysicsWorld/bodiesVersion`` at that solve.
    var bodiesVersion: UInt64 = 0
    /// How many bundles it packed, and how many times the buffers holding them and their lanes' contacts and write
    /// masks had been allocated (``PhysicsWorld/bundleAllocations``: a buffer that grew since lost its contents).
    var bundleCount = 0
    var allocations = 0
    /// The softness of contacts between moving bodies and with static ones, that step.
    var softness = Softness.rigid
    var staticSoftness = Softness.rigid

    /// How many of the last step's bundles a solve at step `step` may keep (0: none): those the step just before
    /// packed, when the bodies are the same and no buffer was allocated again, neither step has a restitution pass and the softness
    /// is the same; each bundle is then kept only if its lanes hold the same contacts.
    func keptBundles(
        step: UInt32, bodiesVersion: UInt64, allocations: Int, hasRestitution: Bool, softness: Softness,
        staticSoftness: Softness
    ) -> Int {
        let allowed =
            packedStep != 0 && step == packedStep &+ 1 && bodiesVersion == self.bodiesVersion
            && allocations == self.allocations && !hasRestitution && Self.same(softness, self.softness)
            && Self.same(staticSoftness, self.staticSoftness)
        return allowed ? bundleCount : 0
    }

    private static func same(_ a: Softness, _ b: Softness) -> Bool {
        a.biasRate == b.biasRate && a.massScale == b.massScale && a.impulseScale == b.impulseScale
    }
}
