import KineticAnimation
import KineticCore
import KineticLayers

extension CountUp {
    /// The columns the label is drawn with: a `DigitColumnManager` fed every `frames` entry at its time with no
    /// animation (`RollTransition.instant`), laid out in the widest text's width with `alignment`. Each digit sits
    /// in a cell as wide as the widest digit, so the count keeps still even in a font whose tabular digits are not
    /// quite equal (Inter's bold tabular "4" is 0.002 em narrower than its other digits).
    ///
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func makeManager(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> DigitColumnManager {
        try validate()
        let frames = frames
        let sizing = try DigitColumnManager(format: format, font: font, measurer: measurer, boxWidth: 0)
        let width = frames.map { sizing.width(of: $0.value) }.max() ?? 0
        var manager = try DigitColumnManager(
            format: format, font: font, measurer: measurer, boxWidth: width, alignment: alignment,
            transition: .instant)
        for frame in frames {
            // A hair early, so a frame drawn at the tick's time computed another way shows the tick's text.
            manager.setValue(frame.value, at: frame.time - Self.tickSlack * tickInterval)
        }
        return manager
    }

    /// The root layer (frame (0, 0) and `size`, no background) with the label centred in it: "count-label", as
    /// wide as the widest text the count shows and one line tall, holding the "number" drawn by its columns
    /// (`makeManager(measuring:)`). The model tree shows the last text; `animationEndTime` is when it appears.
    ///
    /// - Parameter measurer: Measures text as the renderer will draw it (e.g. KineticRaster's
    ///   `PangoTextMeasurer`).
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func makeLayer(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Layer {
        let manager = try makeManager(measuring: measurer)
        let root = Layer(frame: Rect(origin: .zero, size: size))
        root.name = "count"
        let label = Layer(
            frame: Rect(
                x: (size.width - manager.boxWidth) / 2, y: (size.height - manager.cellHeight) / 2,
                width: manager.boxWidth, height: manager.cellHeight))
        label.name = "count-label"
        let layers = DigitColumnLayers(font: font, color: textColor, measurer: measurer)
        label.addSublayer(layers.numberLayer(manager, box: label.bounds.size))
        root.addSublayer(label)
        return root
    }
}
