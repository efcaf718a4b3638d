import KineticCore

/// A Lottie layer being assembled: its type, transform and contents, and its place among its composition's
/// layers (index, parent, track matte).
struct LottieLayerJSON {
    /// Lottie layer types.
    enum Kind: Int {
        case precomposition = 0
        case solid = 1
        case null = 3
        case shape = 4
    }

    var index: Int
    var kind: Kind
    var name: String
    var parent: Int?
    /// The `ks` object.
    var transform: JSONValue
    /// Type-specific members in order: `shapes`; `refId`, `w`, `h`; `sc`, `sw`, `sh`.
    var contents: [(String, JSONValue)] = []
    /// `masksProperties` (written with `hasMask: true`, which rlottie needs).
    var masks: [JSONValue] = []
    /// This layer is a track matte source (`td: 1`): not drawn itself, its alpha masks the layer below it.
    var isMatteSource = false
    /// The index of this layer's alpha matte source (`tt: 1`, `tp`), which sits directly above it.
    var matteSource: Int?

    /// The layer's JSON for a composition of frames 0…`outPoint`.
    func json(outPoint: Double) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ddd", 0), ("ind", .number(Double(index))), ("ty", .number(Double(kind.rawValue))),
            ("nm", .string(name)),
        ]
        if let parent { members.append(("parent", .number(Double(parent)))) }
        members.append(("sr", 1))
        members.append(("ks", transform))
        members.append(("ao", 0))
        if isMatteSource { members.append(("td", 1)) }
        if let matteSource {
            members.append(("tt", 1))
            members.append(("tp", .number(Double(matteSource))))
        }
        if !masks.isEmpty {
            members.append(("hasMask", true))
            members.append(("masksProperties", .array(masks)))
        }
        members += contents
        members += [("ip", 0), ("op", .number(outPoint)), ("st", 0), ("bm", 0)]
        return .object(members)
    }

    /// A transform that places the layer's own coordinates with no scale, rotation or fade: the point `anchor`
    /// of the layer at `position` of its parent.
    static func placement(anchor: Point = .zero, position: Point = .zero) -> JSONValue {
        .object([
            ("a", LottieValues.staticProperty([anchor.x, anchor.y], .vector, precision: 1000)),
            ("p", LottieValues.staticProperty([position.x, position.y], .vector, precision: 1000)),
            ("s", LottieValues.staticProperty([100, 100], .vector, precision: 1000)),
            ("r", LottieValues.staticProperty([0], .scalar, precision: 1000)),
            ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)),
        ])
    }

    /// A shape group's transform (`tr`) that leaves its contents as they are.
    static var identityGroupTransform: JSONValue {
        .object([
            ("ty", "tr"),
            ("p", LottieValues.staticProperty([0, 0], .vector, precision: 1000)),
            ("a", LottieValues.staticProperty([0, 0], .vector, precision: 1000)),
            ("s", LottieValues.staticProperty([100, 100], .vector, precision: 1000)),
            ("r", LottieValues.staticProperty([0], .scalar, precision: 1000)),
            ("o", LottieValues.staticProperty([100], .scalar, precision: 1000)),
        ])
    }
}

/// A composition being assembled (the main one or a precomposition asset): its layers back to front and the
/// offset of its coordinate space from the layer space its contents come from.
final class LottieComposition {
    /// Back to front (the JSON lists them front to back).
    var layers: [LottieLayerJSON] = []
    private var nextIndex = 1

    /// A fresh layer index.
    func newIndex() -> Int {
        defer { nextIndex += 1 }
        return nextIndex
    }

    /// The `layers` array: front to back.
    func json(outPoint: Double) -> JSONValue {
        .array(layers.reversed().map { $0.json(outPoint: outPoint) })
    }
}
