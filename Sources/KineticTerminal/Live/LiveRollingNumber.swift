import KineticCore
import KineticEffects

/// A number in a `LiveLine` whose digits roll to each new value, one column per digit, like an elevator's floor
/// display (`RollingNumberText`: each digit rolls the way its value moves, new columns grow in on the left).
///
/// ```swift
/// region.update([LiveLine(.text("floor "), .rollingNumber(LiveRollingNumber(12, width: 3)))])
/// ```
public struct LiveRollingNumber: Sendable, Hashable {
    /// The value to roll to. Finite, within ±`NumberFormat.maximumMagnitude` (10¹⁵).
    public var value: Double
    /// The field's width in cells, 1…`TerminalSize.maximumSide`, the number right-aligned in it. Default 8.
    public var width: Int
    /// How values are written. Default `NumberFormat()` (grouped decimal, en_US).
    public var format: NumberFormat
    /// How the digit columns move. Default `RollTransition.default` (a 0.6 s critically damped spring).
    public var transition: RollTransition
    /// The digits' style. Default plain.
    public var style: CellStyle

    /// A rolling number showing `value`; see the properties for the defaults.
    public init(
        _ value: Double, width: Int = 8, format: NumberFormat = NumberFormat(),
        transition: RollTransition = .default, style: CellStyle = .plain
    ) {
        self.value = value
        self.width = width
        self.format = format
        self.transition = transition
        self.style = style
    }

    /// Checks the value, the width and the transition.
    ///
    /// - Throws: `TerminalError.invalidOption` naming the first bad value.
    func validate() throws(TerminalError) {
        guard value.isFinite, abs(value) <= NumberFormat.maximumMagnitude else {
            throw .invalidOption(
                name: "live rolling number value", value: "\(value)", reason: "it must be finite and within ±10¹⁵")
        }
        try LiveChecks.field(width, name: "live rolling number width", minimum: 1)
        try LiveChecks.transition(transition, name: "live rolling number transition")
    }
}
