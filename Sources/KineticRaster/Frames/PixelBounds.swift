/// Accumulates the bounding box of pixel coordinates, row by row or in any order.
struct PixelBounds {
    private var minX = Int.max
    private var minY = Int.max
    private var maxX = Int.min
    private var maxY = Int.min

    /// Adds the pixel at column `x`, row `y`.
    @inline(__always) mutating func include(x: Int, y: Int) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }

    /// Adds the pixels of row `y` from column `first` to column `last` (only the ends matter for the box).
    @inline(__always) mutating func include(row y: Int, from first: Int, to last: Int) {
        include(x: first, y: y)
        include(x: last, y: y)
    }

    /// The smallest rectangle holding every pixel added, or nil when none was.
    var rect: PixelRect? {
        guard maxX >= minX, maxY >= minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
