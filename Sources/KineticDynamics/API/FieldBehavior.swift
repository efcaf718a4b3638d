import KineticCore

/// The part of space a field acts in, relative to the field's ``FieldBehavior/position``.
public enum FieldRegion: Sendable, Equatable {
    /// Everywhere. The default.
    case infinite
    /// Within `radius` points of the position.
    case circle(radius: Double)
    /// Within a `size` rectangle centred on the position.
    case rectangle(Size)

    func contains(_ offset: Point) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let radius): return offset.lengthSquared <= radius * radius
        case .rectangle(let size): return abs(offset.x) <= size.width / 2 && abs(offset.y) <= size.height / 2
        }
    }
}

/// A force field acting on its items (UIKit's `UIFieldBehavior`), applied as a force at each item's centre of
/// mass every step. Each kind states its acceleration below; `strength` defaults to 1, `position` to (0, 0),
/// `region` to infinite, `falloff` to 0, `minimumRadius` to 0. Accelerations are in pt/s²; "g" is 1000 pt/s².
public final class FieldBehavior: DynamicBehavior {
    /// What the field does.
    public enum Kind: Sendable, Equatable {
        /// a = strength · g · direction (like gravity: direction (0, 1), strength 1 = 1000 pt/s² down).
        case linearGravity(direction: Point)
        /// a = strength · g · (100 / max(r, minimumRadius))^falloff towards ``position`` (r in points).
        case radialGravity
        /// a = −strength · v (1/s): slows items.
        case drag
        /// a = strength · g · (100 / max(r, minimumRadius))^falloff, perpendicular to the radius (clockwise on
        /// screen for positive strength).
        case vortex
        /// a = −strength · (2π)² · (p − position): strength 1 oscillates at 1 Hz whatever the mass.
        case spring
        /// a = strength · (targetVelocity − v) · 10 (1/s): drives items towards a velocity (pt/s).
        case velocity(targetVelocity: Point)
        /// a = strength · g · noise(p / (100 · (1 + 10 · smoothness)), t · animationSpeed): smooth, seeded
        /// value noise in −1…1 per axis. Deterministic for a given `seed`.
        case noise(smoothness: Double, animationSpeed: Double, seed: UInt64)
        /// a = strength · charge · g / mass · unit(p − position) · (100 / max(r, minimumRadius))^falloff: charged
        /// items are pushed away (same sign) or pulled.
        case electric
        /// a = strength · charge / mass · v turned a quarter turn (clockwise on screen): charged items curve.
        case magnetic
    }

    private var list: ItemList
    /// The kind, fixed at creation.
    public let kind: Kind
    /// The field's centre, in reference coordinates (points). Default (0, 0).
    public var position = Point.zero
    /// Where the field acts. Default infinite.
    public var region = FieldRegion.infinite
    /// Scales the acceleration. Default 1.
    public var strength: Double = 1
    /// Exponent of the distance falloff for radial, vortex and electric fields, ≥ 0. Default 0 (no falloff).
    public var falloff: Double = 0
    /// Distances below this are treated as this, in points, for the falloff. Default 0.
    public var minimumRadius: Double = 0

    /// A field of `kind` acting on `items`.
    public init(kind: Kind, items: [any DynamicItem] = []) {
        self.kind = kind
        list = ItemList(items)
    }

    /// Gravity in one direction (see ``Kind/linearGravity(direction:)``).
    public static func linearGravityField(direction: Point) -> FieldBehavior {
        FieldBehavior(kind: .linearGravity(direction: direction))
    }
    /// Gravity towards `position`.
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }
    /// Drag proportional to velocity.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// A swirl around ``position``.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// A spring towards ``position``.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// A velocity field.
    public static func velocityField(direction: Point) -> FieldBehavior {
        FieldBehavior(kind: .velocity(targetVelocity: direction))
    }
    /// Seeded smooth noise; `smoothness` 0…1, `animationSpeed` in cycles per second.
    public static func noiseField(smoothness: Double, animationSpeed: Double, seed: UInt64 = 1) -> FieldBehavior {
        FieldBehavior(kind: .noise(smoothness: smoothness, animationSpeed: animationSpeed, seed: seed))
    }
    /// An electric field acting on charged items.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// A magnetic field acting on moving charged items.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// The items.
    public var items: [any DynamicItem] { list.items }
    /// Adds an item.
    public func addItem(_ item: any DynamicItem) {
        list.add(item)
        setNeedsSync()
    }
    /// Removes an item.
    public func removeItem(_ item: any DynamicItem) {
        list.remove(item)
        setNeedsSync()
    }

    override var involvedItems: [any DynamicItem] { list.items }

    override func validate() throws(PhysicsError) {
        try requireFinite("field", position.x, position.y, strength, falloff, minimumRadius)
        guard falloff >= 0, minimumRadius >= 0 else {
            throw PhysicsError("falloff and minimumRadius must be >= 0 (got \(falloff), \(minimumRadius))")
        }
        switch kind {
        case .linearGravity(let d), .velocity(let d): try requireFinite("field direction", d.x, d.y)
        case .noise(let smoothness, let speed, _): try requireFinite("noise", smoothness, speed)
        default: break
        }
    }

    /// The acceleration (pt/s²) the field gives an item at `p` moving at `v`, with `charge` and `mass`, at time `t`.
    func acceleration(at p: Point, velocity v: Point, charge: Double, mass: Double, time t: Double) -> Point {
        let offset = p - position
        guard region.contains(offset) else { return .zero }
        let g = 1000.0
        let r = max(offset.length, minimumRadius)
        let attenuation = falloff == 0 ? 1 : power(100 / max(r, 1e-9), falloff)
        switch kind {
        case .linearGravity(let direction):
            return direction * (strength * g)
        case .radialGravity:
            return -offset.normalizedOrZero * (strength * g * attenuation)
        case .drag:
            return v * -strength
        case .vortex:
            return offset.normalizedOrZero.leftPerpendicular * (strength * g * attenuation)
        case .spring:
            return offset * (-strength * 4 * Double.pi * Double.pi)
        case .velocity(let target):
            return (target - v) * (strength * 10)
        case .noise(let smoothness, let speed, let seed):
            let scale = 100 * (1 + 10 * max(0, smoothness))
            let z = t * speed
            let n = Point(
                x: ValueNoise.sample(p.x / scale, p.y / scale, z, seed: seed),
                y: ValueNoise.sample(p.x / scale, p.y / scale, z, seed: seed &+ 0x9E37_79B9))
            return n * (strength * g)
        case .electric:
            guard mass > 0 else { return .zero }
            return offset.normalizedOrZero * (strength * charge * g / mass * attenuation)
        case .magnetic:
            guard mass > 0 else { return .zero }
            return v.leftPerpendicular * (strength * charge / mass)
        }
    }

    override func prepareStep(_ animator: DynamicAnimator) throws(PhysicsError) {
        try validate()  // the properties have no observers: check them every step (a few comparisons)
        guard strength != 0 else { return }
        let world = animator.world
        for item in list.items {
            guard let body = animator.body(of: item) else { continue }
            let i = try world.index(of: body)
            guard world.bodies[i].isDynamic else { continue }
            let mass = world.bodies[i].mass
            let a = acceleration(
                at: world.bodies[i].origin, velocity: world.reportedVelocity(i), charge: animator.charge(of: item),
                mass: mass, time: animator.elapsedTime)
            if a != .zero { try world.applyForce(to: body, a * mass, at: world.bodies[i].center) }
        }
    }
}

/// Smooth 3D value noise from an integer hash (no randomness, no libm): values in −1…1.
enum ValueNoise {
    private static func hash(_ x: Int, _ y: Int, _ z: Int, _ seed: UInt64) -> Double {
        var h = seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 29)) &+ UInt64(bitPattern: Int64(y)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 31)) &+ UInt64(bitPattern: Int64(z)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        h ^= h >> 32
        return Double(h >> 11) / 4_503_599_627_370_496 - 1
    }

    /// Trilinear interpolation of hashed lattice values with a smoothstep fade.
    static func sample(_ x: Double, _ y: Double, _ z: Double, seed: UInt64) -> Double {
        guard x.isFinite, y.isFinite, z.isFinite else { return 0 }
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let fz = z.rounded(.down)
        let limit = 1e15
        let ix = Int(min(max(fx, -limit), limit))
        let iy = Int(min(max(fy, -limit), limit))
        let iz = Int(min(max(fz, -limit), limit))
        func fade(_ t: Double) -> Double { t * t * (3 - 2 * t) }
        let u = fade(x - fx)
        let v = fade(y - fy)
        let w = fade(z - fz)
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        func corner(_ dx: Int, _ dy: Int, _ dz: Int) -> Double { hash(ix + dx, iy + dy, iz + dz, seed) }
        let x00 = lerp(corner(0, 0, 0), corner(1, 0, 0), u)
        let x10 = lerp(corner(0, 1, 0), corner(1, 1, 0), u)
        let x01 = lerp(corner(0, 0, 1), corner(1, 0, 1), u)
        let x11 = lerp(corner(0, 1, 1), corner(1, 1, 1), u)
        return lerp(lerp(x00, x10, v), lerp(x01, x11, v), w)
    }
}
