import KineticAnimation
import KineticCore
import KineticLayers

/// The elevator number: a label whose value changes over time and slides vertically to each new value — up when
/// it grows (the new value enters from below), down when it shrinks — inside a clipped box.
///
/// Two styles:
/// - `.seed` reproduces the first published version, PMElevateLabel: the *whole* label slides; the old and the new text
///   are two labels one box-height apart that move together, linearly, in 1 s; a value equal to the current one changes
///   nothing. A value arriving before the previous slide has finished restarts from the rest position, as
///   PMElevateLabel's `setOrigin(.zero)` does. The article's scene is `ElevatorNumber.article`.
/// - `.digits` (the default) rolls each character in its own column, the way Robinhood's Ticker, number-flow and
///   SwiftUI's `.numericText()` do: see `DigitColumnManager` for insertion, removal and retargeting.
///
/// ```swift
/// let spec = try ElevatorNumber(changes: NumberChange.counting(from: 0, to: 30))
/// let root = try spec.makeLayer(measuring: PangoTextMeasurer())  // any TextMeasuring
/// // draw root.presentation(at: t) for t in 0 ... root.animationEndTime
/// ```
public struct ElevatorNumber: Sendable {
    /// How the number moves.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// PMElevateLabel: the whole label slides, linearly, in 1 s.
        case seed
        /// Every character in its own rolling column.
        case digits
    }

    /// The values and when they arrive; the first is shown at rest from the start. At least one; times ≥ 0 and
    /// not decreasing.
    public var changes: [NumberChange]
    /// How it moves. Default `.digits`.
    public var style: Style
    /// The canvas, in points, both sides > 0. Default 240 × 160.
    public var size: Size
    /// The clipped box the number moves in, centred on the canvas, in points; nil (default) for the seed's
    /// 100 × 100 with `.seed` and the whole canvas with `.digits`.
    public var boxSize: Size?
    /// The font. Default: Inter 50 pt regular for `.seed` (the article's `systemFontOfSize(50)`), Inter 50 pt
    /// semibold with tabular digits for `.digits`.
    public var font: Font
    /// The text colour. Default black (the article's `UILabel`) for `.seed`, #1C1C1E for `.digits`.
    public var textColor: Color
    /// The box's border colour, or nil for none. Default blue (`UIColor.blueColor()`, 1 pt) for `.seed`, nil for
    /// `.digits`.
    public var borderColor: Color?
    /// The border's width in points, ≥ 0. Default 1.
    public var borderWidth: Double
    /// How values are written. Default `.plain` ("\(value)") for `.seed`, `NumberFormat()` (en_US, grouped) for
    /// `.digits`.
    public var format: NumberFormat
    /// How a change travels. Default `RollTransition.seed` (linear, 1 s) for `.seed`, `RollTransition.default`
    /// (a critically damped 0.6 s spring) for `.digits`.
    public var transition: RollTransition
    /// Which way digits roll (`.digits` only; the seed always slides by the sign of the change). Default `.sign`.
    public var direction: RollDirection
    /// Delay per column from the right, in seconds, ≥ 0 (`.digits` only). Default 0.
    public var stagger: MediaTime
    /// Where the number sits horizontally in the box. Default `.center`.
    public var alignment: TextAlignment
    /// The height of the soft top and bottom edges of the rolling digits' window, in points, ≥ 0 (more than half the
    /// line counts as half) (`.digits` only; the seed clips hard, as the article does); nil (default) for 0.1 × the
    /// font size. The fade lies in a margin of that height above and below the line, so it fades digits as they
    /// leave and enter (number-flow's mask) without touching any character at rest, a comma's tail included.
    public var edgeFade: Double?
    /// Whether the canvas grows to hold the widest value (`.digits` with no `boxSize` only): when true (default)
    /// and the widest value plus one font size of margin is wider than `size`, the clip's canvas (and the box) is
    /// that wide, rounded up to a whole point — as `kinetic render elevator` does without `--width`. False keeps
    /// `size` exactly; a value that does not fit is then cut off, and the clip says so in a warning.
    public var fitsWidth: Bool

    /// The seed's box: 100 × 100 points.
    public static let seedBoxSize = Size(width: 100, height: 100)
    /// The default canvas: 240 × 160 points.
    public static let defaultSize = Size(width: 240, height: 160)

    /// An elevator number with the defaults of `style` (see each property).
    public init(changes: [NumberChange], style: Style = .digits, size: Size = ElevatorNumber.defaultSize) {
        self.changes = changes
        self.style = style
        self.size = size
        boxSize = nil
        borderWidth = 1
        direction = .sign
        stagger = 0
        alignment = .center
        edgeFade = nil
        fitsWidth = true
        switch style {
        case .seed:
            font = Font(size: 50)
            textColor = .black
            borderColor = .blue
            format = .plain
            transition = .seed
        case .digits:
            font = Font(weight: 600, size: 50, tabularDigits: true)
            textColor = Color(red: 0.11, green: 0.11, blue: 0.118)
            borderColor = nil
            format = NumberFormat()
            transition = .default
        }
    }

    /// The article's scene: a 100 × 100 box with a 1-pt blue border in the middle of the canvas, 50-pt text,
    /// counting 0 → 30, one value per second, each sliding in for 1 s (31 s in all).
    public static var article: ElevatorNumber {
        ElevatorNumber(changes: NumberChange.sequence((0...30).map(Double.init)), style: .seed)
    }

    /// The box actually used: `boxSize`, or the style's default.
    public var resolvedBoxSize: Size {
        boxSize ?? (style == .seed ? Self.seedBoxSize : size)
    }

    /// Checks the spec.
    ///
    /// - Throws: `EffectSpecError` naming the first bad value.
    public func validate() throws(EffectSpecError) {
        try NumberChange.validate(changes)
        try NumberEffectChecks.size(size, "elevator's size")
        try NumberEffectChecks.size(resolvedBoxSize, "elevator's box size")
        try NumberEffectChecks.positive(font.size, "font size", unit: "points")
        try NumberEffectChecks.nonNegative(borderWidth, "border width", unit: "points")
        try NumberEffectChecks.nonNegative(stagger, "stagger", unit: "seconds")
        if let edgeFade { try NumberEffectChecks.nonNegative(edgeFade, "edge fade", unit: "points") }
        try format.validate()
        try transition.validate()
        switch (style, transition) {
        case (.digits, _), (.seed, .timed), (.seed, .instant): break
        case (.seed, .spring), (.seed, .easeOutExpo):
            throw EffectSpecError(
                "the seed style slides with a duration and a timing function, not a spring or easeOutExpo; use the "
                    + "digits style for those")
        }
    }

    /// The digits style's model: a `DigitColumnManager` (in the box's width) fed every change, for inspecting
    /// what each column shows when (the layers of `makeLayer(measuring:)` draw exactly this).
    ///
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func makeManager(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> DigitColumnManager {
        try validate()
        var manager = try DigitColumnManager(
            format: format, font: font, measurer: measurer, boxWidth: resolvedBoxSize.width, alignment: alignment,
            direction: direction, transition: transition, stagger: stagger)
        for change in changes { manager.setValue(change.value, at: change.time) }
        return manager
    }

    /// The root layer (frame (0, 0) and `size`, no background) with the box centred in it and every animation
    /// attached; `animationEndTime` of the result is when the last change has come to rest.
    ///
    /// - Parameter measurer: Measures text as the renderer will draw it (e.g. KineticRaster's
    ///   `PangoTextMeasurer`).
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func makeLayer<Measurer: TextMeasuring>(measuring measurer: Measurer) throws(EffectSpecError) -> Layer {
        try validate()
        let root = Layer(frame: Rect(origin: .zero, size: size))
        root.name = "elevator"
        let box = resolvedBoxSize
        let boxLayer = Layer(
            frame: Rect(
                x: (size.width - box.width) / 2, y: (size.height - box.height) / 2, width: box.width,
                height: box.height))
        boxLayer.name = "elevator-box"
        boxLayer.masksToBounds = true
        if let borderColor {
            boxLayer.borderColor = borderColor
            boxLayer.borderWidth = borderWidth
        }
        switch style {
        case .seed:
            for slot in ElevatorSeedLayers(spec: self, measurer: measurer).slots() { boxLayer.addSublayer(slot) }
        case .digits:
            let layers = DigitColumnLayers(font: font, color: textColor, measurer: measurer)
            // The fade lies in a margin above and below the cells: it touches digits only as they roll in and
            // out, never a character at rest (a comma's tail reaches the cell's bottom).
            let manager = try makeManager(measuring: measurer)
            let fade = min(edgeFade ?? 0.1 * font.size, manager.cellHeight / 2)
            let number = layers.numberLayer(manager, box: box, margin: fade)
            number.mask = DigitColumnLayers<Measurer>.edgeFadeMask(size: number.bounds.size, fade: fade)
            boxLayer.addSublayer(number)
        }
        root.addSublayer(boxLayer)
        return root
    }
}

extension ElevatorNumber: Effect {
    /// The values `values[i]` at `i × interval` seconds, in the digits style (or `style`), on the default canvas.
    ///
    /// ```swift
    /// let elevator = ElevatorNumber(values: [7, 8, 9, 10, 99, 100], interval: 0.8)
    /// ```
    public init(values: [Double], interval: MediaTime = 1, style: Style = .digits) {
        self.init(changes: NumberChange.sequence(values, interval: interval), style: style)
    }

    /// How long a clip holds the last value after it has settled, in seconds: 1.
    public static let hold: MediaTime = 1

    /// The width of the widest value as written, in points: what the box must hold for nothing to be cut off.
    ///
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func contentWidth(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Double {
        try validate()
        switch style {
        case .seed:
            return changes.map { measurer.advance(of: format.string(for: $0.value), font: font) }.max() ?? 0
        case .digits:
            let sizing = try DigitColumnManager(format: format, font: font, measurer: measurer, boxWidth: 0)
            return changes.map { sizing.width(of: $0.value) }.max() ?? 0
        }
    }

    /// The clip: `makeLayer(measuring:)`'s layers until the last change has settled plus ``hold``, on white.
    /// When the widest value is wider than the box it is cut off, and the clip carries a warning that says so.
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        // The widest value is measured once: it decides the fitted canvas and whether anything is cut off.
        let needed = try contentWidth(measuring: measurer)
        var spec = self
        if fitsWidth, style == .digits, boxSize == nil {
            spec.size.width = max(size.width, (needed + font.size).rounded(.up))
        }
        let root = try spec.makeLayer(measuring: measurer)
        var clip = Clip(root: root, duration: root.animationEndTime + Self.hold, background: .white)
        clip.title = changes.last.map { format.string(for: $0.value) }
        let box = spec.resolvedBoxSize.width
        if needed > box + 0.5 {
            let widest = changes.max { abs($0.value) < abs($1.value) }.map { format.string(for: $0.value) } ?? ""
            clip.warnings.append(
                Clip.Warning(
                    layer: root.name ?? "elevator",
                    message: "values such as '\(widest)' are \(Self.points(needed)) pt wide but the box is "
                        + "\(Self.points(box)) pt: they are cut off; make the box (or the canvas) at least "
                        + "\(Self.points(needed.rounded(.up))) pt wide"))
        }
        return clip
    }

    /// A length for a message: whole points, or tenths below 10.
    static func points(_ value: Double) -> String {
        value >= 10 ? "\(Int(value.rounded()))" : "\((value * 10).rounded() / 10)"
    }
}
