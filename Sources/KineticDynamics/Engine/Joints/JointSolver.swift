import KineticCore

/// The joint solver's passes, dispatched to each kind's file (joints are few: clarity over raw speed here).
///
/// Each kind — ``JointKind/distance`` (DistanceJoint.swift), ``JointKind/target`` (TargetJoint.swift),
/// ``JointKind/revolute`` and ``JointKind/weld`` (RevoluteAndWeldJoints.swift), ``JointKind/prismatic``
/// (PrismaticJoint.swift) — prepares its constant terms once a step, turns its accumulated impulses into a warm
/// start, and solves its velocity constraints once per substep (soft with `useBias`, rigid in the relax pass).
enum JointSolver {
    static func prepare(
        _ joint: inout Joint, bodies: UnsafeMutablePointer<Body>, states: UnsafeMutablePointer<BodyState>, h: Double
    ) {
        let a = bodies[Int(joint.bodyA)]
        let b = bodies[Int(joint.bodyB)]
        joint.anchorA = a.rotation.rotate(joint.localAnchorA)
        joint.anchorB = b.rotation.rotate(joint.localAnchorB)
        joint.deltaCenter = b.center - a.center
        joint.deltaAngle = b.angle - a.angle - joint.referenceAngle
        let sa = states[Int(joint.bodyA)]
        let sb = states[Int(joint.bodyB)]
        let masses = JointMasses(mA: sa.inverseMass, iA: sa.inverseInertia, mB: sb.inverseMass, iB: sb.inverseInertia)
        joint.springSoftness = Softness(hertz: joint.hertz, zeta: joint.dampingRatio, h: h)
        switch joint.kind {
        case .distance: prepareDistance(&joint, masses)
        case .target: prepareTarget(&joint, h: h)
        case .prismatic: preparePrismatic(&joint, rotationA: a.rotation, masses)
        case .revolute, .weld: break
        }
    }

    static func warmStart(_ joint: Joint, states: UnsafeMutablePointer<BodyState>) {
        let ia = Int(joint.bodyA)
        let ib = Int(joint.bodyB)
        let mA = states[ia].inverseMass
        let iA = states[ia].inverseInertia
        let mB = states[ib].inverseMass
        let iB = states[ib].inverseInertia
        let rA = states[ia].deltaRotation.rotate(joint.anchorA)
        let rB = states[ib].deltaRotation.rotate(joint.anchorB)
        let start: WarmStart
        switch joint.kind {
        case .distance: start = warmStartDistance(joint, rA: rA, rB: rB)
        case .target: start = warmStartTarget(joint, rB: rB)
        case .revolute, .weld: start = warmStartPin(joint, rA: rA, rB: rB)
        case .prismatic: start = warmStartPrismatic(joint, states: states, rA: rA, rB: rB)
        }
        states[ia].velocity = multiplyAdd(states[ia].velocity, -mA, start.linear)
        states[ia].angularVelocity -= iA * start.angularA
        states[ib].velocity = multiplyAdd(states[ib].velocity, mB, start.linear)
        states[ib].angularVelocity += iB * start.angularB
    }

    static func solve(
        _ joint: inout Joint, states: UnsafeMutablePointer<BodyState>, jointSoftness: Softness, h: Double,
        useBias: Bool
    ) {
        var c = JointSolveContext(joint: joint, states: states, jointSoftness: jointSoftness, h: h, useBias: useBias)
        switch joint.kind {
        case .distance: solveDistance(&joint, &c)
        case .target: solveTarget(&joint, &c)
        case .revolute: c.pointConstraint(&joint)
        case .weld:
            c.angleConstraint(&joint)
            c.pointConstraint(&joint)
        case .prismatic: solvePrismatic(&joint, &c)
        }
        c.store()
    }
}

/// The inverse masses and inertias of a joint's two bodies.
struct JointMasses {
    var mA: Double
    var iA: Double
    var mB: Double
    var iB: Double
}

/// What a joint's warm start applies: a linear impulse (+ to B, − to A) and the angular impulses on A and B.
struct WarmStart {
    var linear = Point.zero
    var angularA = 0.0
    var angularB = 0.0
}
