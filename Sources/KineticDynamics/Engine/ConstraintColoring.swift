/// A greedy colouring of the step's contact constraints so that no two constraints of one colour share a
/// dynamic body (Box2D v3's constraint graph colouring): the constraints of a colour can then be solved in any
/// order, or at once on several threads, with exactly the same result.
///
/// Constraints come in two groups, solved one after the other: contacts between two dynamic bodies, then contacts
/// with a static body (so that a wall sees the push of everything above it). Within a group each constraint takes
/// the lowest of ``maximumColours`` colours that neither of its dynamic bodies has yet, in the order given; one
/// that finds none goes to the group's overflow, which is solved by one thread after the group's colours. The
/// colouring depends only on the constraints and their order, never on the thread count.
///
/// With `byBody` (as the world builds it on several threads, and on one from
/// ``PhysicsWorld/layoutByBodyMinimum`` bodies), each independent colour's constraints are laid out by body: in the
/// order of their lower dynamic body index (the order given among equal ones). Consecutive bundles then read and
/// write bodies near one another in memory, where the contacts' order (the broad phase's sweep along x) jumps
/// between distant bodies: on one thread, Box2D's `many_pyramids` warm start, solve and relax passes took 7–20 %
/// less time. On several threads, which split every stage at the same fractions (the body stages in body order),
/// a thread also solves in each colour mostly the bodies it integrated and solved in the stages before, in its
/// own cache rather than the other core's (on a 100-row pyramid on two threads the warm start took a quarter less
/// time). No two constraints of such a colour share a dynamic body, so their order changes no value (the results
/// are the same bits either way); an overflow keeps the order given, which it is solved in.
struct ConstraintColoring: Sendable {
    /// Colours per group (one bit each in a body's mask).
    static let maximumColours = 64

    /// One colour: a range of the coloured order, and whether its constraints are independent (false for an
    /// overflow, solved in order by one thread).
    struct Colour: Sendable {
        var start: Int
        var end: Int
        var isIndependent: Bool
    }

    /// The colours in solving order, over `order`.
    private(set) var colours: [Colour] = []
    /// For each position of the coloured order, the index of the constraint (in the order given) placed there.
    private(set) var order: [Int32] = []
    /// Per body: the colours it has in the current group.
    private var masks: [UInt64] = []
    /// Scratch: each constraint's colour (0..<64, or 64 for the overflow) and each group's per-colour counts.
    private var colourOf: [UInt8] = []
    private var groupCounts: [Int] = Array(repeating: 0, count: 2 * (maximumColours + 1))
    /// Scratch: where each colour's next constraint goes in `order`.
    private var starts: [Int] = Array(repeating: 0, count: maximumColours + 1)
    /// Scratch of the layout by body (``build(selected:dynamicCount:bodyCount:byBody:pool:isDynamic:)``).
    private var bodyStarts: [Int32] = []
    private var byBodyOrder: [Int32] = []
    /// Scratch: for each contact with a static body, whether its first body is the dynamic one.
    private var firstIsDynamic: [UInt8] = []
    /// What the colours were last built from
    /// (``build(selected:dynamicCount:bodyCount:bodiesVersion:byBody:pool:isDynamic:)``).
    private var builtFrom: [SelectedContact] = []
    private var builtDynamicCount = -1
    private var builtBodyCount = -1
    private var builtBodiesVersion: UInt64 = 0
    /// How many builds found their input unchanged and kept the colours (for tests and benchmarks).
    private(set) var reuseCount = 0

    /// ``build(selected:dynamicCount:bodyCount:byBody:pool:isDynamic:)``, unless the input is the last build's:
    /// the same constraints in the same order, the same split and body count, and the same `bodiesVersion` (which
    /// the caller changes whenever a body is added, removed or changes kind, so that `isDynamic` answers as it
    /// did). The colouring is a function of that input, so keeping it gives what building it again would. A
    /// settled stack or pyramid solves the same contacts step after step (Box2D 3 keeps its colours from step to
    /// step for the same reason). `byBody` lays the independent colours out by body; kept colours keep the layout
    /// they were built with, which changes no value. `pool` lets a build use the solver's threads.
    mutating func build(
        selected: UnsafeBufferPointer<SelectedContact>, dynamicCount: Int, bodyCount: Int, bodiesVersion: UInt64,
        byBody: Bool = false, pool: SolverPool? = nil, isDynamic: (Int32) -> Bool
    ) {
        if dynamicCount == builtDynamicCount && bodyCount == builtBodyCount && bodiesVersion == builtBodiesVersion
            && Self.equal(selected, builtFrom)
        {
            reuseCount += 1
            return
        }
        build(
            selected: selected, dynamicCount: dynamicCount, bodyCount: bodyCount, byBody: byBody, pool: pool,
            isDynamic: isDynamic)
        builtFrom.removeAll(keepingCapacity: true)
        builtFrom.append(contentsOf: selected)
        builtDynamicCount = dynamicCount
        builtBodyCount = bodyCount
        builtBodiesVersion = bodiesVersion
    }

    /// Whether `a` and `b` hold the same constraints in the same order: the same three 32-bit integers each,
    /// compared a block of words at a time (a loop the compiler turns into vector instructions).
    private static func equal(_ a: UnsafeBufferPointer<SelectedContact>, _ b: [SelectedContact]) -> Bool {
        guard a.count == b.count else { return false }
        return b.withUnsafeBufferPointer { b in
            guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return true }
            let words = 3 * a.count
            return UnsafeRawPointer(aBase).withMemoryRebound(to: UInt32.self, capacity: words) { x in
                UnsafeRawPointer(bBase).withMemoryRebound(to: UInt32.self, capacity: words) { y in
                    var start = 0
                    while start < words {
                        let end = min(start + 64, words)
                        var difference: UInt32 = 0
                        for i in start..<end { difference |= x[i] ^ y[i] }
                        if difference != 0 { return false }
                        start = end
                    }
                    return true
                }
            }
        }
    }

    /// Colours the `selected` constraints (body indices below `bodyCount`, `isDynamic(body)` telling a dynamic body
    /// from a static one): constraints `0..<dynamicCount` (both bodies dynamic) form the first group, the rest (one
    /// body dynamic, the other static) the second; `byBody` lays the independent colours out by body. With a
    /// `pool` too, the layout's sort by body (which needs no colour) runs on another thread while the colours are
    /// given: the same result. `dynamicCount` must be at most the count of `selected`.
    mutating func build(
        selected: UnsafeBufferPointer<SelectedContact>, dynamicCount: Int, bodyCount: Int, byBody: Bool = false,
        pool: SolverPool? = nil, isDynamic: (Int32) -> Bool
    ) {
        let count = selected.count
        assert(dynamicCount <= count, "the first group cannot hold more constraints than there are")
        colours.removeAll(keepingCapacity: true)
        if masks.count < bodyCount { masks = Array(repeating: 0, count: bodyCount) }
        if colourOf.count < count { colourOf = Array(repeating: 0, count: count) }
        if order.count != count { order = Array(repeating: 0, count: count) }
        // Scratch of the layout by body, kept from build to build (only ever grown): where each body's constraints
        // start, and each group's constraints in the order of their lower dynamic body.
        if firstIsDynamic.count < count - dynamicCount {
            firstIsDynamic = Array(repeating: 0, count: count - dynamicCount)
        }
        if byBody {
            if bodyStarts.count < bodyCount + 1 { bodyStarts = Array(repeating: 0, count: bodyCount + 1) }
            if byBodyOrder.count < count { byBodyOrder = Array(repeating: 0, count: count) }
        }
        let overflow = Self.maximumColours
        let groups = [(0..<dynamicCount, true), (dynamicCount..<count, false)].filter { !$0.0.isEmpty }
        // Through the buffers: the arrays' checks and copy-on-write tests cost more than the colouring itself.
        masks.withUnsafeMutableBufferPointer { masks in
            colourOf.withUnsafeMutableBufferPointer { colourOf in
                order.withUnsafeMutableBufferPointer { order in
                    groupCounts.withUnsafeMutableBufferPointer { counts in
                        starts.withUnsafeMutableBufferPointer { starts in
                            bodyStarts.withUnsafeMutableBufferPointer { bodyStarts in
                                byBodyOrder.withUnsafeMutableBufferPointer { sorted in
                                    firstIsDynamic.withUnsafeMutableBufferPointer { firstIsDynamic in
                                        // Which body of each contact with a static body is the dynamic one, asked
                                        // here: the halves may run on another thread.
                                        for k in dynamicCount..<count {
                                            firstIsDynamic[k - dynamicCount] = isDynamic(selected[k].bodyA) ? 1 : 0
                                        }
                                        let halves = Halves(
                                            selected: selected, groups: groups, bodyCount: bodyCount, masks: masks,
                                            colourOf: colourOf, counts: counts, bodyStarts: bodyStarts, sorted: sorted,
                                            firstIsDynamic: firstIsDynamic, dynamicCount: dynamicCount)
                                        if byBody, let pool {
                                            SolverPool.run(blocks: 2, on: pool) { half in
                                                if half == 0 {
                                                    halves.colourGroups()
                                                } else {
                                                    halves.sortGroupsByBody()
                                                }
                                            }
                                        } else {
                                            halves.colourGroups()
                                            if byBody { halves.sortGroupsByBody() }
                                        }
                                    }
                                    for (g, (group, _)) in groups.enumerated() {
                                        let counts = Halves.counts(ofGroup: g, in: counts)
                                        // Counting sort, stable: the colours in order, then the overflow.
                                        var next = group.lowerBound
                                        for c in 0...overflow where counts[c] > 0 {
                                            starts[c] = next
                                            colours.append(
                                                Colour(start: next, end: next + counts[c], isIndependent: c < overflow))
                                            next += counts[c]
                                        }
                                        // The independent colours' constraints in the order given or by body, the
                                        // overflow's in the order given.
                                        for k in group {
                                            let k = byBody ? Int(sorted[k]) : k
                                            let c = Int(colourOf[k])
                                            if c == overflow { continue }
                                            order[starts[c]] = Int32(truncatingIfNeeded: k)
                                            starts[c] += 1
                                        }
                                        if counts[overflow] > 0 {
                                            for k in group where Int(colourOf[k]) == overflow {
                                                order[starts[overflow]] = Int32(truncatingIfNeeded: k)
                                                starts[overflow] += 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The two halves of a build that do not depend on each other, over the build's buffers: the colours, and the
    /// layout's sort by body.
    private struct Halves: @unchecked Sendable {
        let selected: UnsafeBufferPointer<SelectedContact>
        /// Each group's constraints, and whether both bodies of each are dynamic.
        let groups: [(Range<Int>, Bool)]
        let bodyCount: Int
        let masks: UnsafeMutableBufferPointer<UInt64>
        let colourOf: UnsafeMutableBufferPointer<UInt8>
        /// The colours' counts, `maximumColours + 1` for each group.
        let counts: UnsafeMutableBufferPointer<Int>
        let bodyStarts: UnsafeMutableBufferPointer<Int32>
        let sorted: UnsafeMutableBufferPointer<Int32>
        /// For each contact with a static body (from `dynamicCount` on), 1 when its first body is the dynamic one.
        let firstIsDynamic: UnsafeMutableBufferPointer<UInt8>
        let dynamicCount: Int

        /// Group `g`'s counts in `all` (``counts``).
        static func counts(ofGroup g: Int, in all: UnsafeMutableBufferPointer<Int>) -> UnsafeMutableBufferPointer<Int> {
            let size = maximumColours + 1
            return UnsafeMutableBufferPointer(rebasing: all[(g * size)..<((g + 1) * size)])
        }

        func colourGroups() {
            for (g, (group, bothDynamic)) in groups.enumerated() {
                colour(
                    selected, group, bothDynamic: bothDynamic, masks: masks, colourOf: colourOf,
                    counts: Self.counts(ofGroup: g, in: counts), firstIsDynamic: firstIsDynamic,
                    dynamicCount: dynamicCount)
            }
        }

        /// Each group's constraints into the same places of `sorted` in the order of their lower dynamic body,
        /// stably: a counting sort over the bodies, `bodyStarts` its scratch.
        func sortGroupsByBody() {
            for (group, bothDynamic) in groups {
                @inline(__always) func body(_ k: Int) -> Int {
                    let a = selected[k].bodyA
                    let b = selected[k].bodyB
                    return Int(bothDynamic ? min(a, b) : (firstIsDynamic[k - dynamicCount] != 0 ? a : b))
                }
                for i in 0...bodyCount { bodyStarts[i] = 0 }
                for k in group { bodyStarts[body(k) + 1] &+= 1 }
                bodyStarts[0] = Int32(truncatingIfNeeded: group.lowerBound)
                for i in 0..<bodyCount { bodyStarts[i + 1] &+= bodyStarts[i] }
                for k in group {
                    let i = body(k)
                    sorted[Int(bodyStarts[i])] = Int32(truncatingIfNeeded: k)
                    bodyStarts[i] &+= 1
                }
            }
        }
    }

    /// Gives each constraint of `group` its colour (in `colourOf`) and counts the constraints of each colour (in
    /// `counts`, every entry set), leaving every mask 0 after. `bothDynamic` says which group it is (the first, of
    /// contacts between dynamic bodies; not to be read from where the group starts: the second starts at 0 when the
    /// first is empty); in the second, `firstIsDynamic[k - dynamicCount]` says which body of constraint `k` is the
    /// dynamic one.
    private static func colour(
        _ selected: UnsafeBufferPointer<SelectedContact>, _ group: Range<Int>, bothDynamic: Bool,
        masks: UnsafeMutableBufferPointer<UInt64>,
        colourOf: UnsafeMutableBufferPointer<UInt8>, counts: UnsafeMutableBufferPointer<Int>,
        firstIsDynamic: UnsafeMutableBufferPointer<UInt8>, dynamicCount: Int
    ) {
        let overflow = maximumColours
        // In the first group both bodies are dynamic; in the second exactly one is (two static bodies never
        // make a contact), so whether the first is (`firstIsDynamic`) tells both.
        for k in group {
            let a = Int(selected[k].bodyA)
            let b = Int(selected[k].bodyB)
            let dynamicA = bothDynamic || firstIsDynamic[k - dynamicCount] != 0
            let dynamicB = bothDynamic || !dynamicA
            let maskA = dynamicA ? masks[a] : 0
            let maskB = dynamicB ? masks[b] : 0
            let free = ~(maskA | maskB)
            let colour = free == 0 ? overflow : free.trailingZeroBitCount
            if colour < overflow {
                let bit: UInt64 = 1 << UInt64(colour)
                if dynamicA { masks[a] |= bit }
                if dynamicB { masks[b] |= bit }
            }
            colourOf[k] = UInt8(truncatingIfNeeded: colour)
        }
        // Clear the masks of this group's bodies for the next group (and the next step).
        for k in group {
            masks[Int(selected[k].bodyA)] = 0
            masks[Int(selected[k].bodyB)] = 0
        }
        // The colours' counts, in four tallies taken in turn: consecutive constraints mostly share a colour, and one
        // tally would make each count wait for the one before (a load of the value just stored).
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * (overflow + 1)) { tallies in
            tallies.initialize(repeating: 0)
            var k = group.lowerBound
            while k + 4 <= group.upperBound {
                tallies[Int(colourOf[k])] &+= 1
                tallies[overflow + 1 + Int(colourOf[k + 1])] &+= 1
                tallies[2 * (overflow + 1) + Int(colourOf[k + 2])] &+= 1
                tallies[3 * (overflow + 1) + Int(colourOf[k + 3])] &+= 1
                k += 4
            }
            while k < group.upperBound {
                tallies[Int(colourOf[k])] &+= 1
                k += 1
            }
            for c in 0...overflow {
                counts[c] =
                    Int(tallies[c]) + Int(tallies[overflow + 1 + c]) + Int(tallies[2 * (overflow + 1) + c])
                    + Int(tallies[3 * (overflow + 1) + c])
            }
        }
    }
}
