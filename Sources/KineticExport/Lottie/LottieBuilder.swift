import KineticCore
import KineticLayers

/// Turns a clip's layer tree into Lottie compositions (see ``LottieExporter`` for the mapping).
///
/// Coordinate spaces: every composition's space is a Kinetic layer space moved by an offset. The main
/// composition is the canvas (the root layer's superlayer), offset 0. A precomposition made for a layer L is L's
/// own space moved by (`margin`, `margin`), so that content at negative coordinates is inside its frame; Lottie
/// clips a precomposition to its width and height (2 × `margin`).
final class LottieBuilder {
    let clip: Clip
    let options: LottieExportOptions
    let glyphs: any GlyphOutlining
    /// Composition frames: `clip.duration × framesPerSecond`.
    let outPoint: Double
    /// The offset of a precomposition's space, and half its size, in points.
    let margin: Double
    private(set) var warnings: [Clip.Warning] = []
    private(set) var channels: [ChannelReport] = []
    /// Assets in the order they were made.
    private var assets: [JSONValue] = []
    /// Shared assets (glyphs, texts) by content.
    var sharedAssets: [String: String] = [:]
    private var assetCount = 0
    /// Each layer's plan, made once (making one may add text assets).
    private var plans: [ObjectIdentifier: Plan?] = [:]
    /// When each layer shows, walked down the tree.
    private var visibility = HiddenStretches()

    init(clip: Clip, options: LottieExportOptions, glyphs: any GlyphOutlining) {
        self.clip = clip
        self.options = options
        self.glyphs = glyphs
        // At least one frame: a clip shorter than a frame (--duration 1e-300) shows its first frame, as the pixel
        // formats write one; ip = op would be an animation of no frames, which players refuse or show empty.
        outPoint = max(1, LottieValues.round(clip.duration * options.framesPerSecond, 1000))
        let side = max(clip.size.width, clip.size.height)
        margin = (2 * side + 1024).rounded(.up)
    }

    var framesPerSecond: Double { options.framesPerSecond }
    var duration: Double { clip.duration }

    /// The whole document.
    func build() -> JSONValue {
        let main = LottieComposition()
        if options.includesBackground, let background = clip.background, background.alpha > 0 {
            var solid = LottieLayerJSON(
                index: main.newIndex(), kind: .solid, name: "background",
                transform: LottieLayerJSON.placement())
            solid.transform = Self.setting(
                "o", LottieValues.staticProperty([100 * background.alpha], .scalar, precision: 1000),
                in: solid.transform)
            solid.contents = [
                ("sc", .string(LottieValues.hex(background))), ("sw", .number(clip.size.width)),
                ("sh", .number(clip.size.height)),
            ]
            main.layers.append(solid)
        }
        convert(clip.root, into: main, parent: nil, offset: .zero)
        return .object([
            ("v", "5.7.0"), ("ver", 10000), ("nm", .string(options.name)), ("fr", .number(framesPerSecond)),
            ("ip", 0), ("op", .number(outPoint)), ("w", .number(LottieValues.round(clip.size.width, 1000))),
            ("h", .number(LottieValues.round(clip.size.height, 1000))), ("ddd", 0), ("assets", .array(assets)),
            ("layers", main.json(outPoint: outPoint)),
        ])
    }

    // MARK: Bookkeeping

    func warn(_ layer: Layer, _ message: String) {
        let warning = Clip.Warning(layer: Self.name(of: layer), message: message)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    func record(_ report: ChannelReport?) {
        if let report { channels.append(report) }
    }

    static func name(of layer: Layer) -> String { layer.name ?? String(describing: type(of: layer)) }

    /// Adds a precomposition asset and returns its id.
    func addAsset(prefix: String, layers: LottieComposition) -> String {
        assetCount += 1
        let id = "\(prefix)\(assetCount)"
        assets.append(.object([("id", .string(id)), ("layers", layers.json(outPoint: outPoint))]))
        return id
    }

    /// `object` with member `key` replaced (or appended).
    static func setting(_ key: String, _ value: JSONValue, in object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// A track's property, its report recorded.
    func property(
        _ reading: PropertyReading, _ kind: LottieValueKind, _ timeline: LayerTimeline, precision: Double = 1000
    ) -> JSONValue {
        let (track, report) = timeline.track(reading)
        record(report)
        return LottieValues.property(track, kind, precision: precision, framesPerSecond: framesPerSecond)
    }

    // MARK: The tree

    /// What a layer draws itself and how its opacity can be written.
    struct Plan {
        var timeline: LayerTimeline
        /// Its own parts: before its sublayers and after them (the border).
        var below: [LottiePart]
        var above: [LottiePart]
        /// Drawn in a precomposition of its own.
        var isolated: Bool
    }

    /// Converts `layer` and its sublayers into `composition`, parented to `parent` (a layer index there, nil for
    /// the composition itself), whose space is the layer's superlayer space moved by `offset`. Returns the index
    /// of the Lottie layer that carries `layer`'s transform, or nil when nothing of it shows.
    @discardableResult
    func convert(_ layer: Layer, into composition: LottieComposition, parent: Int?, offset: Point) -> Int? {
        guard let plan = plan(for: layer) else { return nil }
        if plan.isolated {
            return convertIsolated(layer, plan, into: composition, parent: parent, offset: offset)
        }
        let readings = LayerReadings(tolerance: options.tolerance, positionOffset: offset)
        let ownLayers = plan.below.count + plan.above.count
        if layer.sublayers.isEmpty, ownLayers == 1, let part = (plan.below + plan.above).first {
            // One Lottie layer: it takes the layer's transform and opacity.
            var lottie = part.layer(index: composition.newIndex(), builder: self, name: Self.name(of: layer))
            var transformReadings = readings
            transformReadings.anchorOffset = part.origin
            lottie.transform = transform(of: layer, plan.timeline, transformReadings)
            lottie.parent = parent
            composition.layers.append(lottie)
            return lottie.index
        }
        // A null layer carries the transform; parts and sublayers hang from it in the layer's own space.
        let frameIndex = composition.newIndex()
        var frame = LottieLayerJSON(
            index: frameIndex, kind: .null, name: Self.name(of: layer),
            transform: transform(of: layer, plan.timeline, readings))
        frame.parent = parent
        composition.layers.append(frame)
        for part in plan.below {
            var lottie = part.layer(index: composition.newIndex(), builder: self, name: Self.name(of: layer))
            lottie.parent = frameIndex
            lottie.transform = LottieLayerJSON.placement(anchor: part.origin)
            composition.layers.append(lottie)
        }
        for sublayer in layer.sublayers {
            convert(sublayer, into: composition, parent: frameIndex, offset: .zero)
        }
        for part in plan.above {
            var lottie = part.layer(index: composition.newIndex(), builder: self, name: Self.name(of: layer))
            lottie.parent = frameIndex
            lottie.transform = LottieLayerJSON.placement(anchor: part.origin)
            composition.layers.append(lottie)
        }
        return frameIndex
    }

    /// A layer in a precomposition of its own: its parts and sublayers inside, its transform, opacity, clip and
    /// mask on the precomposition layer.
    private func convertIsolated(
        _ layer: Layer, _ plan: Plan, into composition: LottieComposition, parent: Int?, offset: Point
    ) -> Int? {
        let inside = LottieComposition()
        let origin = Point(x: margin, y: margin)
        for part in plan.below {
            var lottie = part.layer(index: inside.newIndex(), builder: self, name: Self.name(of: layer))
            lottie.transform = LottieLayerJSON.placement(anchor: part.origin, position: origin)
            inside.layers.append(lottie)
        }
        for sublayer in layer.sublayers {
            convert(sublayer, into: inside, parent: nil, offset: origin)
        }
        for part in plan.above {
            var lottie = part.layer(index: inside.newIndex(), builder: self, name: Self.name(of: layer))
            lottie.transform = LottieLayerJSON.placement(anchor: part.origin, position: origin)
            inside.layers.append(lottie)
        }
        let id = addAsset(prefix: "layer-", layers: inside)
        var readings = LayerReadings(tolerance: options.tolerance, positionOffset: offset)
        readings.anchorOffset = origin
        var precomposition = LottieLayerJSON(
            index: composition.newIndex(), kind: .precomposition, name: Self.name(of: layer),
            transform: transform(of: layer, plan.timeline, readings))
        precomposition.parent = parent
        precomposition.contents = [
            ("refId", .string(id)), ("w", .number(2 * margin)), ("h", .number(2 * margin)),
        ]
        if layer.masksToBounds {
            let contour = readings.boundsContour(offset: origin)
            precomposition.masks = [
                .object([
                    ("inv", false), ("mode", "a"),
                    ("pt", property(contour, .shape(closed: true), plan.timeline)),
                    ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)),
                    ("x", LottieValues.staticProperty([0], .scalar, precision: 1000)), ("nm", "masksToBounds"),
                ])
            ]
        }
        composition.layers.append(precomposition)
        let index = precomposition.index
        if let mask = layer.mask {
            // The matte source goes directly above its target, in the target's space (parented to it).
            if let source = convertSingle(mask, into: composition, parent: index, offset: origin) {
                if let position = composition.layers.firstIndex(where: { $0.index == source }) {
                    composition.layers[position].isMatteSource = true
                }
                if let position = composition.layers.firstIndex(where: { $0.index == index }) {
                    composition.layers[position].matteSource = source
                }
            }
        }
        return index
    }

    /// Converts `layer` into exactly one Lottie layer (a track matte source must be one layer), wrapping it in a
    /// precomposition when it would make several or carry a matte itself. Returns its index.
    func convertSingle(_ layer: Layer, into composition: LottieComposition, parent: Int?, offset: Point) -> Int? {
        guard let plan = plan(for: layer) else { return nil }
        let single =
            plan.isolated
            ? layer.mask == nil
            : layer.sublayers.isEmpty && plan.below.count + plan.above.count == 1
        if single { return convert(layer, into: composition, parent: parent, offset: offset) }
        let inside = LottieComposition()
        let origin = Point(x: margin, y: margin)
        convert(layer, into: inside, parent: nil, offset: origin)
        let id = addAsset(prefix: "group-", layers: inside)
        var wrapper = LottieLayerJSON(
            index: composition.newIndex(), kind: .precomposition, name: Self.name(of: layer),
            transform: LottieLayerJSON.placement(anchor: origin, position: offset))
        wrapper.parent = parent
        wrapper.contents = [("refId", .string(id)), ("w", .number(2 * margin)), ("h", .number(2 * margin))]
        composition.layers.append(wrapper)
        return wrapper.index
    }

    /// What `layer` draws and whether it needs its own precomposition; nil when it never shows.
    func plan(for layer: Layer) -> Plan? {
        let key = ObjectIdentifier(layer)
        if let known = plans[key] { return known }
        let made = makePlan(for: layer)
        plans[key] = made
        return made
    }

    private func makePlan(for layer: Layer) -> Plan? {
        let timeline = LayerTimeline(
            layer: layer, duration: duration, samplesPerSecond: 2 * framesPerSecond)
        let readings = LayerReadings(tolerance: options.tolerance)
        let opacity = readings.opacity
        let opacityAnimated = timeline.isAnimated(opacity)
        if !opacityAnimated, (timeline.modelValue(opacity).first ?? 0) <= 0 { return nil }
        let opacityTrack = opacityAnimated ? timeline.track(opacity).track : nil
        guard let hidden = visibility.enter(layer, opacity: opacityTrack) else { return nil }
        timeline.hiddenIntervals = hidden
        if let mask = layer.mask, mask.isHidden, !mask.animationRecords.contains(where: { $0.property == .isHidden }) {
            return nil  // a hidden mask masks everything out
        }
        checkUnsupported(layer, timeline)
        let parts = LottieParts(builder: self, layer: layer, timeline: timeline)
        let below = parts.belowSublayers()
        let above = parts.aboveSublayers()
        let partCount = below.count + above.count
        let opacityVaries = opacityAnimated || timeline.modelValue(opacity) != [100]
        let clipsContent = layer.masksToBounds && (!layer.sublayers.isEmpty || parts.contentMayOverflow)
        let isolated =
            layer.mask != nil || clipsContent
            || (opacityVaries && (!layer.sublayers.isEmpty || partCount > 1 || parts.drawsSeveralThings))
        if partCount == 0, layer.sublayers.isEmpty, layer.mask == nil { return nil }
        return Plan(timeline: timeline, below: below, above: above, isolated: isolated)
    }

    /// Warnings for what Lottie cannot show.
    private func checkUnsupported(_ layer: Layer, _ timeline: LayerTimeline) {
        let shadowAnimated = layer.animationRecords.contains {
            [.shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor].contains($0.property)
        }
        if layer.shadowOpacity > 0 || shadowAnimated {
            warn(
                layer,
                "its shadow (a blur of radius \(layer.shadowRadius) pt) has no Lottie form and was left out; draw "
                    + "the shadow as a shape layer to keep it")
        }
        if layer is ImageLayer {
            warn(layer, "pictures are not exported to Lottie; the layer's background and border are")
        }
        if let text = layer as? TextLayer {
            let moving = text.animationRecords.compactMap(\.property).filter {
                [.foregroundColor, .bounds, .lineSpacing].contains($0)
            }
            if !moving.isEmpty {
                warn(
                    layer,
                    "the text is exported as its glyphs at the model values: its animated "
                        + moving.map(\.rawValue).joined(separator: ", ") + " does not move them")
            }
        }
        if layer.animationRecords.contains(where: { $0.property == .masksToBounds }) {
            warn(layer, "masksToBounds is animated; the export clips as the model value says")
        }
    }

    /// The `ks` transform of `layer` from its timeline.
    func transform(of layer: Layer, _ timeline: LayerTimeline, _ readings: LayerReadings) -> JSONValue {
        var members: [(String, JSONValue)] = []
        members.append(("a", property(readings.anchor, .vector, timeline)))
        let (x, xReport) = timeline.track(readings.position(0))
        let (y, yReport) = timeline.track(readings.position(1))
        if x.isConstant && y.isConstant {
            let p = (x.segments.first?.from ?? [0]) + (y.segments.first?.from ?? [0])
            members.append(("p", LottieValues.staticProperty(p, .vector, precision: 1000)))
        } else {
            record(xReport)
            record(yReport)
            members.append(
                (
                    "p",
                    .object([
                        ("s", true),
                        ("x", LottieValues.property(x, .scalar, precision: 1000, framesPerSecond: framesPerSecond)),
                        ("y", LottieValues.property(y, .scalar, precision: 1000, framesPerSecond: framesPerSecond)),
                    ])
                ))
        }
        members.append(("s", property(readings.scale(size: layer.bounds.size), .vector, timeline)))
        members.append(("r", property(readings.rotation, .scalar, timeline)))
        let (skew, skewReport) = timeline.track(readings.skew)
        if !(skew.isConstant && (skew.segments.first?.from.first ?? 0) == 0) {
            record(skewReport)
            members.append(
                ("sk", LottieValues.property(skew, .scalar, precision: 1000, framesPerSecond: framesPerSecond)))
            members.append(("sa", LottieValues.staticProperty([0], .scalar, precision: 1000)))
        }
        members.append(("o", property(readings.opacity, .scalar, timeline)))
        return .object(members)
    }
}
