import KineticCore
import KineticLayers

/// Where a layer can paint, so groups and shadow surfaces cover that area instead of the whole canvas (a group is
/// an offscreen surface as large as the clip: at 1920 × 1080 a masked label would otherwise cost three full-canvas
/// passes).
extension LayerPainter {
    /// A rectangle in the layer's own coordinates containing everything the layer and its sublayers paint —
    /// background, border, content (text by its ink), sublayers, shadow — after `masksToBounds` and `mask`;
    /// nil when it paints nothing. Conservative: strokes count their widest miter, shadows three standard
    /// deviations plus 2 points.
    func paintBounds(of layer: Layer) -> Rect? {
        let key = ObjectIdentifier(layer)
        if let cached = boundsCache[key] { return cached }
        let result = computePaintBounds(of: layer)
        boundsCache[key] = result
        return result
    }

    private func computePaintBounds(of layer: Layer) -> Rect? {
        guard !layer.isHidden, layer.opacity.isFinite, layer.opacity > 0, Self.isFinite(layer.bounds) else {
            return nil
        }
        let bounds = layer.bounds.standardized
        var box: Rect?
        func add(_ rect: Rect?) {
            guard let rect, Self.isFinite(rect) else { return }
            box = box.map { $0.union(rect) } ?? rect
        }
        if let background = layer.backgroundColor, background.alpha > 0 { add(bounds) }
        if layer.borderWidth > 0, layer.borderColor.alpha > 0 { add(bounds) }
        add(contentBounds(of: layer))
        for sublayer in layer.sublayers {
            let transform = sublayer.transformToSuperlayer
            guard Self.isFinite(transform), let sub = paintBounds(of: sublayer) else { continue }
            add(sub.applying(transform))
        }
        if let content = box, let shadow = Shadow(layer) {
            let spread = 3 * shadow.radius * LayerRenderer.shadowSigmaPerRadius + 2
            add(content.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -spread, dy: -spread))
        }
        if layer.masksToBounds { box = box.flatMap { $0.intersection(bounds) } }
        if let mask = layer.mask {
            let transform = mask.transformToSuperlayer
            guard Self.isFinite(transform), let masked = paintBounds(of: mask) else { return nil }
            box = box.flatMap { $0.intersection(masked.applying(transform)) }
        }
        return box
    }

    /// Where the content (gradient, text, shape) paints, in the layer's coordinates.
    private func contentBounds(of layer: Layer) -> Rect? {
        guard contentPartCount(of: layer) > 0 else { return nil }
        switch layer {
        case let text as TextLayer:
            guard let paragraph = try? paragraph(for: text) else { return nil }
            let ink = paragraph.layout.inkBounds
            let bounds = text.bounds.standardized
            return ink.offsetBy(dx: bounds.minX + paragraph.xOffset, dy: bounds.minY).insetBy(dx: -1, dy: -1)
        case let shape as ShapeLayer:
            guard let box = shape.path.controlPointBounds else { return nil }
            let strokes = (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0
            // A miter reaches miterLimit × half the width from the path; a square cap √2 × half the width.
            let reach = strokes ? max(shape.miterLimit, 2.squareRoot()) * shape.lineWidth / 2 + 1 : 1
            return box.insetBy(dx: -reach, dy: -reach)
        default:
            return layer.bounds.standardized
        }
    }

    /// The text layer's paragraph, laid out once per frame (bounds and drawing share it); nil for a font size
    /// that is not > 0 or a string longer than `TextLengthLimit.maximumCharacters`.
    func paragraph(for layer: TextLayer) throws(RasterError) -> ParagraphLayout? {
        let key = ObjectIdentifier(layer)
        if let cached = paragraphCache[key] { return cached }
        guard layer.font.size.isFinite, layer.font.size > 0, TextLengthLimit.excessLength(of: layer.string) == nil
        else { return nil }
        let bounds = layer.bounds.standardized
        var style = layer.paragraphStyle
        style.width = bounds.width
        let paragraph = try ParagraphLayout(
            context: textContext, string: layer.string, font: layer.font, style: style, maximumHeight: bounds.height)
        paragraphCache[key] = paragraph
        return paragraph
    }

    /// Intersects the clip with `rect` (in the current user space) grown to whole canvas pixels plus a margin of
    /// 2 pixels, so the clip's edge is pixel-aligned and never touches anti-aliased content.
    func clip(toPixelsAround rect: Rect, in context: CairoContext) {
        let device = rect.applying(context.transform.concatenating(.scale(x: scale, y: scale)))
        guard Self.isFinite(device) else { return }
        let minX = (device.minX - 2).rounded(.down)
        let minY = (device.minY - 2).rounded(.down)
        let maxX = (device.maxX + 2).rounded(.up)
        let maxY = (device.maxY + 2).rounded(.up)
        let saved = context.transform
        context.transform = .identity
        context.beginPath()
        context.addRect(
            Rect(x: minX / scale, y: minY / scale, width: (maxX - minX) / scale, height: (maxY - minY) / scale))
        context.clip()
        context.transform = saved
    }
}
