import KineticAnimation
import KineticCore
import KineticLayers

/// The count-up: a label whose number counts from one value to another.
///
/// Two styles:
/// - `.seed` reproduces the first published version, a SwiftUI + Combine article: a timer fires every `tickInterval`
///   (0.02 s) and adds `step` per tick — ⌈|to − from| / 50⌉ (`.fiftieth`, the article's final version, so every count
///   takes about 50 ticks) or 1 (`.one`, its first version) — towards the target, and the count ends exactly on it: 0 →
///   10,000 shows 200, 400, … 10,000 at ticks 1 … 50. (The article's code can overshoot for one tick when the step does
///   not divide the distance, 1,008 on the way to 1,001, before snapping back; this clamps.) It counts down too, by the
///   same rule.
/// - `.default` counts by time like countUp.js: `duration` (2 s) on `easing` (easeOutExpo), with countUp.js's
///   "smart easing" for jumps over 999 (linear to 333 short of the target in the first half, eased after), any
///   timing curve or a spring, through negative numbers, with a fixed number of decimals; a new target
///   (`retargets`) starts from the value shown at that moment. The label refreshes every `tickInterval`
///   (1/60 s, a display's frame), as countUp.js does on each animation frame.
///
/// Digits never wobble: the font uses tabular digits (Inter's `tnum`) and the label is as wide as the widest text
/// it will show, so nothing around it moves while it counts.
///
/// ```swift
/// var count = CountUp(from: 0, to: 10_000)
/// count.format = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
/// count.text(at: 5)  // "¥10,000"
/// let root = try count.makeLayer(measuring: PangoTextMeasurer())
/// ```
public struct CountUp: Sendable {
    /// How the number counts.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// By time, with easing (countUp.js).
        case `default`
        /// By a fixed step per timer tick (the article).
        case seed
    }

    /// What the seed style adds per tick.
    public enum SeedStep: String, Sendable, Hashable, CaseIterable {
        /// 1 per tick: the article's first version (1,000 takes 20 s).
        case one
        /// ⌈|to − from| / 50⌉ per tick: the article's final version (any count takes about 50 ticks, 1 s).
        case fiftieth
    }

    /// The value shown before counting starts. Default 0.
    public var from: Double
    /// The first target. Within ±`NumberFormat.maximumMagnitude`.
    public var to: Double
    /// Later targets and when they arrive (at or after `startTime`, in order); each counts from the value shown
    /// at that moment, with the full duration (countUp.js's `update`). Default none.
    public var retargets: [NumberChange]
    /// How it counts. Default `.default`.
    public var style: Style
    /// When counting starts, in seconds, ≥ 0. Default 0.
    public var startTime: MediaTime
    /// The default style's count length in seconds, > 0 (a spring ignores it). Default 2 (countUp.js).
    public var duration: MediaTime
    /// The default style's curve. Default `.easeOutExpo` (countUp.js).
    public var easing: CountUpEasing
    /// The default style's smart easing for large jumps, or nil for none. Default `.countUpJS` (999, 333).
    public var smartEasing: SmartEasing?
    /// The seed style's step per tick. Default `.fiftieth`.
    public var step: SeedStep
    /// Seconds between two updates of the label, > 0: the seed's timer period (0.02 s) or the default style's
    /// refresh (1/60 s). Default: the style's.
    public var tickInterval: MediaTime
    /// How the value is written. Default `.plain` ("\(count)") for `.seed`, `NumberFormat()` (en_US, grouped,
    /// no decimals) for `.default`.
    public var format: NumberFormat
    /// The canvas, in points, both sides > 0. Default 320 × 120.
    public var size: Size
    /// The font; keep `tabularDigits` on so digits do not wobble. Default Inter bold 30 pt, tabular (the article's
    /// `monospacedDigitSystemFont(ofSize: 30, weight: .bold)`) for `.seed`; Inter bold 56 pt, tabular for
    /// `.default`.
    public var font: Font
    /// The text colour. Default black for `.seed` (SwiftUI's primary text), #1C1C1E for `.default`.
    public var textColor: Color
    /// Where the text sits in the label, whose width is the widest text's. Default `.center`.
    public var alignment: TextAlignment
    /// Whether the canvas grows to hold the widest text: when true (default) and the widest text plus one font
    /// size of margin is wider than `size`, the clip's canvas is that wide, rounded up to a whole point — as
    /// `kinetic render count` does without `--width`. False keeps `size` exactly; text that does not fit is then
    /// cut off, and the clip says so in a warning.
    public var fitsWidth: Bool

    /// The default canvas: 320 × 120 points.
    public static let defaultSize = Size(width: 320, height: 120)
    /// The seed's timer period: 0.02 s.
    public static let seedTickInterval: MediaTime = 0.02

    /// A count from `from` to `to` with the defaults of `style` (see each property).
    public init(from: Double = 0, to: Double, style: Style = .default) {
        self.from = from
        self.to = to
        self.style = style
        retargets = []
        startTime = 0
        duration = 2
        easing = .easeOutExpo
        smartEasing = .countUpJS
        step = .fiftieth
        size = Self.defaultSize
        alignment = .center
        fitsWidth = true
        switch style {
        case .seed:
            tickInterval = Self.seedTickInterval
            format = .plain
            font = Font(weight: 700, size: 30, tabularDigits: true)
            textColor = .black
        case .default:
            tickInterval = 1.0 / 60
            format = NumberFormat()
            font = Font(weight: 700, size: 56, tabularDigits: true)
            textColor = Color(red: 0.11, green: 0.11, blue: 0.118)
        }
    }

    /// Checks the spec.
    ///
    /// - Throws: `EffectSpecError` naming the first bad value.
    public func validate() throws(EffectSpecError) {
        for (name, value) in [("start value", from), ("target", to)] {
            guard value.isFinite, abs(value) <= NumberFormat.maximumMagnitude else {
                throw EffectSpecError("the count's \(name) must be finite and within ±10¹⁵ (got \(value))")
            }
        }
        try NumberEffectChecks.nonNegative(startTime, "start time", unit: "seconds")
        try NumberChange.validate([NumberChange(time: startTime, value: to)] + retargets)
        try NumberEffectChecks.positive(duration, "count duration", unit: "seconds")
        try NumberEffectChecks.positive(tickInterval, "tick interval", unit: "seconds")
        try NumberEffectChecks.size(size, "count's size")
        try NumberEffectChecks.positive(font.size, "font size", unit: "points")
        try smartEasing?.validate()
        try format.validate()
        try easing.transition(duration: duration).validate()
        let ticks = (timelineEnd - startTime) / tickInterval
        guard ticks.isFinite, ticks <= 100_000 else {
            let count = ticks < 1e15 ? String(Int64(ticks.rounded(.down))) : "\(ticks)"
            throw EffectSpecError(
                "the count would take \(count) ticks of \(tickInterval) s; at most 100,000 (use a larger step, "
                    + "a shorter duration or a longer tick interval)")
        }
    }

    // MARK: Values over time

    /// The targets in order: (`startTime`, `to`) and the retargets.
    private var targets: [NumberChange] { [NumberChange(time: startTime, value: to)] + retargets }

    /// The count's value at `time` (seconds): for `.seed` the value after the ticks so far, for `.default` the
    /// exact eased value (the label shows it rounded, at the last refresh: `text(at:)`).
    public func value(at time: MediaTime) -> Double {
        valueFunction()(time)
    }

    /// The value as a function of time, with the timeline built once (for sampling many times).
    private func valueFunction() -> @Sendable (MediaTime) -> Double {
        switch style {
        case .seed:
            let segments = seedSegments
            return { [self] in seedValue(at: $0, segments: segments) }
        case .default:
            let motion = motion
            return { motion.value(at: $0) }
        }
    }

    /// The text the label shows at `time`: the value at the latest tick, rounded and formatted.
    public func text(at time: MediaTime) -> String {
        format.string(for: value(at: tickTime(atOrBefore: time)))
    }

    /// When the count has reached its last target (and the label shows it exactly), in seconds.
    public var endTime: MediaTime {
        let end = timelineEnd
        return tickTime(atOrBefore: end) < end ? tickTime(atOrBefore: end) + tickInterval : end
    }

    /// One text the label shows and when it starts showing it.
    public struct Frame: Sendable, Hashable {
        /// When the text appears, in seconds (the first frame's time is `startTime`; it shows from the start).
        public var time: MediaTime
        /// The value shown, rounded to the format's last decimal.
        public var value: Double
        /// The text.
        public var text: String
    }

    /// Every text the label shows, in order, each from its time until the next one's: the label's whole life.
    /// The last one is the last target's text.
    public var frames: [Frame] {
        var frames: [Frame] = []
        let value = valueFunction()
        let ticks = ((endTime - startTime) / tickInterval).rounded()
        // validate() holds a count to 100,000 ticks; a spec that was not validated gets no more than that either.
        let last = ticks.isFinite ? Int(min(max(ticks, 0), 100_000)) + 1 : 0
        for tick in 0...max(0, last) {
            let time = startTime + Double(tick) * tickInterval
            let value = format.rounded(value(time))
            let text = format.string(for: value)
            if frames.last?.text != text { frames.append(Frame(time: time, value: value, text: text)) }
        }
        return frames
    }

    /// How early a time may be and still count as a tick's, as a fraction of the tick interval: 10⁻⁶, so that
    /// frame times computed another way (k / fps) land on the tick they mean despite rounding.
    static let tickSlack = 1e-6

    /// The start of the tick at or before `time` (`startTime` for earlier times), with `tickSlack`.
    func tickTime(atOrBefore time: MediaTime) -> MediaTime {
        guard time > startTime else { return startTime }
        return startTime + ((time - startTime) / tickInterval + Self.tickSlack).rounded(.down) * tickInterval
    }

    /// When the value stops changing, before snapping to ticks.
    private var timelineEnd: MediaTime {
        switch style {
        case .seed:
            let changes = seedSegments
            guard let last = changes.last else { return startTime }
            let ticks = (abs(last.to - last.from) / seedIncrement(last.from, last.to)).rounded(.up)
            return tickTime(atOrBefore: last.time) + ticks * tickInterval
        case .default:
            return max(startTime, motion.endTime)
        }
    }

    // MARK: Default style

    /// The default style's value over time: a motion moved to each target with the easing (and smart easing).
    var motion: RetargetingMotion {
        var motion = RetargetingMotion(value: from, settleThreshold: format.quantum / 2)
        for target in targets {
            let current = motion.value(at: target.time)
            let distance = target.value - current
            if let smart = smartEasing, !easing.isLinear, abs(distance) > smart.threshold {
                let near = target.value - (distance > 0 ? 1 : -1) * smart.amount
                motion.move(
                    to: near, at: target.time, transition: .timed(duration: duration / 2, timingFunction: .linear))
                motion.move(
                    to: target.value, at: target.time + duration / 2,
                    transition: easing.transition(duration: duration / 2))
            } else {
                motion.move(to: target.value, at: target.time, transition: easing.transition(duration: duration))
            }
        }
        return motion
    }

    // MARK: Seed style

    /// One count of the seed: from the value shown at `time` towards `to`.
    private struct SeedSegment {
        var time: MediaTime
        var from: Double
        var to: Double
    }

    private var seedSegments: [SeedSegment] {
        var segments: [SeedSegment] = []
        for target in targets {
            let current = segments.isEmpty ? from : seedValue(at: target.time, segments: segments)
            segments.append(SeedSegment(time: target.time, from: current, to: target.value))
        }
        return segments
    }

    private func seedIncrement(_ from: Double, _ to: Double) -> Double {
        switch step {
        case .one: return 1
        case .fiftieth: return max(1, (abs(to - from) / 50).rounded(.up))
        }
    }

    /// The timer's ticks run on one grid from `startTime`; a count adds one increment per tick after it began.
    private func seedValue(at time: MediaTime, segments: [SeedSegment]) -> Double {
        guard let segment = segments.last(where: { $0.time <= time }) else { return from }
        let ticks = ((tickTime(atOrBefore: time) - tickTime(atOrBefore: segment.time)) / tickInterval).rounded()
        let distance = abs(segment.to - segment.from)
        let covered = min(ticks * seedIncrement(segment.from, segment.to), distance)
        return segment.from + (segment.to >= segment.from ? covered : -covered)
    }
}

extension CountUp: Effect {
    /// A count from 0 to `target` in the default style (countUp.js's), written with `format`.
    ///
    /// ```swift
    /// let count = CountUp(to: 10_000, format: NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP"))
    /// ```
    public init(to target: Double, format: NumberFormat) {
        self.init(from: 0, to: target)
        self.format = format
    }

    /// How long a clip holds the final value after the count ends, in seconds: 1.5.
    public static let hold: MediaTime = 1.5

    /// The width of the widest text the count shows, in points: what the canvas must hold for nothing to be cut
    /// off.
    ///
    /// - Throws: `EffectSpecError` for an invalid spec (see `validate()`).
    public func contentWidth(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Double {
        try makeManager(measuring: measurer).boxWidth
    }

    /// The clip: `makeLayer(measuring:)`'s label until the count (and any retarget) ends plus ``hold``, on white.
    /// When the widest text is wider than the canvas it is cut off, and the clip carries a warning that says so.
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        // The widest text is measured once: it decides the fitted canvas and whether anything is cut off.
        let needed = try contentWidth(measuring: measurer)
        var spec = self
        if fitsWidth { spec.size.width = max(size.width, (needed + font.size).rounded(.up)) }
        let root = try spec.makeLayer(measuring: measurer)
        var clip = Clip(root: root, duration: endTime + Self.hold, background: .white)
        clip.title = frames.last.map { format.string(for: $0.value) }
        if needed > spec.size.width + 0.5 {
            let widest = frames.max { abs($0.value) < abs($1.value) }.map { format.string(for: $0.value) } ?? ""
            clip.warnings.append(
                Clip.Warning(
                    layer: root.name ?? "count",
                    message: "the text '\(widest)' is \(ElevatorNumber.points(needed)) pt wide but the canvas is "
                        + "\(ElevatorNumber.points(spec.size.width)) pt: it is cut off; make the canvas at least "
                        + "\(ElevatorNumber.points(needed.rounded(.up))) pt wide"))
        }
        return clip
    }
}
