import CImageQuant

/// The colours of a whole clip, each weighted by how long it is on screen, for one palette that serves the
/// clip (`GIFOptions.clipPalette`).
///
/// A colour that a frame changing part of the picture draws counts, per pixel, from that frame until the frame
/// that changes the pixel again (or the clip's end), in centiseconds: what stays on screen long weighs what it
/// weighs in what a viewer sees, not once. Colours drawn by frames that redraw the picture are not counted (those
/// frames get palettes of their own). Weights gather in a hash table of 65,536 entries allocated once; when it is
/// half full they move into libimagequant's histogram, which merges equal colours.
final class ClipHistogram {
    private static let slots = 1 << 16
    private let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: ClipHistogram.slots)
    private let weights = UnsafeMutablePointer<UInt64>.allocate(capacity: ClipHistogram.slots)
    private var used = 0
    /// Whether any weight was added.
    private(set) var isEmpty = true
    private let quantizer: ImageQuantizer
    private let histogram: ImageQuantizer.Histogram
    private var entries: [liq_histogram_entry] = []

    init(quantizer: ImageQuantizer) throws(RasterError) {
        self.quantizer = quantizer
        histogram = try quantizer.makeHistogram()
        keys.initialize(repeating: 0, count: Self.slots)
        weights.initialize(repeating: 0, count: Self.slots)
    }

    deinit {
        keys.deallocate()
        weights.deallocate()
    }

    /// Counts `word` (an opaque colour, red in the low byte; 0 is skipped) for `weight` centiseconds.
    @inline(__always) func add(_ word: UInt32, weight: Int) throws(RasterError) {
        guard word != 0, weight > 0 else { return }
        isEmpty = false
        var slot = Int((word &* 0x9E37_79B1) >> 16)
        while true {
            let key = keys[slot]
            if key == word {
                weights[slot] &+= UInt64(weight)
                return
            }
            if key == 0 { break }
            slot = (slot + 1) & (Self.slots - 1)
        }
        keys[slot] = word
        weights[slot] = UInt64(weight)
        used += 1
        if used >= Self.slots / 2 { try flush() }
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
        var entries: [(word: UInt32, weight: UInt64)] = []
        for slot in 0..<Self.slots where keys[slot] != 0 { entries.append((keys[slot], weights[slot])) }
        entries.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.word < $1.word }
        let total = entries.reduce(0) { $0 &+ $1.weight }
        let heaviest = entries.prefix(quantizer.maximumColors - 1)
        let covered = heaviest.reduce(0) { $0 &+ $1.weight }
        if Double(covered) >= Self.exactCoverage * Double(total) {
            return ([.transparent] + heaviest.map { Self.color($0.word) }, true)
        }
        try flush()
        var palette = try quantizer.palette(for: histogram)
        // Every colour is known: each entry moves to the heaviest colour it stands for.
        let remapper = PaletteRemapper()
        remapper.setPalette(palette)
        var heaviestWeight = [UInt64](repeating: 0, count: palette.count)
        for entry in entries {
            let index = Int(remapper.nearestIndex(of: entry.word))
            if entry.weight > heaviestWeight[index] {
                heaviestWeight[index] = entry.weight
                palette[index] = Self.color(entry.word)
            }
        }
        return (palette, false)
    }

    /// See `palette()`.
    private static let exactCoverage = 0.99

    private static func color(_ word: UInt32) -> RGBA8 {
        RGBA8(
            red: UInt8(truncatingIfNeeded: word), green: UInt8(truncatingIfNeeded: word >> 8),
            blue: UInt8(truncatingIfNeeded: word >> 16), alpha: 255)
    }

    private var hasFlushed = false

    /// Moves the table's weights into libimagequant's histogram and empties it.
    private func flush() throws(RasterError) {
        guard used > 0 else { return }
        entries.removeAll(keepingCapacity: true)
        for slot in 0..<Self.slots where keys[slot] != 0 {
            let word = keys[slot]
            entries.append(
                liq_histogram_entry(
                    color: liq_color(
                        r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8),
                        b: UInt8(truncatingIfNeeded: word >> 16), a: 255),
                    count: UInt32(clamping: weights[slot])))
        }
        keys.update(repeating: 0, count: Self.slots)
        used = 0
        hasFlushed = true
        try quantizer.add(entries, to: histogram)
    }
}
