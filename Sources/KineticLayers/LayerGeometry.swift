import KineticCore

extension Layer {
    /// The layer's extent in its superlayer's coordinates, as Core Animation defines `frame`: the bounds placed so
    /// that the anchor point sits at `position`, then transformed about it. Setting it changes `position` and
    /// `bounds.size` (the transform should be the identity when setting, as with `CALayer.frame`).
    public var frame: Rect {
        get { bounds.applying(transformToSuperlayer) }
        set {
            let rect = newValue.standardized
            bounds.size = rect.size
            position = Point(
                x: rect.origin.x + anchorPoint.x * rect.size.width, y: rect.origin.y + anchorPoint.y * rect.size.height)
        }
    }

    /// The anchor point in the layer's own (bounds) coordinates, in points.
    public var anchorInBounds: Point {
        Point(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps this layer's coordinates to its superlayer's: move the anchor to the origin, apply `transform`, move
    /// the origin to `position`.
    public var transformToSuperlayer: AffineTransform {
        let anchor = anchorInBounds
        return AffineTransform.translation(x: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(.translation(x: position.x, y: position.y))
    }

    /// Maps this layer's coordinates to the root layer's coordinates (the root's own bounds space).
    public var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var layer: Layer? = self
        while let current = layer, let parent = current.superlayer {
            result = result.concatenating(current.transformToSuperlayer)
            layer = parent
        }
        return result
    }

    /// The root of the tree this layer belongs to (itself when it has no superlayer).
    public var rootLayer: Layer {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer
    }

    /// Converts a point from this layer's coordinates to `other`'s (nil: this tree's root coordinates).
    /// Returns nil when the layers are in different trees or `other` has a non-invertible transform.
    public func convert(_ point: Point, to other: Layer?) -> Point? {
        guard let map = mapping(to: other) else { return nil }
        return map.apply(to: point)
    }

    /// Converts a point from `other`'s coordinates (nil: the root's) to this layer's.
    public func convert(_ point: Point, from other: Layer?) -> Point? {
        guard let map = mapping(to: other)?.inverted() else { return nil }
        return map.apply(to: point)
    }

    /// Converts a rectangle from this layer's coordinates to `other`'s: the axis-aligned bounding box of the
    /// transformed rectangle.
    public func convert(_ rect: Rect, to other: Layer?) -> Rect? {
        guard let map = mapping(to: other) else { return nil }
        return rect.applying(map)
    }

    /// Converts a rectangle from `other`'s coordinates (nil: the root's) to this layer's.
    public func convert(_ rect: Rect, from other: Layer?) -> Rect? {
        guard let map = mapping(to: other)?.inverted() else { return nil }
        return rect.applying(map)
    }

    private func mapping(to other: Layer?) -> AffineTransform? {
        let root = rootLayer
        guard let other else { return transformToRoot }
        guard other.rootLayer === root, let fromRoot = other.transformToRoot.inverted() else { return nil }
        return transformToRoot.concatenating(fromRoot)
    }

    /// True when `point`, in this layer's coordinates, is inside the bounds (rounded corners respected).
    public func contains(_ point: Point) -> Bool {
        let r = bounds.standardized
        guard r.contains(point) else { return false }
        let radius = min(cornerRadius, r.width / 2, r.height / 2)
        guard radius > 0 else { return true }
        let cx = min(max(point.x, r.minX + radius), r.maxX - radius)
        let cy = min(max(point.y, r.minY + radius), r.maxY - radius)
        let dx = point.x - cx
        let dy = point.y - cy
        return dx * dx + dy * dy <= radius * radius
    }

    /// The deepest visible layer in this tree that contains `point` (given in this layer's superlayer's
    /// coordinates, as `CALayer.hitTest` takes it), front-most first; nil when none does.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0, let local = transformToSuperlayer.inverted()?.apply(to: point) else {
            return nil
        }
        if masksToBounds && !contains(local) { return nil }
        for sublayer in sublayers.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }
}
