/// PNG's five row filters and the usual heuristic to choose one per row: the filter whose output bytes, read as
/// signed, have the smallest sum of absolute values.
enum PNGFilter {
    /// Filters `current` (one row of `bytesPerPixel`-byte pixels) against `previous` (the row above, zeros for
    /// the first row). `best` receives the filter type byte followed by the filtered row; `scratch` is a work
    /// buffer of the same size.
    static func chooseFilter(
        current: [UInt8], previous: [UInt8], bytesPerPixel bpp: Int, best: inout [UInt8], scratch: inout [UInt8]
    ) {
        let count = current.count
        var bestScore = Int.max
        current.withUnsafeBufferPointer { cur in
            previous.withUnsafeBufferPointer { prev in
                for type in 0..<5 {
                    let score = scratch.withUnsafeMutableBufferPointer { out -> Int in
                        out[0] = UInt8(type)
                        var sum = 0
                        for i in 0..<count {
                            let x = cur[i]
                            let a = i >= bpp ? cur[i - bpp] : 0
                            let b = prev[i]
                            let c = i >= bpp ? prev[i - bpp] : 0
                            let predictor: UInt8
                            switch type {
                            case 0: predictor = 0
                            case 1: predictor = a
                            case 2: predictor = b
                            case 3: predictor = UInt8((Int(a) + Int(b)) / 2)
                            default: predictor = paeth(a, b, c)
                            }
                            let value = x &- predictor
                            out[i + 1] = value
                            sum += value < 128 ? Int(value) : 256 - Int(value)
                        }
                        return sum
                    }
                    if score < bestScore {
                        bestScore = score
                        swap(&best, &scratch)
                    }
                }
            }
        }
    }

    /// The Paeth predictor: whichever of left, above and upper-left is closest to left + above − upper-left.
    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
