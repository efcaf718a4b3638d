/// Which contacts a step's sweep made stale — their bodies' proxy boxes no longer overlap, and a body of the pair is
/// awake (pairs of two sleeping bodies are kept as they are) — one flag a contact, in blocks of ``blockSize``
/// contacts that the threads of a ``SolverPool`` share: a contact's flag depends on it alone, so the flags do not
/// depend on who computes them. After a full sweep a contact is stale when the sweep did not see its pair; after a
/// partial one, when a box of it moved and the two no longer overlap. The world then destroys the flagged contacts
/// in order (``PhysicsWorld/updateContacts(dt:)``).
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct StaleContactTest: @unchecked Sendable {
    var links: UnsafeBufferPointer<ContactLink>
    var bodies: UnsafePointer<Body>
    /// Per body, its proxy's box (``PhysicsWorld/proxyBoxes``) and the step it last moved in
    /// (``PhysicsWorld/proxyMovedSteps``).
    var boxes: UnsafePointer<BoundingBox>
    var movedSteps: UnsafePointer<UInt32>
    /// Per contact: 1 when stale, else 0 (written for every contact).
    var flags: UnsafeMutablePointer<UInt8>
    /// Whether the sweep was a full one.
    var full: Bool
    /// The step (``PhysicsWorld/stepIndex``).
    var step: UInt32

    /// Contacts per block.
    static let blockSize = 512

    /// How many blocks the contacts make.
    var blockCount: Int { (links.count + Self.blockSize - 1) / Self.blockSize }

    /// Flags the contacts of block `block`.
    func execute(block: Int) {
        for c in (block * Self.blockSize)..<min((block + 1) * Self.blockSize, links.count) {
            flags[c] = isStale(c) ? 1 : 0
        }
    }

    /// Whether contact `c` is stale.
    @inline(__always) func isStale(_ c: Int) -> Bool {
        let ia = Int(links[c].bodyA)
        let ib = Int(links[c].bodyB)
        let stale =
            full
            ? links[c].lastSeen != step
            : (movedSteps[ia] == step || movedSteps[ib] == step) && !boxes[ia].overlaps(boxes[ib])
        return stale && (bodies[ia].isAwake || bodies[ib].isAwake)
    }
}
