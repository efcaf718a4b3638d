import KineticCore
import KineticLayers

/// A path split into measured segments, so a stroke can be cut at fractions of its length (`ShapeLayer`'s
/// `strokeStart` and `strokeEnd`).
///
/// Lines are measured exactly; a cubic is measured by a polyline of up to 128 chords (one per 2 points of its
/// control polygon, at least 16), within 0.1 % of its true length for the curves paths are made of. The measure
/// follows Core Graphics' path rules: a line or curve with no current point starts a subpath at its own start
/// (the origin), `close` adds the closing line when the subpath does not already end at its start, and a segment
/// after `close` starts a new subpath at the closed subpath's start point.
struct PathMeasure {
    /// One drawable piece of a subpath.
    enum Segment: Equatable {
        case line(Point, Point)
        /// Start, first control point, second control point, end.
        case cubic(Point, Point, Point, Point)

        var start: Point {
            switch self {
            case .line(let p, _), .cubic(let p, _, _, _): return p
            }
        }

        var end: Point {
            switch self {
            case .line(_, let p), .cubic(_, _, _, let p): return p
            }
        }
    }

    /// A segment with its length and, for a cubic, the cumulative chord lengths at evenly spaced parameters.
    struct MeasuredSegment {
        var segment: Segment
        var length: Double
        /// For cubics: `table[i]` is the length from t = 0 to t = i / (table.count − 1). Empty for lines.
        var table: [Double]
    }

    /// A subpath: its segments in order and whether it was closed.
    struct Subpath {
        var start: Point
        var segments: [MeasuredSegment]
        var isClosed: Bool
        var length: Double { segments.reduce(0) { $0 + $1.length } }
    }

    private(set) var subpaths: [Subpath] = []

    /// The total length of every subpath, in points.
    var length: Double { subpaths.reduce(0) { $0 + $1.length } }

    init(_ path: Path) {
        var current: Subpath?
        var cursor = Point.zero
        func begin(at point: Point) {
            if let open = current { subpaths.append(open) }
            current = Subpath(start: point, segments: [], isClosed: false)
            cursor = point
        }
        func append(_ segment: Segment) {
            if current == nil || current?.isClosed == true { begin(at: cursor) }
            current?.segments.append(Self.measure(segment))
            cursor = segment.end
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                begin(at: point)
            case .line(let point):
                append(.line(cursor, point))
            case .cubic(let point, let control1, let control2):
                append(.cubic(cursor, control1, control2, point))
            case .close:
                guard var open = current, !open.isClosed else { continue }
                if cursor != open.start { open.segments.append(Self.measure(.line(cursor, open.start))) }
                open.isClosed = true
                current = open
                cursor = open.start
            }
        }
        if let open = current { subpaths.append(open) }
    }

    static func measure(_ segment: Segment) -> MeasuredSegment {
        switch segment {
        case .line(let a, let b):
            return MeasuredSegment(segment: segment, length: a.distance(to: b), table: [])
        case .cubic(let p0, let p1, let p2, let p3):
            let polygon = p0.distance(to: p1) + p1.distance(to: p2) + p2.distance(to: p3)
            let steps = polygon.isFinite ? min(128, max(16, Int(polygon / 2))) : 16
            var table = [0.0]
            table.reserveCapacity(steps + 1)
            var previous = p0
            var total = 0.0
            for i in 1...steps {
                let point = cubicPoint(p0, p1, p2, p3, t: Double(i) / Double(steps))
                total += previous.distance(to: point)
                table.append(total)
                previous = point
            }
            return MeasuredSegment(segment: segment, length: total, table: table)
        }
    }

    /// The point at parameter `t` of a cubic Bézier curve.
    static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return Point(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}

extension PathMeasure.MeasuredSegment {
    /// The curve parameter at which the segment's length from its start is `distance` (clamped to the segment).
    func parameter(atDistance distance: Double) -> Double {
        guard length > 0 else { return 0 }
        let target = min(max(distance, 0), length)
        guard !table.isEmpty else { return target / length }
        // Binary search for the chord containing `target`, then interpolate linearly inside it.
        var low = 0
        var high = table.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] < target { low = middle } else { high = middle }
        }
        let span = table[high] - table[low]
        let fraction = span > 0 ? (target - table[low]) / span : 0
        return (Double(low) + fraction) / Double(table.count - 1)
    }
}
