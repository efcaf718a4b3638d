import KineticCore
import KineticLayers
import Synchronization

/// Draws a KineticLayers tree into frames with Cairo and Pango, with Core Animation's compositing model.
///
/// The canvas is `pixelWidth` × `pixelHeight` pixels at `scale` pixels per point (1, 2 or 3 like iOS screens:
/// a 100-point wide layer covers 200 pixels at 2x). The canvas is the root layer's *superlayer*: the root is
/// placed by its position, anchor point and transform, so `Layer(frame: Rect(x: 0, y: 0, width: w, height: h))`
/// fills a canvas of w × h points.
///
/// Every layer property is drawn: geometry (transform about the anchor point), `isHidden`, group `opacity`
/// (sublayers composited together, then faded), background and border with `cornerRadius` (the border inside
/// the bounds, over content and sublayers), `masksToBounds`, `mask` (its composited alpha masks the layer and
/// its shadow), shadows of the composited alpha (blurred; see `shadowSigmaPerRadius`), axial and radial
/// gradients, text (Pango: family fallback, weight, italic, `tnum`, alignment, wrapping, truncation, line
/// spacing, sub-pixel positions, unhinted metrics, grey anti-aliasing) and shapes (fill rule, stroke width, caps,
/// joins, miter limit, dashes, `strokeStart`/`strokeEnd`). What it cannot draw exactly is listed in
/// `capabilities` and, when it happens, reported as a `RenderWarning` (see `renderWithWarnings` and `warnings`).
///
/// Frames are deterministic (the same tree and time give the same bytes) and `render` may be called from many
/// threads at once: each call draws on its own surface with its own Pango context.
public final class LayerRenderer: Sendable {
    /// Width of the frames, in pixels (1…`RGBAFrame.maximumSide`).
    public let pixelWidth: Int
    /// Height of the frames, in pixels (1…`RGBAFrame.maximumSide`).
    public let pixelHeight: Int
    /// Pixels per point, > 0 and ≤ 16; typically 1, 2 or 3. Default 1.
    public let scale: Double
    /// The colour under the layers, or nil (the default) for a transparent background.
    public let background: Color?

    /// The standard deviation of a shadow's Gaussian blur per point of `shadowRadius`: 1. A shadow radius r
    /// blurs like a CSS `box-shadow` blur of 2r (σ = r), the correspondence designers use between Sketch or
    /// Figma shadows and `CALayer.shadowRadius`.
    public static let shadowSigmaPerRadius = 1.0

    private let collectedWarnings = Mutex<[RenderWarning]>([])
    /// Canvases of finished frames, reused by the next frames: allocating (and page-faulting) a fresh 8 MB surface
    /// for every 1080p frame costs as much as drawing it. Holds at most as many surfaces as frames rendered at once.
    private let canvases = Mutex<[PooledCanvas]>([])
    /// Pictures of `ImageLayer`s, decoded once per renderer and shared by every frame (or why they could not be).
    private let pictures = PictureCache()

    /// A renderer of `pixelWidth` × `pixelHeight` pixels.
    ///
    /// - Parameters:
    ///   - pixelWidth: The frames' width in pixels, within `RGBAFrame`'s limits.
    ///   - pixelHeight: The frames' height in pixels, within `RGBAFrame`'s limits.
    ///   - scale: Pixels per point, > 0 and ≤ 16. Default 1.
    ///   - background: The colour under the layers, or nil (default) for transparent.
    /// - Throws: `RasterError.invalidFrameSize` for a size outside `RGBAFrame`'s limits, `.invalidOption` for a
    ///   bad scale.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, background: Color? = nil) throws(RasterError) {
        try RGBAFrame.validateSize(width: pixelWidth, height: pixelHeight)
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw .invalidOption(name: "scale", value: "\(scale)", reason: "must be > 0 and ≤ 16 (typically 1, 2 or 3)")
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.background = background
    }

    /// A renderer for a canvas of `size` points at `scale`: each side is size × scale pixels, rounded up.
    ///
    /// - Throws: as `init(pixelWidth:pixelHeight:scale:background:)`.
    public convenience init(size: Size, scale: Double = 1, background: Color? = nil) throws(RasterError) {
        let width = size.width * scale
        let height = size.height * scale
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e9, height <= 1e9 else {
            throw .invalidFrameSize(
                width: 0, height: 0, reason: "a canvas of \(size) points at scale \(scale) has no finite positive size")
        }
        try self.init(
            pixelWidth: Int(width.rounded(.up)), pixelHeight: Int(height.rounded(.up)), scale: scale,
            background: background)
    }

    /// The canvas size in points: pixels ÷ scale.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// Renders `root` as it looks at `time` (its presentation tree: `root.presentation(at: time)`).
    ///
    /// - Throws: `RasterError.invalidOption` for a time that is not finite, `.cairo` / `.pango` when a library
    ///   call fails (out of memory).
    public func render(_ root: Layer, at time: MediaTime) throws(RasterError) -> RGBAFrame {
        try renderWithWarnings(root, at: time).frame
    }

    /// Renders a tree whose animations are already applied (a presentation tree, or a tree without
    /// animations) as it is.
    ///
    /// - Throws: `RasterError.cairo` / `.pango` when a library call fails (out of memory).
    public func render(presentation root: Layer) throws(RasterError) -> RGBAFrame {
        try renderWithWarnings(presentation: root).frame
    }

    /// Renders `root` at `time` and returns the frame with what could not be drawn exactly.
    ///
    /// - Throws: as `render(_:at:)`.
    public func renderWithWarnings(_ root: Layer, at time: MediaTime) throws(RasterError) -> RenderResult {
        guard time.isFinite else {
            throw .invalidOption(name: "time", value: "\(time)", reason: "must be a finite number of seconds")
        }
        return try renderWithWarnings(presentation: root.presentation(at: time))
    }

    /// Renders a presentation tree and returns the frame with what could not be drawn exactly.
    ///
    /// - Throws: as `render(presentation:)`.
    public func renderWithWarnings(presentation root: Layer) throws(RasterError) -> RenderResult {
        let canvas: PooledCanvas
        if let pooled = canvases.withLock({ $0.popLast() }) {
            canvas = pooled
        } else {
            canvas = PooledCanvas(
                surface: try CairoSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale))
        }
        let surface = canvas.surface
        surface.clear(to: background ?? .clear)
        let painter = try LayerPainter(scale: scale, pictures: pictures)
        // When drawing fails the canvas is dropped, not put back.
        let context = try CairoContext(surface: surface)
        try painter.draw(root, in: context)
        try context.checkStatus()
        let frame = surface.snapshot()
        canvases.withLock { $0.append(canvas) }
        let warnings = painter.distinctWarnings
        if !warnings.isEmpty {
            collectedWarnings.withLock { all in
                for warning in warnings where !all.contains(warning) { all.append(warning) }
            }
        }
        return RenderResult(frame: frame, warnings: warnings)
    }

    /// Every distinct warning of every frame this renderer has drawn so far, in the order first seen. Useful
    /// after rendering a sequence with `render(_:at:)` (e.g. the CLI prints them once).
    public var warnings: [RenderWarning] { collectedWarnings.withLock { $0 } }
}

/// A canvas surface waiting in `LayerRenderer`'s pool. Unchecked `Sendable`: a surface is either in the pool or
/// used by the one render call that took it out, never both.
private final class PooledCanvas: @unchecked Sendable {
    let surface: CairoSurface

    init(surface: CairoSurface) {
        self.surface = surface
    }
}

/// A rendered frame and what could not be drawn exactly in it.
public struct RenderResult: Sendable {
    /// The premultiplied RGBA pixels.
    public var frame: RGBAFrame
    /// Distinct warnings, in the order they occurred while drawing (back to front); empty when everything was
    /// drawn exactly.
    public var warnings: [RenderWarning]
}
