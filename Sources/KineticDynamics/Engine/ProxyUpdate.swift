/// The broad phase's proxies brought up to their bodies' boxes (``PhysicsWorld/findPairs()``): a proxy whose body's box
/// left its fat box gets a new one (the body's box grown by its margin, ``PhysicsWorld/fatMargin(minimumExtent:)``) and
/// is marked moved, and each proxy takes its body's awake state — in blocks of ``blockSize`` proxies that the threads
/// of a ``SolverPool`` share. Each proxy is its own body's (and writes that body's box and moved step alone), and each
/// block reports what it saw in a byte of its own, so the result does not depend on who computes it.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct ProxyUpdate: @unchecked Sendable {
    var proxies: UnsafeMutableBufferPointer<Proxy>
    var bodies: UnsafePointer<Body>
    /// Per body, its proxy's box (``PhysicsWorld/proxyBoxes``) and the step it last moved in
    /// (``PhysicsWorld/proxyMovedSteps``).
    var boxes: UnsafeMutablePointer<BoundingBox>
    var movedSteps: UnsafeMutablePointer<UInt32>
    /// Per block: ``moved`` when a proxy of it moved, ``awakeChanged`` when one's awake state changed.
    var reports: UnsafeMutablePointer<UInt8>
    /// The step (``PhysicsWorld/stepIndex``).
    var step: UInt32

    /// A block's report: a proxy of it moved.
    static let moved: UInt8 = 1
    /// A block's report: a proxy of it woke or went to sleep.
    static let awakeChanged: UInt8 = 2

    /// Proxies per block.
    static let blockSize = 512

    /// How many blocks `count` proxies make.
    static func blockCount(proxies count: Int) -> Int { (count + blockSize - 1) / blockSize }

    /// Updates the proxies of block `block`.
    func execute(block: Int) {
        var report: UInt8 = 0
        for k in (block * Self.blockSize)..<min((block + 1) * Self.blockSize, proxies.count) {
            let i = Int(proxies[k].body)
            let box = bodies[i].bounds
            let isAwake = bodies[i].isAwake
            proxies[k].moved = false
            if box.minX < proxies[k].minX || box.maxX > proxies[k].maxX || box.minY < proxies[k].minY
                || box.maxY > proxies[k].maxY
            {
                let margin = PhysicsWorld.fatMargin(minimumExtent: bodies[i].minimumExtent)
                proxies[k].minX = box.minX - margin
                proxies[k].maxX = box.maxX + margin
                proxies[k].minY = box.minY - margin
                proxies[k].maxY = box.maxY + margin
                proxies[k].moved = true
                boxes[i] = BoundingBox(
                    minX: proxies[k].minX, minY: proxies[k].minY, maxX: proxies[k].maxX, maxY: proxies[k].maxY)
                movedSteps[i] = step
                report |= Self.moved
            }
            if proxies[k].isAwake != isAwake {
                proxies[k].isAwake = isAwake
                report |= Self.awakeChanged
            }
        }
        reports[block] = report
    }
}
