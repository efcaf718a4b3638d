/// A greedy colouring of the step's contact constraints so that no two constraints of one colour share a
/// dynamic body (Box2D v3's constraint graph colouring): the constraints of a colour can then be solved in any
/// order, or at once on several threads, with exactly the same result.
///
/// Constraints come in two groups, solved one after the other: contacts between two dynamic bodies, then contacts
/// with a static body (so that a wall sees the push of everything above it). Within a group each constraint takes
/// the lowest of ``maximumColours`` colours that neither of its dynamic bodies has yet, in the order given; one
/// that finds none goes to the group's overflow, which is solved by one thread after the group's colours. The
/// colouring depends only on the constraints and their order, never on the thread count.
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

    /// Colours `count` constraints given by `bodyA(k)`, `bodyB(k)` (body indices below `bodyCount`) and
    /// `isDynamic(body)`: constraints `0..<dynamicCount` (both bodies dynamic) form the first group, the rest (one
    /// body dynamic, the other static) the second.
    mutating func build(
        count: Int, dynamicCount: Int, bodyCount: Int, bodyA: (Int) -> Int32, bodyB: (Int) -> Int32,
        isDynamic: (Int32) -> Bool
    ) {
        colours.removeAll(keepingCapacity: true)
        if masks.count < bodyCount { masks = Array(repeating: 0, count: bodyCount) }
        if colourOf.count < count { colourOf = Array(repeating: 0, count: count) }
        if order.count != count { order = Array(repeating: 0, count: count) }
        let overflow = Self.maximumColours
        for (groupStart, groupEnd) in [(0, dynamicCount), (dynamicCount, count)] where groupEnd > groupStart {
            for c in 0...overflow { counts[c] = 0 }
            // In the first group both bodies are dynamic; in the second exactly one is (two static bodies never
            // make a contact), so one look at a body record tells both.
            let bothDynamic = groupStart == 0
            for k in groupStart..<groupEnd {
                let a = bodyA(k)
                let b = bodyB(k)
                let dynamicA = bothDynamic || isDynamic(a)
                let dynamicB = bothDynamic || !dynamicA
                let maskA = dynamicA ? masks[Int(a)] : 0
                let maskB = dynamicB ? masks[Int(b)] : 0
                let free = ~(maskA | maskB)
                let colour = free == 0 ? overflow : free.trailingZeroBitCount
                if colour < overflow {
                    let bit: UInt64 = 1 << UInt64(colour)
                    if dynamicA { masks[Int(a)] |= bit }
                    if dynamicB { masks[Int(b)] |= bit }
                }
                colourOf[k] = UInt8(truncatingIfNeeded: colour)
                counts[colour] += 1
            }
            // Clear the masks of this group's bodies for the next group (and the next step).
            for k in groupStart..<groupEnd {
                masks[Int(bodyA(k))] = 0
                masks[Int(bodyB(k))] = 0
            }
            // Counting sort, stable: the colours in order, then the overflow.
            var next = groupStart
            var starts = counts
            for c in 0...overflow where counts[c] > 0 {
                starts[c] = next
                colours.append(Colour(start: next, end: next + counts[c], isIndependent: c < overflow))
                next += counts[c]
            }
            for k in groupStart..<groupEnd {
                let c = Int(colourOf[k])
                order[starts[c]] = Int32(truncatingIfNeeded: k)
                starts[c] += 1
            }
        }
    }
}
