import KineticCore

/// A closed range of finite numbers with its unit, as errors and docs write it: `0.01...1000000 pt`.
public struct SceneRange: Sendable, Equatable, CustomStringConvertible {
    /// The smallest and largest allowed values (both allowed).
    public let bounds: ClosedRange<Double>
    /// The unit written after the range (`pt`, `rad`, `1/s`), or empty.
    public let unit: String

    /// A range from `bounds` with `unit`.
    public init(_ bounds: ClosedRange<Double>, unit: String = "") {
        self.bounds = bounds
        self.unit = unit
    }

    /// Whether `value` is in the range (never for NaN or an infinity).
    public func contains(_ value: Double) -> Bool { value.isFinite && bounds.contains(value) }

    /// `lower...upper unit`, numbers as in the output (`-1000000...1000000 rad`).
    public var description: String {
        "\(sceneNumberText(bounds.lowerBound))...\(sceneNumberText(bounds.upperBound))"
            + (unit.isEmpty ? "" : " \(unit)")
    }
}

/// The limits of a ``DynamicsScene``: the range of every number and the length of every list. The JSON reader
/// (``DynamicsScene/parse(_:)``) and ``DynamicsScene/validate()`` apply the same rules in the same order and report
/// the same JSON path, range and value, e.g. `items[0].frame.width: must be in 0.01...1000000 pt (got 0)`.
///
/// The ranges keep every computation of the engine finite over the longest run `kinetic simulate` allows and keep
/// its trigonometry exact; they are far wider than any screen.
public enum SceneLimits {
    /// `bounds.x`, `bounds.y`, `items[].frame.x`, `items[].frame.y` and the `[x, y]` points of `boundaries[]`:
    /// −10⁶…10⁶ points.
    public static let coordinate = SceneRange(-1_000_000...1_000_000, unit: "pt")
    /// `bounds.width`, `bounds.height`, `items[].frame.width`, `items[].frame.height`: 0.01…10⁶ points (the
    /// engine keeps a 0.001 pt core inside rounded corners, so a side must be wider than twice that).
    public static let size = SceneRange(0.01...1_000_000, unit: "pt")
    /// `items[].angle` and `gravity.angle`: −10⁶…10⁶ radians (the sine and cosine stay within about 1e-10 of the
    /// exact values there; reduce larger angles modulo 2π yourself).
    public static let angle = SceneRange(-1_000_000...1_000_000, unit: "rad")
    /// `gravity.magnitude`: 0…1000 (1 = 1000 pt/s², so at most 10⁶ pt/s²).
    public static let gravityMagnitude = SceneRange(0...1000)
    /// `items[].elasticity`: 0…1.
    public static let elasticity = SceneRange(0...1)
    /// `items[].friction`: 0…1000.
    public static let friction = SceneRange(0...1000)
    /// `items[].density`: 0.0001…10⁶ (mass = density · area / 10⁴).
    public static let density = SceneRange(0.0001...1_000_000)
    /// `items[].resistance` and `items[].angularResistance`: 0…10⁶ per second.
    public static let resistance = SceneRange(0...1_000_000, unit: "1/s")
    /// `items[].cornerRadius`: 0 up to half the shorter side of the item's frame, in points.
    public static func cornerRadius(for frame: Size) -> SceneRange {
        SceneRange(0...(min(frame.width, frame.height) / 2), unit: "pt")
    }
    /// The most entries in `items`.
    public static let maximumItems = 10_000
    /// The most pairs of items whose frames overlap at the start, per item: 16. Items that start on top of each
    /// other all collide with each other — n²/2 contacts, which no engine keeps in bounded memory (a couple of
    /// thousand boxes in one place took gigabytes and minutes). A pile, a grid or a stack starts with a few
    /// overlaps per item at most. Counted only when items collide with items.
    public static let maximumStartingOverlapsPerItem = 16
    /// The most entries in `boundaries`.
    public static let maximumBoundaries = 10_000
    /// The longest `id` of an item or a boundary, in UTF-8 bytes (item ids are echoed in every output frame).
    public static let maximumIDLength = 256

    /// Throws unless `range` contains `value`.
    static func check(
        _ value: Double, in range: SceneRange, at path: @autoclosure () -> String, note: String = ""
    ) throws(SceneError) {
        guard range.contains(value) else {
            // A JSON literal beyond a double's range (1e400) reads as ±infinity: "inf".
            let shown = value.isFinite ? sceneNumberText(value) : "\(value)"
            throw SceneError(path: path(), message: "must be in \(range)\(note) (got \(shown))")
        }
    }

    /// Throws unless `id` is at most ``maximumIDLength`` UTF-8 bytes.
    static func checkID(_ id: String, at path: @autoclosure () -> String) throws(SceneError) {
        let length = id.utf8.count
        guard length <= maximumIDLength else {
            throw SceneError(
                path: path(), message: "must be at most \(maximumIDLength) bytes of UTF-8 (got \(length) bytes)")
        }
    }

    /// Throws unless a list at `path` has at most `maximum` entries.
    static func checkCount(
        _ count: Int, maximum: Int, of noun: String, at path: @autoclosure () -> String
    ) throws(SceneError) {
        guard count <= maximum else {
            throw SceneError(path: path(), message: "at most \(maximum) \(noun) (got \(count))")
        }
    }
}
