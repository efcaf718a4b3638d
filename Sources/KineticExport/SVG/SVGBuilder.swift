import KineticCore
import KineticLayers

/// Turns a clip's layer tree into an animated SVG document (see ``SVGExporter`` for the mapping).
final class SVGBuilder {
    let clip: Clip
    let options: SVGExportOptions
    let glyphs: any GlyphOutlining
    let smil: SMILAnimation
    private(set) var warnings: [Clip.Warning] = []
    var channels: [ChannelReport] = []
    private var definitions: [String] = []
    /// Each glyph's `<path>` in `<defs>`: its id and the origin its outline was written at (the first place
    /// it was used), so that a `<use>` there needs no x or y.
    private var glyphDefinitions: [GlyphID: (id: String, origin: Point)] = [:]
    private var idCounts: [String: Int] = [:]
    private var emptyID: String?
    /// Text layers' glyphs, by layer (see `outlines(of:)`).
    private var laidOut: [ObjectIdentifier: GlyphOutlines] = [:]
    /// Where the coordinates of the layer being written sit in the document, while they are only translated.
    private var documentOffset: Point? = .zero
    /// The text paint written on the document (see `commonestTextPaint(in:)`).
    private var defaultPaint = ""
    /// Timelines made so far, by layer.
    private var timelines: [ObjectIdentifier: LayerTimeline] = [:]
    /// The opacity of a layer that needs not switch off while its superlayer's clip keeps it out of sight.
    var openings: [ObjectIdentifier: Track] = [:]
    /// A layer's place in its siblings' shared motion, per axis, replacing its own position there.
    private var places: [ObjectIdentifier: [Int: Track]] = [:]
    /// Definitions written so far, by their text with the id left out.
    private var definedElements: [String: String] = [:]
    /// When each layer shows, walked down the tree.
    var visibility = HiddenStretches()
    /// Extent of a mask's region around its layer, in points.
    let margin: Double
    /// Put before every id this builder writes, so that two builders' elements share a document ("" for the
    /// animation, "r_" for the reduced-motion still: no id of the first has an underscore).
    let idPrefix: String

    /// What a builder writes: the definitions, the body (background included when asked) and the text paint
    /// written on the element that holds the body (an attribute string such as ` fill="#1C1C1E"`, or "").
    struct Parts {
        var definitions: [String]
        var background: String
        var body: String
        var paint: String
    }

    init(clip: Clip, options: SVGExportOptions, glyphs: any GlyphOutlining, idPrefix: String = "") {
        self.idPrefix = idPrefix
        self.clip = clip
        self.options = options
        self.glyphs = glyphs
        smil = SMILAnimation(duration: clip.duration, repeats: options.repeats ?? clip.loops)
        margin = (2 * max(clip.size.width, clip.size.height) + 1024).rounded(.up)
    }

    var duration: Double { clip.duration }
    var tolerance: ExportTolerance { options.tolerance }

    /// The definitions, background and body of the clip.
    func build() -> Parts {
        let w = SVGNumber.format(clip.size.width)
        let h = SVGNumber.format(clip.size.height)
        var background = ""
        if options.includesBackground, let color = clip.background, color.alpha > 0 {
            let dark = options.darkBackground != nil ? " class=\"k-bg\"" : ""
            background +=
                "<rect\(dark) width=\"\(w)\" height=\"\(h)\" fill=\"\(SVGNumber.color([color.red, color.green, color.blue]))\""
            if color.alpha < 1 { background += " fill-opacity=\"\(SVGNumber.format(color.alpha))\"" }
            background += "/>"
        }
        defaultPaint = Self.commonestTextPaint(in: clip.root)
        let body = layer(clip.root)
        return Parts(definitions: definitions, background: background, body: body, paint: defaultPaint)
    }

    // MARK: Bookkeeping

    /// A new id: the prefix says what it names (c a clip, m a mask, p a gradient, e the empty group), each
    /// counted on its own; glyphs are named by `letters(_:)`.
    private func newID(_ prefix: String) -> String {
        let count = (idCounts[prefix] ?? 0) + 1
        idCounts[prefix] = count
        return "\(idPrefix)\(prefix)\(count)"
    }

    /// A glyph's id: letters only ("a" … "z", "ba" …), the shortest names for what a count refers to most; every
    /// other id ends in digits, so they never clash.
    static func letters(_ index: Int) -> String {
        var n = max(index, 0)
        var result = ""
        repeat {
            result = String(UnicodeScalar(UInt8(97 + n % 26))) + result
            n /= 26
        } while n > 0
        return result
    }

    /// The glyphs of `layer`, laid out once (the glyph switch, the clip check and the writing all read them).
    func outlines(of layer: TextLayer) -> GlyphOutlines {
        let key = ObjectIdentifier(layer)
        if let known = laidOut[key] { return known }
        let result = glyphs.glyphOutlines(of: layer)
        for omission in result.omissions { warn(layer, omission) }
        laidOut[key] = result
        return result
    }

    /// Stands for the id in a definition's text until it has one.
    static let placeholder = "\u{1}"

    /// The id of `element` (its text with `placeholder` for its id) in `<defs>`: a new id when no definition
    /// has the same text, else the existing one's (identical clips of a count's columns are written once).
    func define(_ prefix: String, _ element: String) -> String {
        if let known = definedElements[element] { return known }
        let id = newID(prefix)
        definedElements[element] = id
        definitions.append(element.replacing(Self.placeholder, with: id))
        return id
    }

    /// The id of an empty group in `<defs>`, for a `<use>` that shows nothing for a while.
    func emptyDefinition() -> String {
        if let emptyID { return emptyID }
        let id = newID("e")
        definitions.append("<g id=\"\(id)\"/>")
        emptyID = id
        return id
    }

    private func warn(_ layer: Layer, _ message: String) {
        let warning = Clip.Warning(layer: LottieBuilder.name(of: layer), message: message)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// A reading's track, its report kept.
    private func track(_ reading: PropertyReading, _ timeline: LayerTimeline) -> Track {
        let (track, report) = timeline.track(reading)
        if let report { channels.append(report) }
        return track
    }

    /// The value shown without animation: the clip's last frame.
    func still(_ track: Track) -> [Double] { track.value(at: max(0, duration - 1e-6)) }

    /// `name="final value"` and, when the track moves, its `<animate>` element.
    private func attribute(_ name: String, _ track: Track, format: @escaping ([Double]) -> String) -> (
        attribute: String, animation: String
    ) {
        let value = format(still(track))
        // An animated opacity that ends at 1 needs no attribute: 1 is its initial value.
        let attribute = !track.isConstant && name.hasSuffix("opacity") && value == "1" ? "" : " \(name)=\"\(value)\""
        guard !track.isConstant else { return (attribute, "") }
        return (attribute, smil.animate(name, track, format: format))
    }

    /// Attributes and animations for several attributes read from the dimensions of one track.
    private func attributes(_ names: [(String, Int)], _ track: Track, scale: Double = 1) -> (String, String) {
        var attributes = ""
        var animations = ""
        for (name, dimension) in names {
            // Each attribute follows its own dimension: a part that does not move is not animated.
            let (a, m) = attribute(name, track.projected([dimension])) { v in SVGNumber.distance(v.at(0) * scale) }
            attributes += a
            animations += m
        }
        return (attributes, animations)
    }

    // MARK: Layers

    /// The layer and its sublayers as SVG, in its superlayer's coordinates.
    func layer(_ layer: Layer) -> String {
        let timeline = self.timeline(of: layer)
        let readings = LayerReadings(tolerance: tolerance)
        let opacityReading = readings.opacity
        let opacityAnimated = timeline.isAnimated(opacityReading)
        if !opacityAnimated, (timeline.modelValue(opacityReading).first ?? 0) <= 0 { return "" }
        let opacity = openings[ObjectIdentifier(layer)] ?? track(opacityReading, timeline)
        // A layer that never shows (its opacity holds 0 throughout) is left out.
        guard let hidden = visibility.enter(layer, opacity: opacity) else { return "" }
        timeline.hiddenIntervals = hidden
        checkUnsupported(layer)

        var open = ""
        var close = ""
        // Constant transform functions not yet written, as (name, arguments); adjacent translations are added up.
        var pending: [(name: String, arguments: [Double])] = []
        func written(_ functions: [(name: String, arguments: [Double])]) -> String {
            functions.map { "\($0.name)(\(Self.arguments($0.name, $0.arguments, SVGNumber.format)))" }
                .joined(separator: " ")
        }
        func append(_ name: String, _ arguments: [Double]) {
            if name == "translate", let last = pending.last, last.name == "translate" {
                let sum = zip(last.arguments, arguments).map { $0 + $1 }
                pending.removeLast()
                if sum.contains(where: { SVGNumber.format($0) != "0" }) { pending.append((name, sum)) }
            } else {
                pending.append((name, arguments))
            }
        }
        func flush() {
            guard !pending.isEmpty else { return }
            open += "<g transform=\"\(written(pending))\">"
            close = "</g>" + close
            pending = []
        }
        /// One transform channel: constant, it joins the pending functions; moving, it gets its own group.
        /// `arguments` maps the track's value to the function's arguments.
        func channel(_ track: Track, _ name: String, identity: [Double], _ arguments: @escaping ([Double]) -> [Double])
        {
            if track.isConstant {
                let value = still(track)
                if value != identity { append(name, arguments(value)) }
            } else {
                flush()
                let number = name == "translate" ? SVGNumber.distance : SVGNumber.format
                let format = { (value: [Double]) in Self.arguments(name, arguments(value), number) }
                open += "<g transform=\"\(name)(\(format(still(track))))\">"
                open += smil.animateTransform(name, track, format: format)
                close = "</g>" + close
            }
        }
        let key = ObjectIdentifier(layer)
        let x = places[key]?[0] ?? track(readings.position(0), timeline)
        let y = places[key]?[1] ?? track(readings.position(1), timeline)
        let rotation = track(readings.rotation, timeline)
        var skewReading = readings.skew
        let lottieSkew = skewReading.read
        skewReading.read = { layer in lottieSkew(layer).map { -$0 } }
        let skew = track(skewReading, timeline)
        let scale = track(readings.scale(size: layer.bounds.size), timeline)
        let anchor = track(readings.anchor, timeline)
        let opaque = opacity.isConstant && still(opacity) == [100]
        let backgroundPart = background(layer, timeline)
        let borderPart = border(layer, timeline)
        // A lone glyph moved only by translations (a digit's cell) is a <use> whose x and y move, no group.
        if let text = layer as? TextLayer, opaque, layer.mask == nil, layer.sublayers.isEmpty, backgroundPart.isEmpty,
            borderPart.isEmpty, rotation.isConstant, still(rotation) == [0], skew.isConstant, still(skew) == [0],
            scale.isConstant, still(scale) == [100, 100], anchor.isConstant,
            let lone = loneGlyph(text, x: x, y: y, anchor: still(anchor))
        {
            return lone
        }
        if x.isConstant && y.isConstant {
            let p = still(x) + still(y)
            if p != [0, 0] { append("translate", [p.at(0), p.at(1)]) }
        } else {
            channel(x, "translate", identity: [0]) { [$0.at(0), 0] }
            channel(y, "translate", identity: [0]) { [0, $0.at(0)] }
        }
        channel(rotation, "rotate", identity: [0]) { [$0.at(0)] }
        channel(skew, "skewX", identity: [0]) { [$0.at(0)] }
        channel(scale, "scale", identity: [100, 100]) { [$0.at(0) / 100, $0.at(1) / 100] }
        channel(anchor, "translate", identity: [0, 0]) { [-$0.at(0), -$0.at(1)] }
        // Where the layer's own coordinates sit in the document, while that is a constant translation.
        let outer = documentOffset
        let ownOffset: Point? =
            open.isEmpty && pending.allSatisfy({ $0.name == "translate" })
            ? outer.map { o in
                pending.reduce(o) { Point(x: $0.x + $1.arguments.at(0), y: $0.y + $1.arguments.at(1)) }
            } : nil
        documentOffset = ownOffset
        defer { documentOffset = outer }
        // The innermost group: the rest of the transform, opacity, mask.
        var inner = "<g"
        if !pending.isEmpty { inner += " transform=\"\(written(pending))\"" }
        var innerAnimations = ""
        if !opaque {
            let (a, m) = attribute("opacity", opacity) { SVGNumber.format($0.at(0) / 100) }
            inner += a
            innerAnimations += m
        }
        if let mask = layer.mask {
            let m = SVGNumber.format(margin)
            let inside = self.layer(mask)
            let id = define(
                "m",
                "<mask id=\"\(Self.placeholder)\" maskUnits=\"userSpaceOnUse\" x=\"-\(m)\" y=\"-\(m)\" width=\"\(SVGNumber.format(2 * margin))\" "
                    + "height=\"\(SVGNumber.format(2 * margin))\" style=\"mask-type:alpha\">\(inside)</mask>")
            inner += " mask=\"url(#\(id))\""
        }
        var content = backgroundPart
        var clipped = self.content(layer, timeline)
        if let switched = glyphSwitch(layer.sublayers) {
            clipped += switched
        } else {
            clipped += sublayers(of: layer)
        }
        // A clip that keeps the whole canvas is the document's own edge.
        let bounds = track(boundsReading, timeline)
        let clipsCanvas =
            ownOffset.map { o in
                let b = still(bounds)
                return bounds.isConstant && layer.cornerRadius <= 0 && o.x + b.at(0) <= 0 && o.y + b.at(1) <= 0
                    && o.x + b.at(0) + b.at(2) >= clip.size.width && o.y + b.at(1) + b.at(3) >= clip.size.height
            } ?? false
        if layer.masksToBounds, !clipped.isEmpty, !clipsCanvas {
            // On the layer's own group: its background and border lie within the bounds the clip keeps.
            let id = define(
                "c", "<clipPath id=\"\(Self.placeholder)\">" + boundsRect(timeline, extra: "") + "</clipPath>")
            inner += " clip-path=\"url(#\(id))\""
        }
        content += clipped + borderPart
        // A group that says nothing is left out.
        guard inner != "<g" || !innerAnimations.isEmpty else { return open + content + close }
        return open + inner + ">" + innerAnimations + content + "</g>" + close
    }

    /// A transform function's arguments: a translation's y left out when it is 0 (its default).
    static func arguments(_ name: String, _ values: [Double], _ number: (Double) -> String) -> String {
        var written = values.map(number)
        if name == "translate", written.count == 2, written[1] == "0" { written.removeLast() }
        return written.joined(separator: " ")
    }

    /// The layer's sublayers, inside a moving group per axis along which they move together
    /// (`sharedMotion(_:axis:)`).
    private func sublayers(of layer: Layer) -> String {
        var open = ""
        var close = ""
        for axis in 0..<2 {
            guard let (shared, placed) = sharedMotion(layer.sublayers, axis: axis) else { continue }
            for (key, place) in placed { places[key, default: [:]][axis] = place }
            let format = { (value: [Double]) in
                let v = SVGNumber.distance(value.at(0))
                return axis == 0 ? v : "0 \(v)"
            }
            open += "<g transform=\"translate(\(format(still(shared))))\">"
            open += smil.animateTransform("translate", shared, format: format)
            close += "</g>"
        }
        var content = ""
        // Inside a moving group, where the sublayers sit in the document is not one place.
        let outer = documentOffset
        if !open.isEmpty { documentOffset = nil }
        for sublayer in layer.sublayers { content += self.layer(sublayer) }
        documentOffset = outer
        return content.isEmpty ? "" : open + content + close
    }

    /// The timeline of `layer` (made once: the shared motion reads the siblings' samples before they are written).
    func timeline(of layer: Layer) -> LayerTimeline {
        let key = ObjectIdentifier(layer)
        if let known = timelines[key] { return known }
        let timeline = LayerTimeline(
            layer: layer, duration: duration, samplesPerSecond: 2 * options.framesPerSecond, handlesInUnitRange: true)
        timelines[key] = timeline
        return timeline
    }

    /// `<name attributes>content</name>`, or `<name attributes/>` without content.
    static func element(_ name: String, _ attributes: String, _ content: String) -> String {
        content.isEmpty ? "<\(name)\(attributes)/>" : "<\(name)\(attributes)>\(content)</\(name)>"
    }

    private func checkUnsupported(_ layer: Layer) {
        if layer.shadowOpacity > 0 {
            warn(layer, "its shadow (a blur of radius \(layer.shadowRadius) pt) was left out of the SVG")
        }
        if layer is ImageLayer {
            warn(layer, "pictures are not exported to SVG; the layer's background and border are")
        }
        if let text = layer as? TextLayer,
            text.animationRecords.contains(where: { [.foregroundColor, .bounds, .lineSpacing].contains($0.property) })
        {
            warn(
                layer,
                "the text is exported as its glyphs at the model values: its animated colour or layout does not move")
        }
    }

    // MARK: Parts

    /// The bounds as x, y, width, height.
    var boundsTrackReading: PropertyReading { boundsReading }

    private var boundsReading: PropertyReading {
        let d = tolerance.distance
        return PropertyReading(name: "rect", dependencies: [.bounds], tolerance: [d, d, d, d]) { layer in
            let b = layer.bounds.standardized
            return [b.minX, b.minY, b.width, b.height]
        }
    }

    /// A `<rect>` of the rounded bounds with `extra` attributes (paint) and `animations` of them.
    private func boundsRect(_ timeline: LayerTimeline, extra: String, animations: String = "", radius: Bool = true)
        -> String
    {
        let readings = LayerReadings(tolerance: tolerance)
        var (a, m) = attributes([("x", 0), ("y", 1), ("width", 2), ("height", 3)], track(boundsReading, timeline))
        // 0 is x's and y's initial value: saying it changes nothing.
        a = a.replacing(" x=\"0\"", with: "").replacing(" y=\"0\"", with: "")
        var r = ("", "")
        if radius {
            let corner = track(readings.cornerRadius(insetByBorder: false), timeline)
            if !(corner.isConstant && still(corner) == [0]) {
                r = attributes([("rx", 0), ("ry", 0)], corner)
            }
        }
        return Self.element("rect", a + r.0 + extra, m + r.1 + animations)
    }

    /// `fill` and `fill-opacity` (or the stroke's) from a colour's readings.
    private func paint(
        _ prefix: String, color: PropertyReading, alpha: PropertyReading, _ timeline: LayerTimeline
    ) -> (String, String) {
        let (ca, cm) = attribute(prefix, track(color, timeline)) { SVGNumber.color($0) }
        let alphaTrack = track(alpha, timeline)
        guard !(alphaTrack.isConstant && still(alphaTrack) == [100]) else { return (ca, cm) }
        let (oa, om) = attribute(prefix + "-opacity", alphaTrack) { SVGNumber.format($0.at(0) / 100) }
        return (ca + oa, cm + om)
    }

    private func background(_ layer: Layer, _ timeline: LayerTimeline) -> String {
        let animated = layer.animationRecords.contains { $0.property == .backgroundColor || $0.property == nil }
        guard (layer.backgroundColor?.alpha ?? 0) > 0 || animated else { return "" }
        let readings = LayerReadings(tolerance: tolerance)
        let (a, m) = paint(
            "fill", color: readings.color("background.color", .backgroundColor) { $0.backgroundColor },
            alpha: readings.alpha("background.opacity", .backgroundColor) { $0.backgroundColor }, timeline)
        return boundsRect(timeline, extra: a, animations: m)
    }

    /// The border: the bounds inset by half its width, stroked with its width (the band inside the bounds).
    private func border(_ layer: Layer, _ timeline: LayerTimeline) -> String {
        let animated = layer.animationRecords.contains {
            [.borderWidth, .borderColor].contains($0.property) || $0.property == nil
        }
        guard (layer.borderWidth > 0 && layer.borderColor.alpha > 0) || animated else { return "" }
        let d = tolerance.distance
        let geometry = PropertyReading(
            name: "border", dependencies: [.bounds, .borderWidth, .cornerRadius], tolerance: [d, d, d, d, d, d]
        ) { layer in
            let b = layer.bounds.standardized
            let w = max(0, min(layer.borderWidth, b.width / 2, b.height / 2))
            let radius = max(0, min(layer.cornerRadius, b.width / 2, b.height / 2) - w / 2)
            return [b.minX + w / 2, b.minY + w / 2, b.width - w, b.height - w, radius, w]
        }
        let readings = LayerReadings(tolerance: tolerance)
        let shape = track(geometry, timeline)
        let (a, m) = attributes(
            [("x", 0), ("y", 1), ("width", 2), ("height", 3), ("rx", 4), ("ry", 4), ("stroke-width", 5)], shape)
        let (p, pm) = paint(
            "stroke", color: readings.color("border.color", .borderColor) { $0.borderColor },
            alpha: readings.alpha("border.opacity", .borderColor) { $0.borderColor }, timeline)
        return Self.element("rect", a + " fill=\"none\"" + p, m + pm)
    }

    private func content(_ layer: Layer, _ timeline: LayerTimeline) -> String {
        switch layer {
        case let shape as ShapeLayer: return self.shape(shape, timeline)
        case let gradient as GradientLayer: return self.gradient(gradient, timeline)
        case let text as TextLayer: return self.text(text)
        default: return ""
        }
    }

    // MARK: Shapes

    /// Path data in its short form, the path moved by `offset`: coordinates rounded to 1/`grid` pt (by default
    /// 0.01 pt: within 0.005 pt of the path, 1/50 of the position tolerance; glyphs of large text take 0.1 pt, see
    /// `glyphGrid(emSize:)`), written relative to the current point (`m l c`, differences of the rounded
    /// coordinates, so rounding never accumulates; `h` and `v` for straight lines along an axis; a repeated
    /// command's letter left out), without leading zeros and with a minus sign as separator.
    static func pathData(_ path: Path, offset: Point = .zero, grid units: Double = 100) -> String {
        var text = ""
        // The current point and the subpath's start, in grid units.
        var current = (x: 0.0, y: 0.0)
        var start = (x: 0.0, y: 0.0)
        var last = ""
        func grid(_ point: Point) -> (x: Double, y: Double) {
            (LottieValues.round((point.x + offset.x) * units, 1), LottieValues.round((point.y + offset.y) * units, 1))
        }
        func number(_ steps: Double) {
            var n = JSONValue.format(LottieValues.round(steps / units, units))
            if n.hasPrefix("0.") {
                n.removeFirst()
            } else if n.hasPrefix("-0.") {
                n.remove(at: n.index(after: n.startIndex))
            }
            let needsSpace = !(last.isEmpty || n.hasPrefix("-") || (n.hasPrefix(".") && last.contains(".")))
            text += (needsSpace ? " " : "") + n
            last = n
        }
        var letter = ""
        /// A command's letter, left out when it repeats the one before (SVG repeats a command for more numbers).
        func command(_ next: String) {
            guard next != letter || next == "m" || next == "z" else { return }
            text += next
            letter = next
            last = ""
        }
        func relative(_ point: Point) {
            let p = grid(point)
            number(p.x - current.x)
            number(p.y - current.y)
        }
        for element in path.elements {
            switch element {
            case .move(let a):
                command("m")
                relative(a)
                current = grid(a)
                start = current
            case .line(let a):
                let p = grid(a)
                if p.y == current.y {
                    command("h")
                    number(p.x - current.x)
                } else if p.x == current.x {
                    command("v")
                    number(p.y - current.y)
                } else {
                    command("l")
                    relative(a)
                }
                current = p
            case .cubic(let a, let c1, let c2):
                command("c")
                relative(c1)
                relative(c2)
                relative(a)
                current = grid(a)
            case .close:
                command("z")
                current = start
            }
        }
        return text
    }

    private func shape(_ shape: ShapeLayer, _ timeline: LayerTimeline) -> String {
        guard !shape.path.isEmpty else { return "" }
        let readings = LayerReadings(tolerance: tolerance)
        var attributes = " d=\"\(Self.pathData(shape.path))\""
        var animations = ""
        let filled = (shape.fillColor?.alpha ?? 0) > 0 || shape.animationRecords.contains { $0.property == .fillColor }
        if filled {
            let (a, m) = paint(
                "fill", color: readings.color("fill.color", .fillColor) { ($0 as? ShapeLayer)?.fillColor },
                alpha: readings.alpha("fill.opacity", .fillColor) { ($0 as? ShapeLayer)?.fillColor }, timeline)
            attributes += a + (shape.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : "")
            animations += m
        } else {
            attributes += " fill=\"none\""
        }
        let stroked =
            ((shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0)
            || shape.animationRecords.contains { [.strokeColor, .lineWidth].contains($0.property) }
        if stroked {
            let (a, m) = paint(
                "stroke", color: readings.color("stroke.color", .strokeColor) { ($0 as? ShapeLayer)?.strokeColor },
                alpha: readings.alpha("stroke.opacity", .strokeColor) { ($0 as? ShapeLayer)?.strokeColor }, timeline)
            attributes += a
            animations += m
            let width = PropertyReading(
                name: "stroke.width", dependencies: [.lineWidth], tolerance: [tolerance.distance]
            ) {
                [max(0, ($0 as? ShapeLayer)?.lineWidth ?? 0)]
            }
            let (wa, wm) = attribute("stroke-width", track(width, timeline)) { SVGNumber.format($0.at(0)) }
            attributes += wa
            animations += wm
            let caps = ["butt", "round", "square"]
            let joins = ["miter", "round", "bevel"]
            let cap = LottieParts.lineCap(shape.lineCap) - 1
            let dashes = shape.lineDashPattern
            let validDashes =
                !dashes.isEmpty && dashes.allSatisfy { $0 >= 0 && $0.isFinite } && dashes.contains { $0 > 0 }
            let trimmed =
                shape.strokeStart != 0 || shape.strokeEnd != 1
                || shape.animationRecords.contains { [.strokeStart, .strokeEnd].contains($0.property) }
            // Trim with a dash as long as the kept part, the path measured as 1.
            let trim = PropertyReading(
                name: "trim", dependencies: [.strokeStart, .strokeEnd],
                tolerance: [tolerance.opacity, tolerance.opacity]
            ) { layer in
                guard let s = layer as? ShapeLayer else { return [0, 1] }
                let start = min(max(s.strokeStart, 0), 1)
                return [start, max(min(max(s.strokeEnd, 0), 1) - start, 0)]
            }
            let trimTrack = trimmed && !validDashes ? track(trim, timeline) : nil
            if let trimTrack, cap != 0 {
                // A dash of length 0 still gets its round or square cap (a dot) in SVG; Core Animation, rlottie and
                // ThorVG draw nothing when nothing of the stroke is kept: butt caps while the kept part is empty.
                let (ca, cm) = attribute("stroke-linecap", Self.capTrack(trimTrack, cap: cap)) { caps[Int($0.at(0))] }
                attributes += ca
                animations += cm
            } else {
                attributes += " stroke-linecap=\"\(caps[cap])\""
            }
            attributes += " stroke-linejoin=\"\(joins[LottieParts.lineJoin(shape.lineJoin) - 1])\""
            if shape.miterLimit.isFinite, shape.miterLimit != 4 {
                attributes += " stroke-miterlimit=\"\(SVGNumber.format(max(1, shape.miterLimit)))\""
            }
            if validDashes {
                attributes += " stroke-dasharray=\"\(dashes.map(SVGNumber.format).joined(separator: " "))\""
                if trimmed {
                    warn(shape, "a dashed stroke with strokeStart/strokeEnd: the SVG draws the whole dashed stroke")
                }
            } else if let t = trimTrack {
                let (da, dm) = attribute("stroke-dasharray", t) { "\(SVGNumber.fraction($0.at(1))) 2" }
                let (oa, om) = attribute("stroke-dashoffset", t) { SVGNumber.fraction(-$0.at(0)) }
                attributes += " pathLength=\"1\"" + da + oa
                animations += dm + om
                if shape.path.subpaths.count > 1 {
                    warn(shape, "strokeStart/strokeEnd on a path of several subpaths: the SVG trims each subpath")
                }
            }
        }
        return Self.element("path", attributes, animations)
    }

    /// The line cap over time for a trimmed stroke: `cap` (1 round, 2 square) while some of the stroke is kept,
    /// 0 (butt) during the stretches where the kept length (the trim track's second value) is 0 throughout.
    static func capTrack(_ trim: Track, cap: Int) -> Track {
        var segments: [Segment] = []
        func add(_ start: Double, _ end: Double, _ value: Double) {
            if let last = segments.last, last.from == [value] {
                segments[segments.count - 1].end = end
            } else {
                segments.append(Segment(start: start, end: end, from: [value], to: [value], easing: .hold))
            }
        }
        for segment in trim.segments {
            let startsEmpty = segment.from.at(1) <= 0
            if startsEmpty, segment.easing == .hold || segment.to.at(1) <= 0 {
                add(segment.start, segment.end, 0)
            } else if startsEmpty, segment.end > segment.start {
                // Growing from nothing (a stroke drawn on): nothing at its first instant, then the cap (a
                // millisecond, or half the segment when shorter, is the instant).
                let instant = min(0.001, (segment.end - segment.start) / 2)
                add(segment.start, segment.start + instant, 0)
                add(segment.start + instant, segment.end, Double(cap))
            } else {
                add(segment.start, segment.end, Double(cap))
            }
        }
        return segments.isEmpty ? Track(constant: [Double(cap)], duration: 0) : Track(segments: segments)
    }

    // MARK: Gradients

    private func gradient(_ gradient: GradientLayer, _ timeline: LayerTimeline) -> String {
        guard !gradient.colors.isEmpty, !gradient.bounds.isEmpty else { return "" }
        let d = tolerance.distance
        let colorsAnimated = gradient.animationRecords.contains { $0.property == .colors || $0.property == nil }
        let arrangement = GradientStops(model: gradient, colorsAnimated: colorsAnimated)
        let geometry: Set<LayerProperty> = [.startPoint, .endPoint, .bounds]
        func unit(_ layer: Layer, _ p: Point) -> Point {
            let b = layer.bounds.standardized
            return Point(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height)
        }
        let start = { (layer: Layer) in unit(layer, (layer as? GradientLayer)?.startPoint ?? .zero) }
        let end = { (layer: Layer) in unit(layer, (layer as? GradientLayer)?.endPoint ?? .zero) }
        let s0 = start(gradient)
        let e0 = end(gradient)
        let rounded = gradient.masksToBounds
        let degenerate =
            gradient.resolvedStops.count < 2
            || (gradient.kind == .axial ? s0 == e0 : (e0.x == s0.x || e0.y == s0.y))
        if degenerate {
            let last = gradient.resolvedStops.last?.color ?? .clear
            let fill =
                " fill=\"\(SVGNumber.color([last.red, last.green, last.blue]))\" fill-opacity=\"\(SVGNumber.format(last.alpha))\""
            return boundsRect(timeline, extra: fill, radius: rounded)
        }
        let stops = PropertyReading(
            name: "gradient.stops", dependencies: [.colors, .locations],
            tolerance: Array(repeating: tolerance.color, count: arrangement.flat(of: gradient).count)
        ) { layer in (layer as? GradientLayer).map(arrangement.flat(of:)) ?? [] }
        let stopTrack = track(stops, timeline)
        var stopElements = ""
        let count = arrangement.count
        for i in 0..<count {
            var element = ""
            var animations = ""
            let (oa, om) = attribute("offset", stopTrack.projected([4 * i])) { SVGNumber.fraction($0.at(0)) }
            let (ca, cm) = attribute("stop-color", stopTrack.projected([4 * i + 1, 4 * i + 2, 4 * i + 3])) {
                SVGNumber.color($0)
            }
            // Offset 0 and black are a stop's own values.
            element +=
                (om.isEmpty && oa == " offset=\"0\"" ? "" : oa)
                + (cm.isEmpty && ca == " stop-color=\"#000000\"" ? "" : ca)
            animations += om + cm
            if arrangement.hasAlpha {
                let (aa, am) = attribute("stop-opacity", stopTrack.projected([4 * count + 2 * i + 1])) {
                    SVGNumber.format($0.at(0))
                }
                element += am.isEmpty && aa == " stop-opacity=\"1\"" ? "" : aa
                animations += am
            }
            stopElements += Self.element("stop", element, animations)
        }
        let id: String
        switch gradient.kind {
        case .axial:
            let line = PropertyReading(name: "gradient.line", dependencies: geometry, tolerance: [d, d, d, d]) {
                let a = start($0)
                let b = end($0)
                return [a.x, a.y, b.x, b.y]
            }
            let (a, m) = attributes([("x1", 0), ("y1", 1), ("x2", 2), ("y2", 3)], track(line, timeline))
            id = define(
                "p",
                "<linearGradient id=\"\(Self.placeholder)\" gradientUnits=\"userSpaceOnUse\"\(a)>\(m)\(stopElements)</linearGradient>"
            )
        case .radial:
            let circle = PropertyReading(name: "gradient.circle", dependencies: geometry, tolerance: [d, d, d]) {
                let c = start($0)
                let e = end($0)
                return [c.x, c.y, abs(e.x - c.x)]
            }
            let ratio = PropertyReading(name: "gradient.ellipse", dependencies: geometry, tolerance: [1e-4]) {
                let c = start($0)
                let e = end($0)
                return [abs(e.y - c.y) / max(abs(e.x - c.x), 1e-9)]
            }
            let ratioTrack = track(ratio, timeline)
            if !ratioTrack.isConstant {
                warn(gradient, "the radial gradient's ellipse changes shape; the SVG keeps its last shape")
            }
            let circleTrack = track(circle, timeline)
            let (a, m) = attributes([("cx", 0), ("cy", 1), ("r", 2)], circleTrack)
            var transform = ""
            let k = still(ratioTrack).at(0)
            if abs(k - 1) > 1e-9 {
                let c = still(circleTrack)
                transform =
                    " gradientTransform=\"translate(\(SVGNumber.format(c.at(0))) \(SVGNumber.format(c.at(1)))) scale(1 "
                    + "\(SVGNumber.format(k))) translate(\(SVGNumber.format(-c.at(0))) \(SVGNumber.format(-c.at(1))))\""
            }
            id = define(
                "p",
                "<radialGradient id=\"\(Self.placeholder)\" gradientUnits=\"userSpaceOnUse\"\(a)\(transform)>\(m)\(stopElements)"
                    + "</radialGradient>")
        }
        return boundsRect(timeline, extra: " fill=\"url(#\(id))\"", radius: rounded)
    }

    // MARK: Text

    /// A text layer of one glyph as a `<use>` at `x`, `y` (the layer's position tracks) less `anchor`, its `x`
    /// and `y` attributes animated where the tracks move; nil when the text is not one glyph.
    private func loneGlyph(_ layer: TextLayer, x: Track, y: Track, anchor: [Double]) -> String? {
        guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 else { return nil }
        let outlines = self.outlines(of: layer).glyphs
        guard outlines.count == 1, let glyph = outlines.first else { return nil }
        let (id, offset) = glyphUse(glyph, at: Point(x: -anchor.at(0), y: -anchor.at(1)), emSize: layer.font.size)
        var attributes = " href=\"#\(id)\""
        var animations = ""
        for (name, track, shift) in [("x", x, offset.x), ("y", y, offset.y)] {
            let place = { (value: [Double]) in SVGNumber.distance(value.at(0) + shift) }
            let written = place(still(track))
            if written != "0" || !track.isConstant { attributes += " \(name)=\"\(written)\"" }
            if !track.isConstant { animations += smil.animate(name, track, format: place) }
        }
        return Self.element("use", attributes + paint(of: layer), animations)
    }

    /// The text's glyphs: each outline once in `<defs>`, placed with `<use>` in the text's colour.
    private func text(_ layer: TextLayer) -> String {
        guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 else { return "" }
        let outlines = self.outlines(of: layer)
        guard !outlines.glyphs.isEmpty else { return "" }
        let fill = paint(of: layer)
        // One glyph (a digit's cell) carries its paint itself; several share a group's (none for the document's).
        let grouped = outlines.glyphs.count > 1 && !fill.isEmpty
        var result = grouped ? "<g" + fill + ">" : ""
        for glyph in outlines.glyphs {
            let (id, offset) = glyphUse(glyph, at: .zero, emSize: layer.font.size)
            result += "<use href=\"#\(id)\"" + Self.position(offset) + (grouped ? "" : fill) + "/>"
        }
        return grouped ? result + "</g>" : result
    }

    /// The opaque paint most text layers of the tree have (the first of the commonest), written once on the
    /// document (every other element sets its own fill), or "" for a tree without opaque text.
    static func commonestTextPaint(in root: Layer) -> String {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var stack = [root]
        while let layer = stack.popLast() {
            // Only an opaque paint: a fill-opacity on the document would reach elements that set only a fill.
            if let text = layer as? TextLayer, !text.string.isEmpty, text.foregroundColor.alpha >= 1 {
                let paint = rawPaint(of: text)
                if counts[paint] == nil { order.append(paint) }
                counts[paint, default: 0] += 1
            }
            stack += layer.sublayers.reversed()
            if let mask = layer.mask { stack.append(mask) }
        }
        return order.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? ""
    }

    /// The `fill` (and `fill-opacity`) of a text layer's glyphs: "" when it is the document's.
    func paint(of layer: TextLayer) -> String {
        let paint = Self.rawPaint(of: layer)
        return paint == defaultPaint ? "" : paint
    }

    /// The `fill` (and `fill-opacity`) of a text layer's glyphs.
    static func rawPaint(of layer: TextLayer) -> String {
        let color = layer.foregroundColor
        var paint = " fill=\"\(SVGNumber.color([color.red, color.green, color.blue]))\""
        if color.alpha < 1 { paint += " fill-opacity=\"\(SVGNumber.format(color.alpha))\"" }
        return paint
    }

    /// ` x="…" y="…"` for an offset, each left out when it is 0.
    static func position(_ offset: Point) -> String {
        let x = SVGNumber.format(offset.x)
        let y = SVGNumber.format(offset.y)
        return (x == "0" ? "" : " x=\"\(x)\"") + (y == "0" ? "" : " y=\"\(y)\"")
    }

    /// The id of `glyph`'s outline (written to `<defs>` the first time) and the offset a `<use>` of it needs to
    /// put the glyph at its origin moved by `shift`.
    func glyphUse(_ glyph: PlacedGlyph, at shift: Point, emSize: Double) -> (id: String, offset: Point) {
        let place = Point(x: glyph.origin.x + shift.x, y: glyph.origin.y + shift.y)
        if let known = glyphDefinitions[glyph.id] {
            return (known.id, Point(x: place.x - known.origin.x, y: place.y - known.origin.y))
        }
        let id = idPrefix + Self.letters(glyphDefinitions.count)
        // Written at the glyph's origin in its layer: cells of one column (each moved by the same shift) then
        // share one offset.
        glyphDefinitions[glyph.id] = (id, glyph.origin)
        let d = Self.pathData(glyph.outline, offset: glyph.origin, grid: Self.glyphGrid(emSize: emSize))
        definitions.append("<path id=\"\(id)\" d=\"\(d)\"/>")
        return (id, shift)
    }

    /// Grid units per point for a glyph outline of a font `emSize` points large: 10 (0.1 pt) from 50 pt up, where
    /// rounding stays within a thousandth of the em (fonts are designed on 1,000 or 2,048 units per em), else 100.
    static func glyphGrid(emSize: Double) -> Double { emSize >= 50 ? 10 : 100 }
}
