extension AffineTransform {
    /// Core Animation's `transform.scale`: the mean of the x and y scale factors. Setting it makes both that value
    /// and keeps the rotation, shear and translation, so `\.transform.scale` animates a pop or a bounce that
    /// scales about the layer's anchor point even when the layer is turned.
    public var scale: Double {
        get {
            let scale = decomposed.scale
            return (scale.width + scale.height) / 2
        }
        set { setParts { $0.scale = Size(width: newValue, height: newValue) } }
    }

    /// Core Animation's `transform.scale.x`: the scale along the layer's own x axis (applied first); setting it
    /// keeps the y scale, shear, rotation and translation.
    public var scaleX: Double {
        get { decomposed.scale.width }
        set { setParts { $0.scale.width = newValue } }
    }

    /// Core Animation's `transform.scale.y`: the scale along the layer's own y axis; setting it keeps the rest.
    public var scaleY: Double {
        get { decomposed.scale.height }
        set { setParts { $0.scale.height = newValue } }
    }

    /// Core Animation's `transform.rotation` (and `transform.rotation.z`): the rotation in radians, clockwise on
    /// a y-down screen, −π…π when read. Setting it keeps the scale, shear and translation; any angle can be set
    /// (an animation from 0 to 4π turns twice).
    public var rotation: Double {
        get { decomposed.rotation }
        set { setParts { $0.rotation = newValue } }
    }

    /// Core Animation's `transform.translation.x`: the translation along x, in points (`tx`).
    public var translationX: Double {
        get { tx }
        set { tx = newValue }
    }

    /// Core Animation's `transform.translation.y`: the translation along y, in points (`ty`).
    public var translationY: Double {
        get { ty }
        set { ty = newValue }
    }

    /// Changes the decomposed parts and recomposes them.
    private mutating func setParts(_ change: (inout Decomposition) -> Void) {
        var parts = decomposed
        change(&parts)
        self = parts.transform
    }
}
