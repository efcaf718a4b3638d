import KineticAnimation
import KineticCore
import KineticLayers

/// The time left until a moment — days, hours, minutes and seconds, "3d 04:05:06" — counting down one second at a
/// time, each digit rolling in its own column as the elevator number's digits do.
///
/// The effect knows no clock: it is given the seconds left at its first frame, so that the same spec gives the
/// same frames (a service reads the time once per request and passes it in). The first frame shows that value at
/// rest — e-mail clients that show only a GIF's first frame (Outlook on the desktop) show the right time.
///
/// ```swift
/// let countdown = Countdown(secondsLeft: 3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)  // "3d 04:05:06"
/// let clip = try countdown.makeClip(measuring: PangoTextMeasurer())
/// ```
public struct Countdown: Sendable, Effect {
    /// The time left at the clip's start, in seconds, 0…10⁹ (about 31 years); fractions are dropped (the display
    /// shows whole seconds). At 0 the display stays at 00:00:00.
    public var secondsLeft: Double
    /// How long the clip counts, in seconds, 1…600. Default 60: a minute, as e-mail countdowns do.
    public var duration: MediaTime
    /// The canvas, in points, both sides > 0; it grows to hold the text when `fitsWidth`. Default 360 × 120.
    public var size: Size
    /// The font. Default Inter 48 pt semibold with tabular digits.
    public var font: Font
    /// The digits' and separators' colour. Default #1C1C1E.
    public var textColor: Color
    /// The canvas colour. Default white.
    public var background: Color
    /// How each digit rolls to the next. Default `RollTransition.default` (a critically damped 0.6 s spring).
    public var transition: RollTransition
    /// Whether the canvas grows to hold the text plus one font size of margin. Default true.
    public var fitsWidth: Bool

    /// The default canvas: 360 × 120 points.
    public static let defaultSize = Size(width: 360, height: 120)
    /// The longest time left: 10⁹ s (about 31 years).
    public static let maximumSecondsLeft = 1e9

    /// A countdown from `secondsLeft`, with the defaults of each property.
    public init(secondsLeft: Double, duration: MediaTime = 60, size: Size = Countdown.defaultSize) {
        self.secondsLeft = secondsLeft
        self.duration = duration
        self.size = size
        font = Font(weight: 600, size: 48, tabularDigits: true)
        textColor = Color(red: 0.11, green: 0.11, blue: 0.118)
        background = .white
        transition = .default
        fitsWidth = true
    }

    /// The whole seconds left at `time` seconds into the clip: `secondsLeft` less the seconds passed, never below 0.
    public func wholeSecondsLeft(at time: MediaTime) -> Int {
        let start = Int(secondsLeft.rounded(.down))
        return max(0, start - Int(max(0, time).rounded(.down)))
    }

    /// The text shown for `seconds` left: "3d 04:05:06", or "04:05:06" under a day.
    public static func text(secondsLeft seconds: Int) -> String {
        let (days, hours, minutes, secs) = parts(seconds)
        let clock = [hours, minutes, secs].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return days > 0 ? "\(days)d \(clock)" : clock
    }

    /// Checks the spec.
    ///
    /// - Throws: `EffectSpecError` naming the first bad value.
    public func validate() throws(EffectSpecError) {
        guard secondsLeft.isFinite, (0...Self.maximumSecondsLeft).contains(secondsLeft) else {
            throw EffectSpecError(
                "the time left must be 0…\(Int(Self.maximumSecondsLeft)) seconds (got \(secondsLeft)); "
                    + "a countdown to a moment in the past shows 00:00:00 with 0")
        }
        guard duration.isFinite, (1...600).contains(duration) else {
            throw EffectSpecError("the countdown's duration must be 1…600 seconds (got \(duration))")
        }
        try NumberEffectChecks.size(size, "countdown's size")
        try NumberEffectChecks.positive(font.size, "font size", unit: "points")
        try transition.validate()
    }

    public func makeClip<Measurer: TextMeasuring>(measuring measurer: Measurer) throws(EffectSpecError) -> Clip {
        try validate()
        let start = wholeSecondsLeft(at: 0)
        let ticks = Int(duration.rounded(.up))
        let startDays = Self.parts(start).days
        let dayDigits = String(startDays).count

        // One manager per days group and per digit of the clock: a clock digit has one column, so hours, minutes
        // and seconds keep their leading zero and never change width.
        func manager(boxWidth: Double, alignment: TextAlignment) throws(EffectSpecError) -> DigitColumnManager {
            try DigitColumnManager(
                format: .plain, font: font, measurer: measurer, boxWidth: boxWidth, alignment: alignment,
                direction: .down, transition: transition)
        }
        let probe = try manager(boxWidth: 0, alignment: .center)
        let cell = probe.cellWidth
        var groups: [(manager: DigitColumnManager, digit: (Int) -> Int)] = []
        var items: [Item] = []
        if startDays > 0 {
            groups.append(
                (try manager(boxWidth: Double(dayDigits) * cell, alignment: .right), { Self.parts($0).days }))
            items.append(.number(groups.count - 1, width: Double(dayDigits) * cell))
            items.append(.symbol("d "))
        }
        let clockDigits: [(Int) -> Int] = [
            { Self.parts($0).hours / 10 }, { Self.parts($0).hours % 10 }, { Self.parts($0).minutes / 10 },
            { Self.parts($0).minutes % 10 }, { Self.parts($0).seconds / 10 }, { Self.parts($0).seconds % 10 },
        ]
        for (index, digit) in clockDigits.enumerated() {
            if index == 2 || index == 4 { items.append(.symbol(":")) }
            groups.append((try manager(boxWidth: cell, alignment: .center), digit))
            items.append(.number(groups.count - 1, width: cell))
        }
        for tick in 0...ticks {
            let left = wholeSecondsLeft(at: Double(tick))
            for index in groups.indices {
                groups[index].manager.setValue(Double(groups[index].digit(left)), at: Double(tick))
            }
        }

        let widths = items.map { item -> Double in
            switch item {
            case .number(_, let width): width
            case .symbol(let text): measurer.advance(of: text, font: font)
            }
        }
        let textWidth = widths.reduce(0, +)
        var canvas = size
        if fitsWidth { canvas.width = max(size.width, (textWidth + font.size).rounded(.up)) }
        let root = Layer(frame: Rect(origin: .zero, size: canvas))
        root.name = "countdown"
        let layers = DigitColumnLayers(font: font, color: textColor, measurer: measurer)
        let fade = min(0.1 * font.size, probe.cellHeight / 2)
        var x = (canvas.width - textWidth) / 2
        for (item, width) in zip(items, widths) {
            let slot = Layer(frame: Rect(x: x, y: 0, width: width, height: canvas.height))
            switch item {
            case .number(let index, _):
                slot.name = "group-\(index)"
                let number = layers.numberLayer(
                    groups[index].manager, box: Size(width: width, height: canvas.height), margin: fade)
                number.mask = DigitColumnLayers<Measurer>.edgeFadeMask(size: number.bounds.size, fade: fade)
                slot.addSublayer(number)
            case .symbol(let text):
                slot.name = "separator"
                let label = TextLayer(string: text, font: font, color: textColor)
                label.frame = Rect(
                    x: 0, y: (canvas.height - probe.cellHeight) / 2, width: width, height: probe.cellHeight)
                label.alignment = .left
                slot.addSublayer(label)
            }
            root.addSublayer(slot)
            x += width
        }
        var clip = Clip(root: root, duration: duration, background: background)
        clip.title = "Time left: " + Self.text(secondsLeft: start)
        if !fitsWidth, textWidth > canvas.width + 0.5 {
            clip.warnings.append(
                Clip.Warning(
                    layer: "countdown",
                    message: "'\(Self.text(secondsLeft: start))' is \(ElevatorNumber.points(textWidth)) pt wide but "
                        + "the canvas is \(ElevatorNumber.points(canvas.width)) pt: it is cut off"))
        }
        return clip
    }

    /// Days, hours, minutes and seconds of `seconds` (≥ 0).
    static func parts(_ seconds: Int) -> (days: Int, hours: Int, minutes: Int, seconds: Int) {
        let value = max(0, seconds)
        return (value / 86_400, value % 86_400 / 3_600, value % 3_600 / 60, value % 60)
    }

    /// One piece of the line: a rolling number group, or fixed text.
    private enum Item {
        case number(Int, width: Double)
        case symbol(String)
    }
}
