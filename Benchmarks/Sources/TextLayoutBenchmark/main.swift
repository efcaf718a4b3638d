import BenchmarkSupport
// Long text: how the time to lay out and draw one still grows with the text's length N (a label pasted by mistake,
// a --text of 100,000 characters). Each N is a string of N Latin letters in words of 2–9 letters (a fixed pattern,
// so every run measures the same text); figures are thread CPU milliseconds, best of 3 runs (the machine is shared),
// and ms per 1,000 characters, which stays flat when the work is linear in N.
//
//   cd Benchmarks && swift build -c release && .build/release/TextLayoutBenchmark [N …]
//
// Columns:
// - measure: `PangoTextMeasurer.layout` of the text on one line (no width): size, lines and every cluster's box, as
//   `ShimmerText.isRightToLeft` asks for.
// - wrapped: the same in a 480 pt width, wrapping at words, as `ShimmerText.makeLayer` measures the text box.
// - shimmer still: `kinetic render shimmer --text …` without the PNG encoding: the shimmer scene's tree built with
//   the Pango measurer (both measurements above), then one frame drawn at 480×96 (the text is wrapped in the width,
//   centred vertically, mostly outside the frame).
// - text layer: one 480×96 frame of a plain `TextLayer` holding the text on one line (no wrapping): layout and
//   drawing only.
// - wrapped layer: the same layer wrapping at words in its 480 pt width (its lines run past the frame's bottom).
// - one word: `wrapped` for N letters "a" without a space (`kinetic render shimmer --text aaa…`): every line breaks
//   inside the word, and Pango re-shapes the rest of the word for each line (quadratic in N: measured up to N =
//   32,000 only, "—" above).
import Foundation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// N letters in words of 2…9 letters separated by single spaces (the space counts as one of the N characters).
func sampleText(_ count: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var characters: [Character] = []
    characters.reserveCapacity(count)
    var word = 0
    var letter = 0
    while characters.count < count {
        for _ in 0..<(2 + word % 8) where characters.count < count {
            characters.append(letters[letter % letters.count])
            letter += 1
        }
        word += 1
        if characters.count < count { characters.append(" ") }
    }
    return String(characters)
}

/// The best of `runs` thread-CPU timings of `body`, in milliseconds.
func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = threadCPUTime()
        try body()
        fastest = min(fastest, threadCPUTime() - start)
    }
    return fastest * 1000
}

let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
let lengths = counts.isEmpty ? [1000, 4000, 16000, 64000, 100_000] : counts
let measurer = PangoTextMeasurer()
let size = ShimmerScene.defaultSize
let font = ShimmerText.defaultFont

print("Text layout, one still per N characters, thread CPU ms (best of 3); in brackets: ms per 1,000 characters")
print("")
print("| N | measure | wrapped | shimmer still | text layer | wrapped layer | one word |")
print("|---:|---:|---:|---:|---:|---:|---:|")
do {
    let renderer = try LayerRenderer(size: size)
    _ = try renderer.render(
        try ShimmerScene(content: .text(ShimmerText(string: "warm up")), style: .default(Shimmer()))
            .makeLayer(measurer: measurer), at: 0)
    for count in lengths {
        let text = sampleText(count)
        var checksum = 0
        let measure = best(of: 3) {
            checksum &+= measurer.layout(text, font: font, style: ParagraphStyle()).glyphs.count
        }
        let wrapped = best(of: 3) {
            let style = ParagraphStyle(alignment: .center, wrapping: .word, width: size.width)
            checksum &+= measurer.layout(text, font: font, style: style).lines.count
        }
        let scene = ShimmerScene(size: size, content: .text(ShimmerText(string: text)), style: .default(Shimmer()))
        let still = try best(of: 3) {
            let root = try scene.makeLayer(measurer: measurer)
            checksum &+= Int(try renderer.render(root, at: 0.5).bytes[4 * 480 * 48 + 4 * 240 + 1])
        }
        let layer = TextLayer(string: text, font: font, color: .white)
        layer.frame = Rect(origin: .zero, size: size)
        let plain = try best(of: 3) {
            checksum &+= Int(try renderer.render(layer, at: 0).bytes[4 * 480 * 48 + 4 * 10 + 1])
        }
        layer.wrapping = .word
        let wrappedLayer = try best(of: 3) {
            checksum &+= Int(try renderer.render(layer, at: 0).bytes[4 * 480 * 48 + 4 * 10 + 1])
        }
        let word = String(repeating: "a", count: count)
        let oneWord =
            count > 32_000
            ? nil
            : best(of: 3) {
                let style = ParagraphStyle(alignment: .center, wrapping: .word, width: size.width)
                checksum &+= measurer.layout(word, font: font, style: style).lines.count
            }
        func cell(_ ms: Double?) -> String {
            guard let ms else { return "—" }
            return String(format: "%.1f (%.2f)", ms, ms / (Double(count) / 1000))
        }
        print(
            "| \(count) | \(cell(measure)) | \(cell(wrapped)) | \(cell(still)) | \(cell(plain)) | \(cell(wrappedLayer)) | \(cell(oneWord)) |  (checksum \(checksum))"
        )
    }
} catch {
    print("error: \(error)")
    exit(1)
}
