import KineticCore

/// A layer that fills its bounds with a colour gradient, as `CAGradientLayer` does.
public final class GradientLayer: Layer, @unchecked Sendable {
    /// The gradient's geometry.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Colours change along the line from `startPoint` to `endPoint`.
        case axial
        /// Colours change with the distance from `startPoint`; `endPoint` gives the radii: the ellipse through
        /// it, centred on `startPoint` (Core Animation's `.radial`).
        case radial
    }

    /// Axial or radial. Default `.axial`.
    public var kind: Kind = .axial
    /// The colour stops' colours, at least two to show a gradient (one fills the bounds). Default empty (nothing
    /// drawn).
    public var colors: [Color] = []
    /// Where each colour sits along the gradient, 0…1, increasing, one per colour. Default nil: evenly spaced.
    /// Animatable (the shimmer effect animates it).
    public var locations: [Double]?
    /// Start of the gradient in unit coordinates of the bounds (0, 0 top-left … 1, 1 bottom-right).
    /// Default (0.5, 0), the top centre.
    public var startPoint = Point(x: 0.5, y: 0)
    /// End of the gradient in unit coordinates of the bounds. Default (0.5, 1), the bottom centre.
    public var endPoint = Point(x: 0.5, y: 1)

    public override init() {
        super.init()
    }

    required init(copying other: Layer, deep: Bool) {
        super.init(copying: other, deep: deep)
        if let gradient = other as? GradientLayer {
            kind = gradient.kind
            colors = gradient.colors
            locations = gradient.locations
            startPoint = gradient.startPoint
            endPoint = gradient.endPoint
        }
    }

    /// The colour stops to draw: `locations` when it has one entry per colour, otherwise evenly spaced, as Core
    /// Animation does. Locations are clamped to 0…1 and made non-decreasing.
    public var resolvedStops: [(location: Double, color: Color)] {
        guard !colors.isEmpty else { return [] }
        var stops: [(Double, Color)] = []
        let count = colors.count
        var previous = 0.0
        for (i, color) in colors.enumerated() {
            var location: Double
            if let locations, locations.count == count {
                location = locations[i]
            } else {
                location = count == 1 ? 0 : Double(i) / Double(count - 1)
            }
            location = max(previous, min(1, max(0, location)))
            previous = location
            stops.append((location, color))
        }
        return stops
    }
}
