/// Maps the pixels of a GIF frame to a palette: the nearest colour (squared RGB distance, ties to the lower
/// index) with optional Floyd–Steinberg dithering, or the transparent index where the screen behind already
/// shows the colour at least as well.
///
/// The nearest-colour search is exact and cached on a reduced-precision grid: RGB space is cut into 64 × 64 × 64
/// cells of 4 levels a side, and each cell, the first time a pixel falls in it, gets the list of the palette
/// colours that can be nearest to some point of the cell (every colour whose distance to the cell is at most the
/// smallest distance any colour has to the cell's farthest corner), sorted by their distance to the cell. A
/// pixel then compares the colours of its cell until the next one's distance to the cell exceeds the best
/// distance found. The lists are kept until the palette changes, so a palette reused from frame to frame keeps
/// its lists.
///
/// Works in frame-sized buffers allocated once (the largest region seen so far): remapping allocates nothing
/// once the buffers and the cell lists have grown.
final class PaletteRemapper {
    /// How far a remapped region is from the pixels it stands for, over the pixels it must draw: the mean
    /// squared error per RGB channel and the largest channel error, both in 0…255 units.
    struct RemappingError {
        var mean: Double
        var maximum: Int
    }

    /// Palette entries (straight alpha), at most 256.
    private(set) var palette: [RGBA8] = []
    /// The index of the palette's transparent entry (alpha < 128), or nil when it has none.
    private(set) var transparentIndex: Int?
    /// Opaque entries' channels (squared distances are computed in Int32); transparent entries are never chosen.
    private let reds = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    private let greens = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    private let blues = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
    /// Each palette entry as an opaque word (red in the low byte), 0 for a transparent entry.
    let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var opaqueIndices: [UInt8] = []
    private static let cellCount = 64 * 64 * 64
    /// Per cell: -1 when its list is not built yet, else the offset in `candidates` of its count (minus one)
    /// followed by its palette indices, sorted by distance to the cell (then by index); `nearDistances` holds
    /// those squared distances at the same offsets.
    private let cells = UnsafeMutablePointer<Int32>.allocate(capacity: PaletteRemapper.cellCount)
    private var candidates: UnsafeMutablePointer<UInt8>
    /// Per palette entry: the sums of the red, green and blue of the source pixels mapped to it, and their count
    /// (filled by `remap(…collectingSums: true)`).
    private let sums = UnsafeMutablePointer<Int>.allocate(capacity: 256 * 4)
    private var nearDistances: UnsafeMutablePointer<Int32>
    private var candidateCapacity = 64 * 1024
    private var candidateCount = 0
    /// The last colours looked up and the entries found for them (`nearest` is a function of the colour and the
    /// palette): a direct-mapped table of ``memoSize`` colours (key `r | g << 8 | b << 16`, `UInt32.max` for
    /// none), cleared with the palette. Neighbouring pixels of smooth pictures repeat colours within a few rows,
    /// so most look-ups skip the cell lists.
    private let memoKeys = UnsafeMutablePointer<UInt32>.allocate(capacity: PaletteRemapper.memoSize)
    private let memoEntries = UnsafeMutablePointer<UInt8>.allocate(capacity: PaletteRemapper.memoSize)
    private static let memoBits = 14
    private static let memoSize = 1 << memoBits
    /// Floyd–Steinberg error rows (this row and the next), three channels per pixel with a pixel of margin on
    /// each side, in 1/256 levels.
    private var errorRows = [Int32]()

    init() {
        candidates = .allocate(capacity: candidateCapacity)
        nearDistances = .allocate(capacity: candidateCapacity)
        reds.initialize(repeating: 0, count: 256)
        greens.initialize(repeating: 0, count: 256)
        blues.initialize(repeating: 0, count: 256)
        words.initialize(repeating: 0, count: 256)
        cells.initialize(repeating: -1, count: Self.cellCount)
        sums.initialize(repeating: 0, count: 256 * 4)
        memoKeys.initialize(repeating: .max, count: Self.memoSize)
        memoEntries.initialize(repeating: 0, count: Self.memoSize)
    }

    deinit {
        reds.deallocate()
        greens.deallocate()
        blues.deallocate()
        words.deallocate()
        cells.deallocate()
        candidates.deallocate()
        nearDistances.deallocate()
        sums.deallocate()
        memoKeys.deallocate()
        memoEntries.deallocate()
    }

    /// Uses `palette` (1…256 entries) from now on, dropping the cached cell lists.
    func setPalette(_ palette: [RGBA8]) {
        self.palette = Array(palette.prefix(256))
        transparentIndex = self.palette.firstIndex { $0.alpha < 128 }
        opaqueIndices = []
        for (index, color) in self.palette.enumerated() {
            if color.alpha < 128 {
                words[index] = 0
            } else {
                reds[index] = Int32(color.red)
                greens[index] = Int32(color.green)
                blues[index] = Int32(color.blue)
                words[index] = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
                opaqueIndices.append(UInt8(index))
            }
        }
        cells.update(repeating: -1, count: Self.cellCount)
        candidateCount = 0
        memoKeys.update(repeating: .max, count: Self.memoSize)
    }

    /// Moves every opaque entry to the mean colour of the source pixels the last `remap(…collectingSums: true)`
    /// mapped to it (one k-means step: for those indices, no colour is farther from its pixels than before), so
    /// that flat colours come out exact. Entries no pixel used are kept.
    func refineToMeans() {
        var refined = palette
        for (index, color) in palette.enumerated() where color.alpha >= 128 {
            let count = sums[index * 4 + 3]
            guard count > 0 else { continue }
            func mean(_ channel: Int) -> UInt8 { UInt8(clamping: (sums[index * 4 + channel] + count / 2) / count) }
            refined[index] = RGBA8(red: mean(0), green: mean(1), blue: mean(2), alpha: color.alpha)
        }
        setPalette(refined)
    }

    /// Remaps the `region` of a `width`-pixel-wide frame into `indices` (region.width × region.height, row by
    /// row) and returns the error against `source`.
    ///
    /// - Parameters:
    ///   - source: the frame's opaque words (red in the low byte), 0 where transparent.
    ///   - draw: which pixels must be drawn; the others get the transparent index (or, when the palette has no
    ///     transparent entry, their nearest colour).
    ///   - screen: what the viewer shows before this frame (0 = nothing), or nil when nothing was written yet; a
    ///     drawn pixel whose screen colour is at least as near as the nearest palette colour keeps it (the
    ///     transparent index).
    ///   - dithering: 0 (none) … 1 (full Floyd–Steinberg).
    ///   - screenTolerance: how much farther (squared distance, in levels²) the screen colour may be than the
    ///     nearest palette colour and still be kept; 0 keeps it only when it is at least as near.
    func remap(
        source: UnsafeBufferPointer<UInt32>, draw: UnsafeBufferPointer<Bool>, screen: UnsafeBufferPointer<UInt32>?,
        width: Int, region: PixelRect, dithering: Double, screenTolerance: Int32 = 0,
        into indices: UnsafeMutableBufferPointer<UInt8>, collectingSums: Bool = false
    ) -> RemappingError {
        if collectingSums { sums.update(repeating: 0, count: 256 * 4) }
        let sums = self.sums
        let rowLength = (region.width + 2) * 3
        if errorRows.count < rowLength * 2 { errorRows = [Int32](repeating: 0, count: rowLength * 2) }
        let strength = Int32((min(max(dithering, 0), 1) * 256).rounded())
        let transparent = transparentIndex.map { UInt8($0) }
        var squaredSum = 0
        var drawn = 0
        var maximum: Int32 = 0
        var run = SumRun(index: nil)
        errorRows.withUnsafeMutableBufferPointer { errors in
            // Each entry is cleared once read, so the row is clean when it becomes the next row again; the
            // margins are written but never read.
            errors.update(repeating: 0)
            var current = 0
            var next = rowLength
            var k = 0
            for y in region.y..<region.maxY {
                for x in region.x..<region.maxX {
                    let i = y * width + x
                    let e = current + (x - region.x + 1) * 3
                    let word = source[i]
                    let carried = (errors[e], errors[e + 1], errors[e + 2])
                    errors[e] = 0
                    errors[e + 1] = 0
                    errors[e + 2] = 0
                    guard draw[i] else {
                        if let transparent {
                            indices[k] = transparent
                        } else {
                            indices[k] = nearest(Int32(word & 0xFF), Int32(word >> 8 & 0xFF), Int32(word >> 16 & 0xFF))
                        }
                        k += 1
                        continue
                    }
                    let r = Int32(word & 0xFF)
                    let g = Int32(word >> 8 & 0xFF)
                    let b = Int32(word >> 16 & 0xFF)
                    // The target: the pixel plus the error diffused to it, in whole levels.
                    let tr = level(r &+ (carried.0 &+ 128) >> 8)
                    let tg = level(g &+ (carried.1 &+ 128) >> 8)
                    let tb = level(b &+ (carried.2 &+ 128) >> 8)
                    var index = nearest(tr, tg, tb)
                    var sr = reds[Int(index)]
                    var sg = greens[Int(index)]
                    var sb = blues[Int(index)]
                    if let transparent, let screen {
                        let behind = screen[i]
                        if behind != 0 {
                            let br = Int32(behind & 0xFF)
                            let bg = Int32(behind >> 8 & 0xFF)
                            let bb = Int32(behind >> 16 & 0xFF)
                            let dr = br - tr
                            let dg = bg - tg
                            let db = bb - tb
                            let pr = sr - tr
                            let pg = sg - tg
                            let pb = sb - tb
                            if dr &* dr &+ dg &* dg &+ db &* db <= pr &* pr &+ pg &* pg &+ pb &* pb &+ screenTolerance {
                                index = transparent
                                sr = br
                                sg = bg
                                sb = bb
                            }
                        }
                    }
                    indices[k] = index
                    if collectingSums && index != transparent {
                        // Summed in registers while the entry repeats (neighbouring pixels mostly map to the same
                        // one), then added to its sums: the same totals without a store and a load per pixel.
                        if index != run.index {
                            run.flush(into: sums)
                            run = SumRun(index: index)
                        }
                        run.add(r, g, b)
                    }
                    k += 1
                    // Error against the source pixel, for the palette choice.
                    let er = abs(sr - r)
                    let eg = abs(sg - g)
                    let eb = abs(sb - b)
                    squaredSum &+= Int(er &* er &+ eg &* eg &+ eb &* eb)
                    drawn += 1
                    if er > maximum { maximum = er }
                    if eg > maximum { maximum = eg }
                    if eb > maximum { maximum = eb }
                    guard strength > 0 else { continue }
                    // Diffuse what the target missed: 7/16 right, 3/16 below left, 5/16 below, 1/16 below right.
                    let qr = (tr &- sr) &* strength
                    let qg = (tg &- sg) &* strength
                    let qb = (tb &- sb) &* strength
                    let below = e - current + next
                    errors[e + 3] &+= qr &* 7 >> 4
                    errors[e + 4] &+= qg &* 7 >> 4
                    errors[e + 5] &+= qb &* 7 >> 4
                    errors[below - 3] &+= qr &* 3 >> 4
                    errors[below - 2] &+= qg &* 3 >> 4
                    errors[below - 1] &+= qb &* 3 >> 4
                    errors[below] &+= qr &* 5 >> 4
                    errors[below + 1] &+= qg &* 5 >> 4
                    errors[below + 2] &+= qb &* 5 >> 4
                    errors[below + 3] &+= qr >> 4
                    errors[below + 4] &+= qg >> 4
                    errors[below + 5] &+= qb >> 4
                }
                swap(&current, &next)
            }
        }
        run.flush(into: sums)
        return RemappingError(
            mean: drawn > 0 ? Double(squaredSum) / Double(drawn * 3) : 0, maximum: Int(maximum))
    }

    /// The opaque palette entry nearest to an opaque word (red in the low byte).
    func nearestIndex(of word: UInt32) -> UInt8 {
        nearest(Int32(word & 0xFF), Int32(word >> 8 & 0xFF), Int32(word >> 16 & 0xFF))
    }

    /// The opaque palette entry nearest to (r, g, b), each 0…255; ties go to the lower index. 0 when the palette
    /// has no opaque entry.
    @inline(__always) private func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let key = UInt32(truncatingIfNeeded: r | g << 8 | b << 16)
        // The top bits of a multiplicative hash: one of the memo's slots.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - Self.memoBits))
        if memoKeys[slot] == key { return memoEntries[slot] }
        let best = nearestInCell(r, g, b)
        memoKeys[slot] = key
        memoEntries[slot] = best
        return best
    }

    /// A level clamped to 0…255 (written out: the generic `min` and `max` were calls in the remapping loop).
    @inline(__always) private func level(_ value: Int32) -> Int32 { value < 0 ? 0 : (value > 255 ? 255 : value) }

    /// ``nearest(_:_:_:)`` from the colour's cell list.
    @inline(__always) private func nearestInCell(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let cell = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
        var start = Int(cells[cell])
        if start < 0 { start = buildCell(cell) }
        let list = candidates
        let near = nearDistances
        let count = Int(list[start]) + 1
        var best = list[start + 1]
        guard count > 1 else { return best }
        var bestDistance = Int32.max
        for j in (start + 1)...(start + count) {
            if near[j] > bestDistance { break }
            let index = list[j]
            let dr = reds[Int(index)] &- r
            let dg = greens[Int(index)] &- g
            let db = blues[Int(index)] &- b
            let distance = dr &* dr &+ dg &* dg &+ db &* db
            if distance < bestDistance || (distance == bestDistance && index < best) {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    /// Appends an entry to `candidates` and `nearDistances`, growing them when full.
    private func appendCandidate(_ value: UInt8, near: Int32) {
        if candidateCount == candidateCapacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: candidateCapacity * 2)
            grown.update(from: candidates, count: candidateCount)
            candidates.deallocate()
            candidates = grown
            let grownNear = UnsafeMutablePointer<Int32>.allocate(capacity: candidateCapacity * 2)
            grownNear.update(from: nearDistances, count: candidateCount)
            nearDistances.deallocate()
            nearDistances = grownNear
            candidateCapacity *= 2
        }
        candidates[candidateCount] = value
        nearDistances[candidateCount] = near
        candidateCount += 1
    }

    /// Builds the candidate list of `cell` and returns its offset in `candidates`.
    private func buildCell(_ cell: Int) -> Int {
        let low = (Int32(cell >> 12) * 4, Int32(cell >> 6 & 63) * 4, Int32(cell & 63) * 4)
        let high = (low.0 + 3, low.1 + 3, low.2 + 3)
        let start = candidateCount
        guard !opaqueIndices.isEmpty else {
            appendCandidate(0, near: 0)
            appendCandidate(0, near: 0)
            cells[cell] = Int32(start)
            return start
        }
        /// Squared distance from a colour to the nearest and to the farthest point of the cell.
        func span(_ index: Int) -> (near: Int32, far: Int32) {
            func axis(_ value: Int32, _ low: Int32, _ high: Int32) -> (Int32, Int32) {
                let near = value < low ? low - value : (value > high ? value - high : 0)
                let far = max(abs(value - low), abs(value - high))
                return (near * near, far * far)
            }
            let r = axis(reds[index], low.0, high.0)
            let g = axis(greens[index], low.1, high.1)
            let b = axis(blues[index], low.2, high.2)
            return (r.0 + g.0 + b.0, r.1 + g.1 + b.1)
        }
        // Each entry's span once, on the stack; then the entries that can be nearest (no farther at their nearest
        // than the closest entry at its farthest), by distance then index (an insertion sort of the entries in
        // index order: equal distances keep that order).
        let count = opaqueIndices.count
        opaqueIndices.withUnsafeBufferPointer { indices in
            withUnsafeTemporaryAllocation(of: (near: Int32, far: Int32).self, capacity: count) { spans in
                var bound = Int32.max
                for k in 0..<count {
                    spans[k] = span(Int(indices[k]))
                    if spans[k].far < bound { bound = spans[k].far }
                }
                withUnsafeTemporaryAllocation(of: (near: Int32, index: UInt8).self, capacity: count) { list in
                    var listed = 0
                    for k in 0..<count where spans[k].near <= bound {
                        let entry = (near: spans[k].near, index: indices[k])
                        var j = listed
                        while j > 0 && list[j - 1].near > entry.near {
                            list[j] = list[j - 1]
                            j -= 1
                        }
                        list[j] = entry
                        listed += 1
                    }
                    // The entry that sets the bound is always listed, so the list is never empty.
                    appendCandidate(UInt8(listed - 1), near: 0)
                    for j in 0..<listed { appendCandidate(list[j].index, near: list[j].near) }
                }
            }
        }
        cells[cell] = Int32(start)
        return start
    }
}

/// Sums of a run of consecutive source pixels mapped to the same palette entry, for ``PaletteRemapper``'s means.
private struct SumRun {
    /// The entry, or nil before the first pixel.
    var index: UInt8?
    var red = 0
    var green = 0
    var blue = 0
    var count = 0

    @inline(__always) mutating func add(_ r: Int32, _ g: Int32, _ b: Int32) {
        red &+= Int(r)
        green &+= Int(g)
        blue &+= Int(b)
        count &+= 1
    }

    /// Adds the run to `sums` (red, green, blue and count per entry).
    @inline(__always) func flush(into sums: UnsafeMutablePointer<Int>) {
        guard let index else { return }
        let slot = Int(index) * 4
        sums[slot] &+= red
        sums[slot + 1] &+= green
        sums[slot + 2] &+= blue
        sums[slot + 3] &+= count
    }
}
