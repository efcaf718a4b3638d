import KineticDynamics

/// FNV-1a (64-bit) over the bit patterns of doubles: a fingerprint of a simulation's state that changes with any
/// bit of any value mixed in, for tests that compare runs or keep a recorded value.
public struct BitHash: Equatable, Sendable {
    /// The hash so far (FNV-1a's offset basis before anything is mixed in).
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    public init() {}

    /// Mixes in `number`'s eight bytes, lowest first.
    public mutating func mix(_ number: Double) {
        var bits = number.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xFF)) &* 0x100_0000_01b3
            bits >>= 8
        }
    }
}

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
