import Foundation
import KineticCore

/// A dynamics scene as `kinetic simulate` reads it (JSON). Every field but `bounds` and each item's `id` and
/// `frame` may be omitted and then takes UIKit's default:
///
/// ```json
/// {"bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
///  "gravity": {"angle": 1.5707963267948966, "magnitude": 1.0},
///  "collision": {"mode": "everything", "boundary": "reference-bounds"},
///  "items": [{"id": "a", "frame": {"x": 10, "y": 20, "width": 100, "height": 40}, "angle": 0,
///             "elasticity": 0, "friction": 0, "density": 1, "resistance": 0, "angularResistance": 0,
///             "allowsRotation": true, "anchored": false}],
///  "boundaries": [{"id": "floor", "from": [0, 600], "to": [375, 600]}]}
/// ```
///
/// - `gravity`: omitted = angle π/2 (down), magnitude 1 (1000 pt/s²); `null` = no gravity.
/// - `collision.mode`: `"items"`, `"boundaries"` or `"everything"` (default); `collision.boundary`:
///   `"reference-bounds"` (default: the bounds are walls) or `"none"`.
/// - items: `frame` is the unrotated frame in points (width, height > 0); `angle` in radians (clockwise on screen);
///   `elasticity` 0…1, `friction` ≥ 0, `density` > 0, `resistance` and `angularResistance` ≥ 0; optional
///   `"shape": "rectangle" | "ellipse"` and `"cornerRadius"` (points) for rounded rectangles. Ids are unique.
/// - `boundaries`: extra two-sided segments by id, `[x, y]` points.
///
/// Unknown fields are errors (a misspelt field would otherwise be silently ignored).
public struct DynamicsScene: Decodable, Sendable, Equatable {
    /// Gravity: direction in radians and magnitude (1 = 1000 pt/s²).
    public struct Gravity: Sendable, Equatable {
        /// Radians; π/2 points down. Default π/2.
        public var angle: Double = Double.pi / 2
        /// 1 = 1000 pt/s². Default 1.
        public var magnitude: Double = 1

        /// Gravity at `angle` radians with `magnitude` (1 = 1000 pt/s²); the defaults point down at 1000 pt/s².
        public init(angle: Double = Double.pi / 2, magnitude: Double = 1) {
            self.angle = angle
            self.magnitude = magnitude
        }
    }

    /// Whether the bounds are walls.
    public enum BoundaryMode: String, Sendable, Equatable {
        /// The bounds are a boundary. The default.
        case referenceBounds = "reference-bounds"
        /// No walls: items fall out of the bounds.
        case none
    }

    /// One item.
    public struct Item: Sendable, Equatable {
        /// Unique id, echoed in the output.
        public var id: String
        /// The unrotated frame, in points.
        public var frame: Rect
        /// Radians, clockwise on screen. Default 0.
        public var angle: Double = 0
        /// 0…1. Default 0.
        public var elasticity: Double = 0
        /// ≥ 0. Default 0.
        public var friction: Double = 0
        /// > 0. Default 1.
        public var density: Double = 1
        /// ≥ 0, 1/s. Default 0.
        public var resistance: Double = 0
        /// ≥ 0, 1/s. Default 0.
        public var angularResistance: Double = 0
        /// Default true.
        public var allowsRotation = true
        /// Default false.
        public var anchored = false
        /// The collision outline. Default rectangle.
        public var shape: DynamicItemCollisionBoundsType = .rectangle

        /// An item with UIKit's defaults for everything but its id and unrotated frame (points).
        public init(id: String, frame: Rect) {
            self.id = id
            self.frame = frame
        }
    }

    /// An extra straight boundary.
    public struct Boundary: Sendable, Equatable {
        /// Its identifier.
        public var id: String
        /// One end, in points.
        public var from: Point
        /// The other end, in points.
        public var to: Point

        /// A boundary segment from `from` to `to` (points).
        public init(id: String, from: Point, to: Point) {
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// The reference bounds, in points.
    public var bounds: Rect
    /// Gravity, or nil for none.
    public var gravity: Gravity?
    /// Items, boundaries or everything. Default everything.
    public var collisionMode: CollisionMode = .everything
    /// Whether the bounds are walls. Default reference-bounds.
    public var boundary: BoundaryMode = .referenceBounds
    /// The items, in output order.
    public var items: [Item]
    /// Extra boundaries.
    public var boundaries: [Boundary] = []

    /// A scene built in code; ``SceneSimulation/run(scene:seconds:rate:)`` validates it with ``validate()``.
    public init(
        bounds: Rect, gravity: Gravity? = Gravity(), collisionMode: CollisionMode = .everything,
        boundary: BoundaryMode = .referenceBounds, items: [Item], boundaries: [Boundary] = []
    ) {
        self.bounds = bounds
        self.gravity = gravity
        self.collisionMode = collisionMode
        self.boundary = boundary
        self.items = items
        self.boundaries = boundaries
    }

    /// Checks a scene built in code with the same rules and paths as the JSON parser
    /// (e.g. `items[3].frame.width: must be > 0 (got 0.0)`).
    public func validate() throws(SceneError) {
        func finite(_ path: String, _ values: Double...) throws(SceneError) {
            for value in values where !value.isFinite {
                throw SceneError(path: path, message: "must be a finite number (got \(value))")
            }
        }
        try finite("bounds", bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height)
        guard bounds.size.width > 0, bounds.size.height > 0 else {
            throw SceneError(path: "bounds", message: "width and height must be > 0 (got \(bounds.size))")
        }
        if let gravity { try finite("gravity", gravity.angle, gravity.magnitude) }
        var ids = Set<String>()
        for (index, item) in items.enumerated() {
            let path = "items[\(index)]"
            try finite(
                "\(path).frame", item.frame.origin.x, item.frame.origin.y, item.frame.size.width, item.frame.size.height
            )
            guard item.frame.size.width > 0 else {
                throw SceneError(path: "\(path).frame.width", message: "must be > 0 (got \(item.frame.size.width))")
            }
            guard item.frame.size.height > 0 else {
                throw SceneError(path: "\(path).frame.height", message: "must be > 0 (got \(item.frame.size.height))")
            }
            guard ids.insert(item.id).inserted else {
                throw SceneError(
                    path: "\(path).id", message: "\"\(item.id)\" is used by an earlier item; ids must be unique")
            }
            let rules: [(String, Double, Bool, String)] = [
                ("angle", item.angle, true, "must be finite"),
                ("elasticity", item.elasticity, item.elasticity >= 0 && item.elasticity <= 1, "must be in 0...1"),
                ("friction", item.friction, item.friction >= 0, "must be >= 0"),
                ("density", item.density, item.density > 0, "must be > 0"),
                ("resistance", item.resistance, item.resistance >= 0, "must be >= 0"),
                ("angularResistance", item.angularResistance, item.angularResistance >= 0, "must be >= 0"),
            ]
            for (name, value, ok, rule) in rules where !(ok && value.isFinite) {
                throw SceneError(path: "\(path).\(name)", message: "\(rule) (got \(value))")
            }
        }
        for (index, boundary) in boundaries.enumerated() {
            try finite("boundaries[\(index)]", boundary.from.x, boundary.from.y, boundary.to.x, boundary.to.y)
            guard boundary.from != boundary.to else {
                throw SceneError(path: "boundaries[\(index)].to", message: "must differ from \"from\"")
            }
        }
    }

    /// Parses and validates scene JSON; errors carry the JSON path of the problem.
    public static func parse(_ data: Data) throws(SceneError) -> DynamicsScene {
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw SceneError(path: "$", message: "not valid JSON (\(Self.describe(error)))")
        }
        return try DynamicsScene(value: value)
    }

    /// Decodes and validates; throws ``SceneError`` (with the path) for a malformed scene.
    public init(from decoder: any Decoder) throws {
        try self.init(value: try JSONValue(from: decoder))
    }

    private static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context): return context.underlyingError.map { "\($0)" } ?? context.debugDescription
            default: return "\(decoding)"
            }
        }
        return "\(error)"
    }

    init(value: JSONValue) throws(SceneError) {
        let root = try SceneReader.object(value, "$", known: ["bounds", "gravity", "collision", "items", "boundaries"])
        bounds = try SceneReader.rect(try SceneReader.required(root, "bounds", "$"), "bounds")
        guard bounds.size.width > 0, bounds.size.height > 0 else {
            throw SceneError(path: "bounds", message: "width and height must be > 0 (got \(bounds.size))")
        }
        switch root["gravity"] {
        case nil:
            gravity = Gravity()
        case .null?:
            gravity = nil
        case let value?:
            let object = try SceneReader.object(value, "gravity", known: ["angle", "magnitude"])
            var g = Gravity()
            g.angle = try SceneReader.number(object, "angle", "gravity", default: g.angle)
            g.magnitude = try SceneReader.number(object, "magnitude", "gravity", default: g.magnitude)
            gravity = g
        }
        if let value = root["collision"] {
            let object = try SceneReader.object(value, "collision", known: ["mode", "boundary"])
            switch try SceneReader.string(object, "mode", "collision", default: "everything") {
            case "items": collisionMode = .items
            case "boundaries": collisionMode = .boundaries
            case "everything": collisionMode = .everything
            case let other:
                throw SceneError(
                    path: "collision.mode",
                    message: "must be \"items\", \"boundaries\" or \"everything\" (got \"\(other)\")")
            }
            let boundaryName = try SceneReader.string(object, "boundary", "collision", default: "reference-bounds")
            guard let mode = BoundaryMode(rawValue: boundaryName) else {
                throw SceneError(
                    path: "collision.boundary",
                    message: "must be \"reference-bounds\" or \"none\" (got \"\(boundaryName)\")")
            }
            boundary = mode
        }
        let itemValues = try SceneReader.array(try SceneReader.required(root, "items", "$"), "items")
        var ids = Set<String>()
        items = []
        for (index, value) in itemValues.enumerated() {
            let item = try SceneReader.item(value, "items[\(index)]")
            guard ids.insert(item.id).inserted else {
                throw SceneError(
                    path: "items[\(index)].id", message: "\"\(item.id)\" is used by an earlier item; ids must be unique"
                )
            }
            items.append(item)
        }
        if let value = root["boundaries"] {
            for (index, entry) in try SceneReader.array(value, "boundaries").enumerated() {
                let path = "boundaries[\(index)]"
                let object = try SceneReader.object(entry, path, known: ["id", "from", "to"])
                let id = try SceneReader.string(object, "id", path, default: nil)
                let from = try SceneReader.point(try SceneReader.required(object, "from", path), "\(path).from")
                let to = try SceneReader.point(try SceneReader.required(object, "to", path), "\(path).to")
                guard from != to else { throw SceneError(path: "\(path).to", message: "must differ from \"from\"") }
                boundaries.append(Boundary(id: id, from: from, to: to))
            }
        }
    }
}
