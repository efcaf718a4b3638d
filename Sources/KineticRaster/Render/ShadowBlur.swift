import Foundation

/// A separable blur of an 8-bit alpha plane that approximates a Gaussian, for layer shadows (Cairo has no blur).
///
/// For a standard deviation σ ≥ 2 pixels it runs three box blurs per axis, the approximation SVG's
/// `feGaussianBlur` specifies: box size d = ⌊σ · 3 · √(2π) / 4 + 0.5⌋; an odd d gives three centred boxes, an even
/// d two boxes of d (one shifted left, one right) and one centred box of d + 1. The result is within 3 % of a
/// true Gaussian at every offset, at a cost independent of σ. Below 2 pixels it convolves with a sampled Gaussian
/// of radius ⌈3σ⌉. Work is in integers with 8 fractional bits, so results are the same on every machine.
enum ShadowBlur {
    /// σ below this many pixels is no blur at all.
    static let minimumSigma = 0.05

    /// How many pixels the blur spreads paint on each side for a standard deviation of `sigma` pixels: pad the
    /// plane by this much so nothing is cut off.
    static func extent(sigma: Double) -> Int {
        guard sigma.isFinite, sigma >= minimumSigma else { return 0 }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        let d = boxSize(sigma: sigma)
        return 3 * (d / 2) + 1
    }

    /// SVG's box size for a standard deviation of `sigma` pixels.
    static func boxSize(sigma: Double) -> Int {
        max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
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
        if sigma < 2 {
            gaussian(&plane, start: start, stride: stride, count: count, sigma: sigma, scratch: &scratch)
            return
        }
        let d = boxSize(sigma: sigma)
        if d % 2 == 1 {
            for _ in 0..<3 {
                box(&plane, start: start, stride: stride, count: count, left: d / 2, right: d / 2, scratch: &scratch)
            }
        } else {
            box(&plane, start: start, stride: stride, count: count, left: d / 2, right: d / 2 - 1, scratch: &scratch)
            box(&plane, start: start, stride: stride, count: count, left: d / 2 - 1, right: d / 2, scratch: &scratch)
            box(&plane, start: start, stride: stride, count: count, left: d / 2, right: d / 2, scratch: &scratch)
        }
    }

    /// One box pass: each sample becomes the mean of the `left` samples before it, itself and the `right` after
    /// it (zeros outside the line), with a running sum.
    private static func box(
        _ plane: inout [Int32], start: Int, stride: Int, count: Int, left: Int, right: Int, scratch: inout [Int32]
    ) {
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
