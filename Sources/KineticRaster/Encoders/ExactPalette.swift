/// A palette of exactly the colours some frames draw, for frames with few colours (text, flat shapes, UI):
/// entry 0 is transparent and every other entry is one opaque colour, in the order first drawn. Mapping more
/// frames keeps the entries they share with earlier ones at the same indices and appends new colours, so one
/// palette can grow over a clip (the GIF's global colour table) while its colours fit in `maximumColors`.
///
/// Colours are found through an open-addressing hash table of 1,024 entries allocated once.
final class ExactPalette {
    private static let slots = 1024
    private static let empty: UInt32 = 0
    /// Whether the palette has no colour yet.
    var isEmpty: Bool { words.count == 1 }
    /// Opaque words (red in the low byte, alpha 255) by palette index; index 0 (transparent) is unused.
    private(set) var words: [UInt32] = [0]
    /// Per slot: an opaque word (0 = empty) and its palette index.
    private let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: ExactPalette.slots)
    private let values = UnsafeMutablePointer<UInt8>.allocate(capacity: ExactPalette.slots)
    /// The most opaque colours, 1…255.
    private let capacity: Int

    /// - Parameter maximumColors: palette entries in all, 2…256, the transparent one included.
    init(maximumColors: Int) {
        capacity = min(max(maximumColors - 1, 1), 255)
        keys.initialize(repeating: Self.empty, count: Self.slots)
        values.initialize(repeating: 0, count: Self.slots)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// The palette as RGBA entries (entry 0 transparent).
    var palette: [RGBA8] {
        words.enumerated().map { index, word in index == 0 ? .transparent : RGBA8(opaqueWord: word) }
    }

    /// Maps the `region` of a `width`-pixel-wide frame into `indices` (row by row): each drawn pixel to its own
    /// colour (appending the colours not in the palette yet), or to 0 (transparent) where `screen` already shows
    /// exactly that colour; the other pixels to 0. Returns false, leaving `indices` undefined, when the palette
    /// fills up before every colour found a place (the colours added until then stay).
    func map(
        source: UnsafeBufferPointer<UInt32>, draw: UnsafeBufferPointer<Bool>, screen: UnsafeBufferPointer<UInt32>?,
        width: Int, region: PixelRect, into indices: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        mapOnce(source: source, draw: draw, screen: screen, width: width, region: region, into: indices)
    }

    /// Adds the opaque colours of the pixels of `region` (in a `width`-pixel-wide frame) that `draw` marks;
    /// false when the palette filled up before every colour found a place (the colours added until then stay).
    func add(
        source: UnsafeBufferPointer<UInt32>, draw: UnsafeBufferPointer<Bool>, width: Int, region: PixelRect
    ) -> Bool {
        var lastWord: UInt32 = 0
        for y in region.y..<region.maxY {
            for i in (y * width + region.x)..<(y * width + region.maxX) where draw[i] {
                let word = source[i]
                guard word != 0, word != lastWord else { continue }
                guard index(of: word) != nil else { return false }
                lastWord = word
            }
        }
        return true
    }

    /// Empties the palette.
    func reset() {
        words = [0]
        keys.update(repeating: Self.empty, count: Self.slots)
    }

    private func mapOnce(
        source: UnsafeBufferPointer<UInt32>, draw: UnsafeBufferPointer<Bool>, screen: UnsafeBufferPointer<UInt32>?,
        width: Int, region: PixelRect, into indices: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        var lastWord: UInt32 = 0
        var lastIndex: UInt8 = 0
        var k = 0
        for y in region.y..<region.maxY {
            for i in (y * width + region.x)..<(y * width + region.maxX) {
                let word = source[i]
                guard draw[i], word != 0 else {
                    indices[k] = 0
                    k += 1
                    continue
                }
                if let screen, screen[i] == word {
                    indices[k] = 0
                    k += 1
                    continue
                }
                if word != lastWord {
                    guard let index = index(of: word) else { return false }
                    lastWord = word
                    lastIndex = index
                }
                indices[k] = lastIndex
                k += 1
            }
        }
        return true
    }

    /// The palette index of `word`, adding it when there is room; nil when the palette is full.
    @inline(__always) private func index(of word: UInt32) -> UInt8? {
        var slot = Int((word &* 0x9E37_79B1) >> 22)
        while true {
            let key = keys[slot]
            if key == word { return values[slot] }
            if key == Self.empty { break }
            slot = (slot + 1) & (Self.slots - 1)
        }
        guard words.count <= capacity else { return nil }
        let index = UInt8(words.count)
        words.append(word)
        keys[slot] = word
        values[slot] = index
        return index
    }
}
