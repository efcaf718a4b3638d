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
    /// Scratch: each constraint's colour (0..<64, or 64 for the overflow) and the per-colour counts.
    private var colourOf: [UInt8] = []
    private var counts: [Int] = Array(repeating: 0, count: maximumColours + 1)
    /// What the colours were last built from (``build(selected:dynamicCount:bodyCount:bodiesVersion:isDynamic:)``).
    private var builtFrom: [SelectedContact] = []
    private var builtDynamicCount = -1
    private var builtBodyCount = -1
    private var builtBodiesVersion: UInt64 = 0
    /// How many builds found their input unchanged and kept the colours (for tests and benchmarks).
    private(set) var reuseCount = 0

    /// ``build(selected:dynamicCount:bodyCount:isDynamic:)``, unless the input is the last build's: the same
    /// constraints in the same order, the same split and body count, and the same `bodiesVersion` (which the
    /// caller changes whenever a body is added, removed or changes kind, so that `isDynamic` answers as it did).
    /// The colouring is a function of that input, so keeping it gives what building it again would. A settled
    /// stack or pyramid solves the same contacts step after step (Box2D 3 keeps its colours from step to step for
    /// the same reason). `byBody` lays the independent colours out by body; kept
    /// colours keep the layout they were built with, which changes no value.
    mutating func build(
        selected: UnsafeBufferPointer<SelectedContact>, dynamicCount: Int, bodyCount: Int, bodiesVersion: UInt64,
        byBody: Bool = false, isDynamic: (Int32) -> Bool
    ) {
        if dynamicCount == builtDynamicCount && bodyCount == builtBodyCount && bodiesVersion == builtBodiesVersion
            && Self.equal(selected, builtFrom)
        {
            reuseCount += 1
            return
        }
        build(
            selected: selected, dynamicCount: dynamicCount, bodyCount: bodyCount, byBody: byBody, isDynamic: isDynamic)
        builtFrom.removeAll(keepingCapacity: true)
        builtFrom.append(contentsOf: selected)
        builtDynamicCount = dynamicCount
        builtBodyCount = bodyCount
        builtBodiesVersion = bodiesVersion
    }

    /// Whether `a` and `b` hold the same constraints in the same order.
    private static func equal(_ a: UnsafeBufferPointer<SelectedContact>, _ b: [SelectedContact]) -> Bool {
        guard a.count == b.count else { return false }
        return b.withUnsafeBufferPointer { b in
            for k in 0..<a.count
            where a[k].contact != b[k].contact || a[k].bodyA != b[k].bodyA || a[k].bodyB != b[k].bodyB {
                return false
            }
            return true
        }
    }

    /// Colours the `selected` constraints (body indices below `bodyCount`, `isDynamic(body)` telling a dynamic body
    /// from a static one): constraints `0..<dynamicCount` (both bodies dynamic) form the first group, the rest (one
    /// body dynamic, the other static) the second; `byBody` lays the independent colours out by body.
    mutating func build(
        selected: UnsafeBufferPointer<SelectedContact>, dynamicCount: Int, bodyCount: Int, byBody: Bool = false,
        isDynamic: (Int32) -> Bool
    ) {
        let count = selected.count
        colours.removeAll(keepingCapacity: true)
        if masks.count < bodyCount { masks = Array(repeating: 0, count: bodyCount) }
        if colourOf.count < count { colourOf = Array(repeating: 0, count: count) }
        if order.count != count { order = Array(repeating: 0, count: count) }
        // Scratch of the layout by body: where each body's constraints start, and a group's constraints in the
        // order of their lower dynamic body.
        var bodyStarts = [Int32](repeating: 0, count: byBody ? bodyCount + 1 : 0)
        var byBodyOrder = [Int32](repeating: 0, count: byBody ? count : 0)
        let overflow = Self.maximumColours
        // Through the buffers: the arrays' checks and copy-on-write tests cost more than the colouring itself.
        masks.withUnsafeMutableBufferPointer { masks in
            colourOf.withUnsafeMutableBufferPointer { colourOf in
                order.withUnsafeMutableBufferPointer { order in
                    counts.withUnsafeMutableBufferPointer { counts in
                        bodyStarts.withUnsafeMutableBufferPointer { bodyStarts in
                            byBodyOrder.withUnsafeMutableBufferPointer { sorted in
                                for (groupStart, groupEnd) in [(0, dynamicCount), (dynamicCount, count)]
                                where groupEnd > groupStart {
                                    let bothDynamic = groupStart < dynamicCount
                                    Self.colour(
                                        selected, groupStart..<groupEnd, bothDynamic: bothDynamic, masks: masks,
                                        colourOf: colourOf, counts: counts, isDynamic: isDynamic)
                                    // Counting sort, stable: the colours in order, then the overflow.
                                    var next = groupStart
                                    var starts = [Int](repeating: 0, count: overflow + 1)
                                    for c in 0...overflow where counts[c] > 0 {
                                        starts[c] = next
                                        colours.append(
                                            Colour(start: next, end: next + counts[c], isIndependent: c < overflow))
                                        next += counts[c]
                                    }
                                    // The independent colours' constraints in the order given or by body, the
                                    // overflow's in the order given.
                                    if byBody {
                                        Self.sortByBody(
                                            selected, groupStart..<groupEnd, bothDynamic: bothDynamic,
                                            bodyCount: bodyCount, starts: bodyStarts, into: sorted,
                                            isDynamic: isDynamic)
                                    }
                                    for place in 0..<(groupEnd - groupStart) {
                                        let k = byBody ? Int(sorted[place]) : groupStart + place
                                        let c = Int(colourOf[k])
                                        if c == overflow { continue }
                                        order[starts[c]] = Int32(truncatingIfNeeded: k)
                                        starts[c] += 1
                                    }
                                    if counts[overflow] > 0 {
                                        for k in groupStart..<groupEnd where Int(colourOf[k]) == overflow {
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

    /// The constraints of `group` into `sorted` (its first `group.count` places) in the order of their lower
    /// dynamic body index, stably: a counting sort over the bodies, `starts` (at least `bodyCount + 1` places) its
    /// scratch.
    private static func sortByBody(
        _ selected: UnsafeBufferPointer<SelectedContact>, _ group: Range<Int>, bothDynamic: Bool, bodyCount: Int,
        starts: UnsafeMutableBufferPointer<Int32>, into sorted: UnsafeMutableBufferPointer<Int32>,
        isDynamic: (Int32) -> Bool
    ) {
        @inline(__always) func body(_ k: Int) -> Int {
            let a = selected[k].bodyA
            let b = selected[k].bodyB
            return Int(bothDynamic ? min(a, b) : (isDynamic(a) ? a : b))
        }
        for i in 0...bodyCount { starts[i] = 0 }
        for k in group { starts[body(k) + 1] &+= 1 }
        for i in 0..<bodyCount { starts[i + 1] &+= starts[i] }
        for k in group {
            let i = body(k)
            sorted[Int(starts[i])] = Int32(truncatingIfNeeded: k)
            starts[i] &+= 1
        }
    }

    /// Gives each constraint of `group` its colour (in `colourOf`) and counts the constraints of each colour (in
    /// `counts`), leaving every mask 0 after. `bothDynamic` says which group it is (the first, of contacts between
    /// dynamic bodies; not to be read from where the group starts: the second starts at 0 when the first is empty).
    private static func colour(
        _ selected: UnsafeBufferPointer<SelectedContact>, _ group: Range<Int>, bothDynamic: Bool,
        masks: UnsafeMutableBufferPointer<UInt64>,
        colourOf: UnsafeMutableBufferPointer<UInt8>, counts: UnsafeMutableBufferPointer<Int>,
        isDynamic: (Int32) -> Bool
    ) {
        let overflow = maximumColours
        for c in 0...overflow { counts[c] = 0 }
        // In the first group both bodies are dynamic; in the second exactly one is (two static bodies never
        // make a contact), so one look at a body record tells both.
        for k in group {
            let a = Int(selected[k].bodyA)
            let b = Int(selected[k].bodyB)
            let dynamicA = bothDynamic || isDynamic(Int32(truncatingIfNeeded: a))
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
            counts[colour] += 1
        }
        // Clear the masks of this group's bodies for the next group (and the next step).
        for k in group {
            masks[Int(selected[k].bodyA)] = 0
            masks[Int(selected[k].bodyB)] = 0
        }
    }
}
