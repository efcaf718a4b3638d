import KineticAnimation
import KineticCore

/// An animation attached to a layer property: the typed animation and key path, erased to a closure that
/// applies it to a presentation copy.
struct AttachedAnimation: Sendable {
    /// The key that names it on its layer; adding another animation with the same key replaces it.
    let key: String
    /// The animation's timing, for the end-time query.
    let timing: MediaTiming
    /// Writes the animated value at a parent time into a layer of the right type (the presentation copy).
    let apply: @Sendable (Layer, MediaTime) -> Void
    /// The property animated, when its key path is a named one.
    let property: LayerProperty?
    /// The animation itself, for exporters.
    let animation: any Animation
    /// Sets the animated property of a layer of the right type to a value of the animated type.
    let setter: @Sendable (Layer, Any) -> Bool
    /// Reads the animated property of a layer of the right type.
    let getter: @Sendable (Layer) -> Any?
}

/// Layers whose typed properties can be animated. Every `Layer` is one; the protocol exists so that `Self` in
/// `add(_:for:key:)` is the layer's own class and `\.locations` type-checks on a `GradientLayer`.
public protocol LayerAnimating: Layer {}

extension Layer: LayerAnimating {}

extension LayerAnimating {
    /// Attaches `animation` to the property at `property` (a key path such as `\.opacity` or, on a
    /// `GradientLayer`, `\.locations`: typed, so a misspelt or mistyped property does not compile).
    ///
    /// The model value is not changed; `presentation(at:)` shows the animated value. Animations apply in the order
    /// they were added, each on top of the previous result (so additive animations stack). Adding an animation
    /// under a key that is already used replaces that animation, as `CALayer.add(_:forKey:)` does.
    ///
    /// - Parameters:
    ///   - animation: The animation; its times are in the layer tree's timeline (seconds from the clip's start).
    ///   - property: The animated property's key path; its type is the animation's value type.
    ///   - key: The name to find, replace or remove it by. Default: the property's key path.
    public func add<A: Animation>(
        _ animation: A, for property: ReferenceWritableKeyPath<Self, A.Value> & Sendable, key: String? = nil
    ) {
        let name = key ?? String(describing: property)
        let apply: @Sendable (Layer, MediaTime) -> Void = { layer, time in
            guard let target = layer as? Self else { return }
            if let value = animation.value(at: time, base: target[keyPath: property]) {
                target[keyPath: property] = value
            }
        }
        let setter: @Sendable (Layer, Any) -> Bool = { layer, value in
            guard let target = layer as? Self, let typed = value as? A.Value else { return false }
            target[keyPath: property] = typed
            return true
        }
        let getter: @Sendable (Layer) -> Any? = { layer in (layer as? Self).map { $0[keyPath: property] } }
        let attached = AttachedAnimation(
            key: name, timing: animation.timing, apply: apply, property: Self.layerProperty(of: property),
            animation: animation, setter: setter, getter: getter)
        if let index = attachedAnimations.firstIndex(where: { $0.key == name }) {
            attachedAnimations[index] = attached
        } else {
            attachedAnimations.append(attached)
        }
    }
}

extension Layer {
    /// The keys of the attached animations, in the order they apply.
    public var animationKeys: [String] { attachedAnimations.map(\.key) }

    /// Removes the animation added under `key`, if any.
    public func removeAnimation(forKey key: String) {
        attachedAnimations.removeAll { $0.key == key }
    }

    /// Removes every animation attached to this layer (not to its sublayers).
    public func removeAllAnimations() {
        attachedAnimations.removeAll()
    }

    /// A copy of the tree rooted here with every attached animation applied at `time` (seconds, in the same
    /// timeline as the animations' `beginTime`), as Core Animation's presentation layer shows it. The model tree
    /// is not touched; the copy has no animations attached.
    public func presentation(at time: MediaTime) -> Self {
        let copy = self.copy()
        copy.applyAnimations(at: time)
        return copy
    }

    private func applyAnimations(at time: MediaTime) {
        for attached in attachedAnimations { attached.apply(self, time) }
        attachedAnimations.removeAll()
        mask?.applyAnimations(at: time)
        for sublayer in sublayers { sublayer.applyAnimations(at: time) }
    }

    /// The parent time at which the last finite animation in this tree ends (0 when there are none); animations
    /// that repeat forever are ignored. Renderers use it as a default clip length.
    public var animationEndTime: MediaTime {
        var end = 0.0
        for attached in attachedAnimations {
            let length = attached.timing.activeDurationInParentTime
            if length.isFinite { end = max(end, attached.timing.beginTime + length) }
        }
        if let mask { end = max(end, mask.animationEndTime) }
        for sublayer in sublayers { end = max(end, sublayer.animationEndTime) }
        return end
    }

    /// True when some animation in this tree repeats forever.
    public var hasInfiniteAnimation: Bool {
        attachedAnimations.contains { !$0.timing.activeDurationInParentTime.isFinite }
            || (mask?.hasInfiniteAnimation ?? false) || sublayers.contains { $0.hasInfiniteAnimation }
    }
}
