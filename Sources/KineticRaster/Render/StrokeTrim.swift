import KineticCore
import KineticLayers

/// The part of a path between two fractions of its length, as `CAShapeLayer` strokes it for `strokeStart` and
/// `strokeEnd`.
struct StrokeTrim {
    /// One piece of the trimmed path, ready to stroke.
    struct Piece: Equatable {
        /// A move, then lines and cubics, and `close` only when a closed subpath is kept whole.
        var elements: [Path.Element]
        /// How far along its original subpath the piece starts, in points: the dash phase that keeps dashes where
        /// they are on the untrimmed path.
        var dashOffset: Double
    }

    /// The pieces of `measure`'s path from `start` to `end` (fractions of the total length, clamped to 0…1).
    /// Nothing when `end` ≤ `start` or the path has no length. Curves are cut exactly (de Casteljau) at the
    /// parameters the length table gives.
    static func pieces(of measure: PathMeasure, from start: Double, to end: Double) -> [Piece] {
        let total = measure.length
        let from = min(max(start.isNaN ? 0 : start, 0), 1) * total
        let to = min(max(end.isNaN ? 1 : end, 0), 1) * total
        guard total > 0, to > from else { return [] }
        var pieces: [Piece] = []
        var offset = 0.0  // length of the subpaths before the current one
        for subpath in measure.subpaths {
            let length = subpath.length
            defer { offset += length }
            let localFrom = from - offset
            let localTo = to - offset
            guard localTo > 0, localFrom < length, length > 0 else { continue }
            if subpath.isClosed && localFrom <= 0 && localTo >= length {
                pieces.append(Piece(elements: whole(subpath), dashOffset: 0))
                continue
            }
            let elements = cut(subpath, from: max(0, localFrom), to: min(length, localTo))
            if !elements.isEmpty { pieces.append(Piece(elements: elements, dashOffset: max(0, localFrom))) }
        }
        return pieces
    }

    private static func whole(_ subpath: PathMeasure.Subpath) -> [Path.Element] {
        var elements: [Path.Element] = [.move(to: subpath.start)]
        for measured in subpath.segments { elements.append(element(for: measured.segment)) }
        elements.append(.close)
        return elements
    }

    /// The elements of `subpath` between lengths `from` and `to` (0 ≤ from < to ≤ its length).
    private static func cut(_ subpath: PathMeasure.Subpath, from: Double, to: Double) -> [Path.Element] {
        var elements: [Path.Element] = []
        var position = 0.0
        for measured in subpath.segments {
            let segmentStart = position
            position += measured.length
            guard position > from else { continue }
            guard segmentStart < to else { break }
            let t0 = measured.parameter(atDistance: from - segmentStart)
            let t1 = measured.parameter(atDistance: to - segmentStart)
            let part = split(measured.segment, from: segmentStart < from ? t0 : 0, to: position > to ? t1 : 1)
            if elements.isEmpty { elements.append(.move(to: part.start)) }
            elements.append(element(for: part))
        }
        return elements
    }

    private static func element(for segment: PathMeasure.Segment) -> Path.Element {
        switch segment {
        case .line(_, let end): return .line(to: end)
        case .cubic(_, let c1, let c2, let end): return .cubic(to: end, control1: c1, control2: c2)
        }
    }

    /// The part of a segment between parameters `t0` < `t1` (lines: linear; cubics: de Casteljau).
    static func split(_ segment: PathMeasure.Segment, from t0: Double, to t1: Double) -> PathMeasure.Segment {
        switch segment {
        case .line(let a, let b):
            return .line(a + (b - a) * t0, a + (b - a) * t1)
        case .cubic(let p0, let p1, let p2, let p3):
            if t0 <= 0 && t1 >= 1 { return segment }
            // First keep [0, t1], then cut that at t0 / t1.
            let (head, _) = subdivide(p0, p1, p2, p3, at: t1)
            guard t0 > 0, t1 > 0 else { return .cubic(head.0, head.1, head.2, head.3) }
            let (_, tail) = subdivide(head.0, head.1, head.2, head.3, at: t0 / t1)
            return .cubic(tail.0, tail.1, tail.2, tail.3)
        }
    }

    private typealias Cubic = (Point, Point, Point, Point)

    /// De Casteljau's split of a cubic at `t` into the curves before and after.
    private static func subdivide(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> (Cubic, Cubic) {
        let a = p0 + (p1 - p0) * t
        let b = p1 + (p2 - p1) * t
        let c = p2 + (p3 - p2) * t
        let d = a + (b - a) * t
        let e = b + (c - b) * t
        let f = d + (e - d) * t
        return ((p0, a, d, f), (f, e, c, p3))
    }
}
