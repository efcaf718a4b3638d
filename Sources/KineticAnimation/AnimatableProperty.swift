import KineticCore

/// A typed, named animatable property of a `Root` (a layer, a view model, any value or object): the static
/// descriptor animations are attached to, instead of a string key that can be misspelt.
///
/// ```swift
/// struct Badge { var opacity = 1.0; var center = Point(x: 0, y: 0) }
/// extension Badge {
///     static let opacity = AnimatableProperty("opacity", \Badge.opacity)
/// }
/// ```
///
/// Descriptors are equal when their names are equal (within the same `Root` and `Value` types, which the type
/// system already separates): the name is the property's identity, as a key path is in Core Animation.
public struct AnimatableProperty<Root, Value: Interpolatable>: Sendable, Hashable, CustomStringConvertible {
    /// The property's name, unique within `Root`: used for identity, debugging and diagnostics.
    public let name: String
    private let getter: @Sendable (Root) -> Value
    private let setter: @Sendable (inout Root, Value) -> Void

    /// A property read and written through a key path (which may be a computed property).
    public init(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable) {
        self.name = name
        getter = { $0[keyPath: keyPath] }
        setter = { $0[keyPath: keyPath] = $1 }
    }

    /// A property read and written through closures, for accessors that are not key paths.
    public init(
        _ name: String, get: @escaping @Sendable (Root) -> Value, set: @escaping @Sendable (inout Root, Value) -> Void
    ) {
        self.name = name
        getter = get
        setter = set
    }

    /// The property's value in `root`.
    public func value(in root: Root) -> Value { getter(root) }

    /// Sets the property's value in `root`.
    public func setValue(_ value: Value, in root: inout Root) { setter(&root, value) }

    public static func == (lhs: AnimatableProperty, rhs: AnimatableProperty) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public var description: String { "\(Root.self).\(name)" }
}

/// An animation bound to a property of `Root`, with the value type erased so that animations of different
/// properties can be kept together (as a layer keeps its animations).
public struct PropertyAnimation<Root>: Sendable {
    /// The animated property's name.
    public let propertyName: String
    /// The animation's timing.
    public let timing: MediaTiming
    private let applier: @Sendable (MediaTime, inout Root) -> Bool

    /// Binds `animation` to `property`.
    public init<A: Animation>(_ property: AnimatableProperty<Root, A.Value>, _ animation: A) {
        propertyName = property.name
        timing = animation.timing
        applier = { time, root in
            guard let value = animation.value(at: time, base: property.value(in: root)) else { return false }
            property.setValue(value, in: &root)
            return true
        }
    }

    /// Writes the animated value at `parentTime` into `root`, taking the property's current value in `root` as the
    /// base; applying several in order to a copy of the model stacks them as Core Animation does.
    /// - Returns: false when the animation is not applied at `parentTime` (`root` is left unchanged).
    @discardableResult
    public func apply(at parentTime: MediaTime, to root: inout Root) -> Bool {
        applier(parentTime, &root)
    }
}
