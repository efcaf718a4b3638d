import KineticCore
import KineticRaster

/// A `LayerPicture` drawn as images of the kitty graphics protocol (`KittyGraphics`) instead of half blocks, for
/// terminals where `KittyGraphics.probe` found the protocol.
///
/// Each frame is rendered at up to `maximumPixels` (the canvas fitted into the terminal at an assumed
/// `cellPixels` per cell, aspect kept), sent as RGB, centred, and shown over the previous frame's image before
/// that one is deleted (two image ids in turn). Frames are sent uncompressed: at the largest size, 480 × 270
/// pixels are about 518 KB of base64 per frame.
public final class KittyPicture {
    /// The picture rendered each frame.
    public let picture: LayerPicture
    /// The size of a cell in pixels assumed for the rendering resolution and the aspect: 8 × 16.
    public static let cellPixels = (width: 8, height: 16)
    /// The largest frame rendered, in pixels: 480 × 270.
    public static let maximumPixels = (width: 480, height: 270)
    private var imageID = 1
    private var previousImageID: Int?

    /// Images of `picture`.
    public init(picture: LayerPicture) {
        self.picture = picture
    }

    /// The bytes of the frame at `time` on a terminal of `size` cells.
    ///
    /// - Throws: `TerminalError` when rendering fails.
    public func frameBytes(at time: MediaTime, size: TerminalSize) throws(TerminalError) -> [UInt8] {
        // The terminal in pixels at the assumed cell size, scaled down to fit `maximumPixels`.
        let width = Double(size.columns * Self.cellPixels.width)
        let height = Double(size.rows * Self.cellPixels.height)
        let scale = min(
            1, Double(Self.maximumPixels.width) / width, Double(Self.maximumPixels.height) / height)
        let box = (width: max(1, Int(width * scale)), height: max(2, Int(height * scale)))
        // LayerPicture fits the canvas into columns × 2 rows pixels.
        let frame = try picture.frame(at: time, size: TerminalSize(columns: box.width, rows: box.height / 2))
        let cellWidth = Double(Self.cellPixels.width) * scale
        let cellHeight = Double(Self.cellPixels.height) * scale
        let columns = min(size.columns, max(1, Int((Double(frame.width) / cellWidth).rounded())))
        let rows = min(size.rows, max(1, Int((Double(frame.height) / cellHeight).rounded())))
        let bytes = KittyGraphics.imageBytes(
            frame, background: picture.halfBlocks.background, imageID: imageID, previousImageID: previousImageID,
            columns: columns, rows: rows, column: (size.columns - columns) / 2, row: (size.rows - rows) / 2)
        previousImageID = imageID
        imageID = imageID == 1 ? 2 : 1
        return bytes
    }
}
