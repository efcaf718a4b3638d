import KineticCore
import KineticLayers

/// How a Lottie property's value is written: a number, an array, a gradient's flat stop array, or a Bézier shape.
enum LottieValueKind: Sendable, Hashable {
    /// One number (`"k": 50`, keyframes `"s": [50]`).
    case scalar
    /// An array of numbers (`"k": [x, y]`).
    case vector
    /// A Bézier shape from a flat vector (see `LottieShape.flatten`), `closed` or open.
    case shape(closed: Bool)
}

/// Writes Lottie values, properties and keyframes, numbers rounded to what is visible (0.001 of a point,
/// degree or percent, 0.0001 of a colour component, stop offset or easing handle) so that files stay small and
/// identical inputs give identical bytes.
enum LottieValues {
    /// Rounds to `decimals` decimal places (divides, so 0.3 stays 0.3).
    static func round(_ value: Double, _ decimals: Double) -> Double {
        guard value.isFinite else { return 0 }
        let scale = decimals
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }

    /// Values of a kind, rounded with `precision` (a power of ten: 1000 for 0.001).
    static func value(_ v: [Double], _ kind: LottieValueKind, precision: Double) -> JSONValue {
        switch kind {
        case .scalar: return .number(round(v.first ?? 0, precision))
        case .vector: return .numbers(v.map { round($0, precision) })
        case .shape(let closed): return LottieShape.json(flat: v, closed: closed, precision: precision)
        }
    }

    /// A static property `{"a": 0, "k": …}`.
    static func staticProperty(_ v: [Double], _ kind: LottieValueKind, precision: Double) -> JSONValue {
        .object([("a", 0), ("k", value(v, kind, precision: precision))])
    }

    /// A property from a track: static when it never changes, otherwise keyframes (times in frames at
    /// `framesPerSecond`, at least 0.01 frame apart).
    static func property(_ track: Track, _ kind: LottieValueKind, precision: Double, framesPerSecond: Double)
        -> JSONValue
    {
        guard !track.isConstant else {
            return staticProperty(track.segments.first?.from ?? [], kind, precision: precision)
        }
        let keyframes = track.keyframes(gap: 0.01 / framesPerSecond)
        var list: [JSONValue] = []
        for (index, keyframe) in keyframes.enumerated() {
            var members: [(String, JSONValue)] = [("t", .number(round(keyframe.time * framesPerSecond, 1000)))]
            let encoded: JSONValue
            switch kind {
            case .scalar, .vector: encoded = .numbers(keyframe.value.map { round($0, precision) })
            case .shape: encoded = .array([value(keyframe.value, kind, precision: precision)])
            }
            members.append(("s", encoded))
            if index + 1 < keyframes.count {
                switch keyframe.easing {
                case .hold:
                    members.append(("h", 1))
                case .linear:
                    members.append(("o", handle(0, 0)))
                    members.append(("i", handle(1, 1)))
                case .bezier(let x1, let y1, let x2, let y2):
                    members.append(("o", handle(x1, y1)))
                    members.append(("i", handle(x2, y2)))
                }
            }
            list.append(.object(members))
        }
        return .object([("a", 1), ("k", .array(list))])
    }

    /// An easing handle `{"x": [x], "y": [y]}` (x in 0…1).
    static func handle(_ x: Double, _ y: Double) -> JSONValue {
        .object([
            ("x", .numbers([round(min(max(x, 0), 1), 10_000)])), ("y", .numbers([round(y, 10_000)])),
        ])
    }

    /// A colour as Lottie writes it: "#RRGGBB".
    static func hex(_ color: Color) -> String {
        String(color.hexString.prefix(7))
    }
}

/// Lottie's Bézier shapes: vertices with in and out tangents relative to them.
enum LottieShape {
    /// One subpath of `path` as vertices (v), in tangents (i) and out tangents (o), and whether it is closed. A
    /// closing segment that ends on the first vertex is folded into it.
    struct Contour: Sendable, Hashable {
        var vertices: [Point] = []
        var inTangents: [Point] = []
        var outTangents: [Point] = []
        var closed = false

        /// v, i, o interleaved per vertex: the vector form tracks and keyframes use.
        var flat: [Double] {
            var result: [Double] = []
            result.reserveCapacity(vertices.count * 6)
            for k in vertices.indices {
                result += [
                    vertices[k].x, vertices[k].y, inTangents[k].x, inTangents[k].y, outTangents[k].x,
                    outTangents[k].y,
                ]
            }
            return result
        }
    }

    /// The subpaths of `path` as contours.
    static func contours(of path: Path) -> [Contour] {
        var result: [Contour] = []
        for subpath in path.subpaths {
            var contour = Contour()
            for element in subpath.elements {
                switch element {
                case .move(let p):
                    contour.vertices.append(p)
                    contour.inTangents.append(.zero)
                    contour.outTangents.append(.zero)
                case .line(let p):
                    contour.vertices.append(p)
                    contour.inTangents.append(.zero)
                    contour.outTangents.append(.zero)
                case .cubic(let p, let c1, let c2):
                    if let last = contour.vertices.last {
                        contour.outTangents[contour.outTangents.count - 1] = c1 - last
                    }
                    contour.vertices.append(p)
                    contour.inTangents.append(c2 - p)
                    contour.outTangents.append(.zero)
                case .close:
                    contour.closed = true
                }
            }
            if contour.closed, contour.vertices.count > 1, let first = contour.vertices.first,
                let last = contour.vertices.last, abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
            {
                contour.inTangents[0] = contour.inTangents[contour.inTangents.count - 1]
                contour.vertices.removeLast()
                contour.inTangents.removeLast()
                contour.outTangents.removeLast()
            }
            if !contour.vertices.isEmpty { result.append(contour) }
        }
        return result
    }

    /// A shape value `{"c": …, "v": […], "i": […], "o": […]}` from a flat v/i/o vector.
    static func json(flat: [Double], closed: Bool, precision: Double) -> JSONValue {
        var v: [JSONValue] = []
        var i: [JSONValue] = []
        var o: [JSONValue] = []
        var k = 0
        while k + 5 < flat.count {
            v.append(.numbers([LottieValues.round(flat[k], precision), LottieValues.round(flat[k + 1], precision)]))
            i.append(
                .numbers([LottieValues.round(flat[k + 2], precision), LottieValues.round(flat[k + 3], precision)]))
            o.append(
                .numbers([LottieValues.round(flat[k + 4], precision), LottieValues.round(flat[k + 5], precision)]))
            k += 6
        }
        return .object([("c", .bool(closed)), ("v", .array(v)), ("i", .array(i)), ("o", .array(o))])
    }

    /// A rounded rectangle as one closed contour: 8 vertices with circular corners (4 when `alwaysRounded` is
    /// false and the radius is 0), clockwise from the top edge's left end — a fixed structure, so its vertices
    /// can be keyframed when the rectangle moves.
    static func roundedRect(_ rect: Rect, cornerRadius: Double, alwaysRounded: Bool) -> Contour {
        let r = rect.standardized
        let radius = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, r.width / 2, r.height / 2))
        var contour = Contour()
        contour.closed = true
        guard radius > 0 || alwaysRounded else {
            contour.vertices = [
                Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
                Point(x: r.minX, y: r.maxY),
            ]
            contour.inTangents = Array(repeating: .zero, count: 4)
            contour.outTangents = Array(repeating: .zero, count: 4)
            return contour
        }
        // The handle length of a quarter circle, as `Path.addRoundedRect` draws it: 4/3 · tan(π/8) · radius.
        let k = 0.552_284_749_830_793_4 * radius
        let points: [(Point, Point, Point)] = [
            (Point(x: r.minX + radius, y: r.minY), Point(x: -k, y: 0), .zero),
            (Point(x: r.maxX - radius, y: r.minY), .zero, Point(x: k, y: 0)),
            (Point(x: r.maxX, y: r.minY + radius), Point(x: 0, y: -k), .zero),
            (Point(x: r.maxX, y: r.maxY - radius), .zero, Point(x: 0, y: k)),
            (Point(x: r.maxX - radius, y: r.maxY), Point(x: k, y: 0), .zero),
            (Point(x: r.minX + radius, y: r.maxY), .zero, Point(x: -k, y: 0)),
            (Point(x: r.minX, y: r.maxY - radius), Point(x: 0, y: k), .zero),
            (Point(x: r.minX, y: r.minY + radius), .zero, Point(x: 0, y: -k)),
        ]
        for (vertex, inTangent, outTangent) in points {
            contour.vertices.append(vertex)
            contour.inTangents.append(inTangent)
            contour.outTangents.append(outTangent)
        }
        return contour
    }
}
