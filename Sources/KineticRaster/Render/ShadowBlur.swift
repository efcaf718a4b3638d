import Foundation

/// A separable blur of an 8-bit alpha plane that approximates a Gaussian, for layer shadows (Cairo has no blur).
///
/// Below σ = 6 pixels it convolves with a sampled Gaussian of radius ⌈3σ⌉ (exact, at most 37 taps). From 6 pixels
/// up it runs three centred box blurs per axis, whose cost does not grow with σ, with odd widths w and w + 2 mixed
/// so that their variance is the closest to σ² (Kovesi, "Fast almost-Gaussian filtering", 2010): the spread is
/// within 3 % of σ and a blurred edge within 1.5 % of a Gaussian edge. Work is in integers with 8 fractional bits, so
/// results are the same on every machine.
enum ShadowBlur {
    /// σ below this many pixels is no blur at all.
    static let minimumSigma = 0.05
    /// From this σ (pixels) up, three box blurs replace the Gaussian kernel.
    static let boxSigma = 6.0

    /// How many pixels the blur spreads paint on each side for a standard deviation of `sigma` pixels: pad the
    /// plane by this much so nothing is cut off.
    static func extent(sigma: Double) -> Int {
        guard sigma.isFinite, sigma >= minimumSigma else { return 0 }
        if sigma < boxSigma { return Int((3 * sigma).rounded(.up)) }
        return boxWidths(sigma: sigma).reduce(0) { $0 + $1 / 2 }
    }

    /// The widths of the three box blurs for a standard deviation of `sigma` pixels: odd, the narrower ones first.
    static func boxWidths(sigma: Double) -> [Int] {
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let w = Double(lower)
        let idealCount = (12 * sigma * sigma - passes * w * w - 4 * passes * w - 3 * passes) / (-4 * w - 4)
        let count = min(3, max(0, Int(idealCount.rounded())))
        return Array(repeating: lower, count: count) + Array(repeating: upper, count: 3 - count)
    }

    /// The plane blurred with standard deviations `sigmaX` and `sigmaY` (pixels; below `minimumSigma`, or not
    /// finite, the axis is left alone). `alpha` holds `width` × `height` values, rows top to bottom; pixels
    /// outside count as 0, so pad the plane by `extent(sigma:)` to keep the spread.
    static func blur(alpha: [UInt8], width: Int, height: Int, sigmaX: Double, sigmaY: Double) -> [UInt8] {
        guard width > 0, height > 0, alpha.count == width * height else { return alpha }
        var plane = alpha.map { Int32($0) << 8 }
        var scratch = [Int32](repeating: 0, count: max(width, height))
        if sigmaX.isFinite, sigmaX >= minimumSigma {
            for y in 0..<height {
                blurLine(&plane, start: y * width, stride: 1, count: width, sigma: sigmaX, scratch: &scratch)
            }
        }
        if sigmaY.isFinite, sigmaY >= minimumSigma {
            for x in 0..<width {
                blurLine(&plane, start: x, stride: width, count: height, sigma: sigmaY, scratch: &scratch)
            }
        }
        return plane.map { UInt8(clamping: ($0 + 128) >> 8) }
    }

    /// Blurs one row or column of `plane` in place.
    private static func blurLine(
        _ plane: inout [Int32], start: Int, stride: Int, count: Int, sigma: Double, scratch: inout [Int32]
    ) {
        guard sigma >= boxSigma else {
            gaussian(&plane, start: start, stride: stride, count: count, sigma: sigma, scratch: &scratch)
            return
        }
        for width in boxWidths(sigma: sigma) {
            box(&plane, start: start, stride: stride, count: count, radius: width / 2, scratch: &scratch)
        }
    }

    /// One box pass: each sample becomes the mean of the `radius` samples on each side and itself (zeros outside
    /// the line), with a running sum.
    private static func box(
        _ plane: inout [Int32], start: Int, stride: Int, count: Int, radius: Int, scratch: inout [Int32]
    ) {
        let left = radius
        let right = radius
        let size = Int64(left + right + 1)
        for i in 0..<count { scratch[i] = plane[start + i * stride] }
        var sum: Int64 = 0
        // The window for output i is [i − left, i + right]; prime it for i = 0.
        for j in 0...min(right, count - 1) { sum += Int64(scratch[j]) }
        for i in 0..<count {
            plane[start + i * stride] = Int32((sum + size / 2) / size)
            let entering = i + right + 1
            if entering < count { sum += Int64(scratch[entering]) }
            let leaving = i - left
            if leaving >= 0 { sum -= Int64(scratch[leaving]) }
        }
    }

    /// A convolution with a sampled Gaussian of radius ⌈3σ⌉, weights in 1/65536ths summing exactly to 65536.
    private static func gaussian(
        _ plane: inout [Int32], start: Int, stride: Int, count: Int, sigma: Double, scratch: inout [Int32]
    ) {
        let weights = gaussianWeights(sigma: sigma)
        let radius = weights.count / 2
        for i in 0..<count { scratch[i] = plane[start + i * stride] }
        for i in 0..<count {
            var sum: Int64 = 0
            for k in -radius...radius {
                let j = i + k
                guard j >= 0, j < count else { continue }
                sum += Int64(scratch[j]) * Int64(weights[k + radius])
            }
            plane[start + i * stride] = Int32((sum + 32_768) >> 16)
        }
    }

    /// Integer weights of a Gaussian of standard deviation `sigma` at offsets −r…r, summing to 65536.
    static func gaussianWeights(sigma: Double) -> [Int64] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        var weights = raw.map { Int64(($0 / total * 65_536).rounded()) }
        // Put the rounding remainder on the centre so the weights sum to exactly 1.
        weights[radius] += 65_536 - weights.reduce(0, +)
        return weights
    }
}
