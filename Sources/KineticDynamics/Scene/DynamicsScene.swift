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
/// - `bounds`: x, y in −10⁶…10⁶ pt; width, height in 0.01…10⁶ pt.
/// - `gravity`: omitted = angle π/2 (down), magnitude 1 (1000 pt/s²); `null` = no gravity. Angle in −10⁶…10⁶ rad,
///   magnitude 0…1000.
/// - `collision.mode`: `"items"`, `"boundaries"` or `"everything"` (default); `collision.boundary`:
///   `"reference-bounds"` (default: the bounds are walls) or `"none"`.
/// - `items` (at most 10,000): `id` a unique string of at most 256 UTF-8 bytes; `frame` the unrotated frame (x, y
///   in −10⁶…10⁶ pt, width, height in 0.01…10⁶ pt); `angle` in −10⁶…10⁶ rad (clockwise on screen, default 0);
///   `elasticity` 0…1 (default 0), `friction` 0…1000 (default 0), `density` 0.0001…10⁶ (default 1),
///   `resistance` and `angularResistance` 0…10⁶ per second (default 0); optional `"shape": "rectangle" |
///   "ellipse"` and `"cornerRadius"` (points, 0…half the shorter side) for rounded rectangles.
/// - `boundaries` (at most 10,000): extra two-sided segments with unique ids, `[x, y]` points in −10⁶…10⁶ pt,
///   the two ends different.
///
/// Unknown fields are errors (a misspelt field would otherwise be silently ignored), and so is any number outside
/// its range (``SceneLimits``): the error names the JSON path, the range and the value as written
/// (`gravity.angle: must be in -1000000...1000000 rad (got 1e+300)`). The document itself must be strict JSON
/// (RFC 8259, UTF-8, at most 64 levels deep); its errors give the line and column. `DynamicsScene` is not
/// `Decodable`: ``parse(_:)`` reads the JSON with its own parser so that these errors can be exact.
public struct DynamicsScene: Sendable, Equatable {
    /// Gravity: direction in radians and magnitude (1 = 1000 pt/s²).
    public struct Gravity: Sendable, Equatable {
        /// Radians, −10⁶…10⁶; π/2 points down. Default π/2.
        public var angle: Double = Double.pi / 2
        /// 0…1000; 1 = 1000 pt/s². Default 1.
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
        /// Unique id of at most 256 UTF-8 bytes, echoed in the output.
        public var id: String
        /// The unrotated frame, in points: x, y in −10⁶…10⁶, width, height in 0.01…10⁶.
        public var frame: Rect
        /// Radians, −10⁶…10⁶, clockwise on screen. Default 0.
        public var angle: Double = 0
        /// 0…1. Default 0.
        public var elasticity: Double = 0
        /// 0…1000. Default 0.
        public var friction: Double = 0
        /// 0.0001…10⁶. Default 1.
        public var density: Double = 1
        /// 0…10⁶, 1/s. Default 0.
        public var resistance: Double = 0
        /// 0…10⁶, 1/s. Default 0.
        public var angularResistance: Double = 0
        /// Default true.
        public var allowsRotation = true
        /// Default false.
        public var anchored = false
        /// The collision outline. Default rectangle. A rounded rectangle's radius is 0…half the shorter side.
        public var shape: DynamicItemCollisionBoundsType = .rectangle

        /// An item with UIKit's defaults for everything but its id and unrotated frame (points).
        public init(id: String, frame: Rect) {
            self.id = id
            self.frame = frame
        }
    }

    /// An extra straight boundary.
    public struct Boundary: Sendable, Equatable {
        /// Its identifier: unique among the boundaries, at most 256 UTF-8 bytes.
        public var id: String
        /// One end, in points (−10⁶…10⁶).
        public var from: Point
        /// The other end, in points (−10⁶…10⁶); not equal to `from`.
        public var to: Point

        /// A boundary segment from `from` to `to` (points).
        public init(id: String, from: Point, to: Point) {
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// The reference bounds, in points: x, y in −10⁶…10⁶, width, height in 0.01…10⁶.
    public var bounds: Rect
    /// Gravity, or nil for none.
    public var gravity: Gravity?
    /// Items, boundaries or everything. Default everything.
    public var collisionMode: CollisionMode = .everything
    /// Whether the bounds are walls. Default reference-bounds.
    public var boundary: BoundaryMode = .referenceBounds
    /// The items, in output order; at most 10,000.
    public var items: [Item]
    /// Extra boundaries; at most 10,000.
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

    /// Checks a scene built in code with the same rules, in the same order and with the same paths and messages
    /// as the JSON reader (e.g. `items[3].frame.width: must be in 0.01...1000000 pt (got 0)`); see ``SceneLimits``.
    public func validate() throws(SceneError) {
        try Self.checkRect(bounds, at: "bounds")
        if let gravity {
            try SceneLimits.check(gravity.angle, in: SceneLimits.angle, at: "gravity.angle")
            try SceneLimits.check(gravity.magnitude, in: SceneLimits.gravityMagnitude, at: "gravity.magnitude")
        }
        try SceneLimits.checkCount(items.count, maximum: SceneLimits.maximumItems, of: "items", at: "items")
        var ids = Set<String>(minimumCapacity: items.count)
        for (index, item) in items.enumerated() {
            // The path made only for an error.
            func path(_ field: String) -> String { "items[\(index)].\(field)" }
            try SceneLimits.checkID(item.id, at: path("id"))
            try Self.checkUnique(item.id, in: &ids, at: path("id"), noun: "item")
            try Self.checkRect(item.frame, at: path("frame"))
            try SceneLimits.check(item.angle, in: SceneLimits.angle, at: path("angle"))
            try SceneLimits.check(item.elasticity, in: SceneLimits.elasticity, at: path("elasticity"))
            try SceneLimits.check(item.friction, in: SceneLimits.friction, at: path("friction"))
            try SceneLimits.check(item.density, in: SceneLimits.density, at: path("density"))
            try SceneLimits.check(item.resistance, in: SceneLimits.resistance, at: path("resistance"))
            try SceneLimits.check(item.angularResistance, in: SceneLimits.resistance, at: path("angularResistance"))
            switch item.shape {
            case .rectangle, .ellipse:
                break
            case .roundedRectangle(let radius):
                try SceneLimits.check(
                    radius, in: SceneLimits.cornerRadius(for: item.frame.size), at: path("cornerRadius"),
                    note: Self.cornerRadiusNote)
            case .path(let points):
                for (k, point) in points.enumerated() {
                    try SceneLimits.check(point.x, in: SceneLimits.coordinate, at: path("shape.path[\(k)].x"))
                    try SceneLimits.check(point.y, in: SceneLimits.coordinate, at: path("shape.path[\(k)].y"))
                }
            }
        }
        if collisionMode.contains(.items) { try checkStartingOverlaps() }
        try SceneLimits.checkCount(
            boundaries.count, maximum: SceneLimits.maximumBoundaries, of: "boundaries", at: "boundaries")
        var boundaryIDs = Set<String>()
        for (index, boundary) in boundaries.enumerated() {
            let path = "boundaries[\(index)]"
            try SceneLimits.checkID(boundary.id, at: "\(path).id")
            try Self.checkUnique(boundary.id, in: &boundaryIDs, at: "\(path).id", noun: "boundary")
            for (name, point) in [("from", boundary.from), ("to", boundary.to)] {
                try SceneLimits.check(point.x, in: SceneLimits.coordinate, at: "\(path).\(name)[0]")
                try SceneLimits.check(point.y, in: SceneLimits.coordinate, at: "\(path).\(name)[1]")
            }
            try Self.checkEnds(boundary.from, boundary.to, at: path)
        }
    }

    /// Throws when more pairs of items overlap at the start than ``SceneLimits/maximumStartingOverlapsPerItem``
    /// per item allows. Each item is its frame's box (grown to the circle around it when the item is turned); a
    /// sweep along x counts the pairs whose boxes overlap, and stops at the limit: O(n log n + limit).
    func checkStartingOverlaps() throws(SceneError) {
        let limit = SceneLimits.maximumStartingOverlapsPerItem * items.count
        var boxes: [(minX: Double, maxX: Double, minY: Double, maxY: Double)] = items.map { item in
            let frame = item.frame.standardized
            var half = (x: frame.width / 2, y: frame.height / 2)
            if item.angle != 0 {
                let radius = (half.x * half.x + half.y * half.y).squareRoot()
                half = (radius, radius)
            }
            let center = (x: frame.midX, y: frame.midY)
            return (center.x - half.x, center.x + half.x, center.y - half.y, center.y + half.y)
        }
        boxes.sort { $0.minX < $1.minX }
        var overlaps = 0
        for i in boxes.indices {
            var j = i + 1
            while j < boxes.count, boxes[j].minX < boxes[i].maxX {
                if boxes[j].minY < boxes[i].maxY, boxes[i].minY < boxes[j].maxY {
                    overlaps += 1
                    guard overlaps <= limit else {
                        throw SceneError(
                            path: "items",
                            message: "more than \(limit) pairs of items overlap at the start (at most "
                                + "\(SceneLimits.maximumStartingOverlapsPerItem) per item): items on top of each other "
                                + "all collide with each other; spread them out, or set collision.mode to "
                                + "\"boundaries\"")
                    }
                }
                j += 1
            }
        }
    }

    /// Parses and validates scene JSON (UTF-8, strict RFC 8259: see docs/simulate.md); errors carry the JSON path
    /// of the problem, or `$` and the line and column for a document that is not JSON.
    public static func parse(_ json: some ContiguousBytes) throws(SceneError) -> DynamicsScene {
        let parsed: Result<JSONValue, JSONSyntaxError> = json.withUnsafeBytes { raw in
            do throws(JSONSyntaxError) {
                return .success(try JSONParser.parse(raw))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let value): return try DynamicsScene(value: value)
        case .failure(let error):
            throw SceneError(
                path: "$", message: "not valid JSON at line \(error.line) column \(error.column): \(error.message)")
        }
    }

    /// The note after the corner radius's range in errors.
    static let cornerRadiusNote = ", up to half the shorter side of the frame"

    static func checkRect(_ rect: Rect, at path: @autoclosure () -> String) throws(SceneError) {
        try SceneLimits.check(rect.origin.x, in: SceneLimits.coordinate, at: "\(path()).x")
        try SceneLimits.check(rect.origin.y, in: SceneLimits.coordinate, at: "\(path()).y")
        try SceneLimits.check(rect.size.width, in: SceneLimits.size, at: "\(path()).width")
        try SceneLimits.check(rect.size.height, in: SceneLimits.size, at: "\(path()).height")
    }

    static func checkUnique(_ id: String, in ids: inout Set<String>, at path: @autoclosure () -> String, noun: String)
        throws(SceneError)
    {
        guard ids.insert(id).inserted else {
            throw SceneError(
                path: path(), message: "\(SceneError.quote(id)) is used by an earlier \(noun); ids must be unique")
        }
    }

    static func checkEnds(_ from: Point, _ to: Point, at path: @autoclosure () -> String) throws(SceneError) {
        guard from != to else { throw SceneError(path: "\(path()).to", message: "must differ from \"from\"") }
    }

    init(value: JSONValue) throws(SceneError) {
        let root = try SceneReader.object(value, "$", known: ["bounds", "gravity", "collision", "items", "boundaries"])
        bounds = try SceneReader.rect(try SceneReader.required(root, "bounds", "$"), "bounds")
        switch root["gravity"] {
        case nil:
            gravity = Gravity()
        case .null?:
            gravity = nil
        case let value?:
            let object = try SceneReader.object(value, "gravity", known: ["angle", "magnitude"])
            var g = Gravity()
            g.angle = try SceneReader.number(object, "angle", "gravity", in: SceneLimits.angle, default: g.angle)
            g.magnitude = try SceneReader.number(
                object, "magnitude", "gravity", in: SceneLimits.gravityMagnitude, default: g.magnitude)
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
                    message: "must be \"items\", \"boundaries\" or \"everything\" (got \(SceneError.quote(other)))")
            }
            let boundaryName = try SceneReader.string(object, "boundary", "collision", default: "reference-bounds")
            guard let mode = BoundaryMode(rawValue: boundaryName) else {
                throw SceneError(
                    path: "collision.boundary",
                    message: "must be \"reference-bounds\" or \"none\" (got \(SceneError.quote(boundaryName)))")
            }
            boundary = mode
        }
        let itemValues = try SceneReader.array(try SceneReader.required(root, "items", "$"), "items")
        try SceneLimits.checkCount(itemValues.count, maximum: SceneLimits.maximumItems, of: "items", at: "items")
        var ids = Set<String>(minimumCapacity: itemValues.count)
        items = []
        items.reserveCapacity(itemValues.count)
        for (index, value) in itemValues.enumerated() {
            items.append(try SceneReader.item(value, "items[\(index)]", ids: &ids))
        }
        if collisionMode.contains(.items) { try checkStartingOverlaps() }
        if let value = root["boundaries"] {
            let values = try SceneReader.array(value, "boundaries")
            try SceneLimits.checkCount(
                values.count, maximum: SceneLimits.maximumBoundaries, of: "boundaries", at: "boundaries")
            var boundaryIDs = Set<String>()
            for (index, entry) in values.enumerated() {
                boundaries.append(try SceneReader.boundary(entry, "boundaries[\(index)]", ids: &boundaryIDs))
            }
        }
    }
}
