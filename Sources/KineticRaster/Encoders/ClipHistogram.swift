import CImageQuant

/// The colours of a whole clip, each weighted by how long it is on screen, for one palette that serves the
/// clip (`GIFOptions.clipPalette`).
///
/// A colour that a frame changing part of the picture draws counts, per pixel, from that frame until the frame
/// that changes the pixel again (or the clip's end), in centiseconds: what stays on screen long weighs what it
/// weighs in what a viewer sees, not once. Colours drawn by frames that redraw the picture are not counted (those
/// frames get palettes of their own).
///
/// Weights (pixel-centiseconds, in 64 bits) gather in an open-addressing table that starts at 65,536 slots and
/// doubles up to 2²⁰ (12 MiB), so every colour of a clip of up to 524,288 counted colours keeps its exact weight.
/// libimagequant gets them once, in one batch, scaled by one common factor: its histogram counts in 32 bits and
/// caps a colour's weight at a tenth of (batch size)², so unscaled the heavy colours of an HD clip would all weigh
/// the same. A clip with more colours moves its table into libimagequant's histogram whenever the table is half
/// full, each batch scaled on its own (an approximation only such clips get).
final class ClipHistogram {
    private static let initialSlots = 1 << 16
    private static let maximumSlots = 1 << 20
    private var slots = ClipHistogram.initialSlots
    private var keys = UnsafeMutablePointer<UInt32>.allocate(capacity: ClipHistogram.initialSlots)
    private var weights = UnsafeMutablePointer<UInt64>.allocate(capacity: ClipHistogram.initialSlots)
    private var used = 0
    /// Whether any weight was added.
    private(set) var isEmpty = true
    private let quantizer: ImageQuantizer
    private let histogram: ImageQuantizer.Histogram
    private var entries: [liq_histogram_entry] = []

    init(quantizer: ImageQuantizer) throws(RasterError) {
        self.quantizer = quantizer
        histogram = try quantizer.makeHistogram()
        keys.initialize(repeating: 0, count: slots)
        weights.initialize(repeating: 0, count: slots)
    }

    deinit {
        keys.deallocate()
        weights.deallocate()
    }

    /// Counts `word` (an opaque colour, red in the low byte; 0 is skipped) for `weight` centiseconds.
    @inline(__always) func add(_ word: UInt32, weight: Int) throws(RasterError) {
        guard word != 0, weight > 0 else { return }
        isEmpty = false
        let mask = slots - 1
        var slot = home(of: word)
        while true {
            let key = keys[slot]
            if key == word {
                let (sum, overflow) = weights[slot].addingReportingOverflow(UInt64(weight))
                weights[slot] = overflow ? .max : sum
                return
            }
            if key == 0 { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = word
        weights[slot] = UInt64(weight)
        used += 1
        if used >= slots / 2 {
            if slots < Self.maximumSlots {
                grow()
            } else {
                try flush()
            }
        }
    }

    /// The slot where the search for `word` starts (a multiplicative hash of 20 bits, masked to the table).
    @inline(__always) private func home(of word: UInt32) -> Int { Int((word &* 0x9E37_79B1) >> 12) & (slots - 1) }

    /// Doubles the table, keeping every colour and weight.
    private func grow() {
        let oldSlots = slots
        let oldKeys = keys
        let oldWeights = weights
        slots *= 2
        keys = .allocate(capacity: slots)
        weights = .allocate(capacity: slots)
        keys.initialize(repeating: 0, count: slots)
        weights.initialize(repeating: 0, count: slots)
        let mask = slots - 1
        for old in 0..<oldSlots where oldKeys[old] != 0 {
            let word = oldKeys[old]
            var slot = home(of: word)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = word
            weights[slot] = oldWeights[old]
        }
        oldKeys.deallocate()
        oldWeights.deallocate()
    }

    /// A palette of at most `GIFOptions.maximumColors` entries for the colours counted, with a transparent
    /// entry, and whether its colours are exact ones of the clip.
    ///
    /// When every colour is still in the table and the heaviest ones fill the palette for `exactCoverage` of
    /// the screen time (text, flat shapes and UI: a few hundred colours, most of them rare antialiasing
    /// shades), the palette is those colours, exactly. Otherwise libimagequant builds it from the histogram
    /// (up to `maximumColors` whatever `GIFOptions.quality`: the table is written once), and, when every
    /// colour is known, each entry then moves to the heaviest colour it stands for, so the colours that fill
    /// most of the screen come out exact.
    func palette() throws(RasterError) -> (palette: [RGBA8], isExact: Bool) {
        guard !hasFlushed else {
            try flush()
            return (try quantizer.palette(for: histogram), false)
        }
        var counted: [(word: UInt32, weight: UInt64)] = []
        for slot in 0..<slots where keys[slot] != 0 { counted.append((keys[slot], weights[slot])) }
        counted.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.word < $1.word }
        let total = counted.reduce(0) { $0 &+ $1.weight }
        let heaviest = counted.prefix(quantizer.maximumColors - 1)
        let covered = heaviest.reduce(0) { $0 &+ $1.weight }
        if Double(covered) >= Self.exactCoverage * Double(total) {
            return ([.transparent] + heaviest.map { RGBA8(opaqueWord: $0.word) }, true)
        }
        try flush()
        var palette = try quantizer.palette(for: histogram)
        // Every colour is known: each entry moves to the heaviest colour it stands for.
        let remapper = PaletteRemapper()
        remapper.setPalette(palette)
        var heaviestWeight = [UInt64](repeating: 0, count: palette.count)
        for entry in counted {
            let index = Int(remapper.nearestIndex(of: entry.word))
            if entry.weight > heaviestWeight[index] {
                heaviestWeight[index] = entry.weight
                palette[index] = RGBA8(opaqueWord: entry.word)
            }
        }
        return (palette, false)
    }

    /// See `palette()`.
    private static let exactCoverage = 0.99

    private var hasFlushed = false

    /// Moves the table's weights into libimagequant's histogram, scaled so that the heaviest is at most a tenth
    /// of (batch size)² and 2²⁶ (libimagequant's cap, and room to add 64 batches in 32 bits), and empties it.
    private func flush() throws(RasterError) {
        guard used > 0 else { return }
        var heaviest: UInt64 = 1
        for slot in 0..<slots where keys[slot] != 0 { heaviest = max(heaviest, weights[slot]) }
        let cap = UInt64(max(1, min(used * used / 10, 1 << 26)))
        let divisor = (heaviest + cap - 1) / cap
        entries.removeAll(keepingCapacity: true)
        for slot in 0..<slots where keys[slot] != 0 {
            let word = keys[slot]
            entries.append(
                liq_histogram_entry(
                    color: liq_color(
                        r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8),
                        b: UInt8(truncatingIfNeeded: word >> 16), a: 255),
                    count: UInt32(clamping: max(1, weights[slot] / divisor))))
        }
        keys.update(repeating: 0, count: slots)
        used = 0
        hasFlushed = true
        try quantizer.add(entries, to: histogram)
    }
}
