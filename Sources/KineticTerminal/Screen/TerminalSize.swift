/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The largest number of columns or rows a screen may have: 4096.
    public static let maximumSide = 4096

    /// Columns (cells across), 1…`maximumSide`.
    public var columns: Int
    /// Rows (lines), 1…`maximumSide`.
    public var rows: Int

    /// A size of `columns` × `rows` cells (not checked; `TerminalScreen` checks it).
    @inlinable public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size assumed when a terminal does not report one: 80 × 24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    public var description: String { "\(columns)×\(rows)" }

    /// Checks the size against 1…`maximumSide` per side.
    ///
    /// - Throws: `TerminalError.invalidSize` saying which side is out of range.
    public func validate() throws(TerminalError) {
        guard columns >= 1, rows >= 1 else {
            throw .invalidSize(columns: columns, rows: rows, reason: "a screen needs at least 1 column and 1 row")
        }
        guard columns <= Self.maximumSide, rows <= Self.maximumSide else {
            throw .invalidSize(
                columns: columns, rows: rows, reason: "the largest side allowed is \(Self.maximumSide) cells")
        }
    }
}
