/// One line of a `LiveRegion`: pieces side by side, left to right — fixed text, and values that animate when the
/// program changes them.
///
/// ```swift
/// let line = LiveLine(
///     .text("Uploading ", style: CellStyle(isBold: true)),
///     .count(LiveCount(Double(files), minimumWidth: 5)),
///     .text(" files  "),
///     .progress(LiveProgress(fraction: done)))
/// ```
///
/// A region keeps each animated piece's motion by its place (line and position in the line), as SwiftUI keeps
/// state by structure: give the same place a new value in the next `LiveRegion.update(_:)` and it animates from
/// what it shows to the new value; a different kind of piece in that place starts afresh.
public struct LiveLine: Sendable, ExpressibleByStringLiteral {
    /// The pieces, left to right.
    public var elements: [LiveElement]

    /// A line of `elements`, left to right.
    public init(_ elements: LiveElement...) {
        self.elements = elements
    }

    /// A line of `elements`, left to right.
    public init(elements: [LiveElement]) {
        self.elements = elements
    }

    /// A line of plain text.
    public init(stringLiteral value: String) {
        elements = [.styled(StyledLine(value))]
    }
}

/// One piece of a `LiveLine`.
public enum LiveElement: Sendable {
    /// Fixed text and its styles.
    case styled(StyledLine)
    /// A number that counts to its value (countUp.js's easing by default).
    case count(LiveCount)
    /// A number whose digits roll to its value, like an elevator's display.
    case rollingNumber(LiveRollingNumber)
    /// A progress bar whose fill follows its fraction on a spring.
    case progress(LiveProgress)
    /// A text with a shimmer band sweeping across it; in the final frame, the plain text.
    case shimmer(TerminalShimmer)

    /// Fixed `text` in `style` (plain by default).
    public static func text(_ text: String, style: CellStyle = .plain) -> LiveElement {
        .styled(StyledLine(text, style: style))
    }
}
