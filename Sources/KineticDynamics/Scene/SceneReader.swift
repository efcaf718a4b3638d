import KineticCore

/// Reads typed values out of a ``JSONValue`` with the path of each one, for errors that point at the problem.
enum SceneReader {
    static func object(_ value: JSONValue, _ path: String, known: [String]) throws(SceneError) -> [String: JSONValue] {
        guard case .object(let fields, let keys) = value else {
            throw SceneError(path: path, message: "must be an object (got \(value.typeName))")
        }
        for key in keys where !known.contains(key) {
            throw SceneError(
                path: join(path, key), message: "unknown field (known: \(known.joined(separator: ", ")))")
        }
        return fields
    }

    static func join(_ path: String, _ key: String) -> String { path == "$" ? key : "\(path).\(key)" }

    static func required(_ object: [String: JSONValue], _ key: String, _ path: String) throws(SceneError) -> JSONValue {
        guard let value = object[key] else { throw SceneError(path: join(path, key), message: "is required") }
        return value
    }

    static func array(_ value: JSONValue, _ path: String) throws(SceneError) -> [JSONValue] {
        guard case .array(let values) = value else {
            throw SceneError(path: path, message: "must be an array (got \(value.typeName))")
        }
        return values
    }

    static func number(_ value: JSONValue, _ path: String) throws(SceneError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw SceneError(path: path, message: "must be a finite number (got \(value.typeName))")
        }
        return number
    }

    static func number(_ object: [String: JSONValue], _ key: String, _ path: String, default fallback: Double?)
        throws(SceneError) -> Double
    {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw SceneError(path: join(path, key), message: "is required")
        }
        return try number(value, join(path, key))
    }

    static func string(_ object: [String: JSONValue], _ key: String, _ path: String, default fallback: String?)
        throws(SceneError) -> String
    {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw SceneError(path: join(path, key), message: "is required")
        }
        guard case .string(let string) = value else {
            throw SceneError(path: join(path, key), message: "must be a string (got \(value.typeName))")
        }
        return string
    }

    static func bool(_ object: [String: JSONValue], _ key: String, _ path: String, default fallback: Bool)
        throws(SceneError) -> Bool
    {
        guard let value = object[key] else { return fallback }
        guard case .bool(let flag) = value else {
            throw SceneError(path: join(path, key), message: "must be true or false (got \(value.typeName))")
        }
        return flag
    }

    static func rect(_ value: JSONValue, _ path: String) throws(SceneError) -> Rect {
        let object = try object(value, path, known: ["x", "y", "width", "height"])
        return Rect(
            x: try number(object, "x", path, default: nil), y: try number(object, "y", path, default: nil),
            width: try number(object, "width", path, default: nil),
            height: try number(object, "height", path, default: nil))
    }

    static func point(_ value: JSONValue, _ path: String) throws(SceneError) -> Point {
        let values = try array(value, path)
        guard values.count == 2 else {
            throw SceneError(path: path, message: "must be [x, y] (got \(values.count) numbers)")
        }
        return Point(x: try number(values[0], "\(path)[0]"), y: try number(values[1], "\(path)[1]"))
    }

    private static func range(
        _ object: [String: JSONValue], _ key: String, _ path: String, default fallback: Double,
        _ isValid: (Double) -> Bool, _ rule: String
    ) throws(SceneError) -> Double {
        let value = try number(object, key, path, default: fallback)
        guard isValid(value) else { throw SceneError(path: join(path, key), message: "\(rule) (got \(value))") }
        return value
    }

    static func item(_ value: JSONValue, _ path: String) throws(SceneError) -> DynamicsScene.Item {
        let known = [
            "id", "frame", "angle", "elasticity", "friction", "density", "resistance", "angularResistance",
            "allowsRotation", "anchored", "shape", "cornerRadius",
        ]
        let object = try object(value, path, known: known)
        let id = try string(object, "id", path, default: nil)
        let framePath = join(path, "frame")
        let frame = try rect(try required(object, "frame", path), framePath)
        guard frame.size.width > 0 else {
            throw SceneError(path: "\(framePath).width", message: "must be > 0 (got \(frame.size.width))")
        }
        guard frame.size.height > 0 else {
            throw SceneError(path: "\(framePath).height", message: "must be > 0 (got \(frame.size.height))")
        }
        var item = DynamicsScene.Item(id: id, frame: frame)
        item.angle = try number(object, "angle", path, default: 0)
        item.elasticity = try range(object, "elasticity", path, default: 0, { $0 >= 0 && $0 <= 1 }, "must be in 0...1")
        item.friction = try range(object, "friction", path, default: 0, { $0 >= 0 }, "must be >= 0")
        item.density = try range(object, "density", path, default: 1, { $0 > 0 }, "must be > 0")
        item.resistance = try range(object, "resistance", path, default: 0, { $0 >= 0 }, "must be >= 0")
        item.angularResistance = try range(object, "angularResistance", path, default: 0, { $0 >= 0 }, "must be >= 0")
        item.allowsRotation = try bool(object, "allowsRotation", path, default: true)
        item.anchored = try bool(object, "anchored", path, default: false)
        let halfSide = min(frame.size.width, frame.size.height) / 2
        let radius = try range(
            object, "cornerRadius", path, default: 0, { $0 >= 0 && $0 <= halfSide }, "must be in 0...\(halfSide)")
        switch try string(object, "shape", path, default: "rectangle") {
        case "rectangle": item.shape = radius > 0 ? .roundedRectangle(cornerRadius: radius) : .rectangle
        case "ellipse": item.shape = .ellipse
        case let other:
            throw SceneError(
                path: join(path, "shape"), message: "must be \"rectangle\" or \"ellipse\" (got \"\(other)\")")
        }
        return item
    }
}
