import KineticCore

// Small vector helpers the engine's inner loops use. Vectors are KineticCore's `Point` (x, y in points, y down).

extension Point {
    /// The squared length, in points².
    @inline(__always) var lengthSquared: Double { x * x + y * y }

    /// (−y, x): the vector turned a quarter turn with the engine's winding (Box2D's left perpendicular).
    @inline(__always) var leftPerpendicular: Point { Point(x: -y, y: x) }

    /// (y, −x): the other quarter turn (Box2D's right perpendicular).
    @inline(__always) var rightPerpendicular: Point { Point(x: y, y: -x) }

    /// The unit vector along this one, or zero for a vector shorter than 1e-12 pt.
    @inline(__always) var normalizedOrZero: Point {
        let length = (x * x + y * y).squareRoot()
        return length < 1e-12 ? .zero : Point(x: x / length, y: y / length)
    }
}

/// s × v for a scalar angular quantity s and a vector v: (−s·v.y, s·v.x).
@inline(__always) func cross(_ s: Double, _ v: Point) -> Point { Point(x: -s * v.y, y: s * v.x) }

/// The 2D cross product a.x·b.y − a.y·b.x.
@inline(__always) func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

/// The dot product.
@inline(__always) func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

/// a + s·b without fused multiply–add (determinism across platforms).
@inline(__always) func multiplyAdd(_ a: Point, _ s: Double, _ b: Point) -> Point {
    Point(x: a.x + s * b.x, y: a.y + s * b.y)
}

/// A rotation stored as its cosine and sine, so that the hot loops never call trigonometry.
struct Rotation: Equatable, Sendable {
    var c: Double
    var s: Double

    static let identity = Rotation(c: 1, s: 0)

    @inline(__always) init(c: Double, s: Double) {
        self.c = c
        self.s = s
    }

    /// The rotation by `angle` radians (clockwise on a y-down screen), from KineticCore's deterministic sine.
    init(angle: Double) {
        let (sine, cosine) = sineCosine(angle)
        c = cosine
        s = sine
    }

    /// The angle in −π…π.
    var angle: Double { atan2Approx(s, c) }

    @inline(__always) func rotate(_ v: Point) -> Point { Point(x: c * v.x - s * v.y, y: s * v.x + c * v.y) }

    @inline(__always) func inverseRotate(_ v: Point) -> Point { Point(x: c * v.x + s * v.y, y: -s * v.x + c * v.y) }

    /// This rotation followed by... the composition q·r (apply r, then q).
    @inline(__always) static func * (q: Rotation, r: Rotation) -> Rotation {
        Rotation(c: q.c * r.c - q.s * r.s, s: q.s * r.c + q.c * r.s)
    }

    /// qᵀ·r: r relative to this rotation.
    @inline(__always) func inverseTimes(_ r: Rotation) -> Rotation {
        Rotation(c: c * r.c + s * r.s, s: c * r.s - s * r.c)
    }

    /// This rotation advanced by a small angle and renormalised (Box2D's `b2IntegrateRotation`).
    @inline(__always) func integrated(by deltaAngle: Double) -> Rotation {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let magnitude = (c2 * c2 + s2 * s2).squareRoot()
        let inverse = magnitude > 0 ? 1 / magnitude : 0
        return Rotation(c: c2 * inverse, s: s2 * inverse)
    }

    /// ``integrated(by:)`` of four rotations (cosines `c`, sines `s`) by four angles, lane by lane in the same
    /// order of operations: the same bits as each rotation's, with one vector square root and division for the four.
    @inline(__always) static func integrated(
        c: SIMD4<Double>, s: SIMD4<Double>, by deltaAngle: SIMD4<Double>
    ) -> (c: SIMD4<Double>, s: SIMD4<Double>) {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let magnitude = (c2 * c2 + s2 * s2).squareRoot()
        let inverse = (1 / magnitude).replacing(with: 0, where: .!(magnitude .> 0))
        return (c2 * inverse, s2 * inverse)
    }

    /// The same rotation with its length put back to 1.
    @inline(__always) var normalized: Rotation {
        let magnitude = (c * c + s * s).squareRoot()
        let inverse = magnitude > 0 ? 1 / magnitude : 0
        return Rotation(c: c * inverse, s: s * inverse)
    }
}

/// A rigid transform: rotate, then translate.
struct RigidTransform: Sendable {
    var p: Point
    var q: Rotation

    @inline(__always) func apply(_ v: Point) -> Point { q.rotate(v) + p }

    @inline(__always) func inverseApply(_ v: Point) -> Point { q.inverseRotate(v - p) }

    /// A⁻¹·B: B expressed in A's frame.
    @inline(__always) static func relative(_ a: RigidTransform, _ b: RigidTransform) -> RigidTransform {
        RigidTransform(p: a.q.inverseRotate(b.p - a.p), q: a.q.inverseTimes(b.q))
    }
}

/// An axis-aligned bounding box in points.
struct BoundingBox: Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    @inline(__always) func overlaps(_ other: BoundingBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}

/// Soft-constraint coefficients for a spring of `hertz` and damping ratio `zeta` over a substep `h`
/// (Box2D's `b2MakeSoft`). Zero hertz gives a rigid constraint.
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, zeta: Double, h: Double) {
        if hertz == 0 {
            self = .rigid
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}
