import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster

/// The elevator number's and the count-up's scenes on the benchmark canvas: the scenes `kinetic demo` shows,
/// with the text scaled up to fill 1280×720 (fonts 160–200 pt), each timed over its whole length.
func numberScenes(canvas: Size, measurer: PangoTextMeasurer) throws -> [EffectScene] {
    var seed = ElevatorNumber.article
    seed.size = canvas
    seed.boxSize = Size(width: 400, height: 400)
    seed.font = seed.font.withSize(200)
    seed.borderWidth = 4

    var digits = ElevatorNumber(changes: NumberChange.sequence((0...30).map(Double.init)), size: canvas)
    digits.font = digits.font.withSize(200)

    var currency = ElevatorNumber(
        changes: NumberChange.sequence([99.5, 100, 1000, 999.99, 1250, 1249.75, 1251], interval: 0.5), size: canvas)
    currency.format = NumberFormat(style: .currency(code: "USD"))
    currency.font = currency.font.withSize(160)

    var countSeed = CountUp(from: 0, to: 1000, style: .seed)
    countSeed.step = .one
    countSeed.size = canvas
    countSeed.font = countSeed.font.withSize(200)

    var countDefault = CountUp(from: 0, to: 10_000)
    countDefault.format = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
    countDefault.size = canvas
    countDefault.font = countDefault.font.withSize(200)

    func elevator(_ variant: String, _ spec: ElevatorNumber) throws -> EffectScene {
        let root = try spec.makeLayer(measuring: measurer)
        return EffectScene(effect: "elevator", variant: variant, duration: root.animationEndTime, root: root)
    }
    func count(_ variant: String, _ spec: CountUp) throws -> EffectScene {
        EffectScene(
            effect: "count-up", variant: variant, duration: spec.endTime, root: try spec.makeLayer(measuring: measurer))
    }
    return [
        try elevator("seed style, 0 → 30 (31 s), 200 pt in a 400-pt box", seed),
        try elevator("digits style, 0 → 30 (31 s), 200 pt", digits),
        try elevator("digits style, $99.50 → $1,251.00, 7 values 0.5 s apart, 160 pt", currency),
        try count("seed style, 0 → 1000 by 1 per 0.02 s (20 s), 200 pt", countSeed),
        try count("default style, ¥0 → ¥10,000 ja_JP (2 s), 200 pt", countDefault),
    ]
}
