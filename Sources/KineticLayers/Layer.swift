import KineticAnimation
import KineticCore

/// A rectangle of content in a tree, with Core Animation's model: bounds, position, anchor point, transform,
/// opacity, background, border, corner radius, clipping, mask, shadow and ordered sublayers.
///
/// A layer holds *model* values. Animations attached with `add(_:for:key:)` do not change them;
/// `presentation(at:)` returns a copy of the tree with the animated values at a given time (Core Animation's
/// presentation layer). Coordinates are points with y down; a layer's own coordinate space is its `bounds`.
///
/// Threading: build and mutate a tree from one thread at a time; once built, any number of threads may read it
/// and call `presentation(at:)` concurrently (renderers do, to draw frames in parallel).
public class Layer: @unchecked Sendable {
    /// A name for debugging and for finding layers in a tree. Default nil.
    public var name: String?
    /// The layer's own coordinate space: its origin is the coordinate of the top-left corner, its size the extent,
    /// in points. Default `.zero`.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's coordinates, in points. Default (0, 0).
    public var position: Point = .zero
    /// The point of the bounds (in unit coordinates: 0…1 across, 0…1 down) that sits at `position` and about which
    /// `transform` rotates and scales. Default (0.5, 0.5), the centre.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// A 2D affine transform applied about the anchor point. Default identity.
    public var transform: AffineTransform = .identity
    /// Group opacity, 0…1: the layer and its sublayers are composited together, then faded. Default 1.
    public var opacity: Double = 1
    /// Hidden layers and their sublayers are not drawn. Default false.
    public var isHidden = false
    /// Fills the bounds (with `cornerRadius`) behind the content. Default nil (nothing drawn).
    public var backgroundColor: Color?
    /// Radius of the bounds' rounded corners for the background, border and (with `masksToBounds`) clipping,
    /// in points, ≥ 0. Default 0.
    public var cornerRadius: Double = 0
    /// Width of the border drawn inside the bounds, in points, ≥ 0. Default 0 (no border).
    public var borderWidth: Double = 0
    /// Colour of the border. Default opaque black.
    public var borderColor: Color = .black
    /// When true, sublayers and content are clipped to the (rounded) bounds. Default false.
    public var masksToBounds = false
    /// A layer whose alpha masks this layer: where the mask is transparent, this layer is not drawn. The mask is
    /// positioned in this layer's coordinate space and is not part of the sublayers. Default nil.
    public var mask: Layer?
    /// Colour of the shadow. Default opaque black.
    public var shadowColor: Color = .black
    /// Opacity of the shadow, 0…1. Default 0 (no shadow), as in Core Animation.
    public var shadowOpacity: Double = 0
    /// Offset of the shadow, in points (positive height moves it down on a y-down screen). Default (0, −3), Core
    /// Animation's default.
    public var shadowOffset = Size(width: 0, height: -3)
    /// Blur radius of the shadow, in points, ≥ 0. Default 3.
    public var shadowRadius: Double = 3

    /// The sublayers, back to front.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of, if any.
    public private(set) weak var superlayer: Layer?

    /// Animations in the order they were added (later ones apply on top of earlier ones).
    var attachedAnimations: [AttachedAnimation] = []

    /// Creates an empty layer.
    public init() {}

    /// Creates a layer with the given bounds size and position (the anchor point stays at the centre).
    public convenience init(frame: Rect) {
        self.init()
        self.frame = frame
    }

    /// A copy of this layer's own properties and animations, and (when `deep`) of its sublayers and mask.
    required init(copying other: Layer, deep: Bool) {
        name = other.name
        bounds = other.bounds
        position = other.position
        anchorPoint = other.anchorPoint
        transform = other.transform
        opacity = other.opacity
        isHidden = other.isHidden
        backgroundColor = other.backgroundColor
        cornerRadius = other.cornerRadius
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        masksToBounds = other.masksToBounds
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        attachedAnimations = other.attachedAnimations
        if deep {
            mask = other.mask.map { type(of: $0).init(copying: $0, deep: true) }
            for sublayer in other.sublayers {
                addSublayer(type(of: sublayer).init(copying: sublayer, deep: true))
            }
        } else {
            mask = other.mask
        }
    }

    /// A deep copy of the layer tree rooted here (sublayers, mask and attached animations included).
    public func copy() -> Self {
        // `init(copying:deep:)` is required, so `type(of: self)` builds the dynamic type.
        type(of: self).init(copying: self, deep: true)
    }

    // MARK: The tree

    /// Appends `layer` on top of the existing sublayers, removing it from its previous superlayer first.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to 0…count) in the sublayers, removing it from its previous
    /// superlayer first.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(0, index), sublayers.count))
        layer.superlayer = self
    }

    /// Detaches this layer from its superlayer. Does nothing for a root layer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// The first layer in this tree (depth first, this layer included) whose `name` is `name`.
    public func firstLayer(named name: String) -> Layer? {
        if self.name == name { return self }
        for sublayer in sublayers {
            if let found = sublayer.firstLayer(named: name) { return found }
        }
        return nil
    }
}

extension Layer: CustomStringConvertible {
    public var description: String {
        "\(type(of: self))(\(name.map { "'\($0)' " } ?? "")bounds: \(bounds), position: \(position))"
    }
}
