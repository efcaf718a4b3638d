import KineticCore
import KineticLayers

/// The content of the three content layers: a gradient filling the bounds, text from the top of the bounds, a
/// path filled then stroked.
extension LayerPainter {
    /// How many drawing operations the layer's content takes (0 when it draws nothing).
    func contentPartCount(of layer: Layer) -> Int {
        switch layer {
        case let gradient as GradientLayer:
            return gradient.colors.isEmpty || gradient.bounds.isEmpty ? 0 : 1
        case let text as TextLayer:
            return text.string.isEmpty || text.foregroundColor.alpha <= 0 ? 0 : 1
        case let image as ImageLayer:
            return image.imagePath == nil || image.bounds.isEmpty ? 0 : 1
        case let shape as ShapeLayer:
            guard !shape.path.isEmpty else { return 0 }
            let fills = (shape.fillColor?.alpha ?? 0) > 0 ? 1 : 0
            let strokes = (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0 ? 1 : 0
            return fills + strokes
        default:
            return 0
        }
    }

    func drawContent(of layer: Layer, in context: CairoContext, alpha: Double) throws(RasterError) {
        switch layer {
        case let gradient as GradientLayer: try drawGradient(gradient, in: context, alpha: alpha)
        case let text as TextLayer: try drawText(text, in: context, alpha: alpha)
        case let shape as ShapeLayer: drawShape(shape, in: context, alpha: alpha)
        case let image as ImageLayer: try drawImage(image, in: context, alpha: alpha)
        default: break
        }
    }

    // MARK: Pictures

    /// Draws the picture in the bounds as `contentsGravity` says, clipped to the bounds, filtered bilinearly.
    private func drawImage(_ layer: ImageLayer, in context: CairoContext, alpha: Double) throws(RasterError) {
        guard let path = layer.imagePath else { return }
        let picture: RGBAFrame
        switch pictures.picture(at: path) {
        case .success(let frame): picture = frame
        case .failure(let error):
            warn(.unreadableImage, layer, "\(error); the picture was not drawn")
            return
        }
        let bounds = layer.bounds.standardized
        let target = ImageLayer.placement(
            of: Size(width: Double(picture.width), height: Double(picture.height)), in: bounds,
            gravity: layer.contentsGravity)
        guard target.size.width > 0, target.size.height > 0 else { return }
        let pattern = try CairoPattern(surface: CairoSurface(frame: picture))
        // Edge pixels extend outwards (as Core Animation samples a picture), so scaling does not fade its border
        // into transparency; the clip keeps them from showing beyond the picture and the bounds.
        pattern.extend = .pad
        context.save()
        defer { context.restore() }
        context.beginPath()
        context.addRect(bounds)
        context.clip()
        context.beginPath()
        context.addRect(target)
        context.clip()
        context.translate(x: target.minX, y: target.minY)
        context.scale(x: target.size.width / Double(picture.width), y: target.size.height / Double(picture.height))
        context.setSource(pattern)
        context.paint(alpha: alpha)
    }

    // MARK: Gradients

    /// Fills the bounds with the gradient: axial along start → end (unit coordinates of the bounds), radial on
    /// the ellipse centred on the start point with radii |end − start| (scaled by the bounds), padded beyond
    /// the ends, stops interpolated premultiplied in sRGB.
    private func drawGradient(_ layer: GradientLayer, in context: CairoContext, alpha: Double) throws(RasterError) {
        let stops = layer.resolvedStops
        let bounds = layer.bounds.standardized
        guard let last = stops.last, !bounds.isEmpty else { return }
        func unit(_ p: Point) -> Point {
            Point(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height)
        }
        let start = unit(layer.startPoint)
        let end = unit(layer.endPoint)
        var pattern: CairoPattern?
        if stops.count > 1, Self.isFinite(start), Self.isFinite(end) {
            switch layer.kind {
            case .axial:
                if start != end {
                    pattern = try CairoPattern(linearFrom: start, to: end)
                } else {
                    warn(
                        .degenerateGradient, layer,
                        "the axial gradient's start and end points are equal (\(layer.startPoint)); drawn as its last "
                            + "colour")
                }
            case .radial:
                let radiusX = abs(end.x - start.x)
                let radiusY = abs(end.y - start.y)
                if radiusX > 0, radiusY > 0 {
                    let radial = try CairoPattern(radialFrom: .zero, radius: 0, to: .zero, radius: 1)
                    // User space → the unit circle: move the centre to the origin, then divide by the radii.
                    radial.transform = AffineTransform.translation(x: -start.x, y: -start.y)
                        .concatenating(.scale(x: 1 / radiusX, y: 1 / radiusY))
                    pattern = radial
                } else {
                    warn(
                        .degenerateGradient, layer,
                        "the radial gradient has a zero radius (start \(layer.startPoint), end \(layer.endPoint)); "
                            + "drawn as its last colour")
                }
            }
        }
        context.save()
        defer { context.restore() }
        context.beginPath()
        context.addRect(bounds)
        context.clip()
        if let pattern {
            for stop in stops { pattern.addColorStop(at: stop.location, color: stop.color) }
            pattern.extend = .pad
            context.setSource(pattern)
            context.paint(alpha: alpha)
        } else {
            context.setSource(last.color.withAlpha(last.color.alpha * alpha))
            context.paint()
        }
    }

    // MARK: Text

    /// Draws the string from the top-left of the bounds, laid out by `ParagraphLayout` in the bounds' width
    /// (the last line that fits the bounds' height is the one truncated), and reports font substitutions. A string
    /// longer than `TextLengthLimit.maximumCharacters` is not drawn (a warning says so).
    private func drawText(_ layer: TextLayer, in context: CairoContext, alpha: Double) throws(RasterError) {
        guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 else { return }
        let font = layer.font
        guard font.size.isFinite, font.size > 0 else {
            warn(
                .invalidFontSize, layer, "font size \(font.size) is not a number of points > 0; the text was not drawn")
            return
        }
        if let length = TextLengthLimit.excessLength(of: layer.string) {
            warn(
                .textTooLong, layer,
                "the text is \(TextLengthLimit.grouped(length)) characters long, more than the "
                    + "\(TextLengthLimit.grouped(TextLengthLimit.maximumCharacters)) that can be laid out; it was not "
                    + "drawn")
            return
        }
        guard let paragraph = try paragraph(for: layer) else { return }
        let bounds = layer.bounds.standardized
        checkFonts(of: layer, paragraph.layout)
        // Glyph outlines filled as paths: Cairo 1.16 snaps glyph images to whole pixels, which spaces small text
        // unevenly and makes moving text jitter; outlines land exactly where Pango put them (unhinted, like Core
        // Text).
        context.save()
        context.beginPath()
        paragraph.layout.addPath(in: context, at: Point(x: bounds.minX + paragraph.xOffset, y: bounds.minY))
        context.fillRule = .winding
        context.setSource(layer.foregroundColor.withAlpha(layer.foregroundColor.alpha * alpha))
        context.fill()
        context.restore()
    }

    /// Warns about requested families that are not installed (naming the family used), characters that came
    /// from a family outside the list, characters no font has, and mirrored alignment.
    private func checkFonts(of layer: TextLayer, _ layout: PangoTextLayout) {
        let installed = TextContext.installedFamilies
        let requested = layer.font.families
        let generic: Set<String> = [
            "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
        ]
        let known = Set(requested.map { $0.lowercased() })
        let usage = layout.fontUsage()
        let used = usage.runs.map(\.family).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let usedList = used.map { "'\($0)'" }.joined(separator: ", ")
        let missingFamilies = requested.filter {
            !installed.contains($0.lowercased()) && !generic.contains($0.lowercased())
        }
        if requested.isEmpty {
            warn(.fontNotInstalled, layer, "no font family was named; the text was drawn with \(usedList)")
        }
        for family in missingFamilies {
            warn(
                .fontNotInstalled, layer,
                "font family '\(family)' is not installed; the text was drawn with \(usedList)")
        }
        let requestedOnly = known.subtracting(generic)
        let outside = usage.runs.filter {
            !requestedOnly.contains($0.family.lowercased()) && !$0.text.allSatisfy(\.isWhitespace)
        }
        if !requestedOnly.isEmpty, missingFamilies.count < requestedOnly.count {
            for run in outside {
                warn(
                    .fontFallback, layer,
                    "'\(Self.excerpt(run.text))' is in none of the families \(requested) and was drawn with "
                        + "'\(run.family)'"
                        + (run.family.lowercased().contains("emoji")
                            ? " (glyphs are drawn as outlines, so a colour emoji shows as a silhouette in the text "
                                + "colour)" : ""))
            }
        }
        if !usage.missing.isEmpty {
            let codes = usage.missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            warn(
                .missingGlyphs, layer,
                "no installed font has \(codes.joined(separator: ", ")); drawn as boxes showing the code points")
        }
        if layer.alignment == .left || layer.alignment == .right, layout.isRightToLeft {
            warn(
                .mirroredAlignment, layer,
                "\(layer.alignment) alignment of right-to-left text is mirrored by Pango: it was drawn at the other edge"
            )
        }
    }

    private static func excerpt(_ text: String) -> String {
        text.count <= 24 ? text : String(text.prefix(23)) + "…"
    }

    // MARK: Shapes

    /// Fills then strokes the path in the layer's coordinates; `strokeStart`/`strokeEnd` cut the stroke at
    /// fractions of the path's length (the fill is whole), dashes staying where they are on the whole path.
    private func drawShape(_ layer: ShapeLayer, in context: CairoContext, alpha: Double) {
        let path = layer.path
        guard !path.isEmpty else { return }
        guard let box = path.controlPointBounds, Self.isFinite(box) else {
            warn(.nonFinitePath, layer, "the path has a point that is not finite; the shape was not drawn")
            return
        }
        context.save()
        defer { context.restore() }
        if let fill = layer.fillColor, fill.alpha > 0 {
            context.beginPath()
            add(path.elements, to: context)
            context.fillRule = layer.fillRule == .evenOdd ? .evenOdd : .winding
            context.setSource(fill.withAlpha(fill.alpha * alpha))
            context.fill()
        }
        guard let stroke = layer.strokeColor, stroke.alpha > 0, layer.lineWidth > 0, layer.lineWidth.isFinite else {
            return
        }
        context.lineWidth = layer.lineWidth
        switch layer.lineCap {
        case .butt: context.lineCap = .butt
        case .round: context.lineCap = .round
        case .square: context.lineCap = .square
        }
        switch layer.lineJoin {
        case .miter: context.lineJoin = .miter
        case .round: context.lineJoin = .round
        case .bevel: context.lineJoin = .bevel
        }
        context.miterLimit = layer.miterLimit.isFinite ? layer.miterLimit : 10
        context.setSource(stroke.withAlpha(stroke.alpha * alpha))
        let dashes = validDashes(of: layer)
        let start = layer.strokeStart.isNaN ? 0 : layer.strokeStart
        let end = layer.strokeEnd.isNaN ? 1 : layer.strokeEnd
        guard start > 0 || end < 1 else {
            context.setDash(dashes)
            context.beginPath()
            add(path.elements, to: context)
            context.stroke()
            return
        }
        for piece in StrokeTrim.pieces(of: PathMeasure(path), from: start, to: end) {
            context.setDash(dashes, phase: dashes.isEmpty ? 0 : piece.dashOffset)
            context.beginPath()
            add(piece.elements, to: context)
            context.stroke()
        }
    }

    /// The layer's dash pattern, or empty (solid) with a warning when Cairo would refuse it.
    private func validDashes(of layer: ShapeLayer) -> [Double] {
        let dashes = layer.lineDashPattern
        guard !dashes.isEmpty else { return [] }
        guard dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 }) else {
            warn(
                .invalidDashPattern, layer,
                "dash pattern \(dashes) needs lengths ≥ 0, not all zero; the stroke was drawn solid")
            return []
        }
        return dashes
    }

    private func add(_ elements: [Path.Element], to context: CairoContext) {
        var hasPoint = false
        for element in elements {
            switch element {
            case .move(let p):
                context.move(to: p)
                hasPoint = true
            case .line(let p):
                if !hasPoint { context.move(to: .zero) }
                context.addLine(to: p)
                hasPoint = true
            case .cubic(let p, let c1, let c2):
                if !hasPoint { context.move(to: .zero) }
                context.addCurve(to: p, control1: c1, control2: c2)
                hasPoint = true
            case .close:
                context.closePath()
            }
        }
    }

    static func isFinite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
}
