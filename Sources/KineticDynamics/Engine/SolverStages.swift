import KineticCore

/// The soft-step solver of one step as a sequence of stages that every participant of a ``SolverPool`` runs
/// together (or the calling thread alone): each stage splits independent items — constraints of one colour, awake
/// bodies, constraints — by index ranges and ends at a barrier; joints, which are not coloured, are solved by
/// participant 0 alone. The arithmetic on each item is the same whoever runs it, so the result does not depend on
/// the number of participants.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct SolverStages: @unchecked Sendable {
    var states: UnsafeMutablePointer<BodyState>
    var bodies: UnsafeMutablePointer<Body>
    var contacts: UnsafeMutableBufferPointer<Contact>
    var constraints: UnsafeMutableBufferPointer<ContactConstraint>
    var colours: UnsafeBufferPointer<ConstraintColoring.Colour>
    var inputs: UnsafeBufferPointer<IntegrationInput>
    var joints: UnsafeMutableBufferPointer<Joint>
    var activeJoints: UnsafeBufferPointer<Int>
    var pool: SolverPool?
    var substeps: Int
    var h: Double
    var inverseH: Double
    var jointSoftness: Softness
    var maximumSpeed: Double
    var maximumRotation: Double
    var pushSpeed: Double
    var restitutionThreshold: Double
    /// Whether any constraint has restitution (otherwise its pass is skipped).
    var hasRestitution: Bool

    /// Waits for the other participants (nothing to wait for when alone).
    @inline(__always) private func sync() { pool?.barrier() }

    /// The constraints `range` of the coloured array.
    @inline(__always) private func slice(_ range: Range<Int>) -> UnsafeMutableBufferPointer<ContactConstraint> {
        UnsafeMutableBufferPointer(rebasing: constraints[range])
    }

    /// Runs `pass` over every colour: an independent colour split among the participants, an overflow colour by
    /// participant 0; a barrier after each.
    @inline(__always) private func overColours(
        _ participant: Int, _ participants: Int, _ pass: (UnsafeMutableBufferPointer<ContactConstraint>) -> Void
    ) {
        for colour in colours {
            if colour.isIndependent {
                let part = share(of: colour.end - colour.start, participant: participant, of: participants)
                if !part.isEmpty {
                    pass(slice((colour.start + part.lowerBound)..<(colour.start + part.upperBound)))
                }
            } else if participant == 0 {
                pass(slice(colour.start..<colour.end))
            }
            sync()
        }
    }

    /// Participant 0 runs `body` on the active joints; then a barrier (none when there are no joints).
    @inline(__always) private func jointStage(_ participant: Int, _ body: (inout Joint) -> Void) {
        guard !activeJoints.isEmpty else { return }
        if participant == 0 {
            for j in activeJoints { body(&joints[j]) }
        }
        sync()
    }

    /// Prepares the constraint at position `k` of the coloured array from its contact's manifold.
    @inline(__always) private func prepare(_ k: Int) {
        let contact = Int(constraints[k].contact)
        ContactSolver.prepare(&constraints[k], manifold: contacts[contact].manifold, states: states)
    }

    /// The whole step's solve, as participant `participant` of `participants`.
    func run(_ participant: Int, _ participants: Int) {
        for k in share(of: constraints.count, participant: participant, of: participants) { prepare(k) }
        if participant == 0 {
            for j in activeJoints { JointSolver.prepare(&joints[j], bodies: bodies, states: states, h: h) }
        }
        sync()
        let bodyShare = share(of: inputs.count, participant: participant, of: participants)
        for substep in 0..<substeps {
            let odd = substep % 2 == 1
            // Integrate velocities: gravity, forces, damping, speed limits.
            for k in bodyShare {
                let input = inputs[k]
                let i = Int(input.body)
                var v = states[i].velocity
                var w = states[i].angularVelocity
                v = multiplyAdd(v, h, input.linearAcceleration) * input.linearDampingFactor
                w = (w + h * input.angularAcceleration) * input.angularDampingFactor
                let speed2 = v.lengthSquared
                if speed2 > maximumSpeed * maximumSpeed { v = v * (maximumSpeed / speed2.squareRoot()) }
                if w * w > maximumRotation * maximumRotation { w = w > 0 ? maximumRotation : -maximumRotation }
                states[i].velocity = v
                states[i].angularVelocity = w
            }
            sync()
            jointStage(participant) { JointSolver.warmStart($0, states: states) }
            overColours(participant, participants) { ContactSolver.warmStart($0, states) }
            jointStage(participant) {
                JointSolver.solve(&$0, states: states, jointSoftness: jointSoftness, h: h, useBias: true)
            }
            overColours(participant, participants) {
                ContactSolver.solve(
                    $0, states, inverseH: inverseH, maximumPushSpeed: pushSpeed, useBias: true, reversed: odd)
            }
            // Integrate positions as deltas from the start of the step.
            for k in bodyShare {
                let i = Int(inputs[k].body)
                let w = states[i].angularVelocity
                if w != 0 { states[i].deltaRotation = states[i].deltaRotation.integrated(by: h * w) }
                states[i].deltaPosition = multiplyAdd(states[i].deltaPosition, h, states[i].velocity)
            }
            sync()
            jointStage(participant) {
                JointSolver.solve(&$0, states: states, jointSoftness: jointSoftness, h: h, useBias: false)
            }
            overColours(participant, participants) {
                ContactSolver.solve(
                    $0, states, inverseH: inverseH, maximumPushSpeed: pushSpeed, useBias: false, reversed: !odd)
            }
        }
        if hasRestitution {
            overColours(participant, participants) {
                ContactSolver.applyRestitution($0, states, threshold: restitutionThreshold)
            }
        }
        // Store impulses for warm starting next step (each constraint writes its own contact).
        for k in share(of: constraints.count, participant: participant, of: participants) {
            let constraint = constraints[k]
            let c = Int(constraint.contact)
            if constraint.pointCount > 0 {
                contacts[c].manifold.point0.normalImpulse = constraint.point0.normalImpulse
                contacts[c].manifold.point0.tangentImpulse = constraint.point0.tangentImpulse
                contacts[c].manifold.point0.maxNormalImpulse = constraint.point0.maxNormalImpulse
            }
            if constraint.pointCount > 1 {
                contacts[c].manifold.point1.normalImpulse = constraint.point1.normalImpulse
                contacts[c].manifold.point1.tangentImpulse = constraint.point1.tangentImpulse
                contacts[c].manifold.point1.maxNormalImpulse = constraint.point1.maxNormalImpulse
            }
        }
    }
}
