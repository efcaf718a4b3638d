import KineticCore
import KineticEffects
import KineticLayers

/// A number in a `LiveLine` that counts to its value: each new value starts a count from the number shown at
/// that moment (so a value arriving mid-count never makes it jump), with countUp.js's ease-out by default.
///
/// ```swift
/// region.update([LiveLine(.text("files "), .count(LiveCount(1_200, minimumWidth: 6)))])
/// ```
public struct LiveCount: Sendable, Hashable {
    /// The value to count to. Finite, within ±`NumberFormat.maximumMagnitude` (10¹⁵).
    public var value: Double
    /// The value shown when the count first appears, before it counts to `value`. Default 0.
    public var startValue: Double
    /// How the number is written. Default `NumberFormat()` (grouped decimal, no decimals, en_US).
    public var format: NumberFormat
    /// How it moves to a new value. Default `.easeOutExpo(duration: 1)`: 1 s on countUp.js's curve.
    public var transition: RollTransition
    /// The text's style. Default plain.
    public var style: CellStyle
    /// The narrowest field in cells, ≥ 0, the text right-aligned in it, so that the line does not shift as the
    /// number grows. Default 0 (no padding).
    public var minimumWidth: Int

    /// A count to `value`; see the properties for the defaults.
    public init(
        _ value: Double, startValue: Double = 0, format: NumberFormat = NumberFormat(),
        transition: RollTransition = .easeOutExpo(duration: 1), style: CellStyle = .plain, minimumWidth: Int = 0
    ) {
        self.value = value
        self.startValue = startValue
        self.format = format
        self.transition = transition
        self.style = style
        self.minimumWidth = minimumWidth
    }

    /// Checks the values and the field.
    ///
    /// - Throws: `TerminalError.invalidOption` naming the first bad value.
    func validate() throws(TerminalError) {
        for (name, number) in [("live count value", value), ("live count start value", startValue)] {
            guard number.isFinite, abs(number) <= NumberFormat.maximumMagnitude else {
                throw .invalidOption(
                    name: name, value: "\(number)", reason: "it must be finite and within ±10¹⁵")
            }
        }
        try LiveChecks.field(minimumWidth, name: "live count minimum width", minimum: 0)
        try LiveChecks.transition(transition, name: "live count transition")
        do {
            try format.validate()
        } catch {
            throw .invalidOption(name: "live count format", value: "\(format)", reason: error.message)
        }
    }

    /// The text for `shown` (the value at some time), right-aligned in the field.
    func line(showing shown: Double) -> StyledLine {
        let text = format.string(for: shown)
        let missing = minimumWidth - CharacterWidth.columns(of: text)
        return StyledLine((missing > 0 ? String(repeating: " ", count: missing) : "") + text, style: style)
    }
}

/// The range checks the live pieces share.
enum LiveChecks {
    /// A width in cells: `minimum`…`TerminalSize.maximumSide`.
    static func field(_ width: Int, name: String, minimum: Int) throws(TerminalError) {
        guard width >= minimum, width <= TerminalSize.maximumSide else {
            throw .invalidOption(
                name: name, value: "\(width)", reason: "it is \(minimum)…\(TerminalSize.maximumSide) cells")
        }
    }

    /// A transition KineticEffects accepts.
    static func transition(_ transition: RollTransition, name: String) throws(TerminalError) {
        do {
            try transition.validate()
        } catch {
            throw .invalidOption(name: name, value: "\(transition)", reason: error.message)
        }
    }
}
