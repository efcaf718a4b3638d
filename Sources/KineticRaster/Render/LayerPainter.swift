import KineticCore
import KineticLayers

/// Draws one presentation tree into a Cairo context: the per-frame state of `LayerRenderer` (its Pango context
/// and the warnings so far). Used on one thread.
///
/// Each layer is drawn in its superlayer's coordinates with Core Animation's order: shadow, background, content
/// (gradient, text or shape), sublayers, border; `masksToBounds` clips content, sublayers and shadow; `mask`
/// masks the whole; `opacity` fades the whole. A layer whose whole is one drawing operation takes its opacity in
/// that operation; otherwise it is drawn into a group (an offscreen surface) that is then painted faded.
final class LayerPainter {
    /// Pixels per point.
    let scale: Double
    /// Pango context for this frame's text (one per thread).
    let textContext: TextContext
    /// Warnings in the order they occurred, possibly repeated.
    private(set) var warnings: [RenderWarning] = []
    /// `paintBounds(of:)` of each layer drawn so far this frame.
    var boundsCache: [ObjectIdentifier: Rect?] = [:]
    /// Each text layer's paragraph, laid out once this frame.
    var paragraphCache: [ObjectIdentifier: ParagraphLayout] = [:]

    /// A transform whose determinant is smaller than this (in square points) draws nothing visible: the layer is
    /// squashed flat (Core Animation draws nothing either), and Cairo would refuse the matrix.
    static let degenerateDeterminant = 1e-12

    /// The decoded pictures of image layers, shared with the other frames.
    let pictures: PictureCache

    init(scale: Double, pictures: PictureCache = PictureCache()) throws(RasterError) {
        self.scale = scale
        self.pictures = pictures
        textContext = try TextContext()
    }

    /// The warnings without repeats, in the order first seen.
    var distinctWarnings: [RenderWarning] {
        var seen = Set<RenderWarning>()
        return warnings.filter { seen.insert($0).inserted }
    }

    func warn(_ kind: RenderWarning.Kind, _ layer: Layer, _ message: String) {
        warnings.append(
            RenderWarning(kind: kind, layer: layer.name ?? String(describing: type(of: layer)), message: message))
    }

    // MARK: The tree

    /// Draws `layer` and its sublayers in `context`, whose current transform is the superlayer's coordinates.
    /// `inheritedAlpha` is a superlayer's opacity folded into this layer (when this layer is all it draws).
    func draw(_ layer: Layer, in context: CairoContext, inheritedAlpha: Double = 1) throws(RasterError) {
        guard !layer.isHidden else { return }
        guard layer.opacity.isFinite else {
            warn(.nonFiniteGeometry, layer, "opacity is \(layer.opacity); the layer was not drawn")
            return
        }
        let opacity = min(max(layer.opacity, 0), 1) * inheritedAlpha
        guard opacity > 0 else { return }
        let local = layer.transformToSuperlayer
        guard Self.isFinite(local), Self.isFinite(layer.bounds) else {
            warn(
                .nonFiniteGeometry, layer,
                "geometry is not finite (bounds \(layer.bounds), position \(layer.position), anchor point "
                    + "\(layer.anchorPoint), transform \(layer.transform)); the layer and its sublayers were not drawn")
            return
        }
        guard abs(local.concatenating(context.transform).determinant) > Self.degenerateDeterminant else { return }
        context.save()
        defer { context.restore() }
        context.concatenate(local)
        // Nothing of the layer can show outside the clip; skip the work (and the groups) when it is empty.
        guard context.clipBounds != nil else { return }

        let shadow = Shadow(layer)
        let parts = drawingParts(of: layer)
        guard parts.count > 0 || shadow != nil else { return }
        let needsGroup = layer.mask != nil || (opacity < 1 && (parts.count > 1 || shadow != nil))
        let alpha = needsGroup ? 1 : opacity
        if needsGroup || shadow != nil {
            // Offscreen surfaces are as large as the clip: bring it down to what the layer can paint.
            guard let paint = paintBounds(of: layer) else { return }
            clip(toPixelsAround: paint, in: context)
        }
        if needsGroup { context.pushGroup() }
        if let shadow {
            try drawWithShadow(layer, shadow, in: context, alpha: alpha)
        } else {
            try drawComposite(layer, in: context, alpha: alpha, soleSublayer: parts.soleSublayer)
        }
        if let mask = layer.mask { try apply(mask: mask, in: context) }
        if needsGroup {
            context.popGroupToSource()
            context.paint(alpha: opacity)
        }
    }

    /// What a layer draws, counted to decide whether its opacity needs a group.
    struct DrawingParts {
        var count = 0
        /// The one visible sublayer when it is the only thing the layer draws (it can take the opacity itself).
        var soleSublayer: Layer?
    }

    func drawingParts(of layer: Layer) -> DrawingParts {
        var count = 0
        if let background = layer.backgroundColor, background.alpha > 0 { count += 1 }
        if layer.borderWidth > 0, layer.borderColor.alpha > 0 { count += 1 }
        count += contentPartCount(of: layer)
        let visible = layer.sublayers.filter { !$0.isHidden && $0.opacity > 0 }
        if count == 0, visible.count == 1 { return DrawingParts(count: 1, soleSublayer: visible[0]) }
        // Two sublayers may overlap, and a sublayer may itself draw several parts: count each as two.
        return DrawingParts(count: count + 2 * visible.count, soleSublayer: nil)
    }

    /// Background, clipped content and sublayers, then the border, in the layer's coordinates.
    func drawComposite(_ layer: Layer, in context: CairoContext, alpha: Double, soleSublayer: Layer?)
        throws(RasterError)
    {
        let bounds = layer.bounds.standardized
        if let background = layer.backgroundColor, background.alpha > 0, !bounds.isEmpty {
            context.beginPath()
            context.addRoundedRect(bounds, cornerRadius: layer.cornerRadius)
            context.setSource(background.withAlpha(background.alpha * alpha))
            context.fill()
        }
        context.save()
        if layer.masksToBounds {
            context.beginPath()
            context.addRoundedRect(bounds, cornerRadius: layer.cornerRadius)
            context.clip()
        }
        if context.clipBounds != nil {
            try drawContent(of: layer, in: context, alpha: alpha)
            for sublayer in layer.sublayers {
                try draw(sublayer, in: context, inheritedAlpha: sublayer === soleSublayer ? alpha : 1)
            }
        }
        context.restore()
        drawBorder(of: layer, in: context, alpha: alpha)
    }

    /// The border: the band between the rounded bounds and the bounds inset by the border width, whose corner
    /// radius is reduced by the width, as Core Animation draws it.
    private func drawBorder(of layer: Layer, in context: CairoContext, alpha: Double) {
        let width = layer.borderWidth
        let color = layer.borderColor
        let bounds = layer.bounds.standardized
        guard width > 0, width.isFinite, color.alpha > 0, !bounds.isEmpty else { return }
        context.save()
        context.beginPath()
        context.fillRule = .evenOdd
        context.addRoundedRect(bounds, cornerRadius: layer.cornerRadius)
        let inner = bounds.insetBy(dx: width, dy: width)
        if inner.size.width > 0, inner.size.height > 0 {
            context.addRoundedRect(inner, cornerRadius: max(0, layer.cornerRadius - width))
        }
        context.setSource(color.withAlpha(color.alpha * alpha))
        context.fill()
        context.restore()
    }

    /// Keeps what is drawn in the current group only where `mask` (drawn in the layer's coordinates) has alpha.
    private func apply(mask: Layer, in context: CairoContext) throws(RasterError) {
        context.pushGroup()
        try draw(mask, in: context)
        let pattern = try context.popGroup()
        context.save()
        context.compositingOperator = .destinationIn
        context.setSource(pattern)
        context.paint()
        context.restore()
    }

    static func isFinite(_ t: AffineTransform) -> Bool {
        t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    static func isFinite(_ r: Rect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }
}
