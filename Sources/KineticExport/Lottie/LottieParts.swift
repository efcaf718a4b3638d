import KineticCore
import KineticLayers

/// One Lottie layer of what a Kinetic layer draws itself: shape groups (background, shape, gradient, border),
/// or its text (a precomposition of glyphs).
struct LottiePart {
    enum Kind {
        /// Shape items, back to front.
        case shapes([JSONValue])
        /// A text precomposition asset and its size.
        case text(asset: String, size: Size, string: String)
    }

    var kind: Kind
    /// Where the layer's own origin is in the part's space (the text asset's offset; zero for shapes).
    var origin: Point

    /// The Lottie layer, without transform or parent.
    func layer(index: Int, builder: LottieBuilder, name: String) -> LottieLayerJSON {
        switch kind {
        case .shapes(let items):
            var layer = LottieLayerJSON(
                index: index, kind: .shape, name: name, transform: LottieLayerJSON.placement())
            layer.contents = [("shapes", .array(items.reversed()))]
            return layer
        case .text(let asset, let size, let string):
            var layer = LottieLayerJSON(
                index: index, kind: .precomposition, name: string, transform: LottieLayerJSON.placement())
            // A precomposition's frame is whole points.
            layer.contents = [
                ("refId", .string(asset)), ("w", .number(size.width.rounded(.up))),
                ("h", .number(size.height.rounded(.up))),
            ]
            return layer
        }
    }
}

/// The parts of one layer: its background, content and border as Lottie shape groups (or a text part), with
/// every property from the layer's timeline.
struct LottieParts {
    let builder: LottieBuilder
    let layer: Layer
    let timeline: LayerTimeline
    let readings: LayerReadings

    init(builder: LottieBuilder, layer: Layer, timeline: LayerTimeline) {
        self.builder = builder
        self.layer = layer
        self.timeline = timeline
        readings = LayerReadings(tolerance: builder.options.tolerance)
    }

    private func animated(_ properties: LayerProperty...) -> Bool {
        layer.animationRecords.contains { record in record.property.map(properties.contains) ?? true }
    }

    /// True when the content can paint outside the (rounded) bounds: a shape's path, text, or a gradient in
    /// bounds with rounded corners.
    var contentMayOverflow: Bool {
        layer is ShapeLayer || layer is TextLayer
            || (layer is GradientLayer && (layer.cornerRadius > 0 || animated(.cornerRadius)))
    }

    /// True when the layer's own content is more than one drawing (a fill and a stroke).
    var drawsSeveralThings: Bool {
        guard let shape = layer as? ShapeLayer else { return false }
        return shape.fillColor != nil && shape.strokeColor != nil
    }

    /// Parts drawn before the sublayers: the background and the content (one shape layer when both are shapes).
    func belowSublayers() -> [LottiePart] {
        var shapes: [JSONValue] = []
        if let background = background() { shapes.append(background) }
        var parts: [LottiePart] = []
        switch layer {
        case let shape as ShapeLayer:
            shapes += shapeGroups(shape)
        case let gradient as GradientLayer:
            if let group = gradientGroup(gradient) { shapes.append(group) }
        case let text as TextLayer:
            if !shapes.isEmpty { parts.append(LottiePart(kind: .shapes(shapes), origin: .zero)) }
            shapes = []
            if let part = LottieText(builder: builder).part(for: text) { parts.append(part) }
        default:
            break
        }
        if !shapes.isEmpty { parts.append(LottiePart(kind: .shapes(shapes), origin: .zero)) }
        return parts
    }

    /// Parts drawn after the sublayers: the border.
    func aboveSublayers() -> [LottiePart] {
        guard let border = border() else { return [] }
        return [LottiePart(kind: .shapes([border]), origin: .zero)]
    }

    // MARK: Background and border

    private func group(_ name: String, _ items: [JSONValue], transform: JSONValue? = nil) -> JSONValue {
        .object([
            ("ty", "gr"), ("nm", .string(name)),
            ("it", .array(items + [transform ?? LottieLayerJSON.identityGroupTransform])),
        ])
    }

    private func rect(center: PropertyReading, size: PropertyReading, radius: PropertyReading?) -> JSONValue {
        .object([
            ("ty", "rc"), ("d", 1), ("p", builder.property(center, .vector, timeline)),
            ("s", builder.property(size, .vector, timeline)),
            (
                "r",
                radius.map { builder.property($0, .scalar, timeline) }
                    ?? LottieValues.staticProperty([0], .scalar, precision: 1000)
            ),
        ])
    }

    private func fill(color: PropertyReading, alpha: PropertyReading, evenOdd: Bool) -> JSONValue {
        .object([
            ("ty", "fl"), ("c", builder.property(color, .vector, timeline, precision: 10_000)),
            ("o", builder.property(alpha, .scalar, timeline)), ("r", evenOdd ? 2 : 1),
        ])
    }

    func background() -> JSONValue? {
        guard (layer.backgroundColor?.alpha ?? 0) > 0 || animated(.backgroundColor) else { return nil }
        let color = readings.color("background.color", .backgroundColor) { $0.backgroundColor }
        let alpha = readings.alpha("background.opacity", .backgroundColor) { $0.backgroundColor }
        return group(
            "background",
            [
                rect(
                    center: readings.boundsCenter, size: readings.boundsSize(insetByBorder: false),
                    radius: readings.cornerRadius(insetByBorder: false)),
                fill(color: color, alpha: alpha, evenOdd: false),
            ])
    }

    func border() -> JSONValue? {
        guard (layer.borderWidth > 0 && layer.borderColor.alpha > 0) || animated(.borderWidth, .borderColor) else {
            return nil
        }
        let color = readings.color("border.color", .borderColor) { $0.borderColor }
        let alpha = readings.alpha("border.opacity", .borderColor) { $0.borderColor }
        var items = [
            rect(
                center: readings.boundsCenter, size: readings.boundsSize(insetByBorder: false),
                radius: readings.cornerRadius(insetByBorder: false))
        ]
        let inner = readings.boundsSize(insetByBorder: true)
        if timeline.isAnimated(inner) || timeline.modelValue(inner).allSatisfy({ $0 > 0 }) {
            items.append(
                rect(center: readings.boundsCenter, size: inner, radius: readings.cornerRadius(insetByBorder: true)))
        }
        items.append(fill(color: color, alpha: alpha, evenOdd: true))
        return group("border", items)
    }

    // MARK: Shapes

    /// The fill group, then the stroke group (drawn over it), back to front.
    func shapeGroups(_ shape: ShapeLayer) -> [JSONValue] {
        let contours = LottieShape.contours(of: shape.path)
        guard !contours.isEmpty else { return [] }
        let paths: [JSONValue] = contours.map { contour in
            .object([
                ("ty", "sh"), ("d", 1),
                ("ks", LottieValues.staticProperty(contour.flat, .shape(closed: contour.closed), precision: 1000)),
            ])
        }
        var result: [JSONValue] = []
        if (shape.fillColor?.alpha ?? 0) > 0 || animated(.fillColor) {
            let color = readings.color("fill.color", .fillColor) { ($0 as? ShapeLayer)?.fillColor }
            let alpha = readings.alpha("fill.opacity", .fillColor) { ($0 as? ShapeLayer)?.fillColor }
            result.append(
                group("fill", paths + [fill(color: color, alpha: alpha, evenOdd: shape.fillRule == .evenOdd)]))
        }
        if ((shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0) || animated(.strokeColor, .lineWidth) {
            result.append(group("stroke", paths + strokeItems(shape)))
        }
        return result
    }

    private func strokeItems(_ shape: ShapeLayer) -> [JSONValue] {
        var items: [JSONValue] = []
        let trimmed = shape.strokeStart != 0 || shape.strokeEnd != 1 || animated(.strokeStart, .strokeEnd)
        if trimmed {
            let start = PropertyReading(
                name: "trim.start", dependencies: [.strokeStart], tolerance: [100 * builder.options.tolerance.opacity]
            ) { layer in [100 * min(max((layer as? ShapeLayer)?.strokeStart ?? 0, 0), 1)] }
            let end = PropertyReading(
                name: "trim.end", dependencies: [.strokeEnd], tolerance: [100 * builder.options.tolerance.opacity]
            ) { layer in [100 * min(max((layer as? ShapeLayer)?.strokeEnd ?? 1, 0), 1)] }
            items.append(
                .object([
                    ("ty", "tm"), ("s", builder.property(start, .scalar, timeline)),
                    ("e", builder.property(end, .scalar, timeline)),
                    ("o", LottieValues.staticProperty([0], .scalar, precision: 1000)), ("m", 2),
                ]))
        }
        let color = readings.color("stroke.color", .strokeColor) { ($0 as? ShapeLayer)?.strokeColor }
        let alpha = readings.alpha("stroke.opacity", .strokeColor) { ($0 as? ShapeLayer)?.strokeColor }
        let width = PropertyReading(
            name: "stroke.width", dependencies: [.lineWidth], tolerance: [builder.options.tolerance.distance]
        ) { layer in [max(0, (layer as? ShapeLayer)?.lineWidth ?? 0)] }
        var stroke: [(String, JSONValue)] = [
            ("ty", "st"), ("c", builder.property(color, .vector, timeline, precision: 10_000)),
            ("o", builder.property(alpha, .scalar, timeline)), ("w", builder.property(width, .scalar, timeline)),
            ("lc", .number(Double(Self.lineCap(shape.lineCap)))),
            ("lj", .number(Double(Self.lineJoin(shape.lineJoin)))),
            ("ml", .number(LottieValues.round(shape.miterLimit.isFinite ? shape.miterLimit : 10, 1000))),
        ]
        let dashes = shape.lineDashPattern
        if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 }) {
            // Cairo repeats an odd pattern to make on/off pairs; Lottie needs the pairs written.
            let pattern = dashes.count % 2 == 1 ? dashes + dashes : dashes
            var entries: [JSONValue] = []
            for (index, length) in pattern.enumerated() {
                entries.append(
                    .object([
                        ("n", index % 2 == 0 ? "d" : "g"), ("nm", index % 2 == 0 ? "dash" : "gap"),
                        ("v", LottieValues.staticProperty([length], .scalar, precision: 1000)),
                    ]))
            }
            entries.append(
                .object([
                    ("n", "o"), ("nm", "offset"), ("v", LottieValues.staticProperty([0], .scalar, precision: 1000)),
                ]))
            stroke.append(("d", .array(entries)))
            if trimmed {
                builder.warn(
                    layer,
                    "a dashed stroke with strokeStart/strokeEnd: Lottie dashes the trimmed path, Kinetic keeps "
                        + "the dashes where they are on the whole path")
            }
        }
        items.append(.object(stroke))
        return items
    }

    static func lineCap(_ cap: LineCap) -> Int {
        switch cap {
        case .butt: 1
        case .round: 2
        case .square: 3
        }
    }

    static func lineJoin(_ join: LineJoin) -> Int {
        switch join {
        case .miter: 1
        case .round: 2
        case .bevel: 3
        }
    }

    // MARK: Gradients

    /// The bounds filled with the gradient (a radial one in a group scaled into its ellipse).
    func gradientGroup(_ gradient: GradientLayer) -> JSONValue? {
        guard !gradient.colors.isEmpty, !gradient.bounds.isEmpty else { return nil }
        let d = builder.options.tolerance.distance
        let colorsAnimated = animated(.colors)
        let arrangement = GradientStops(model: gradient, colorsAnimated: colorsAnimated)
        let geometry: Set<LayerProperty> = [.startPoint, .endPoint, .bounds]
        func unit(_ layer: Layer, _ p: Point) -> Point {
            let b = layer.bounds.standardized
            return Point(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height)
        }
        let start = { (layer: Layer) -> Point in unit(layer, (layer as? GradientLayer)?.startPoint ?? .zero) }
        let end = { (layer: Layer) -> Point in unit(layer, (layer as? GradientLayer)?.endPoint ?? .zero) }
        // Degenerate geometry draws the last colour, as the renderer does.
        let s0 = start(gradient)
        let e0 = end(gradient)
        let degenerate =
            gradient.resolvedStops.count < 2
            || (gradient.kind == .axial ? s0 == e0 : (abs(e0.x - s0.x) == 0 || abs(e0.y - s0.y) == 0))
        if degenerate && !animated(.startPoint, .endPoint, .bounds) {
            let color = readings.color("gradient.color", .colors) { ($0 as? GradientLayer)?.resolvedStops.last?.color }
            let alpha = readings.alpha("gradient.opacity", .colors) {
                ($0 as? GradientLayer)?.resolvedStops.last?.color
            }
            return group(
                "gradient",
                [
                    rect(center: readings.boundsCenter, size: readings.boundsSize(insetByBorder: false), radius: nil),
                    fill(color: color, alpha: alpha, evenOdd: false),
                ])
        }
        let precision = 10_000.0
        let stops = PropertyReading(
            name: "gradient.stops", dependencies: [.colors, .locations],
            tolerance: Array(repeating: builder.options.tolerance.color, count: arrangement.flat(of: gradient).count)
        ) { layer in
            guard let g = layer as? GradientLayer else { return [] }
            return arrangement.flat(of: g)
        }
        let stopsJSON: JSONValue = .object([
            ("p", .number(Double(arrangement.count))),
            ("k", builder.property(stops, .vector, timeline, precision: precision)),
        ])
        switch gradient.kind {
        case .axial:
            let startReading = PropertyReading(name: "gradient.start", dependencies: geometry, tolerance: [d, d]) {
                let p = start($0)
                return [p.x, p.y]
            }
            let endReading = PropertyReading(name: "gradient.end", dependencies: geometry, tolerance: [d, d]) {
                let p = end($0)
                return [p.x, p.y]
            }
            let fill: JSONValue = .object([
                ("ty", "gf"), ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)), ("r", 1),
                ("s", builder.property(startReading, .vector, timeline)),
                ("e", builder.property(endReading, .vector, timeline)), ("t", 1), ("g", stopsJSON),
            ])
            return group(
                "gradient",
                [
                    rect(center: readings.boundsCenter, size: readings.boundsSize(insetByBorder: false), radius: nil),
                    fill,
                ])
        case .radial:
            // Lottie's radial gradients are circles of radius |e − s|: draw one of radius rx in a group scaled by
            // ry / rx vertically about the centre, with the rectangle pre-scaled to land on the bounds.
            func radii(_ layer: Layer) -> (Double, Double) {
                let s = start(layer)
                let e = end(layer)
                return (max(abs(e.x - s.x), 1e-6), max(abs(e.y - s.y), 1e-6))
            }
            let ratio = PropertyReading(name: "gradient.ellipse", dependencies: geometry, tolerance: [0.01, 0.01]) {
                layer in
                let (rx, ry) = radii(layer)
                return [100, 100 * ry / rx]
            }
            let center = PropertyReading(name: "gradient.center", dependencies: geometry, tolerance: [d, d]) {
                let c = start($0)
                return [c.x, c.y]
            }
            let rectCenter = PropertyReading(name: "gradient.rect.position", dependencies: geometry, tolerance: [d, d])
            { layer in
                let c = start(layer)
                let (rx, ry) = radii(layer)
                let b = layer.bounds.standardized
                return [b.midX, c.y + (b.midY - c.y) * rx / ry]
            }
            let rectSize = PropertyReading(name: "gradient.rect.size", dependencies: geometry, tolerance: [d, d]) {
                layer in
                let (rx, ry) = radii(layer)
                let b = layer.bounds.standardized
                return [b.width, b.height * rx / ry]
            }
            let edge = PropertyReading(name: "gradient.radius", dependencies: geometry, tolerance: [d, d]) { layer in
                let c = start(layer)
                let (rx, _) = radii(layer)
                return [c.x + rx, c.y]
            }
            let centerJSON = builder.property(center, .vector, timeline)
            let fill: JSONValue = .object([
                ("ty", "gf"), ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)), ("r", 1),
                ("s", centerJSON), ("e", builder.property(edge, .vector, timeline)),
                ("t", 2), ("h", LottieValues.staticProperty([0], .scalar, precision: 1000)),
                ("a", LottieValues.staticProperty([0], .scalar, precision: 1000)), ("g", stopsJSON),
            ])
            let box: JSONValue = .object([
                ("ty", "rc"), ("d", 1), ("p", builder.property(rectCenter, .vector, timeline)),
                ("s", builder.property(rectSize, .vector, timeline)),
                ("r", LottieValues.staticProperty([0], .scalar, precision: 1000)),
            ])
            let transform: JSONValue = .object([
                ("ty", "tr"), ("p", centerJSON), ("a", centerJSON),
                ("s", builder.property(ratio, .vector, timeline, precision: 10_000)),
                ("r", LottieValues.staticProperty([0], .scalar, precision: 1000)),
                ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)),
            ])
            return group("gradient", [box, fill], transform: transform)
        }
    }
}
