/// What one frame cost on the wire: `FrameDiffRenderer` fills one in for every frame it renders.
public struct FrameStatistics: Hashable, Sendable {
    /// Bytes written for the frame, escape sequences included.
    public var byteCount: Int
    /// Cells (characters) written; a wide character counts once.
    public var cellsWritten: Int
    /// Cursor movements (CUP, CUU/CUD/CUF/CUB or carriage return) written.
    public var cursorMoves: Int
    /// True when every cell was written (first frame, after `invalidate()`, a size change, or the full-redraw
    /// strategy).
    public var isFullRedraw: Bool

    /// A frame that wrote nothing.
    public static let empty = FrameStatistics(byteCount: 0, cellsWritten: 0, cursorMoves: 0, isFullRedraw: false)

    /// Statistics with the given counts.
    public init(byteCount: Int, cellsWritten: Int, cursorMoves: Int, isFullRedraw: Bool) {
        self.byteCount = byteCount
        self.cellsWritten = cellsWritten
        self.cursorMoves = cursorMoves
        self.isFullRedraw = isFullRedraw
    }
}
