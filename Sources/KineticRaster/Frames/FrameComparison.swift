/// A pixel-by-pixel comparison of two frames of the same size, for golden-image tests (package access: a hook
/// for this package's test targets, not public API).
///
/// A pixel differs when any of its four premultiplied channels differs by more than `Tolerance.perChannel`; two
/// frames match when at most `Tolerance.differingPixels` pixels differ. The defaults (3 levels, 0 pixels) let
/// rounding noise through but fail a shift of any edge by one pixel, or by half a pixel.
package struct FrameComparison: Sendable {
    /// How different two frames may be and still match.
    package struct Tolerance: Sendable, Hashable {
        /// Largest difference per channel, 0…255, that does not count. Default 3.
        package var perChannel: Int
        /// How many pixels may differ by more than `perChannel`. Default 0.
        package var differingPixels: Int

        package init(perChannel: Int = 3, differingPixels: Int = 0) {
            self.perChannel = perChannel
            self.differingPixels = differingPixels
        }
    }

    /// Pixels with a channel differing by more than the tolerance.
    package let differingPixels: Int
    /// The largest channel difference anywhere, 0…255.
    package let maximumDifference: Int
    /// The first few differing pixels (up to 5), row by row.
    package let firstDifferences: [(x: Int, y: Int)]
    /// The tolerance used.
    package let tolerance: Tolerance
    /// Differing pixels in opaque red over the expected frame faded to light grey.
    package let differenceImage: RGBAFrame

    /// Compares `actual` with `expected`; nil when their sizes differ.
    package init?(_ actual: RGBAFrame, _ expected: RGBAFrame, tolerance: Tolerance = Tolerance()) {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        var differing = 0
        var maximum = 0
        var first: [(x: Int, y: Int)] = []
        var image = expected.bytes
        actual.withUnsafeBytes { a in
            expected.withUnsafeBytes { e in
                for pixel in 0..<actual.pixelCount {
                    let i = pixel * 4
                    var worst = 0
                    for channel in 0..<4 { worst = max(worst, abs(Int(a[i + channel]) - Int(e[i + channel]))) }
                    maximum = max(maximum, worst)
                    if worst > tolerance.perChannel {
                        differing += 1
                        if first.count < 5 { first.append((pixel % actual.width, pixel / actual.width)) }
                        (image[i], image[i + 1], image[i + 2], image[i + 3]) = (255, 0, 0, 255)
                    } else {
                        let grey = UInt8(191 + (Int(e[i]) + Int(e[i + 1]) + Int(e[i + 2])) / 12)
                        (image[i], image[i + 1], image[i + 2], image[i + 3]) = (grey, grey, grey, 255)
                    }
                }
            }
        }
        differingPixels = differing
        maximumDifference = maximum
        firstDifferences = first
        self.tolerance = tolerance
        differenceImage = RGBAFrame(uncheckedWidth: actual.width, height: actual.height, bytes: image)
    }

    /// True when at most `tolerance.differingPixels` pixels differ.
    package var matches: Bool { differingPixels <= tolerance.differingPixels }

    /// One sentence for a test failure.
    package var summary: String {
        let positions = firstDifferences.map { "(\($0.x), \($0.y))" }.joined(separator: " ")
        return "\(differingPixels) pixels differ by more than \(tolerance.perChannel) (allowed "
            + "\(tolerance.differingPixels); largest difference \(maximumDifference); first at \(positions))"
    }
}
