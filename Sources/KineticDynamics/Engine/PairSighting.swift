/// What the moved boxes' queries (``MovedPairQuery``, ``GridPairQuery``) do with a pair of overlapping boxes they
/// find, as the full sweep does with its pairs (``BroadPhaseSweep``), on any of the solver's threads: a pair of two
/// sleeping boxes, or of bodies that do not collide, is dropped; a pair in the pair table has its contact marked
/// seen in this step (its link, which no other pair shares); only a new pair is kept, for the world to put in the
/// sweep's order and create its contact.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned and the pair table
/// unchanged.
struct PairSighting: @unchecked Sendable {
    var bodies: UnsafePointer<Body>
    /// The pairs that have contacts (read only while the queries run).
    var pairs: PairTable.View
    /// Per contact, its link: `lastSeen` is written for the contacts found.
    var links: UnsafeMutableBufferPointer<ContactLink>
    /// The step, written to the links of the pairs seen.
    var step: UInt32

    /// Whether the pair of `boxA` and `boxB` is a new one to keep; marks its contact seen if it has one.
    @inline(__always) func isNew(_ boxA: Proxy, _ boxB: Proxy) -> Bool {
        if !boxA.isAwake && !boxB.isAwake { return false }
        if !PhysicsWorld.shouldCollide(bodies[Int(boxA.body)], bodies[Int(boxB.body)]) { return false }
        guard let c = pairs.find(PairTable.key(boxA.body, boxB.body)) else { return true }
        links[Int(c)].lastSeen = step
        return false
    }
}
