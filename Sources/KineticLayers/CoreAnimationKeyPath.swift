import KineticAnimation
import KineticCore

/// Core Animation's key paths for numbers, as `CABasicAnimation(keyPath:)` users write them, and the Swift key path
/// each one is on ``Layer``.
///
/// | Core Animation | Swift |
/// |---|---|
/// | `transform.scale` | `\.transform.scale` |
/// | `transform.scale.x`, `transform.scale.y` | `\.transform.scaleX`, `\.transform.scaleY` |
/// | `transform.rotation`, `transform.rotation.z` | `\.transform.rotation` |
/// | `transform.translation.x`, `transform.translation.y` | `\.transform.translationX`, `\.transform.translationY` |
/// | `position.x`, `position.y` | `\.position.x`, `\.position.y` |
/// | `bounds.size.width`, `bounds.size.height` | `\.bounds.size.width`, `\.bounds.size.height` |
/// | `opacity`, `cornerRadius`, `borderWidth`, `shadowOpacity`, `shadowRadius` | the same names |
///
/// The transform's parts compose as Core Animation composes them: a layer's transform applies about its anchor
/// point, and setting one part (the scale) keeps the others (rotation, translation).
public enum CoreAnimationKeyPath {
    /// Every key path string this knows, in the table's order.
    public static let all: [String] = [
        "transform.scale", "transform.scale.x", "transform.scale.y", "transform.rotation", "transform.rotation.z",
        "transform.translation.x", "transform.translation.y", "position.x", "position.y", "bounds.size.width",
        "bounds.size.height", "opacity", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius",
    ]

    /// The Swift key path for Core Animation's `keyPath`, or nil when it is not one of ``all``.
    public static func keyPath(_ keyPath: String) -> (ReferenceWritableKeyPath<Layer, Double> & Sendable)? {
        switch keyPath {
        case "transform.scale": \Layer.transform.scale
        case "transform.scale.x": \Layer.transform.scaleX
        case "transform.scale.y": \Layer.transform.scaleY
        case "transform.rotation", "transform.rotation.z": \Layer.transform.rotation
        case "transform.translation.x": \Layer.transform.translationX
        case "transform.translation.y": \Layer.transform.translationY
        case "position.x": \Layer.position.x
        case "position.y": \Layer.position.y
        case "bounds.size.width": \Layer.bounds.size.width
        case "bounds.size.height": \Layer.bounds.size.height
        case "opacity": \Layer.opacity
        case "cornerRadius": \Layer.cornerRadius
        case "borderWidth": \Layer.borderWidth
        case "shadowOpacity": \Layer.shadowOpacity
        case "shadowRadius": \Layer.shadowRadius
        default: nil
        }
    }
}

/// A Core Animation key path string that names no animatable number of a layer.
public struct UnknownKeyPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key path given.
    public var keyPath: String

    public var description: String {
        "'\(keyPath)' is not a key path Kinetic animates; use one of "
            + CoreAnimationKeyPath.all.joined(separator: ", ")
    }
}

extension Layer {
    /// Attaches a number animation by Core Animation's key path string, as `layer.add(animation, forKey:)` with a
    /// `CABasicAnimation(keyPath: "transform.scale")` does (see ``CoreAnimationKeyPath`` for the strings and the
    /// Swift key path each stands for).
    ///
    /// - Parameters:
    ///   - animation: A basic, keyframe, spring or any other animation of `Double`.
    ///   - keyPath: "transform.scale", "position.y", "transform.rotation.z"…
    ///   - key: The name to find, replace or remove it by. Default: `keyPath`.
    /// - Throws: `UnknownKeyPathError` naming the key paths there are.
    public func add<A: Animation>(_ animation: A, forKeyPath keyPath: String, key: String? = nil)
        throws(UnknownKeyPathError) where A.Value == Double
    {
        guard let path = CoreAnimationKeyPath.keyPath(keyPath) else { throw UnknownKeyPathError(keyPath: keyPath) }
        add(animation, for: path, key: key ?? keyPath)
    }
}
