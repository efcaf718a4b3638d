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

/// The article "A pop, a bounce and a wiggle": a badge popping on `\.transform.scale` (a bouncy spring), a ball
/// bouncing on `\.position.y` (a spring), a turned, scaled card wiggling on keyframes of `transform.rotation.z`,
/// and a bar growing on `\.bounds.size.width` (eased).
func popBounceWiggleClip() throws -> Clip {
    let canvas = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 120))
    canvas.backgroundColor = .white
    let badge = Layer(frame: Rect(x: 20, y: 30, width: 60, height: 60))
    badge.name = "badge"
    badge.backgroundColor = .red
    badge.cornerRadius = 30
    badge.add(try SpringAnimation(from: 0.0, to: 1.0, spring: .bouncy), for: \.transform.scale)
    canvas.addSublayer(badge)
    let ball = Layer(frame: Rect(x: 130, y: 70, width: 40, height: 40))
    ball.name = "ball"
    ball.backgroundColor = .blue
    ball.cornerRadius = 20
    ball.add(
        try SpringAnimation(from: 10.0, to: 90.0, spring: Spring(response: 0.5, dampingFraction: 0.4)),
        for: \.position.y)
    canvas.addSublayer(ball)
    let card = Layer(frame: Rect(x: 220, y: 35, width: 60, height: 50))
    card.name = "card"
    card.backgroundColor = .green
    card.transform = AffineTransform.scale(x: 1.2, y: 1.2).rotated(by: 0.1)
    try card.add(
        try KeyframeAnimation(values: [0.1, 0.35, -0.15, 0.25, 0.1], timing: MediaTiming(duration: 0.8)),
        forKeyPath: "transform.rotation.z")
    canvas.addSublayer(card)
    let bar = Layer(frame: Rect(x: 20, y: 104, width: 260, height: 8))
    bar.name = "bar"
    bar.anchorPoint = Point(x: 0, y: 0.5)
    bar.position = Point(x: 20, y: 108)
    bar.backgroundColor = .black
    bar.add(
        BasicAnimation(from: 0.0, to: 260.0, timing: MediaTiming(duration: 1), timingFunction: .easeOut),
        for: \.bounds.size.width)
    canvas.addSublayer(bar)
    return Clip(root: canvas, duration: 1.5)
}
