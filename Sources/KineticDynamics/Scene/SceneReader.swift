import KineticCore

/// Reads typed values out of a ``JSONValue`` with the path of each one, for errors that point at the problem.
/// Every number is checked against its ``SceneLimits`` range as it is read. Paths are made only for an error (each
/// `path` is an autoclosure): a scene of 5,050 items made some 70,000 path strings it never showed.
enum SceneReader {
    /// An object's members, in the document's order (the parser refuses a key twice). Looked up by a scan: a scene's
    /// objects have at most a dozen members, and hashing each key into a dictionary cost more.
    struct Object {
        let members: [(String, JSONValue)]

        subscript(key: String) -> JSONValue? {
            for (name, value) in members where name == key { return value }
            return nil
        }
    }

    static func object(_ value: JSONValue, _ path: @autoclosure () -> String, known: [String]) throws(SceneError)
        -> Object
    {
        guard case .object(let members) = value else {
            throw SceneError(path: path(), message: "must be an object (got \(value.typeName))")
        }
        for (key, _) in members {
            guard known.contains(key) else {
                throw SceneError(
                    path: join(path(), key), message: "unknown field (known: \(known.joined(separator: ", ")))")
            }
        }
        return Object(members: members)
    }

    /// `path.key`; a key that is not a plain name is written `path["key"]`, escaped.
    static func join(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
        if !plain { return "\(path == "$" ? "" : path)[\(SceneError.quote(key))]" }
        return path == "$" ? key : "\(path).\(key)"
    }

    static func required(_ object: Object, _ key: String, _ path: @autoclosure () -> String) throws(SceneError)
        -> JSONValue
    {
        guard let value = object[key] else { throw SceneError(path: join(path(), key), message: "is required") }
        return value
    }

    static func array(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SceneError) -> [JSONValue] {
        guard case .array(let values) = value else {
            throw SceneError(path: path(), message: "must be an array (got \(value.typeName))")
        }
        return values
    }

    /// A number in `range` (a literal beyond a double's range, such as `1e400`, is ±infinity: out of every range).
    static func number(
        _ value: JSONValue, _ path: @autoclosure () -> String, in range: SceneRange, note: String = ""
    ) throws(SceneError)
        -> Double
    {
        guard case .number(let number) = value else {
            throw SceneError(path: path(), message: "must be a number in \(range)\(note) (got \(value.typeName))")
        }
        try SceneLimits.check(number, in: range, at: path(), note: note)
        return number
    }

    static func number(
        _ object: Object, _ key: String, _ path: @autoclosure () -> String, in range: SceneRange,
        default fallback: Double?,
        note: String = ""
    ) throws(SceneError) -> Double {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw SceneError(path: join(path(), key), message: "is required")
        }
        return try number(value, join(path(), key), in: range, note: note)
    }

    static func string(
        _ object: Object, _ key: String, _ path: @autoclosure () -> String, default fallback: String?
    )
        throws(SceneError) -> String
    {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw SceneError(path: join(path(), key), message: "is required")
        }
        guard case .string(let string) = value else {
            throw SceneError(path: join(path(), key), message: "must be a string (got \(value.typeName))")
        }
        return string
    }

    static func bool(
        _ object: Object, _ key: String, _ path: @autoclosure () -> String, default fallback: Bool
    )
        throws(SceneError) -> Bool
    {
        guard let value = object[key] else { return fallback }
        guard case .bool(let flag) = value else {
            throw SceneError(path: join(path(), key), message: "must be true or false (got \(value.typeName))")
        }
        return flag
    }

    /// `{x, y, width, height}`: coordinates in ``SceneLimits/coordinate``, sizes in ``SceneLimits/size``.
    static func rect(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SceneError) -> Rect {
        let object = try object(value, path(), known: rectFields)
        let x = try number(object, "x", path(), in: SceneLimits.coordinate, default: nil)
        let y = try number(object, "y", path(), in: SceneLimits.coordinate, default: nil)
        let width = try number(object, "width", path(), in: SceneLimits.size, default: nil)
        let height = try number(object, "height", path(), in: SceneLimits.size, default: nil)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// `[x, y]`, both in ``SceneLimits/coordinate``.
    static func point(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SceneError) -> Point {
        let values = try array(value, path())
        guard values.count == 2, let first = values.first, let second = values.last else {
            throw SceneError(
                path: path(),
                message: "must be [x, y], two numbers (got \(values.count) value\(values.count == 1 ? "" : "s"))")
        }
        return Point(
            x: try number(first, "\(path())[0]", in: SceneLimits.coordinate),
            y: try number(second, "\(path())[1]", in: SceneLimits.coordinate))
    }

    /// An id: a string of at most ``SceneLimits/maximumIDLength`` UTF-8 bytes.
    static func id(_ object: Object, _ path: @autoclosure () -> String) throws(SceneError) -> String {
        let id = try string(object, "id", path(), default: nil)
        try SceneLimits.checkID(id, at: join(path(), "id"))
        return id
    }

    /// The fields of an item and of a rectangle.
    static let itemFields = [
        "id", "frame", "angle", "elasticity", "friction", "density", "resistance", "angularResistance",
        "allowsRotation", "anchored", "shape", "cornerRadius",
    ]
    static let rectFields = ["x", "y", "width", "height"]

    /// One item; `ids` holds the ids of the earlier items and gains this one.
    static func item(_ value: JSONValue, _ path: @autoclosure () -> String, ids: inout Set<String>) throws(SceneError)
        -> DynamicsScene.Item
    {
        let object = try object(value, path(), known: itemFields)
        let id = try id(object, path())
        try DynamicsScene.checkUnique(id, in: &ids, at: join(path(), "id"), noun: "item")
        let frame = try rect(try required(object, "frame", path()), join(path(), "frame"))
        var item = DynamicsScene.Item(id: id, frame: frame)
        item.angle = try number(object, "angle", path(), in: SceneLimits.angle, default: 0)
        item.elasticity = try number(object, "elasticity", path(), in: SceneLimits.elasticity, default: 0)
        item.friction = try number(object, "friction", path(), in: SceneLimits.friction, default: 0)
        item.density = try number(object, "density", path(), in: SceneLimits.density, default: 1)
        item.resistance = try number(object, "resistance", path(), in: SceneLimits.resistance, default: 0)
        item.angularResistance = try number(
            object, "angularResistance", path(), in: SceneLimits.resistance, default: 0)
        item.allowsRotation = try bool(object, "allowsRotation", path(), default: true)
        item.anchored = try bool(object, "anchored", path(), default: false)
        let radius = try number(
            object, "cornerRadius", path(), in: SceneLimits.cornerRadius(for: frame.size), default: 0,
            note: DynamicsScene.cornerRadiusNote)
        switch try string(object, "shape", path(), default: "rectangle") {
        case "rectangle": item.shape = radius > 0 ? .roundedRectangle(cornerRadius: radius) : .rectangle
        case "ellipse": item.shape = .ellipse
        case let other:
            throw SceneError(
                path: join(path(), "shape"),
                message: "must be \"rectangle\" or \"ellipse\" (got \(SceneError.quote(other)))")
        }
        return item
    }

    /// One extra boundary; `ids` holds the ids of the earlier boundaries and gains this one.
    static func boundary(
        _ value: JSONValue, _ path: @autoclosure () -> String, ids: inout Set<String>
    ) throws(SceneError)
        -> DynamicsScene.Boundary
    {
        let object = try object(value, path(), known: ["id", "from", "to"])
        let id = try id(object, path())
        try DynamicsScene.checkUnique(id, in: &ids, at: join(path(), "id"), noun: "boundary")
        let from = try point(try required(object, "from", path()), join(path(), "from"))
        let to = try point(try required(object, "to", path()), join(path(), "to"))
        try DynamicsScene.checkEnds(from, to, at: path())
        return DynamicsScene.Boundary(id: id, from: from, to: to)
    }
}
