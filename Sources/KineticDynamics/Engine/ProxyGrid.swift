/// The broad phase's sorted proxies binned in a uniform grid by their boxes' first corners (least x and y), so that
/// a moved proxy is tested against the few proxies whose corners are in the cells around its box rather than
/// against every proxy its box spans along x (a pyramid stacks a hundred boxes in each column; a cell holds one or
/// none). Built again from the sorted proxies when the world finds the pairs of its moved proxies this way
/// (``GridPairQuery``, ``PhysicsWorld/partialSearch(_:movedCount:threads:)``); which pairs are found does not depend on
/// the grid, only how fast.
///
/// The cell's side is the largest extent (width or height) of the proxies that are not *wide*, so that a proxy
/// overlapping another has its first corner in the cells from one before the other's first corner to its last
/// corner, along each axis; wide proxies (an extent above four times the mean: a floor, a wall) are not binned and
/// are tested one by one. A side that would make more than about four cells a proxy is doubled until it does not
/// (bodies spread far apart).
final class ProxyGrid: @unchecked Sendable {
    /// Per cell (row by row), where its entries start in ``entries``, and one past the last cell the end.
    let cellStart = ScratchBuffer<Int32>()
    /// The places (in the sorted proxies) of each cell's proxies, cell after cell, each cell's in increasing order.
    let entries = ScratchBuffer<Int32>()
    /// Per place, the cell holding its box's first corner, or −1 for a wide proxy.
    let cellOf = ScratchBuffer<Int32>()
    /// The places of the wide proxies, in increasing order.
    let wide = ScratchBuffer<Int32>()

    /// At most this many wide proxies; with more, the grid is not built: 64.
    static let wideLimit = 64

    /// A wide proxy's extent is above this many times the mean extent: 4.
    static let wideFactor = 4.0

    /// Cells allowed per proxy (plus a few for small worlds) before the side is doubled: 4.
    static let cellsPerProxy = 4

    /// Bins `proxies` (sorted by `minX`). False, with nothing binned, when a box is not finite or is inverted, when
    /// there are more than ``wideLimit`` wide proxies, or when no grid fits: the caller scans instead.
    func build(_ proxies: UnsafeBufferPointer<Proxy>) -> Bool {
        let n = proxies.count
        guard n > 0 else { return false }
        var total = 0.0
        for k in 0..<n {
            let p = proxies[k]
            // Inverted or NaN boxes fail these comparisons; an infinite side makes the total infinite or NaN.
            guard p.minX <= p.maxX && p.minY <= p.maxY else { return false }
            total += max(p.maxX - p.minX, p.maxY - p.minY)
        }
        let wideExtent = Self.wideFactor * total / Double(n)
        guard wideExtent.isFinite else { return false }
        wide.removeAll()
        var side = 0.0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for k in 0..<n {
            let p = proxies[k]
            let extent = max(p.maxX - p.minX, p.maxY - p.minY)
            if extent > wideExtent {
                if wide.count == Self.wideLimit { return false }
                wide.append(Int32(truncatingIfNeeded: k))
            } else {
                side = max(side, extent)
                minX = min(minX, p.minX)
                minY = min(minY, p.minY)
                maxX = max(maxX, p.maxX)
                maxY = max(maxY, p.maxY)
            }
        }
        guard wide.count < n else { return false }
        let spanX = maxX - minX
        let spanY = maxY - minY
        guard spanX.isFinite && spanY.isFinite && side.isFinite else { return false }
        // Every narrow box has an extent of at least its own (all zero: one cell).
        if side == 0 { side = max(spanX, spanY, 1) }
        let limit = Double(Self.cellsPerProxy * n + 16)
        var inverse = 1 / side
        var columns = (spanX * inverse).rounded(.down) + 1
        var rows = (spanY * inverse).rounded(.down) + 1
        while columns * rows > limit {
            side *= 2
            inverse = 1 / side
            columns = (spanX * inverse).rounded(.down) + 1
            rows = (spanY * inverse).rounded(.down) + 1
        }
        // Cells are numbered in 32 bits (``cellOf``).
        guard inverse > 0 && inverse.isFinite && columns * rows < Double(Int32.max) else { return false }
        let columnCount = Int(columns)
        let cellCount = columnCount * Int(rows)
        cellStart.resize(cellCount + 1)
        let starts = cellStart.buffer
        for c in 0...cellCount { starts[c] = 0 }
        cellOf.resize(n)
        let cells = cellOf.buffer
        self.origin = SIMD2(minX, minY)
        self.scale = inverse
        self.last = SIMD2(columns - 1, rows - 1)
        self.columnCount = columnCount
        self.reach = side * 1.001
        var nextWide = 0
        let wideList = wide.buffer
        for k in 0..<n {
            if nextWide < wideList.count && Int(wideList[nextWide]) == k {
                cells[k] = -1
                nextWide += 1
                continue
            }
            let cell = cell(of: SIMD2(proxies[k].minX, proxies[k].minY))
            cells[k] = cell
            starts[Int(cell) + 1] &+= 1
        }
        for c in 0..<cellCount { starts[c + 1] &+= starts[c] }
        let binned = n - wideList.count
        entries.resize(binned)
        let list = entries.buffer
        // Filled from each cell's end backwards, places in decreasing order: each cell ends in increasing order and
        // starts[c + 1] back at cell c's start.
        for k in stride(from: n - 1, through: 0, by: -1) {
            let cell = Int(cells[k])
            if cell < 0 { continue }
            starts[cell + 1] &-= 1
            list[Int(starts[cell + 1])] = Int32(truncatingIfNeeded: k)
        }
        for c in 0..<cellCount { starts[c] = starts[c + 1] }
        starts[cellCount] = Int32(truncatingIfNeeded: binned)
        return true
    }

    /// The cell (row × columns + column) holding `point`: monotonic in each coordinate, within the grid.
    @inline(__always) func cell(of point: SIMD2<Double>) -> Int32 {
        let place = cellPlace(of: point)
        return Int32(place.y) * Int32(truncatingIfNeeded: columnCount) + Int32(place.x)
    }

    /// The column and row of `point`, within the grid.
    @inline(__always) func cellPlace(of point: SIMD2<Double>) -> SIMD2<Double> {
        let zero = SIMD2<Double>(repeating: 0)
        let place = ((point - origin) * scale).rounded(.down)
        return place.replacing(with: zero, where: place .< zero).replacing(with: last, where: place .> last)
    }

    /// The grid's first corner (least x and y), the inverse of its side, and its last column and row.
    private(set) var origin = SIMD2<Double>()
    private(set) var scale = 1.0
    private(set) var last = SIMD2<Double>()
    /// How far before another's first corner a binned proxy's first corner can be, along x or y, and the boxes
    /// still overlap: the largest extent of a binned proxy, with slack for its rounding (0.1 %).
    private(set) var reach = 0.0
    /// Columns of the grid last built.
    private(set) var columnCount = 0
}
