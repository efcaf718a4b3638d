import KineticAnimation
import KineticCore
import KineticLayers

@testable import KineticExport

/// Glyphs for tests without a font: every character is a 10 × 10 square on the baseline, 12 points apart,
/// one glyph per character code.
struct SquareGlyphs: GlyphOutlining {
    func glyphOutlines(of layer: TextLayer) -> GlyphOutlines {
        var glyphs: [PlacedGlyph] = []
        for (index, character) in layer.string.enumerated() where character != " " {
            let code = character.unicodeScalars.first.map { $0.value } ?? 0
            glyphs.append(
                PlacedGlyph(
                    id: GlyphID(font: "Squares 10px", index: code),
                    origin: Point(x: layer.bounds.minX + 12 * Double(index), y: layer.bounds.minY + 12),
                    outline: .rect(Rect(x: 0, y: -10, width: 10, height: 10)), characterOffset: index))
        }
        return GlyphOutlines(glyphs: glyphs)
    }
}

/// Reading an exported Lottie document in tests.
extension JSONValue {
    /// Every layer object in the document: the main composition's and every asset's, depth first.
    var allLayers: [JSONValue] {
        var result: [JSONValue] = self["layers"]?.array ?? []
        for asset in self["assets"]?.array ?? [] { result += asset["layers"]?.array ?? [] }
        return result
    }

    /// The first layer named `name` anywhere in the document.
    func layer(named name: String) -> JSONValue? {
        allLayers.first { $0["nm"]?.string == name }
    }

    /// The asset with id `id`.
    func asset(_ id: String) -> JSONValue? {
        self["assets"]?.array?.first { $0["id"]?.string == id }
    }

    /// The numbers of an array (nil when it is not one).
    var numbers: [Double]? { array?.compactMap(\.number) }
}

/// A clip of `root` (its bounds are the canvas).
func makeClip(_ root: Layer, duration: Double = 2, background: Color? = .white) -> Clip {
    Clip(root: root, duration: duration, background: background)
}

/// Exports with square glyphs at `framesPerSecond`.
func export(_ clip: Clip, framesPerSecond: Double = 60) throws -> LottieExport {
    try LottieExporter(glyphs: SquareGlyphs(), options: LottieExportOptions(framesPerSecond: framesPerSecond))
        .export(clip)
}

/// An animation showing any function of time (as the effects' timelines do), filling both ways: it has no
/// keyframe form, so exporters bake it.
struct Timeline<Value: Interpolatable>: Animation {
    let timing: MediaTiming
    let function: @Sendable (Double) -> Value

    init(duration: Double, _ function: @escaping @Sendable (Double) -> Value) {
        timing = MediaTiming(duration: duration, fillMode: .both)
        self.function = function
    }

    func value(for state: MediaTiming.State, base: Value) -> Value { function(state.time) }
}

/// A counter's column: cells "a", "b", "c" shown in turn for 0.5 s each (from 0 s: a, b, c, a), each at y = 25
/// whenever it shows and a cell height (20 pt) per place away from it while hidden, as the count-up's cells move;
/// and a cell "never" that is hidden throughout.
func tickingColumn() -> Layer {
    let column = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    column.name = "column"
    @Sendable func digit(_ time: Double) -> Int { Int(max(0, min(time, 1.99)) / 0.5) % 3 }
    for (index, name) in ["a", "b", "c", "never"].enumerated() {
        let cell = Layer(frame: Rect(x: 50, y: 25, width: 20, height: 20))
        cell.name = name
        cell.backgroundColor = .blue
        cell.anchorPoint = .zero
        cell.position = Point(x: 50, y: 25)
        cell.add(
            Timeline(duration: 2) { Point(x: 50, y: 25 + Double(index - digit($0)) * 20) }, for: \.position)
        cell.add(Timeline(duration: 2) { index != digit($0) }, for: \.isHidden)
        column.addSublayer(cell)
    }
    return column
}
