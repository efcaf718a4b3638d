import KineticRaster

/// Frame comparisons for the player checks: per-channel differences and side-by-side sheets.
enum FrameDifference {
    static func compare(_ actual: RGBAFrame, _ expected: RGBAFrame) -> (mean: Double, maximum: Int, bad: Double) {
        var total = 0
        var maximum = 0
        var bad = 0
        let a = actual.bytes
        let e = expected.bytes
        for pixel in 0..<min(a.count, e.count) / 4 {
            var worst = 0
            for c in 0..<4 {
                let difference = abs(Int(a[4 * pixel + c]) - Int(e[4 * pixel + c]))
                worst = max(worst, difference)
                total += difference
            }
            maximum = max(maximum, worst)
            if worst > 64 { bad += 1 }
        }
        let pixels = Double(max(1, a.count / 4))
        return (Double(total) / Double(max(1, a.count)), maximum, Double(bad) / pixels)
    }

    /// A sheet of frames side by side (same sizes), then each difference from the first, scaled by 4.
    static func sheet(_ frames: [RGBAFrame], differences: [RGBAFrame]) throws -> RGBAFrame {
        let w = frames[0].width
        let h = frames[0].height
        let reference = frames[0].bytes
        var all: [[UInt8]] = frames.map(\.bytes)
        for frame in differences {
            var bytes = frame.bytes
            for i in bytes.indices {
                let difference = abs(Int(bytes[i]) - Int(reference[i]))
                bytes[i] = i % 4 == 3 ? 255 : UInt8(min(255, 4 * difference))
            }
            all.append(bytes)
        }
        let columns = all.count
        var bytes = [UInt8](repeating: 255, count: w * columns * h * 4)
        for (column, frame) in all.enumerated() {
            for y in 0..<h {
                let source = y * w * 4
                let target = (y * w * columns + column * w) * 4
                bytes.replaceSubrange(target..<(target + w * 4), with: frame[source..<(source + w * 4)])
            }
        }
        return try RGBAFrame(width: w * columns, height: h, bytes: bytes)
    }

    /// A premultiplied frame composited over opaque white (what a browser page shows under it).
    static func overWhite(_ frame: RGBAFrame) throws -> RGBAFrame {
        var bytes = frame.bytes
        for pixel in 0..<(bytes.count / 4) {
            let alpha = Int(bytes[4 * pixel + 3])
            for c in 0..<3 { bytes[4 * pixel + c] = UInt8(min(255, Int(bytes[4 * pixel + c]) + 255 - alpha)) }
            bytes[4 * pixel + 3] = 255
        }
        return try RGBAFrame(width: frame.width, height: frame.height, bytes: bytes)
    }
}
