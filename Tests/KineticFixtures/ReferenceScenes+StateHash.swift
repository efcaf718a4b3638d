import KineticDynamics

extension ReferenceScenes.Built {
    /// The hash of every box's position (x, y) and angle, in creation order, followed by its velocity (x, y) and
    /// angular velocity when `velocities` is true.
    public func stateHash(velocities: Bool) throws(PhysicsError) -> UInt64 {
        var hash = BitHash()
        for box in boxes {
            let p = try world.position(of: box)
            hash.mix(p.x)
            hash.mix(p.y)
            hash.mix(try world.angle(of: box))
            if velocities {
                let v = try world.velocity(of: box)
                hash.mix(v.x)
                hash.mix(v.y)
                hash.mix(try world.angularVelocity(of: box))
            }
        }
        return hash.value
    }
}
