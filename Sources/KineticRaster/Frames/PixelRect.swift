/// A rectangle of whole pixels inside a frame: columns x ..< x + width, rows y ..< y + height.
struct PixelRect: Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The whole of a `width` × `height` frame.
    static func full(width: Int, height: Int) -> PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The smallest rectangle containing both.
    func union(_ other: PixelRect) -> PixelRect {
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return PixelRect(
            x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The bounding box of the pixels where two same-sized frames differ, or nil when they are identical.
    static func changedBounds(from old: RGBAFrame, to new: RGBAFrame) -> PixelRect? {
        let width = new.width
        let height = new.height
        return old.withUnsafeBytes { oldRaw in
            new.withUnsafeBytes { newRaw in
                oldRaw.withMemoryRebound(to: UInt32.self) { a in
                    newRaw.withMemoryRebound(to: UInt32.self) { b in
                        var bounds = PixelBounds()
                        for y in 0..<height {
                            let row = y * width
                            var first = -1
                            for x in 0..<width where a[row + x] != b[row + x] {
                                first = x
                                break
                            }
                            guard first >= 0 else { continue }
                            var last = first
                            var x = width - 1
                            while x > first {
                                if a[row + x] != b[row + x] {
                                    last = x
                                    break
                                }
                                x -= 1
                            }
                            bounds.include(x: first, y: y)
                            bounds.include(x: last, y: y)
                        }
                        return bounds.rect
                    }
                }
            }
        }
    }
}
