/// A contact's accumulated impulses, carried from step to step for warm starting (mass·pt/s): the normal and the
/// friction impulse of each of its manifold's two points (0 for a point it does not have or that did not inherit
/// one). Kept beside the contacts, one 32-byte record each in contact order (``PhysicsWorld/contactImpulses``),
/// rather than in the 272-byte contact records: the store stages write them back in colour order, scattered, and a
/// dense array of them stays in the caches where the contact records do not.
struct ContactImpulses: Sendable {
    var normal0 = 0.0
    var tangent0 = 0.0
    var normal1 = 0.0
    var tangent1 = 0.0

    /// The impulses of `manifold`'s points, each inherited from the point of `old` (whose impulses are `previous`)
    /// with the same feature id, else 0.
    @inline(__always) static func inherited(
        by manifold: Manifold, from old: Manifold, _ previous: ContactImpulses
    ) -> ContactImpulses {
        @inline(__always) func inherit(_ p: ManifoldPoint) -> (Double, Double) {
            if old.pointCount > 0 && old.point0.id == p.id { return (previous.normal0, previous.tangent0) }
            if old.pointCount > 1 && old.point1.id == p.id { return (previous.normal1, previous.tangent1) }
            return (0, 0)
        }
        var result = ContactImpulses()
        if manifold.pointCount > 0 { (result.normal0, result.tangent0) = inherit(manifold.point0) }
        if manifold.pointCount > 1 { (result.normal1, result.tangent1) = inherit(manifold.point1) }
        return result
    }
}
