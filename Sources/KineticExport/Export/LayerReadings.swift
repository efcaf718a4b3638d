import KineticCore
import KineticLayers

/// The exported properties of a layer that both vector formats write: its transform split as Lottie and SVG
/// take it (anchor, position, scale, rotation, skew), its opacity, and its parts' geometry and paint, each with
/// the layer properties it depends on and its tolerance.
///
/// A layer maps to its superlayer with T(−anchor) · transform · T(position) (anchor = `anchorInBounds`); with the
/// transform decomposed as scale, shear, rotation, translation (`AffineTransform.decomposed`), that is Lottie's
/// T(−a) · S · Sk · R · T(p) with a = the anchor, p = position + the transform's translation.
struct LayerReadings {
    let tolerance: ExportTolerance
    /// Added to the anchor: where the layer's own coordinates sit in the space it is drawn in (a precomposition's
    /// offset).
    var anchorOffset = Point.zero
    /// Added to the position: the offset of the space the layer is placed in.
    var positionOffset = Point.zero

    private var d: Double { tolerance.distance }

    var anchor: PropertyReading {
        let offset = anchorOffset
        return PropertyReading(name: "anchor", dependencies: [.bounds, .anchorPoint], tolerance: [d, d]) { layer in
            let a = layer.anchorInBounds
            return [a.x + offset.x, a.y + offset.y]
        }
    }

    func position(_ axis: Int) -> PropertyReading {
        let offset = axis == 0 ? positionOffset.x : positionOffset.y
        return PropertyReading(
            name: axis == 0 ? "position.x" : "position.y", dependencies: [.position, .transform], tolerance: [d]
        ) { layer in
            let p = axis == 0 ? layer.position.x + layer.transform.tx : layer.position.y + layer.transform.ty
            return [p + offset]
        }
    }

    /// Scale in percent; the tolerance is the distance tolerance over the layer's larger side.
    func scale(size: Size) -> PropertyReading {
        let side = max(1, abs(size.width), abs(size.height))
        let t = 100 * d / side
        return PropertyReading(name: "scale", dependencies: [.transform], tolerance: [t, t]) { layer in
            let parts = layer.transform.decomposed
            return [100 * parts.scale.width, 100 * parts.scale.height]
        }
    }

    var rotation: PropertyReading {
        PropertyReading(name: "rotation", dependencies: [.transform], tolerance: [tolerance.angle], angles: [0]) {
            layer in
            [layer.transform.decomposed.rotation * 180 / Double.pi]
        }
    }

    /// Lottie's skew (degrees, axis 0) for the transform's shear: x' = x + shear · y is a skew of −atan(shear).
    var skew: PropertyReading {
        PropertyReading(name: "skew", dependencies: [.transform], tolerance: [tolerance.angle]) { layer in
            [-atan2Approx(layer.transform.decomposed.shear, 1) * 180 / Double.pi]
        }
    }

    /// Opacity in percent, 0 while hidden.
    var opacity: PropertyReading {
        var reading = PropertyReading(
            name: "opacity", dependencies: [.opacity, .isHidden], tolerance: [100 * tolerance.opacity]
        ) { layer in
            guard !layer.isHidden, layer.opacity.isFinite else { return [0] }
            return [100 * min(max(layer.opacity, 0), 1)]
        }
        reading.isVisibility = true
        return reading
    }

    // MARK: Paint

    /// A colour's red, green and blue (straight, 0…1).
    func color(_ name: String, _ dependency: LayerProperty, _ pick: @escaping (Layer) -> Color?) -> PropertyReading {
        let c = tolerance.color
        return PropertyReading(name: name, dependencies: [dependency], tolerance: [c, c, c]) { layer in
            guard let color = pick(layer) else { return [0, 0, 0] }
            return [color.red, color.green, color.blue].map { min(max($0, 0), 1) }
        }
    }

    /// A colour's alpha in percent (0 for none).
    func alpha(_ name: String, _ dependency: LayerProperty, _ pick: @escaping (Layer) -> Color?) -> PropertyReading {
        PropertyReading(name: name, dependencies: [dependency], tolerance: [100 * tolerance.opacity]) { layer in
            [100 * min(max(pick(layer)?.alpha ?? 0, 0), 1)]
        }
    }

    // MARK: Geometry

    /// The rounded bounds as a Lottie rectangle's centre.
    var boundsCenter: PropertyReading {
        PropertyReading(name: "rect.position", dependencies: [.bounds], tolerance: [d, d]) { layer in
            let b = layer.bounds.standardized
            return [b.midX, b.midY]
        }
    }

    /// The bounds' size, inset by `inset` (a border's width, when `insetByBorder`).
    func boundsSize(insetByBorder: Bool) -> PropertyReading {
        PropertyReading(
            name: insetByBorder ? "border.inner.size" : "rect.size",
            dependencies: insetByBorder ? [.bounds, .borderWidth] : [.bounds], tolerance: [d, d]
        ) { layer in
            let b = layer.bounds.standardized
            let inset = insetByBorder ? 2 * max(0, layer.borderWidth) : 0
            return [max(0, b.width - inset), max(0, b.height - inset)]
        }
    }

    /// The corner radius as drawn (at most half the shorter side), less the border's width for the inside edge.
    func cornerRadius(insetByBorder: Bool) -> PropertyReading {
        PropertyReading(
            name: insetByBorder ? "border.inner.radius" : "rect.radius",
            dependencies: insetByBorder ? [.bounds, .cornerRadius, .borderWidth] : [.bounds, .cornerRadius],
            tolerance: [d]
        ) { layer in
            let b = layer.bounds.standardized
            let inset = insetByBorder ? max(0, layer.borderWidth) : 0
            let radius = max(0, (layer.cornerRadius.isFinite ? layer.cornerRadius : 0) - inset)
            let w = max(0, b.width - 2 * inset)
            let h = max(0, b.height - 2 * inset)
            return [min(radius, w / 2, h / 2)]
        }
    }

    /// The rounded bounds as a flat Bézier contour with 8 vertices (a clip's mask path), moved by `offset`.
    func boundsContour(offset: Point) -> PropertyReading {
        // 8 vertices, each a point and two tangents.
        PropertyReading(
            name: "mask.path", dependencies: [.bounds, .cornerRadius], tolerance: Array(repeating: d, count: 48)
        ) {
            layer in
            LottieShape.roundedRect(
                layer.bounds.standardized.offsetBy(dx: offset.x, dy: offset.y), cornerRadius: layer.cornerRadius,
                alwaysRounded: true
            ).flat
        }
    }
}
