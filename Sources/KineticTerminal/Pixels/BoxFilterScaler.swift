import KineticRaster

/// Resizes premultiplied RGBA pixels by area averaging (a box filter with exact fractional coverage).
///
/// Each output pixel is the mean of the source area it covers, every source pixel weighted by the fraction of it
/// inside that area, so a downscale keeps thin lines and gradients as a blur instead of dropping pixels, and an
/// upscale by a whole factor repeats pixels exactly. Averaging premultiplied values is what makes edges against
/// transparency come out right. The two directions are filtered one after the other (the filter is separable).
package struct BoxFilterScaler: Sendable {
    /// One source index and its weight for an output index.
    private struct Tap: Sendable {
        var index: Int
        var weight: Float
    }

    package let sourceWidth: Int
    package let sourceHeight: Int
    package let width: Int
    package let height: Int
    private let columnTaps: [[Tap]]
    private let rowTaps: [[Tap]]

    /// A scaler from `sourceWidth` × `sourceHeight` to `width` × `height` pixels (all ≥ 1).
    package init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        columnTaps = Self.taps(from: sourceWidth, to: width)
        rowTaps = Self.taps(from: sourceHeight, to: height)
    }

    /// For each of `count` outputs, the sources it covers and their weights (summing to 1).
    private static func taps(from sourceCount: Int, to count: Int) -> [[Tap]] {
        let step = Double(sourceCount) / Double(count)
        return (0..<count).map { output in
            let start = Double(output) * step
            let end = Double(output + 1) * step
            var taps: [Tap] = []
            var index = Int(start.rounded(.down))
            while Double(index) < end, index < sourceCount {
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                if covered > 1e-9 { taps.append(Tap(index: index, weight: Float(covered / step))) }
                index += 1
            }
            return taps
        }
    }

    /// The scaled pixels, premultiplied RGBA, `width` × `height` × 4 floats in 0…255, rows top to bottom.
    package func scale(_ frame: RGBAFrame) -> [Float] {
        precondition(frame.width == sourceWidth && frame.height == sourceHeight, "frame size differs from the scaler's")
        // Horizontal pass: sourceHeight rows of `width` pixels.
        var horizontal = [Float](repeating: 0, count: sourceHeight * width * 4)
        frame.withUnsafeBytes { bytes in
            horizontal.withUnsafeMutableBufferPointer { out in
                for y in 0..<sourceHeight {
                    let sourceRow = y * sourceWidth * 4
                    let outRow = y * width * 4
                    for x in 0..<width {
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        var a: Float = 0
                        for tap in columnTaps[x] {
                            let i = sourceRow + tap.index * 4
                            r += Float(bytes[i]) * tap.weight
                            g += Float(bytes[i + 1]) * tap.weight
                            b += Float(bytes[i + 2]) * tap.weight
                            a += Float(bytes[i + 3]) * tap.weight
                        }
                        let o = outRow + x * 4
                        out[o] = r
                        out[o + 1] = g
                        out[o + 2] = b
                        out[o + 3] = a
                    }
                }
            }
        }
        // Vertical pass.
        var result = [Float](repeating: 0, count: height * width * 4)
        horizontal.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { out in
                let rowLength = width * 4
                for y in 0..<height {
                    let outRow = y * rowLength
                    for tap in rowTaps[y] {
                        let sourceRow = tap.index * rowLength
                        for i in 0..<rowLength { out[outRow + i] += source[sourceRow + i] * tap.weight }
                    }
                }
            }
        }
        return result
    }
}
