import KineticAnimation
import KineticCore

/// The animatable properties of the layer classes, named: what an animation attached with `add(_:for:key:)`
/// animates, when its key path is one of them (exporters read it to know which output property moves).
public enum LayerProperty: String, Sendable, Hashable, CaseIterable {
    // Layer
    case position, bounds, anchorPoint, transform, opacity, isHidden, backgroundColor, cornerRadius, borderWidth
    case borderColor, masksToBounds, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    // ShapeLayer
    case fillColor, strokeColor, lineWidth, miterLimit, lineDashPattern, strokeStart, strokeEnd
    // GradientLayer
    case colors, locations, startPoint, endPoint
    // TextLayer
    case foregroundColor, lineSpacing
}

extension LayerAnimating {
    /// The named property `keyPath` is (a key path on `Self`) or is a part of (Core Animation's parts:
    /// `\.transform.scale` and `\.transform.rotation` are `.transform`, `\.position.y` is `.position`,
    /// `\.bounds.size.width` is `.bounds`), or nil for any other key path (a subclass's own property).
    static func layerProperty(of keyPath: AnyKeyPath) -> LayerProperty? {
        let common: [(AnyKeyPath, LayerProperty)] = [
            (\Self.position, .position), (\Self.bounds, .bounds), (\Self.anchorPoint, .anchorPoint),
            (\Self.transform, .transform), (\Self.opacity, .opacity), (\Self.isHidden, .isHidden),
            (\Self.backgroundColor, .backgroundColor), (\Self.cornerRadius, .cornerRadius),
            (\Self.borderWidth, .borderWidth), (\Self.borderColor, .borderColor),
            (\Self.masksToBounds, .masksToBounds), (\Self.shadowColor, .shadowColor),
            (\Self.shadowOpacity, .shadowOpacity), (\Self.shadowOffset, .shadowOffset),
            (\Self.shadowRadius, .shadowRadius),
        ]
        if let match = common.first(where: { $0.0 == keyPath }) { return match.1 }
        // Core Animation's key paths to a part of a property (`transform.scale`, `position.y`) move the property.
        let parts: [(AnyKeyPath, LayerProperty)] = [
            (\Self.transform.scale, .transform), (\Self.transform.scaleX, .transform),
            (\Self.transform.scaleY, .transform), (\Self.transform.rotation, .transform),
            (\Self.transform.translationX, .transform), (\Self.transform.translationY, .transform),
            (\Self.position.x, .position), (\Self.position.y, .position), (\Self.bounds.size.width, .bounds),
            (\Self.bounds.size.height, .bounds),
        ]
        if let match = parts.first(where: { $0.0 == keyPath }) { return match.1 }
        let own: [(AnyKeyPath, LayerProperty)] = [
            (\ShapeLayer.fillColor, .fillColor), (\ShapeLayer.strokeColor, .strokeColor),
            (\ShapeLayer.lineWidth, .lineWidth), (\ShapeLayer.miterLimit, .miterLimit),
            (\ShapeLayer.lineDashPattern, .lineDashPattern), (\ShapeLayer.strokeStart, .strokeStart),
            (\ShapeLayer.strokeEnd, .strokeEnd), (\GradientLayer.colors, .colors),
            (\GradientLayer.locations, .locations), (\GradientLayer.startPoint, .startPoint),
            (\GradientLayer.endPoint, .endPoint), (\TextLayer.foregroundColor, .foregroundColor),
            (\TextLayer.lineSpacing, .lineSpacing),
        ]
        return own.first(where: { $0.0 == keyPath })?.1
    }
}

/// An animation attached to a layer, as exporters read it: the animation itself, the property it animates and a
/// way to set that property on a copy of the layer.
public struct LayerAnimationRecord: Sendable {
    /// The key it was added under.
    public let key: String
    /// The property animated, or nil when its key path is not one of ``LayerProperty`` (the exporter then only
    /// knows the layer's values by sampling its presentation).
    public let property: LayerProperty?
    /// The animation as added (cast it to `BasicAnimation<Point>`, `KeyframeDescribable`… to read it).
    public let animation: any Animation
    let setter: @Sendable (Layer, Any) -> Bool
    let getter: @Sendable (Layer) -> Any?

    /// Sets the animated property of `layer` to `value`; false (nothing set) when `layer` is not of the class the
    /// animation was added to or `value` is not of the animated type.
    @discardableResult
    public func setValue(_ value: Any, on layer: Layer) -> Bool { setter(layer, value) }

    /// The animated property's value in `layer` (the `base` the animation sees), or nil when `layer` is not of the
    /// class the animation was added to.
    public func value(in layer: Layer) -> Any? { getter(layer) }
}

extension Layer {
    /// The animations attached to this layer (not to its sublayers), in the order they apply.
    public var animationRecords: [LayerAnimationRecord] {
        attachedAnimations.map {
            LayerAnimationRecord(
                key: $0.key, property: $0.property, animation: $0.animation, setter: $0.setter, getter: $0.getter)
        }
    }

    /// This layer alone as it shows at `time`: a copy of its own properties (no sublayers; the same mask layer,
    /// not animated) with its own animations applied. What an exporter samples, property by property.
    public func presentationOfSelf(at time: MediaTime) -> Self {
        let copy = type(of: self).init(copying: self, deep: false)
        for attached in attachedAnimations { attached.apply(copy, time) }
        copy.attachedAnimations.removeAll()
        return copy
    }

    /// A copy of this layer's own model properties: no sublayers, the same mask layer, no animations.
    public func modelCopyOfSelf() -> Self {
        let copy = type(of: self).init(copying: self, deep: false)
        copy.attachedAnimations.removeAll()
        return copy
    }
}
