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

    /// The box of the pixels `isMarked` accepts among `count` pixels in rows of `width`, asked for every pixel once,
    /// in order, row by row: each row adds its first and last marked column (no division per pixel).
    @inline(__always) static func marking(count: Int, width: Int, _ isMarked: (_ index: Int) -> Bool) -> PixelBounds {
        var bounds = PixelBounds()
        for y in 0..<(width > 0 ? count / width : 0) {
            var first = -1
            var last = -1
            for x in 0..<width where isMarked(y * width + x) {
                if first < 0 { first = x }
                last = x
            }
            if first >= 0 {
                bounds.include(x: first, y: y)
                bounds.include(x: last, y: y)
            }
        }
        return bounds
    }

    /// The smallest rectangle holding every pixel added, or nil when none was.
    var rect: PixelRect? {
        guard maxX >= minX, maxY >= minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
