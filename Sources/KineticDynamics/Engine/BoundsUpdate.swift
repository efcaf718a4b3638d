import KineticCore

/// The bounding boxes of a step's awake bodies (``Body/shapeBounds``, and ``Body/bounds`` grown by the speculative
/// distance and by how far the body can move in the step), in blocks of ``blockSize`` bodies that the threads of a
/// ``SolverPool`` share: each body's boxes are its own, so the result does not depend on who computes them.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct BoundsUpdate: @unchecked Sendable {
    var bodies: UnsafeMutablePointer<Body>
    var states: UnsafePointer<BodyState>
    var vertices: UnsafePointer<Point>
    /// Bodies, the world's body 0 (the ground) included.
    var count: Int
    var speculativeDistance: Double
    /// How far ahead the boxes reach, in seconds.
    var timeStep: Double

    /// Bodies per block.
    static let blockSize = 256

    /// How many blocks the bodies make.
    var blockCount: Int { (count + Self.blockSize - 1) / Self.blockSize }

    /// Updates the boxes of the awake bodies of block `block` (body 0, the ground, never moves).
    func execute(block: Int) {
        for i in max(1, block * Self.blockSize)..<min((block + 1) * Self.blockSize, count)
        where bodies[i].isAwake {
            Self.update(
                bodies + i, states[i], vertices: vertices, speculativeDistance: speculativeDistance,
                timeStep: timeStep)
        }
    }

    /// The boxes of one body, from its vertices, `state`'s velocities and `timeStep`.
    @inline(__always) static func update(
        _ body: UnsafeMutablePointer<Body>, _ state: BodyState, vertices: UnsafePointer<Point>,
        speculativeDistance: Double, timeStep: Double
    ) {
        let transform = body.pointee.transform
        var minX = Double.greatestFiniteMagnitude
        var minY = Double.greatestFiniteMagnitude
        var maxX = -Double.greatestFiniteMagnitude
        var maxY = -Double.greatestFiniteMagnitude
        let start = Int(body.pointee.vertexStart)
        for k in start..<(start + Int(body.pointee.vertexCount)) {
            let v = transform.apply(vertices[k])
            minX = min(minX, v.x)
            minY = min(minY, v.y)
            maxX = max(maxX, v.x)
            maxY = max(maxY, v.y)
        }
        // Grow by the speculative distance and by this step's motion along each axis (rotation in both).
        let r = body.pointee.radius
        body.pointee.shapeBounds = BoundingBox(minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r)
        let turn = timeStep * abs(state.angularVelocity) * body.pointee.maximumExtent
        let marginX = r + speculativeDistance + turn + timeStep * abs(state.velocity.x)
        let marginY = r + speculativeDistance + turn + timeStep * abs(state.velocity.y)
        body.pointee.bounds = BoundingBox(
            minX: minX - marginX, minY: minY - marginY, maxX: maxX + marginX, maxY: maxY + marginY)
    }
}
