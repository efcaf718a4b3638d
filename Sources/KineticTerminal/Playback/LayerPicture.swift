import KineticCore
import KineticLayers
import KineticRaster

/// A layer tree shown in pixel mode: each frame is rendered by KineticRaster's `LayerRenderer` at the size it
/// will have on screen (the canvas fitted into the terminal's cells × 2 pixels, aspect kept) and drawn with
/// `HalfBlockRenderer`. The renderer is made again only when the terminal's size changes.
public final class LayerPicture {
    /// The root layer (with its animations).
    public let root: Layer
    /// The canvas, in points (the root's bounds by default).
    public let canvasSize: Size
    /// How cells are drawn (background, colour support).
    public var halfBlocks: HalfBlockRenderer
    private var renderer: LayerRenderer?
    private var rendererSize: TerminalSize?

    /// A picture of any effect's clip: its root layer on its canvas, over its own background (black when it has
    /// none: a terminal cell cannot be transparent).
    public convenience init(clip: Clip, colorSupport: ColorSupport = .trueColor) throws(TerminalError) {
        try self.init(
            root: clip.root, canvasSize: clip.size, background: clip.background ?? .black, colorSupport: colorSupport)
    }

    /// Shows `root` over a canvas of `canvasSize` points (the root's bounds when nil).
    ///
    /// - Parameters:
    ///   - root: The layer tree; each frame draws its presentation at the frame's time.
    ///   - canvasSize: The canvas, in points, finite and > 0; nil (default) for the root's bounds.
    ///   - background: The colour around and under the picture. Default black.
    ///   - colorSupport: The colours cells may use. Default `.trueColor`.
    /// - Throws: `TerminalError.invalidSize` when the canvas is not finite and > 0.
    public init(
        root: Layer, canvasSize: Size? = nil, background: Color = .black, colorSupport: ColorSupport = .trueColor
    ) throws(TerminalError) {
        let size = canvasSize ?? root.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize(
                columns: 0, rows: 0,
                reason: "the canvas must be finite and > 0 points each way (got \(size.width) × \(size.height))")
        }
        self.root = root
        self.canvasSize = size
        halfBlocks = HalfBlockRenderer(background: background, colorSupport: colorSupport)
    }

    /// The pixel frame at `time` for a screen of `size`: the canvas fitted into `size.columns` × 2 `size.rows`.
    ///
    /// - Throws: `TerminalError.frameFailed` when rendering fails.
    public func frame(at time: MediaTime, size: TerminalSize) throws(TerminalError) -> RGBAFrame {
        if rendererSize != size || renderer == nil {
            let fitted = HalfBlockRenderer.fittedSize(
                width: max(1, Int(canvasSize.width.rounded())), height: max(1, Int(canvasSize.height.rounded())),
                in: size)
            let scale = min(Double(fitted.width) / canvasSize.width, Double(fitted.height) / canvasSize.height)
            do {
                renderer = try LayerRenderer(
                    pixelWidth: fitted.width, pixelHeight: fitted.height, scale: min(16, max(1e-3, scale)))
            } catch {
                throw .frameFailed(reason: "\(error)")
            }
            rendererSize = size
        }
        guard let renderer else { throw .frameFailed(reason: "no renderer") }
        do {
            return try renderer.render(root, at: time)
        } catch {
            throw .frameFailed(reason: "\(error)")
        }
    }

    /// The screen at `time`, `size` cells.
    ///
    /// - Throws: `TerminalError` when the size is invalid or rendering fails.
    public func screen(at time: MediaTime, size: TerminalSize) throws(TerminalError) -> TerminalScreen {
        try halfBlocks.screen(for: try frame(at: time, size: size), size: size)
    }
}
