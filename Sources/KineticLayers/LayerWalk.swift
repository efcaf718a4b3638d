import KineticCore

/// A clipping region inherited from an ancestor with `masksToBounds`: its bounds (rounded) in the coordinates
/// that `transform` maps to the root's.
public struct LayerClip: Sendable, Hashable {
    /// Maps the clip's coordinates (the clipping layer's own) to the root's.
    public var transform: AffineTransform
    /// The clipping layer's bounds.
    public var rect: Rect
    /// The clipping layer's corner radius, in points.
    public var cornerRadius: Double
}

/// A visible layer found by `Layer.flattened()`, with everything needed to place it without its ancestors.
public struct FlattenedLayer: @unchecked Sendable {
    /// The layer itself (its sublayers are listed separately).
    public let layer: Layer
    /// Maps the layer's own coordinates to the root's.
    public let transform: AffineTransform
    /// The product of the opacities of the layer and its ancestors. (Exact for a single layer; a renderer that
    /// composites groups uses each layer's own `opacity` instead.)
    public let opacity: Double
    /// Clips from ancestors (and the layer itself) with `masksToBounds`, outermost first.
    public let clips: [LayerClip]
    /// 0 for the root, 1 for its sublayers, and so on.
    public let depth: Int
    /// True when the layer has no visible sublayers.
    public let isLeaf: Bool

    /// The layer's bounds as an axis-aligned rectangle in the root's coordinates.
    public var frameInRoot: Rect { layer.bounds.applying(transform) }
}

extension Layer {
    /// Every visible layer of the tree rooted here, back to front (the order they are drawn), each with its
    /// transform to this root's coordinates, its cumulative opacity and its inherited clips. Hidden layers and
    /// layers with zero opacity are skipped with their sublayers; masks are not listed (they belong to their
    /// layer).
    public func flattened() -> [FlattenedLayer] {
        var result: [FlattenedLayer] = []
        walk(transform: .identity, opacity: 1, clips: [], depth: 0, into: &result)
        return result
    }

    private func walk(
        transform: AffineTransform, opacity parentOpacity: Double, clips: [LayerClip], depth: Int,
        into result: inout [FlattenedLayer]
    ) {
        guard !isHidden, opacity > 0 else { return }
        let totalOpacity = parentOpacity * opacity
        var ownClips = clips
        if masksToBounds {
            ownClips.append(LayerClip(transform: transform, rect: bounds, cornerRadius: cornerRadius))
        }
        let visibleChildren = sublayers.filter { !$0.isHidden && $0.opacity > 0 }
        result.append(
            FlattenedLayer(
                layer: self, transform: transform, opacity: totalOpacity, clips: ownClips, depth: depth,
                isLeaf: visibleChildren.isEmpty))
        for sublayer in visibleChildren {
            sublayer.walk(
                transform: sublayer.transformToSuperlayer.concatenating(transform), opacity: totalOpacity,
                clips: ownClips, depth: depth + 1, into: &result)
        }
    }
}
