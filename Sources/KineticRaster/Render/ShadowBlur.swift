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
        if let kernel = Kernel(sigma: sigmaX) { blurRows(&plane, width: width, height: height, kernel: kernel) }
        switch Kernel(sigma: sigmaY) {
        case .boxes(let radii):
            // Down the columns a whole row at a time: each column keeps its running sum, and a row of sums is
            // updated and divided in vector registers.
            boxColumns(&plane, width: width, height: height, radii: radii)
        case let kernel?:
            // Columns as rows: two transposes cost less than striding through memory in every pass.
            var columns = transposed(plane, width: width, height: height)
            blurRows(&columns, width: height, height: width, kernel: kernel)
            plane = transposed(columns, width: height, height: width)
        case nil:
            break
        }
        return plane.map { UInt8(clamping: ($0 + 128) >> 8) }
    }

    /// How one axis is blurred.
    private enum Kernel {
        /// Integer weights at offsets −r…r summing to 65536.
        case gaussian([Int64])
        /// Box radii, one pass each.
        case boxes([Int])

        init?(sigma: Double) {
            guard sigma.isFinite, sigma >= ShadowBlur.minimumSigma else { return nil }
            self =
                sigma < ShadowBlur.boxSigma
                ? .gaussian(ShadowBlur.gaussianWeights(sigma: sigma))
                : .boxes(ShadowBlur.boxWidths(sigma: sigma).map { $0 / 2 })
        }
    }

    /// Blurs every row of a `width` × `height` plane in place.
    private static func blurRows(_ plane: inout [Int32], width: Int, height: Int, kernel: Kernel) {
        var scratch = [Int32](repeating: 0, count: 4 * width)
        plane.withUnsafeMutableBufferPointer { planeBuffer in
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                guard let base = planeBuffer.baseAddress, let copy = scratchBuffer.baseAddress else { return }
                var y = 0
                if case .boxes(let radii) = kernel {
                    // Four rows at a time: each row's running sum is a chain of dependent additions, and four
                    // chains side by side keep the processor busy where one leaves it waiting.
                    while y + 4 <= height {
                        for radius in radii { box4(base + y * width, count: width, radius: radius, copy: copy) }
                        y += 4
                    }
                }
                while y < height {
                    let row = base + y * width
                    switch kernel {
                    case .gaussian(let weights):
                        gaussian(row, count: width, weights: weights, copy: copy)
                    case .boxes(let radii):
                        for radius in radii { box(row, count: width, radius: radius, copy: copy) }
                    }
                    y += 1
                }
            }
        }
    }

    /// One box pass over a row: each sample becomes the mean of the `radius` samples on each side and itself
    /// (zeros outside the row), with a running sum.
    private static func box(
        _ row: UnsafeMutablePointer<Int32>, count: Int, radius: Int, copy: UnsafeMutablePointer<Int32>
    ) {
        copy.update(from: row, count: count)
        // Dividing by the box size is a multiplication by its reciprocal in 32.32 fixed point (sums stay below
        // 2²⁴ · size, so the product fits 64 bits).
        let reciprocal = (Int64(1) << 32) / Int64(2 * radius + 1)
        var sum: Int64 = 0
        // The window for output i is [i − radius, i + radius]; prime it for i = 0.
        for j in 0...min(radius, count - 1) { sum += Int64(copy[j]) }
        // Output i then takes in sample i + radius + 1 while i < enterEnd, and lets go of sample i − radius from
        // i = leaveStart on: three stretches without a test per sample.
        let enterEnd = max(0, count - radius - 1)
        let leaveStart = min(radius, count)
        var i = 0
        while i < min(enterEnd, leaveStart) {
            row[i] = Int32((sum * reciprocal + (1 << 31)) >> 32)
            sum += Int64(copy[i + radius + 1])
            i += 1
        }
        if enterEnd < leaveStart {
            while i < leaveStart {
                row[i] = Int32((sum * reciprocal + (1 << 31)) >> 32)
                i += 1
            }
        } else {
            while i < enterEnd {
                row[i] = Int32((sum * reciprocal + (1 << 31)) >> 32)
                sum += Int64(copy[i + radius + 1]) - Int64(copy[i - radius])
                i += 1
            }
        }
        while i < count {
            row[i] = Int32((sum * reciprocal + (1 << 31)) >> 32)
            sum -= Int64(copy[i - radius])
            i += 1
        }
    }

    /// ``box(_:count:radius:copy:)`` on four consecutive rows of `count` samples from `rows` at once (the same
    /// sums and rounding on each row: the same bits), with `copy` room for four rows.
    private static func box4(
        _ rows: UnsafeMutablePointer<Int32>, count: Int, radius: Int, copy: UnsafeMutablePointer<Int32>
    ) {
        copy.update(from: rows, count: 4 * count)
        let reciprocal = (Int64(1) << 32) / Int64(2 * radius + 1)
        @inline(__always) func mean(_ sum: Int64) -> Int32 { Int32((sum * reciprocal + (1 << 31)) >> 32) }
        let (r0, r1, r2, r3) = (rows, rows + count, rows + 2 * count, rows + 3 * count)
        let (c0, c1, c2, c3) = (copy, copy + count, copy + 2 * count, copy + 3 * count)
        var (s0, s1, s2, s3): (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        for j in 0...min(radius, count - 1) {
            s0 += Int64(c0[j])
            s1 += Int64(c1[j])
            s2 += Int64(c2[j])
            s3 += Int64(c3[j])
        }
        @inline(__always) func write(_ i: Int) {
            r0[i] = mean(s0)
            r1[i] = mean(s1)
            r2[i] = mean(s2)
            r3[i] = mean(s3)
        }
        @inline(__always) func enter(_ j: Int) {
            s0 += Int64(c0[j])
            s1 += Int64(c1[j])
            s2 += Int64(c2[j])
            s3 += Int64(c3[j])
        }
        @inline(__always) func leave(_ j: Int) {
            s0 -= Int64(c0[j])
            s1 -= Int64(c1[j])
            s2 -= Int64(c2[j])
            s3 -= Int64(c3[j])
        }
        // The three stretches of ``box(_:count:radius:copy:)``.
        let enterEnd = max(0, count - radius - 1)
        let leaveStart = min(radius, count)
        var i = 0
        while i < min(enterEnd, leaveStart) {
            write(i)
            enter(i + radius + 1)
            i += 1
        }
        if enterEnd < leaveStart {
            while i < leaveStart {
                write(i)
                i += 1
            }
        } else {
            while i < enterEnd {
                write(i)
                enter(i + radius + 1)
                leave(i - radius)
                i += 1
            }
        }
        while i < count {
            write(i)
            leave(i - radius)
            i += 1
        }
    }

    /// Box passes down the columns of a `width` × `height` plane, one per radius: for each column the same sums and
    /// the same rounding as ``box(_:count:radius:copy:)`` on that column (integers: the same bits), a row of
    /// columns at a time.
    private static func boxColumns(_ plane: inout [Int32], width: Int, height: Int, radii: [Int]) {
        var copy = [Int32](repeating: 0, count: plane.count)
        var sums = [UInt32](repeating: 0, count: width)
        plane.withUnsafeMutableBufferPointer { planeBuffer in
            copy.withUnsafeMutableBufferPointer { copyBuffer in
                sums.withUnsafeMutableBufferPointer { sumBuffer in
                    guard let plane = planeBuffer.baseAddress, let copy = copyBuffer.baseAddress,
                        let sums = sumBuffer.baseAddress
                    else { return }
                    for radius in radii {
                        boxColumns(plane, width: width, height: height, radius: radius, copy: copy, sums: sums)
                    }
                }
            }
        }
    }

    /// One box pass down the columns (see ``boxColumns(_:width:height:radii:)``). The samples are at most
    /// 255 · 256 and a window holds at most 2 · `radius` + 1 of them, so a column's sum fits 32 bits for radii
    /// below 32,768 (a shadow's σ is at most 2,048 pixels, its radii about as much); products are taken in 64 bits.
    private static func boxColumns(
        _ plane: UnsafeMutablePointer<Int32>, width: Int, height: Int, radius: Int, copy: UnsafeMutablePointer<Int32>,
        sums: UnsafeMutablePointer<UInt32>
    ) {
        copy.update(from: plane, count: width * height)
        let reciprocal = (UInt64(1) << 32) / UInt64(2 * radius + 1)
        // Prime the window of row 0: rows 0…radius.
        sums.update(repeating: 0, count: width)
        for j in 0...min(radius, height - 1) {
            let row = copy + j * width
            for x in 0..<width { sums[x] &+= UInt32(truncatingIfNeeded: row[x]) }
        }
        for y in 0..<height {
            let out = plane + y * width
            for x in 0..<width {
                out[x] = Int32(truncatingIfNeeded: (UInt64(sums[x]) &* reciprocal &+ (1 << 31)) >> 32)
            }
            // Row y + 1's window: take in row y + radius + 1, let go of row y − radius.
            let entering = y + radius + 1
            let leaving = y - radius
            if entering < height && leaving >= 0 {
                let add = copy + entering * width
                let remove = copy + leaving * width
                for x in 0..<width {
                    sums[x] = sums[x] &+ UInt32(truncatingIfNeeded: add[x]) &- UInt32(truncatingIfNeeded: remove[x])
                }
            } else if entering < height {
                let add = copy + entering * width
                for x in 0..<width { sums[x] &+= UInt32(truncatingIfNeeded: add[x]) }
            } else if leaving >= 0 {
                let remove = copy + leaving * width
                for x in 0..<width { sums[x] &-= UInt32(truncatingIfNeeded: remove[x]) }
            }
        }
    }

    /// A convolution of a row with integer weights summing to 65536 (zeros outside the row).
    private static func gaussian(
        _ row: UnsafeMutablePointer<Int32>, count: Int, weights: [Int64], copy: UnsafeMutablePointer<Int32>
    ) {
        copy.update(from: row, count: count)
        let radius = weights.count / 2
        weights.withUnsafeBufferPointer { w in
            for i in 0..<count {
                var sum: Int64 = 0
                for k in max(-radius, -i)...min(radius, count - 1 - i) {
                    sum += Int64(copy[i + k]) * w[k + radius]
                }
                row[i] = Int32((sum + 32_768) >> 16)
            }
        }
    }

    /// Integer weights of a Gaussian of standard deviation `sigma` at offsets −r…r (r = ⌈3σ⌉), summing to 65536.
    static func gaussianWeights(sigma: Double) -> [Int64] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        var weights = raw.map { Int64(($0 / total * 65_536).rounded()) }
        // Put the rounding remainder on the centre so the weights sum to exactly 1.
        weights[radius] += 65_536 - weights.reduce(0, +)
        return weights
    }

    /// The plane with rows and columns swapped.
    private static func transposed(_ plane: [Int32], width: Int, height: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: plane.count) { result, count in
            plane.withUnsafeBufferPointer { source in
                // In 32 × 32 tiles, so both sides stay in cache.
                let tile = 32
                for y0 in stride(from: 0, to: height, by: tile) {
                    for x0 in stride(from: 0, to: width, by: tile) {
                        for y in y0..<min(y0 + tile, height) {
                            for x in x0..<min(x0 + tile, width) {
                                result[x * height + y] = source[y * width + x]
                            }
                        }
                    }
                }
            }
            count = plane.count
        }
    }
}
