import CPrefetch
import KineticCore

/// The soft-step solver of one step as a program of stages (``program(into:participants:)``) whose blocks a ``SolverPool``
/// shares among threads, or the calling thread runs in order: each stage cuts independent items — constraints of
/// one colour, awake bodies, constraints — into blocks, and joints (not coloured) and overflow colours are one
/// block each. The arithmetic on each item is the same whoever runs it, so the result does not depend on the
/// number of threads.
///
/// Holds raw pointers into the world's arrays: valid only while the world keeps them pinned for the step.
struct SolverStages: @unchecked Sendable {
    var states: UnsafeMutablePointer<BodyState>
    /// Per body, its state rounded to floats for the bundles (``BundleBody``): kept equal to `BundleBody(states[i])`
    /// for every body a bundle can read, by each stage that changes ``states``; newer than the state where a bundle
    /// marked it (``BundleBody/isNewerThanState``), which ``syncState(_:)`` widens into ``states`` before a stage
    /// reads the state (none marked at the start of the solve).
    var mirror: UnsafeMutablePointer<BundleBody>
    var bodies: UnsafeMutablePointer<Body>
    var contacts: UnsafeMutableBufferPointer<Contact>
    /// Per contact, its impulses (``ContactImpulses``): read by the prepare and pack stages, written by the stores.
    var contactImpulses: UnsafeMutableBufferPointer<ContactImpulses>
    /// The step's constraints, colour by colour, made by the prepare stage from ``selected`` in ``order``: all of
    /// them when a restitution pass follows, else those of the overflow colours only (the pack stage prepares the
    /// bundles straight from their contacts).
    var constraints: UnsafeMutableBufferPointer<ContactConstraint>
    /// The solved contacts: those between dynamic bodies (the first ``dynamicCount``), then those with a static
    /// body.
    var selected: UnsafeBufferPointer<SelectedContact>
    /// For each constraint, its contact's place in ``selected`` (the colouring's order).
    var order: UnsafeBufferPointer<Int32>
    var dynamicCount: Int
    /// The softness of contacts between dynamic bodies, and of those with a static body.
    var softness: Softness
    var staticSoftness: Softness
    var colours: UnsafeBufferPointer<ConstraintColoring.Colour>
    /// The independent colours' constraints in bundles of ``ConstraintBundle/width`` (``ConstraintBundle``), colour
    /// by colour.
    var bundles: UnsafeMutableBufferPointer<ConstraintBundle>
    /// Per bundle, which of its lanes' bodies it writes back (``ConstraintBundle/writeMask(of:)``), set by the pack
    /// stage.
    var bundleWrites: UnsafeMutablePointer<ConstraintBundle.WriteMask>
    /// Per colour, the index of its first bundle (−1 for an overflow, which is solved one constraint at a time).
    var bundleStarts: UnsafeBufferPointer<Int>
    /// Per bundle, the index of its first constraint and how many follow (1…``ConstraintBundle/width``, within the
    /// colour).
    var bundleFirsts: UnsafeBufferPointer<Int>
    var bundleLanes: UnsafeBufferPointer<Int>
    /// The awake dynamic bodies, and per awake body its integration inputs (written by ``Kind/inputs``).
    var awake: UnsafeBufferPointer<Int32>
    var inputs: UnsafeMutableBufferPointer<IntegrationInput>
    /// The world's gravity (pt/s²), for ``Kind/inputs``.
    var gravity: Point
    /// How many bodies ``states`` and ``mirror`` hold, for ``Kind/mirror``.
    var bodyCount: Int
    var joints: UnsafeMutableBufferPointer<Joint>
    var activeJoints: UnsafeBufferPointer<Int>
    var substeps: Int
    var h: Double
    var inverseH: Double
    var jointSoftness: Softness
    var maximumSpeed: Double
    var maximumRotation: Double
    var pushSpeed: Double
    /// ``PhysicsSettings/restitutionThreshold``: also the speed of an impact, which the relax pass solves friction
    /// before the points for (``ContactSolver/isImpact(_:_:)``).
    var restitutionThreshold: Double
    /// Whether any constraint has restitution (otherwise its pass is skipped).
    var hasRestitution: Bool
    /// The step's length in seconds, the speed below which a body counts towards sleep (points a second), and
    /// whether bodies may sleep, for ``Kind/finalize``.
    var dt: Double
    var sleepThreshold: Double
    var allowsSleeping: Bool
    /// ``PhysicsSettings/timeToSleep`` (seconds), and the sleep islands' marks per body index
    /// (``PhysicsWorld/islandMarks``), where ``Kind/finalize`` writes each awake body's still mark.
    var timeToSleep: Double
    var islandMarks: UnsafeMutablePointer<UInt8>
    /// Per awake body (in ``inputs``' order), written by ``Kind/finalize``: its motion this step when it moved
    /// fast enough to need continuous collision, else a record whose `body` is −1.
    var finalized: UnsafeMutableBufferPointer<FastBody>
    /// How many of the bundles hold what the last step left in them (``BundleCarry``; 0: none): of those,
    /// ``Kind/pack`` writes only the separations (from ``packSeparations``) and clears the largest impulses of a
    /// bundle whose lanes hold the contacts they held (``bundleLaneContacts``), each on a recycled manifold
    /// (``narrowFlags``), and packs the others afresh.
    var keptBundleCount: Int
    /// Whether the colouring is the last step's, kept (``ConstraintColoring``): then every carried bundle's lanes
    /// hold the constraints they held, the same contacts between the same bodies, and only their manifolds are
    /// checked.
    var coloursKept: Bool
    /// Per bundle, ``ConstraintBundle/width`` entries: the contact of each lane when the bundle was last packed
    /// (−1 for an empty lane), written by ``Kind/pack``.
    var bundleLaneContacts: UnsafeMutablePointer<Int32>
    var narrowFlags: UnsafeBufferPointer<UInt8>
    var packSeparations: UnsafeBufferPointer<SIMD2<Double>>

    /// What one stage of the program does.
    enum Kind: Sendable {
        case mirror, inputs, prepare, pack, prepareJoints, integrateVelocities, warmStartJoints, warmStart, solveJoints,
            solve
        case integratePositions, relaxJoints, relax, unpack, restitution, storeImpulses, storeBundles, finalize
    }

    /// One stage: its kind, the colour it works on (for the colour passes), its substep, and how its items are
    /// cut into blocks.
    struct Stage: Sendable {
        var kind: Kind
        var colour = 0
        var substep = 0
        /// Items of the stage (constraints, bodies), or 1 for a stage that one thread runs whole.
        var items = 1
        /// Items per block.
        var blockSize = 1
        /// The index of the first item (``Kind/prepare`` and ``Kind/storeImpulses`` of one colour).
        var offset = 0
        /// The threads the program was cut for (``Kind/pack`` and ``Kind/storeBundles``, whose blocks follow the
        /// colour passes' blocks).
        var participants = 1

        /// How many blocks the stage has.
        var blocks: Int { items == 0 ? 0 : (items + blockSize - 1) / blockSize }
    }

    /// The smallest blocks of constraints, of bundles and of bodies: smaller ones cost more to hand out than
    /// they take to run.
    static let minimumConstraintBlock = 16
    static let minimumBundleBlock = max(1, minimumConstraintBlock / ConstraintBundle.width)
    static let minimumBodyBlock = 64
    /// Blocks per participant that a stage is cut into when it is large enough: a few each, so that a thread that
    /// joins a stage late or runs slower leaves little for the other to wait on.
    static let blocksPerParticipant = 4

    /// Items per block for a stage of `items` run by `participants` threads: the whole stage on one thread, else
    /// about ``blocksPerParticipant`` blocks a participant of at least `minimum` items, a multiple of `multiple`.
    static func blockSize(items: Int, participants: Int, minimum: Int, multiple: Int = 1) -> Int {
        guard participants > 1 else { return max(items, 1) }
        let wanted = (items + blocksPerParticipant * participants - 1) / (blocksPerParticipant * participants)
        let size = max(minimum, wanted)
        return (size + multiple - 1) / multiple * multiple
    }

    /// Constraints per block of an independent colour of `count` constraints run by `participants` threads: whole
    /// bundles.
    static func colourBlockSize(_ count: Int, participants: Int) -> Int {
        blockSize(
            items: count, participants: participants, minimum: minimumConstraintBlock,
            multiple: ConstraintBundle.width)
    }

    /// Blocks of the stages over every colour's bundles (``Kind/pack``, ``Kind/storeBundles``): block `j` takes
    /// block `j` of each colour, so that a thread packs the bundles it then solves (its own cache, not the other
    /// core's) — as many as the largest colour has blocks.
    static func slicesOfColours(_ colours: UnsafeBufferPointer<ConstraintColoring.Colour>, participants: Int) -> Int {
        var slices = 0
        for colour in colours where colour.isIndependent {
            let count = colour.end - colour.start
            let size = colourBlockSize(count, participants: participants)
            slices = max(slices, (count + size - 1) / size)
        }
        return slices
    }

    /// The bundles of block `slice` of an independent colour of `count` constraints whose bundles start at
    /// `firstBundle` (empty past its last block): those the colour passes give that block.
    static func bundles(ofSlice slice: Int, count: Int, firstBundle: Int, participants: Int) -> Range<Int> {
        let width = ConstraintBundle.width
        let size = colourBlockSize(count, participants: participants)
        let start = slice * size
        guard start < count else { return firstBundle..<firstBundle }
        let end = min(start + size, count)
        return (firstBundle + start / width)..<(firstBundle + (end + width - 1) / width)
    }

    /// Runs `body` on each bundle of slice `slice` (``slicesOfColours(_:participants:)``), colour by colour: block
    /// `slice` of each independent colour.
    @inline(__always) private func forEachBundle(ofSlice slice: Int, participants: Int, _ body: (Int) -> Void) {
        for (k, colour) in colours.enumerated() where colour.isIndependent {
            let range = Self.bundles(
                ofSlice: slice, count: colour.end - colour.start, firstBundle: bundleStarts[k],
                participants: participants)
            for b in range { body(b) }
        }
    }

    /// Bundle `k` (below ``keptBundleCount``) brought up to this step, if each lane holds the contact it held, with
    /// the same bodies, on a recycled manifold: each point's separation, rounded as the pack rounds it, and the
    /// largest normal impulses cleared. Returns false, leaving the bundle alone, otherwise.
    @inline(__always) private func refreshCarriedBundle(
        _ k: Int, _ bundle: UnsafeMutablePointer<ConstraintBundle>
    ) -> Bool {
        let first = bundleFirsts[k]
        let lanes = bundleLanes[k]
        let kept = bundleLaneContacts + k * ConstraintBundle.width
        if coloursKept {
            // The same constraints in the same lanes as the last step's: only their manifolds to check, through
            // the contacts the bundle keeps, in its lanes' order, rather than through the colouring's order and the
            // selection (two reads scattered over the contacts a lane, when the colours are laid out by body).
            for lane in 0..<lanes where narrowFlags[Int(kept[lane])] & NarrowPhase.recycled == 0 { return false }
        } else {
            for lane in 0..<ConstraintBundle.width {
                guard lane < lanes else {
                    if kept[lane] != -1 { return false }
                    continue
                }
                let chosen = selected[Int(order[first + lane])]
                if kept[lane] != chosen.contact || bundle.pointee.bodyA[lane] != chosen.bodyA
                    || bundle.pointee.bodyB[lane] != chosen.bodyB
                    || narrowFlags[Int(chosen.contact)] & NarrowPhase.recycled == 0
                {
                    return false
                }
            }
        }
        // Each lane holds the contact it keeps: the separations through those.
        for group in 0..<(ConstraintBundle.width / 4) {
            var separation0 = SIMD4<Double>(repeating: 0)
            var separation1 = SIMD4<Double>(repeating: 0)
            for i in 0..<4 where 4 * group + i < lanes {
                let separations = packSeparations[Int(kept[4 * group + i])]
                separation0[i] = separations.x
                separation1[i] = separations.y
            }
            ConstraintBundle.set(
                &bundle.pointee.point0.baseSeparation, group: group, to: ConstraintBundle.wide(separation0))
            ConstraintBundle.set(
                &bundle.pointee.point1.baseSeparation, group: group, to: ConstraintBundle.wide(separation1))
            ConstraintBundle.set(&bundle.pointee.point0.maxNormalImpulse, group: group, to: SIMD4(repeating: 0))
            ConstraintBundle.set(&bundle.pointee.point1.maxNormalImpulse, group: group, to: SIMD4(repeating: 0))
        }
        return true
    }

    /// The step's stages in order, appended to `stages`, with blocks sized for `participants` threads (the
    /// blocks never change what a stage computes).
    func program(into stages: inout [Stage], participants: Int) {
        stages.removeAll(keepingCapacity: true)
        func constraintBlock(_ items: Int, multiple: Int = 1) -> Int {
            Self.blockSize(
                items: items, participants: participants, minimum: Self.minimumConstraintBlock, multiple: multiple)
        }
        let bundleBlock = Self.blockSize(
            items: bundles.count, participants: participants, minimum: Self.minimumBundleBlock)
        let slices = Self.slicesOfColours(colours, participants: participants)
        let bodyBlock = Self.blockSize(items: inputs.count, participants: participants, minimum: Self.minimumBodyBlock)
        // The float copy of every state and the awake bodies' integration inputs first: each body's own, on any
        // thread.
        stages.append(
            Stage(
                kind: .mirror, items: bodyCount,
                blockSize: Self.blockSize(items: bodyCount, participants: participants, minimum: Self.minimumBodyBlock))
        )
        stages.append(Stage(kind: .inputs, items: inputs.count, blockSize: bodyBlock))
        func colourPass(_ kind: Kind, substep: Int) {
            for (k, colour) in colours.enumerated() {
                let count = colour.end - colour.start
                // A bundle holds four (or eight) constraints of a colour: blocks of an independent colour are whole
                // bundles.
                stages.append(
                    Stage(
                        kind: kind, colour: k, substep: substep, items: colour.isIndependent ? count : min(count, 1),
                        blockSize: colour.isIndependent ? Self.colourBlockSize(count, participants: participants) : 1))
            }
        }
        let hasJoints = !activeJoints.isEmpty
        if hasRestitution {
            // The restitution pass reads every constraint: all are prepared (the pack stage prepares the bundles).
            stages.append(
                Stage(kind: .prepare, items: constraints.count, blockSize: constraintBlock(constraints.count)))
        } else {
            // Only the overflow colours' constraints are solved from the constraints themselves; the pack stage
            // prepares the others.
            for colour in colours where !colour.isIndependent {
                let count = colour.end - colour.start
                stages.append(
                    Stage(kind: .prepare, items: count, blockSize: constraintBlock(count), offset: colour.start))
            }
        }
        stages.append(Stage(kind: .pack, items: slices, participants: participants))
        if hasJoints { stages.append(Stage(kind: .prepareJoints)) }
        for substep in 0..<substeps {
            stages.append(
                Stage(kind: .integrateVelocities, substep: substep, items: inputs.count, blockSize: bodyBlock))
            if hasJoints { stages.append(Stage(kind: .warmStartJoints, substep: substep)) }
            colourPass(.warmStart, substep: substep)
            if hasJoints { stages.append(Stage(kind: .solveJoints, substep: substep)) }
            colourPass(.solve, substep: substep)
            stages.append(
                Stage(kind: .integratePositions, substep: substep, items: inputs.count, blockSize: bodyBlock))
            if hasJoints { stages.append(Stage(kind: .relaxJoints, substep: substep)) }
            colourPass(.relax, substep: substep)
        }
        if hasRestitution {
            // The restitution pass works on the constraints themselves: give them the bundles' impulses first.
            stages.append(Stage(kind: .unpack, items: bundles.count, blockSize: bundleBlock))
            colourPass(.restitution, substep: 0)
            stages.append(
                Stage(
                    kind: .storeImpulses, items: constraints.count, blockSize: constraintBlock(constraints.count)))
        } else {
            // Straight from the bundles, and from the constraints of overflow colours.
            stages.append(Stage(kind: .storeBundles, items: slices, participants: participants))
            for colour in colours where !colour.isIndependent {
                stages.append(
                    Stage(
                        kind: .storeImpulses, items: colour.end - colour.start,
                        blockSize: constraintBlock(colour.end - colour.start),
                        offset: colour.start))
            }
        }
        stages.append(Stage(kind: .finalize, items: inputs.count, blockSize: bodyBlock))
    }

    /// Runs block `block` of `stage`.
    func execute(_ stage: Stage, block: Int) {
        let start = block * stage.blockSize
        let end = min(start + stage.blockSize, stage.items)
        let odd = stage.substep % 2 == 1
        switch stage.kind {
        case .mirror:
            for i in start..<end { mirror[i] = BundleBody(states[i]) }
        case .inputs:
            // Gravity, forces and damping of each awake body, field by field from its record (a few hundred bytes,
            // not to be copied).
            for k in start..<end {
                let i = Int(awake[k])
                let body = bodies + i
                inputs[k] = IntegrationInput(
                    body: awake[k],
                    linearAcceleration: gravity * body.pointee.gravityScale + body.pointee.force
                        * body.pointee.inverseMass,
                    angularAcceleration: body.pointee.torque * body.pointee.inverseInertia,
                    linearDampingFactor: 1 / (1 + h * body.pointee.linearDamping),
                    angularDampingFactor: 1 / (1 + h * body.pointee.angularDamping))
            }
        case .prepare:
            guard let constraintBase = constraints.baseAddress else { return }
            for k in (stage.offset + start)..<(stage.offset + end) { prepareConstraint(k, into: constraintBase + k) }
        case .pack:
            // Each bundle's constraints are prepared four at a time, straight into it (the restitution pass and the
            // overflow colours have their constraints prepared by ``Kind/prepare`` as well).
            guard let bundleBase = bundles.baseAddress, let contactBase = contacts.baseAddress,
                let impulseBase = contactImpulses.baseAddress
            else { return }
            @inline(__always) func source(_ k: Int, _ lane: Int) -> ConstraintBundle.LaneSource {
                guard lane < bundleLanes[k] else { return ConstraintBundle.paddingLane }
                let place = Int(order[bundleFirsts[k] + lane])
                let c = Int(selected[place].contact)
                return ConstraintBundle.LaneSource(
                    contact: UnsafePointer(contactBase + c),
                    impulses: UnsafePointer(impulseBase + c),
                    softness: place < dynamicCount ? softness : staticSoftness)
            }
            // The lanes' contacts and bodies are scattered: ask for bundle k + 2's while bundle k is prepared.
            @inline(__always) func prefetch(_ k: Int) {
                for lane in 0..<bundleLanes[k] {
                    let chosen = selected[Int(order[bundleFirsts[k] + lane])]
                    Contact.prefetch(contactBase + Int(chosen.contact))
                    kinetic_prefetch(UnsafeRawPointer(impulseBase + Int(chosen.contact)))
                    kinetic_prefetch(UnsafeRawPointer(states + Int(chosen.bodyA)) + 64)
                    kinetic_prefetch(UnsafeRawPointer(states + Int(chosen.bodyB)) + 64)
                }
            }
            // A carried bundle reads its lanes' contacts' flags and separations, scattered over the contacts when
            // the colours are laid out by body (``ConstraintColoring``): ask for bundle k + 2's, through the
            // contacts it holds, on several threads or with the last step's colours (on one thread, through the
            // colouring's order, the requests cost more than they saved).
            let prefetchesCarried = stage.participants > 1 || coloursKept
            @inline(__always) func prefetchCarried(_ k: Int) {
                guard let flags = narrowFlags.baseAddress, let separations = packSeparations.baseAddress,
                    let chosen = selected.baseAddress
                else { return }
                let kept = bundleLaneContacts + k * ConstraintBundle.width
                for lane in 0..<bundleLanes[k] {
                    if !coloursKept {
                        kinetic_prefetch(UnsafeRawPointer(chosen + Int(order[bundleFirsts[k] + lane])))
                    }
                    let c = Int(kept[lane])
                    if c < 0 || c >= narrowFlags.count || c >= packSeparations.count { continue }
                    kinetic_prefetch(UnsafeRawPointer(flags + c))
                    kinetic_prefetch(UnsafeRawPointer(separations + c))
                }
            }
            @inline(__always) func pack(_ k: Int) {
                if k + 2 < bundles.count { prefetch(k + 2) }
                for group in 0..<(ConstraintBundle.width / 4) {
                    ConstraintBundle.prepare(
                        source(k, 4 * group), source(k, 4 * group + 1), source(k, 4 * group + 2),
                        source(k, 4 * group + 3), group: group, states: states, into: bundleBase + k)
                }
                bundleWrites[k] = ConstraintBundle.writeMask(of: bundleBase + k)
                let kept = bundleLaneContacts + k * ConstraintBundle.width
                for lane in 0..<ConstraintBundle.width {
                    kept[lane] = lane < bundleLanes[k] ? selected[Int(order[bundleFirsts[k] + lane])].contact : -1
                }
            }
            if prefetchesCarried {
                let carried = min(keptBundleCount, bundles.count)
                forEachBundle(ofSlice: block, participants: stage.participants) { k in
                    if k < keptBundleCount {
                        if k + 2 < carried { prefetchCarried(k + 2) }
                        if refreshCarriedBundle(k, bundleBase + k) { return }
                    }
                    pack(k)
                }
            } else {
                forEachBundle(ofSlice: block, participants: stage.participants) { k in
                    if k < keptBundleCount && refreshCarriedBundle(k, bundleBase + k) { return }
                    pack(k)
                }
            }
        case .unpack:
            for k in start..<end { bundles[k].unpack(into: bundleConstraints(k)) }
        case .prepareJoints:
            for j in activeJoints { JointSolver.prepare(&joints[j], bodies: bodies, states: states, h: h) }
        case .integrateVelocities:
            // Gravity, forces, damping, speed limits.
            for k in start..<end {
                let input = inputs[k]
                let i = Int(input.body)
                syncState(i)
                var v = states[i].velocity
                var w = states[i].angularVelocity
                v = multiplyAdd(v, h, input.linearAcceleration) * input.linearDampingFactor
                w = (w + h * input.angularAcceleration) * input.angularDampingFactor
                let speed2 = v.lengthSquared
                // A branch, not a select: the compiler otherwise takes the square root and the division for every
                // body, on the chain to the stores, to throw them away at all but the rare body past the limit.
                if _slowPath(speed2 > maximumSpeed * maximumSpeed) { v = v * (maximumSpeed / speed2.squareRoot()) }
                if w * w > maximumRotation * maximumRotation { w = w > 0 ? maximumRotation : -maximumRotation }
                states[i].velocity = v
                states[i].angularVelocity = w
                mirror[i].updateVelocity(states[i])
            }
        case .warmStartJoints:
            onJointBodies { for j in activeJoints { JointSolver.warmStart(joints[j], states: states) } }
        case .warmStart:
            if let (wide, writes) = bundleSlice(stage, start, end) {
                ContactSolver.warmStart(bundles: wide, writes: writes, mirror)
            } else {
                let slice = colourSlice(stage, start, end)
                onBodies(of: slice) { ContactSolver.warmStart(slice, states) }
            }
        case .solveJoints:
            onJointBodies {
                for j in activeJoints {
                    JointSolver.solve(&joints[j], states: states, jointSoftness: jointSoftness, h: h, useBias: true)
                }
            }
        case .solve:
            if let (wide, writes) = bundleSlice(stage, start, end) {
                ContactSolver.solve(
                    bundles: wide, writes: writes, mirror, inverseH: inverseH, maximumPushSpeed: pushSpeed,
                    useBias: true, reversed: odd, impactSpeed: restitutionThreshold)
            } else {
                let slice = colourSlice(stage, start, end)
                onBodies(of: slice) {
                    ContactSolver.solve(
                        slice, states, inverseH: inverseH, maximumPushSpeed: pushSpeed, useBias: true, reversed: odd,
                        impactSpeed: restitutionThreshold)
                }
            }
        case .integratePositions:
            integratePositions(start, end)
        case .relaxJoints:
            onJointBodies {
                for j in activeJoints {
                    JointSolver.solve(&joints[j], states: states, jointSoftness: jointSoftness, h: h, useBias: false)
                }
            }
        case .relax:
            if let (wide, writes) = bundleSlice(stage, start, end) {
                ContactSolver.solve(
                    bundles: wide, writes: writes, mirror, inverseH: inverseH, maximumPushSpeed: pushSpeed,
                    useBias: false, reversed: !odd, impactSpeed: restitutionThreshold)
            } else {
                let slice = colourSlice(stage, start, end)
                onBodies(of: slice) {
                    ContactSolver.solve(
                        slice, states, inverseH: inverseH, maximumPushSpeed: pushSpeed, useBias: false, reversed: !odd,
                        impactSpeed: restitutionThreshold)
                }
            }
        case .restitution:
            // The last pass of the step: nothing reads the float records after it.
            let slice = colourSlice(stage, start, end)
            for constraint in slice {
                syncState(Int(constraint.bodyA))
                syncState(Int(constraint.bodyB))
            }
            ContactSolver.applyRestitution(slice, states, threshold: restitutionThreshold)
        case .storeBundles:
            // Each lane's contact as the pack left it (``bundleLaneContacts``), in the bundle's order; the impulses
            // of bundle k + 2's asked for while bundle k's are written (scattered over the contacts when the colours
            // are laid out by body).
            forEachBundle(ofSlice: block, participants: stage.participants) { k in
                if k + 2 < bundles.count, let impulses = contactImpulses.baseAddress {
                    let ahead = bundleLaneContacts + (k + 2) * ConstraintBundle.width
                    for lane in 0..<bundleLanes[k + 2] {
                        kinetic_prefetch(UnsafeRawPointer(impulses + Int(ahead[lane])))
                    }
                }
                let bundle = bundles[k]
                let kept = bundleLaneContacts + k * ConstraintBundle.width
                for lane in 0..<bundleLanes[k] {
                    let c = Int(kept[lane])
                    contactImpulses[c].normal0 = Double(bundle.point0.normalImpulse[lane])
                    contactImpulses[c].tangent0 = Double(bundle.point0.tangentImpulse[lane])
                    // The second point's too, without reading the contact's point count (a cache miss a contact,
                    // 3 % of a pyramid's step): a one-point manifold's second point is never read (every reader
                    // checks the count first), and its lane holds zeros.
                    contactImpulses[c].normal1 = Double(bundle.point1.normalImpulse[lane])
                    contactImpulses[c].tangent1 = Double(bundle.point1.tangentImpulse[lane])
                }
            }
        case .finalize:
            for k in start..<end {
                syncState(Int(inputs[k].body))
                finalizeBody(k)
            }
        case .storeImpulses:
            // Impulses kept for warm starting next step (each constraint writes its own contact).
            for k in (stage.offset + start)..<(stage.offset + end) {
                let constraint = constraints[k]
                let c = Int(constraint.contact)
                if constraint.pointCount > 0 {
                    contactImpulses[c].normal0 = constraint.point0.normalImpulse
                    contactImpulses[c].tangent0 = constraint.point0.tangentImpulse
                }
                if constraint.pointCount > 1 {
                    contactImpulses[c].normal1 = constraint.point1.normalImpulse
                    contactImpulses[c].tangent1 = constraint.point1.tangentImpulse
                }
            }
        }
    }

    /// Prepares constraint `k` (of the coloured order) into `target`: the contact the colouring put there, with its
    /// material and the softness of its group.
    @inline(__always) private func prepareConstraint(_ k: Int, into target: UnsafeMutablePointer<ContactConstraint>) {
        guard let contactBase = contacts.baseAddress else { return }
        let place = Int(order[k])
        let chosen = selected[place]
        let c = Int(chosen.contact)
        target.pointee = ContactConstraint(
            bodyA: chosen.bodyA, bodyB: chosen.bodyB, contact: chosen.contact, normal: .zero,
            friction: contacts[c].friction, restitution: contacts[c].restitution,
            softness: place < dynamicCount ? softness : staticSoftness, pointCount: 0)
        ContactSolver.prepare(&target.pointee, contact: contactBase + c, impulses: contactImpulses[c], states: states)
    }

    /// Moves awake body `k` (of ``inputs``) by its step's motion, counts its sleep time (its byte in ``islandMarks``
    /// set to the still mark once that reaches ``timeToSleep``, else to 0), clears its force and
    /// deltas, and records in ``finalized`` whether it moved fast enough to pass through a thin wall in one step
    /// (Box2D's test), so that the world checks its motion continuously.
    @inline(__always) private func finalizeBody(_ k: Int) {
        let index = inputs[k].body
        let i = Int(index)
        let state = states[i]
        // In place: a body record is large, and copying it out and back costs more than the update.
        let body = bodies + i
        let startCenter = body.pointee.center
        let startAngle = body.pointee.angle
        body.pointee.center = startCenter + state.deltaPosition
        var turn = 0.0
        if state.deltaRotation.s != 0 {
            body.pointee.rotation = (state.deltaRotation * body.pointee.rotation).normalized
            turn = atan2Approx(state.deltaRotation.s, state.deltaRotation.c)
            body.pointee.angle += turn
        }
        let extent = body.pointee.maximumExtent
        let isFast = state.deltaPosition.length + abs(turn) * extent > 0.5 * body.pointee.minimumExtent
        body.pointee.isFast = isFast
        finalized[k] = FastBody(
            body: isFast ? index : -1, startCenter: startCenter, startAngle: startAngle,
            deltaPosition: state.deltaPosition, deltaAngle: turn)
        let maxVelocity = state.velocity.length + extent * abs(state.angularVelocity)
        let maxDelta = state.deltaPosition.length + extent * abs(state.deltaRotation.s)
        let sleepVelocity = max(maxVelocity, 0.5 * maxDelta / dt)
        if !allowsSleeping || sleepVelocity > sleepThreshold {
            body.pointee.sleepTime = 0
        } else {
            body.pointee.sleepTime += dt
        }
        islandMarks[i] = body.pointee.sleepTime >= timeToSleep ? PhysicsWorld.stillMark : 0
        body.pointee.force = .zero
        body.pointee.torque = 0
        states[i].deltaPosition = .zero
        states[i].deltaRotation = .identity
    }

    /// Integrates the positions of the bodies of `inputs[start..<end]`, as deltas from the start of the step: each
    /// rotation turned by `h` × its angular velocity and put back to length 1 (``Rotation/integrated(by:)``), each
    /// position moved by `h` × its velocity, and the motion rounded into the body's record. Four bodies at a time:
    /// the square root and the division of each rotation's length (one divider for both, in turn, body by body)
    /// take one vector instruction each for the four (`many_pyramids`: the stage 5–10 % faster; it is mostly
    /// waiting for memory). Each lane does the scalar arithmetic in its order, and a body that does not turn keeps
    /// its rotation: the same bits as body by body.
    @inline(__always) private func integratePositions(_ start: Int, _ end: Int) {
        var k = start
        while end - k >= 4 {
            let i0 = Int(inputs[k].body)
            let i1 = Int(inputs[k + 1].body)
            let i2 = Int(inputs[k + 2].body)
            let i3 = Int(inputs[k + 3].body)
            syncState(i0)
            syncState(i1)
            syncState(i2)
            syncState(i3)
            let w = SIMD4(
                states[i0].angularVelocity, states[i1].angularVelocity, states[i2].angularVelocity,
                states[i3].angularVelocity)
            let c = SIMD4(
                states[i0].deltaRotation.c, states[i1].deltaRotation.c, states[i2].deltaRotation.c,
                states[i3].deltaRotation.c)
            let s = SIMD4(
                states[i0].deltaRotation.s, states[i1].deltaRotation.s, states[i2].deltaRotation.s,
                states[i3].deltaRotation.s)
            let turned = Rotation.integrated(c: c, s: s, by: h * w)
            let turning = w .!= 0
            let turnedC = c.replacing(with: turned.c, where: turning)
            let turnedS = s.replacing(with: turned.s, where: turning)
            move(i0, Rotation(c: turnedC[0], s: turnedS[0]))
            move(i1, Rotation(c: turnedC[1], s: turnedS[1]))
            move(i2, Rotation(c: turnedC[2], s: turnedS[2]))
            move(i3, Rotation(c: turnedC[3], s: turnedS[3]))
            k += 4
        }
        for k in k..<end {
            let i = Int(inputs[k].body)
            syncState(i)
            let w = states[i].angularVelocity
            move(i, w != 0 ? states[i].deltaRotation.integrated(by: h * w) : states[i].deltaRotation)
        }
    }

    /// Sets body `i`'s rotation change to `rotation`, moves its position change by `h` × its velocity, and rounds
    /// its motion into its record.
    @inline(__always) private func move(_ i: Int, _ rotation: Rotation) {
        states[i].deltaRotation = rotation
        states[i].deltaPosition = multiplyAdd(states[i].deltaPosition, h, states[i].velocity)
        mirror[i].motion = BundleBody(states[i]).motion
    }

    /// Widens body `i`'s record into its state if a bundle wrote only the record (the double the bundle would have
    /// written), and clears the record's mark.
    @inline(__always) private func syncState(_ i: Int) {
        guard mirror[i].isNewerThanState else { return }
        let velocity = SIMD4<Double>(mirror[i].velocity)
        states[i].velocity = Point(x: velocity.x, y: velocity.y)
        states[i].angularVelocity = velocity.z
        mirror[i].velocity[3] = 0
    }

    /// Runs `pass`, which works on the states of `constraints`' bodies in double precision (the scalar solver of an
    /// overflow colour): widens their records into their states first (``syncState(_:)``), and rounds their new
    /// velocities into the records after. An overflow colour is one block: no other thread touches these bodies
    /// meanwhile.
    @inline(__always) private func onBodies(
        of constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ pass: () -> Void
    ) {
        for constraint in constraints {
            syncState(Int(constraint.bodyA))
            syncState(Int(constraint.bodyB))
        }
        pass()
        for constraint in constraints {
            mirror[Int(constraint.bodyA)].updateVelocity(states[Int(constraint.bodyA)])
            mirror[Int(constraint.bodyB)].updateVelocity(states[Int(constraint.bodyB)])
        }
    }

    /// ``onBodies(of:_:)`` for the active joints' bodies.
    @inline(__always) private func onJointBodies(_ pass: () -> Void) {
        for j in activeJoints {
            syncState(Int(joints[j].bodyA))
            syncState(Int(joints[j].bodyB))
        }
        pass()
        for j in activeJoints {
            mirror[Int(joints[j].bodyA)].updateVelocity(states[Int(joints[j].bodyA)])
            mirror[Int(joints[j].bodyB)].updateVelocity(states[Int(joints[j].bodyB)])
        }
    }

    /// Block `start..<end` of a colour pass: that part of the colour, or the whole colour for an overflow (which
    /// is one block, solved in order).
    @inline(__always) private func colourSlice(_ stage: Stage, _ start: Int, _ end: Int)
        -> UnsafeMutableBufferPointer<ContactConstraint>
    {
        let colour = colours[stage.colour]
        let range =
            colour.isIndependent ? (colour.start + start)..<(colour.start + end) : colour.start..<colour.end
        return UnsafeMutableBufferPointer(rebasing: constraints[range])
    }

    /// The bundles of block `start..<end` of a colour pass (constraints of the colour, a multiple of the width from
    /// its start) and their write masks, or nil for an overflow colour.
    @inline(__always) private func bundleSlice(_ stage: Stage, _ start: Int, _ end: Int)
        -> (UnsafeMutableBufferPointer<ConstraintBundle>, UnsafePointer<ConstraintBundle.WriteMask>)?
    {
        let first = bundleStarts[stage.colour]
        guard first >= 0 else { return nil }
        let width = ConstraintBundle.width
        let range = (first + start / width)..<(first + (end + width - 1) / width)
        return (UnsafeMutableBufferPointer(rebasing: bundles[range]), UnsafePointer(bundleWrites + range.lowerBound))
    }

    /// The constraints of bundle `k`.
    @inline(__always) private func bundleConstraints(_ k: Int) -> UnsafeMutableBufferPointer<ContactConstraint> {
        let first = bundleFirsts[k]
        return UnsafeMutableBufferPointer(rebasing: constraints[first..<(first + bundleLanes[k])])
    }
}
