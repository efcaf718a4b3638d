import KineticCore
import KineticLayers

/// Text as Lottie shapes: each distinct glyph (font, index, colour) is one precomposition asset holding its
/// outline, written once; a text is a precomposition of those glyphs placed at their origins, shared by every
/// text layer that shows the same glyphs at the same places in the same colour (a rolling digit's cells).
///
/// Glyphs rather than a Lottie text layer: rlottie draws no text, lottie-ios draws no glyph shapes, and fonts
/// would have to travel with the file.
struct LottieText {
    let builder: LottieBuilder

    /// Margin around a glyph's outline inside its asset, in points.
    static let padding = 2.0

    /// The text part of `layer`, or nil when it draws no glyph.
    func part(for layer: TextLayer) -> LottiePart? {
        guard !layer.string.isEmpty, layer.foregroundColor.alpha > 0 || isColorAnimated(layer) else { return nil }
        let outlines = builder.glyphs.glyphOutlines(of: layer)
        for omission in outlines.omissions { builder.warn(layer, omission) }
        guard !outlines.glyphs.isEmpty else { return nil }
        let color = layer.foregroundColor
        var box: Rect?
        var placed: [(asset: String, origin: Point, glyphBox: Rect)] = []
        for glyph in outlines.glyphs {
            guard let bounds = glyph.outline.bounds else { continue }
            let asset = glyphAsset(glyph, bounds: bounds, color: color)
            placed.append((asset, glyph.origin, bounds))
            let moved = bounds.offsetBy(dx: glyph.origin.x, dy: glyph.origin.y)
            box = box.map { $0.union(moved) } ?? moved
        }
        guard let ink = box else { return nil }
        // The text asset's space is the layer's, moved so that the ink sits inside with a margin.
        let offset = Point(x: Self.padding - ink.minX, y: Self.padding - ink.minY)
        let size = Size(width: ink.width + 2 * Self.padding, height: ink.height + 2 * Self.padding)
        let key =
            "text|"
            + placed.map {
                "\($0.asset)@\(LottieValues.round($0.origin.x, 1000)),\(LottieValues.round($0.origin.y, 1000))"
            }
            .joined(separator: ";")
        let id: String
        if let known = builder.sharedAssets[key] {
            id = known
        } else {
            let composition = LottieComposition()
            for entry in placed {
                let glyphOrigin = Point(x: Self.padding - entry.glyphBox.minX, y: Self.padding - entry.glyphBox.minY)
                var instance = LottieLayerJSON(
                    index: composition.newIndex(), kind: .precomposition, name: "glyph",
                    transform: LottieLayerJSON.placement(
                        anchor: glyphOrigin,
                        position: Point(x: entry.origin.x + offset.x, y: entry.origin.y + offset.y)))
                instance.contents = [
                    ("refId", .string(entry.asset)),
                    ("w", .number((entry.glyphBox.width + 2 * Self.padding).rounded(.up))),
                    ("h", .number((entry.glyphBox.height + 2 * Self.padding).rounded(.up))),
                ]
                composition.layers.append(instance)
            }
            id = builder.addAsset(prefix: "text-", layers: composition)
            builder.sharedAssets[key] = id
        }
        return LottiePart(kind: .text(asset: id, size: size, string: layer.string), origin: offset)
    }

    private func isColorAnimated(_ layer: TextLayer) -> Bool {
        layer.animationRecords.contains { $0.property == .foregroundColor }
    }

    /// The asset of one glyph in one colour: its outline filled, moved so that it sits inside the asset's frame.
    private func glyphAsset(_ glyph: PlacedGlyph, bounds: Rect, color: Color) -> String {
        let key = "glyph|\(glyph.id.font)|\(glyph.id.index)|\(color.hexString)"
        if let known = builder.sharedAssets[key] { return known }
        let composition = LottieComposition()
        let origin = Point(x: Self.padding - bounds.minX, y: Self.padding - bounds.minY)
        let paths: [JSONValue] = LottieShape.contours(of: glyph.outline).map { contour in
            .object([
                ("ty", "sh"), ("d", 1),
                ("ks", LottieValues.staticProperty(contour.flat, .shape(closed: contour.closed), precision: 1000)),
            ])
        }
        let fill: JSONValue = .object([
            ("ty", "fl"),
            (
                "c",
                LottieValues.staticProperty([color.red, color.green, color.blue], .vector, precision: 10_000)
            ),
            ("o", LottieValues.staticProperty([100 * min(max(color.alpha, 0), 1)], .scalar, precision: 1000)),
            ("r", 1),
        ])
        let group: JSONValue = .object([
            ("ty", "gr"), ("nm", .string(glyph.id.description)),
            ("it", .array(paths + [fill, LottieLayerJSON.identityGroupTransform])),
        ])
        var layer = LottieLayerJSON(
            index: composition.newIndex(), kind: .shape, name: "outline",
            transform: LottieLayerJSON.placement(position: origin))
        layer.contents = [("shapes", .array([group]))]
        composition.layers.append(layer)
        let id = builder.addAsset(prefix: "glyph-", layers: composition)
        builder.sharedAssets[key] = id
        return id
    }
}
