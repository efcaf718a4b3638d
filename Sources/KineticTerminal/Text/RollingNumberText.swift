import KineticCore
import KineticEffects
import KineticLayers

/// The elevator number in a line of text: KineticEffects' rolling columns (`DigitColumnManager`: per-digit roll
/// direction, columns growing in and out, retargeting mid-roll, stagger), measured in cells and drawn with
/// `RollingDigitGlyph`, so each digit cell changes in the direction it rolls.
///
/// ```swift
/// var number = try RollingNumberText(width: 8)
/// number.setValue(99, at: 0)
/// number.setValue(100, at: 1)
/// let line = number.line(at: 1.2)   // e.g. "     ▂▅▅": the hundreds growing in, tens and units rolling up
/// ```
///
/// A column is drawn from when its width has grown to half a cell until it has shrunk below half a cell (and
/// while its opacity is at least one half); the columns drawn sit side by side, in the order of their left edges,
/// aligned right in `width` cells (what does not fit is cut on the left).
public struct RollingNumberText: Sendable {
    /// The rolling columns.
    public private(set) var manager: DigitColumnManager
    /// The field's width in cells, ≥ 1.
    public let width: Int

    /// A rolling number in a field of `width` cells (≥ 1).
    ///
    /// - Parameters:
    ///   - width: The field's width in cells, 1…`TerminalSize.maximumSide`.
    ///   - format: How values are written. Default `NumberFormat()` (grouped decimal, en_US).
    ///   - direction: Which way digits roll. Default `.sign` (up when the magnitude grows).
    ///   - transition: How columns move. Default `RollTransition.default` (a 0.6 s critically damped spring).
    ///   - stagger: Delay per column from the right, in seconds, ≥ 0. Default 0.
    /// - Throws: `TerminalError.invalidOption` for a width below 1 or a spec KineticEffects refuses.
    public init(
        width: Int, format: NumberFormat = NumberFormat(), direction: RollDirection = .sign,
        transition: RollTransition = .default, stagger: MediaTime = 0
    ) throws(TerminalError) {
        guard width >= 1, width <= TerminalSize.maximumSide else {
            throw .invalidOption(
                name: "width", value: "\(width)",
                reason: "a rolling number's field is 1…\(TerminalSize.maximumSide) cells")
        }
        self.width = width
        do {
            manager = try DigitColumnManager(
                format: format, font: Font(size: 1), measurer: CellTextMeasurer(), boxWidth: Double(width),
                alignment: .right, direction: direction, transition: transition, stagger: stagger)
        } catch {
            throw .invalidOption(name: "rolling number", value: "\(format)", reason: error.message)
        }
    }

    /// A field of `width` cells (≥ 1) showing a manager made elsewhere, e.g. by `ElevatorNumber.makeManager(
    /// measuring: CellTextMeasurer())`, which already holds the spec's changes. Only the order of its columns
    /// matters here, not its box.
    ///
    /// - Throws: `TerminalError.invalidOption` for a width below 1.
    public init(manager: DigitColumnManager, width: Int) throws(TerminalError) {
        guard width >= 1, width <= TerminalSize.maximumSide else {
            throw .invalidOption(
                name: "width", value: "\(width)",
                reason: "a rolling number's field is 1…\(TerminalSize.maximumSide) cells")
        }
        self.width = width
        self.manager = manager
    }

    /// Shows `value` from `time` (seconds) on; see `DigitColumnManager.setValue(_:at:)`.
    public mutating func setValue(_ value: Double, at time: MediaTime) {
        manager.setValue(value, at: time)
    }

    /// When the last column stops moving.
    public var endTime: MediaTime { manager.endTime }

    /// The field at `time`, `width` cells in `style`.
    public func line(at time: MediaTime, style: CellStyle = .plain) -> StyledLine {
        // Cells are whole: the visible columns, in the order of their left edges, sit side by side from the right.
        let visible = manager.columns.filter {
            $0.width.value(at: time) >= 0.5 - 1e-9 && $0.opacity.value(at: time) >= 0.5 - 1e-9
        }
        .sorted { $0.left.value(at: time) < $1.left.value(at: time) }
        var glyphs: [String] = []
        var used = 0
        for column in visible.reversed() {
            let glyph = String(RollingDigitGlyph.glyph(for: column.visibleCells(at: time)))
            let glyphWidth = max(1, CharacterWidth.columns(of: glyph))
            guard used + glyphWidth <= width else { break }
            glyphs.append(glyph)
            used += glyphWidth
        }
        let cells = [String](repeating: " ", count: width - used) + glyphs.reversed()
        return StyledLine(cells.joined(), style: style)
    }
}
