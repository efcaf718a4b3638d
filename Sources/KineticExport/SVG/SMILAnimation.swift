import KineticCore

/// SMIL animation elements (`<animate>`, `<animateTransform>`) from tracks: one element per attribute, running
/// over the whole clip (`dur` = the clip's length) and then repeating, or ending: an element that ends shows its
/// attribute's own value, which the builder sets to the track's last value (the document's still frame), so it
/// stays on the last value without `fill="freeze"`.
///
/// A track becomes `values` and `keyTimes` (fractions of the clip). Eased and linear segments are
/// `calcMode="spline"` with one `keySplines` entry per interval (linear is `0 0 1 1`); a hold is an interval
/// between two equal values, and a jump two keys at the same time. A track of holds only is
/// `calcMode="discrete"`, whose values each hold until the next key time. keySplines must stay in 0…1, so tracks
/// for SVG are baked with their handles in 0…1 (`LayerTimeline.handlesInUnitRange`).
struct SMILAnimation {
    /// The clip's length, seconds.
    var duration: Double
    /// Repeat forever (a loop), or stop on the last value.
    var repeats: Bool

    /// One key of an animation element.
    struct Key {
        var time: Double
        var value: [Double]
        /// True for a jump's key, written `jumpLead` early: its key time may be anywhere within half a lead of
        /// `time`, so it is written with the fewest decimals that land there.
        var isJump = false
    }

    /// How much earlier than its time a jump is written, in seconds: 50 µs.
    static let jumpLead = 5e-5

    /// `jumpLead` as a `begin` that starts an animation that much early (a clock value has no exponent).
    static let leadBegin = "-0.00005s"

    /// Keys and per-interval splines of `track` (nil spline list: discrete).
    func keys(of track: Track) -> (keys: [Key], splines: [(Double, Double, Double, Double)]?) {
        let keyframes = track.keyframes(gap: 0)
        guard let first = keyframes.first else { return ([], nil) }
        if keyframes.allSatisfy({ $0.easing == .hold }) {
            var keys = keyframes.map {
                Key(time: max(0, $0.time - Self.jumpLead), value: $0.value, isJump: $0.time - Self.jumpLead > 0)
            }
            if keys[0].time > 0 { keys.insert(Key(time: 0, value: first.value), at: 0) }
            keys[0].time = 0
            return (keys, nil)
        }
        var keys: [Key] = []
        var splines: [(Double, Double, Double, Double)] = []
        func add(_ time: Double, _ value: [Double], spline: (Double, Double, Double, Double)?, isJump: Bool = false) {
            if let spline, !keys.isEmpty { splines.append(spline) }
            keys.append(Key(time: time, value: value, isJump: isJump))
        }
        let linear = (0.0, 0.0, 1.0, 1.0)
        if first.time > 0 { add(0, first.value, spline: nil) }
        for (index, keyframe) in keyframes.enumerated() {
            let previous = index > 0 ? keyframes[index - 1] : nil
            switch previous?.easing {
            case nil:
                add(keyframe.time, keyframe.value, spline: keys.isEmpty ? nil : linear)
            case .hold?:
                // Hold the previous value up to this key, then jump — a hair early, so that a browser whose key
                // times are single floats shows the new value at the key's own time.
                let jump = max(keys.last?.time ?? 0, keyframe.time - Self.jumpLead)
                let led = jump == keyframe.time - Self.jumpLead
                add(jump, previous?.value ?? keyframe.value, spline: linear, isJump: led)
                add(jump, keyframe.value, spline: linear, isJump: led)
            case .linear?:
                add(keyframe.time, keyframe.value, spline: linear)
            case .bezier(let x1, let y1, let x2, let y2)?:
                add(keyframe.time, keyframe.value, spline: (x1, y1, x2, y2))
            }
        }
        if let last = keys.last, last.time < duration {
            // A last key a hair before the end (baked tracks end on the last sample) moves to the end.
            if duration - last.time < 1e-5 {
                keys[keys.count - 1].time = duration
            } else {
                add(duration, last.value, spline: linear)
            }
        }
        return (keys, splines)
    }

    /// The timing and key attributes shared by every element of a track (nil when the written values are all one): `dur`, `repeatCount`, `keyTimes` (or,
    /// for discrete values on an even grid, `begin` and none), `calcMode` and `keySplines`, with `values` from
    /// `format`.
    func attributes(_ track: Track, format: ([Double]) -> String) -> String? {
        let (keys, splines) = keys(of: track)
        // Changes too small to show in the written values need no animation.
        guard let first = keys.first.map({ format($0.value) }), keys.contains(where: { format($0.value) != first })
        else { return nil }
        var text = "dur=\"\(SVGNumber.clock(duration))\" "
        if repeats { text += "repeatCount=\"indefinite\" " }
        let listed = text + listedKeys(keys, splines: splines, format: format)
        guard splines == nil, let even = evenlySpaced(keys, format: format), even.count < listed.count else {
            return listed
        }
        return even
    }

    /// `values`, `keyTimes`, `calcMode` and `keySplines` for `keys`.
    private func listedKeys(
        _ keys: [Key], splines: [(Double, Double, Double, Double)]?, format: ([Double]) -> String
    ) -> String {
        var keys = keys
        var times: [String] = []
        var floor = 0.0
        for key in keys {
            let fraction: Double
            if key.isJump {
                // Within half a lead of the key's time, never before the key before it.
                let low = max((key.time - Self.jumpLead / 2) / duration, floor)
                let high = min((key.time + Self.jumpLead / 2) / duration, 1)
                fraction = Self.shortestDecimal(from: low, to: high) ?? min(max(key.time / duration, floor), 1)
            } else {
                fraction = min(max(key.time / duration, floor), 1)
            }
            let written = SVGNumber.fraction(fraction)
            times.append(written)
            floor = Double(written) ?? fraction
        }
        var fixed = times
        if !fixed.isEmpty {
            fixed[0] = "0"
            if splines != nil { fixed[fixed.count - 1] = "1" }
        }
        var values = keys.map { format($0.value) }
        var splineList = splines
        // A jump too small to show in the written values (two keys at one time, one value) says nothing.
        var index = 1
        while index < values.count {
            if values[index] == values[index - 1], fixed[index] == fixed[index - 1] {
                values.remove(at: index)
                fixed.remove(at: index)
                keys.remove(at: index)
                if splineList != nil { splineList?.remove(at: index - 1) }
            } else {
                index += 1
            }
        }
        var text = "values=\"" + values.joined(separator: ";") + "\" "
        text += "keyTimes=\"" + fixed.joined(separator: ";") + "\" "
        guard let splines = splineList else { return text + "calcMode=\"discrete\"" }
        let linear = (0.0, 0.0, 1.0, 1.0)
        if splines.allSatisfy({ $0 == linear }) { return text + "calcMode=\"linear\"" }
        text += "calcMode=\"spline\" keySplines=\""
        text += splines.indices.map { index in
            let s = splines[index]
            // Handles to 4 decimals move the value by at most 1.5e-4 of the interval's change (0.05 pt on a
            // 300 pt move); larger changes get more decimals.
            let change = zip(keys[index].value, keys[index + 1].value).map { abs($1 - $0) }.max() ?? 0
            let decimals = change > 3000 ? 6 : change > 300 ? 5 : 4
            return [s.0, s.1, s.2, s.3].map { SVGNumber.fraction(min(max($0, 0), 1), decimals: decimals) }
                .joined(separator: " ")
        }.joined(separator: ";")
        return text + "\""
    }

    /// Discrete `keys` whose changes all fall on an even grid of the clip (a count's ticks): `values` with one
    /// entry per grid cell and no `keyTimes` (SMIL spreads the values evenly over `dur`), `begin` a jump lead
    /// early so each value shows from its own time. A clip that does not repeat stops the grid at the last change
    /// and freezes there (its last value is the attribute's own). With `dur` and `repeatCount`; nil when the
    /// changes are not on such a grid: cells at least 5 ms long, each change within 0.3 ms of a cell boundary
    /// (the baked jumps are located to 0.2 ms), at most 100,000 cells.
    private func evenlySpaced(_ keys: [Key], format: ([Double]) -> String) -> String? {
        // The times the value changes at (a jump's key is written a lead early).
        let changes = keys.dropFirst().map { $0.isJump ? $0.time + Self.jumpLead : $0.time }
        guard let firstChange = changes.first, let lastChange = changes.last, duration > 0 else { return nil }
        let slack = 3e-4
        var smallest = firstChange
        for (a, b) in zip(changes, changes.dropFirst()) { smallest = min(smallest, b - a) }
        guard smallest >= 5e-3 else { return nil }
        // The smallest gap is a cell or a few, give or take the slack at either end: try the cell counts that
        // allows.
        var totals: [Double] = []
        for multiple in 1...4 {
            let low = (duration * Double(multiple) / (smallest + 2 * slack)).rounded(.down)
            let high = (duration * Double(multiple) / max(smallest - 2 * slack, 1e-9)).rounded(.up)
            guard high - low <= 64 else { continue }
            for total in stride(from: max(low, 1), through: high, by: 1) where !totals.contains(total) {
                totals.append(total)
            }
        }
        for total in totals {
            guard total >= 1, total <= 100_000 else { continue }
            let cell = duration / total
            guard cell >= 5e-3, slack < cell / 4 else { continue }
            let fits = changes.allSatisfy { abs($0 / cell - ($0 / cell).rounded()) * cell <= slack }
            guard fits else { continue }
            // Without repeating, the grid ends with the cell the last change starts, the value it freezes on.
            let count = repeats ? Int(total) : Int((lastChange / cell).rounded()) + 1
            guard count >= 1 else { continue }
            var values: [String] = []
            values.reserveCapacity(count)
            var next = 0
            for index in 0..<count {
                // The value in the middle of the cell: the last key whose change lies before it.
                let middle = (Double(index) + 0.5) * cell
                while next + 1 < keys.count, changes[next] < middle { next += 1 }
                values.append(format(keys[next].value))
            }
            var text = "begin=\"\(Self.leadBegin)\" dur=\"\(SVGNumber.clock(Double(count) * cell))\" "
            text += repeats ? "repeatCount=\"indefinite\" " : "fill=\"freeze\" "
            return text + "values=\"" + values.joined(separator: ";") + "\" calcMode=\"discrete\""
        }
        return nil
    }

    /// The number in `low…high` with the fewest decimals (at most 6), or nil when the range is empty.
    static func shortestDecimal(from low: Double, to high: Double) -> Double? {
        guard low <= high, low.isFinite, high.isFinite else { return nil }
        var scale = 1.0
        for _ in 0...6 {
            let candidate = (low * scale - 1e-9).rounded(.up) / scale
            if candidate >= low - 1e-12, candidate <= high { return candidate }
            scale *= 10
        }
        return nil
    }

    /// `<animate attributeName="name" …/>`, or "" when the written values do not change. A value that changes
    /// once and stays (a clip that does not repeat) is `<set attributeName="name" to="first" dur="…"/>`: the first
    /// value until the change, then the attribute's own (the last).
    func animate(_ name: String, _ track: Track, format: ([Double]) -> String) -> String {
        let (keys, splines) = keys(of: track)
        if !repeats, splines == nil, keys.count == 2, keys[1].time > 0, keys[1].time < duration {
            let first = format(keys[0].value)
            guard first != format(keys[1].value) else { return "" }
            // The change a jump lead early, written with the fewest decimals within half a lead of that.
            let time = keys[1].time
            let change =
                keys[1].isJump
                ? Self.shortestDecimal(from: time - Self.jumpLead / 2, to: time + Self.jumpLead / 2) ?? time : time
            return "<set attributeName=\"\(name)\" to=\"\(first)\" dur=\"\(SVGNumber.clock(change))\"/>"
        }
        return attributes(track, format: format).map { "<animate attributeName=\"\(name)\" " + $0 + "/>" } ?? ""
    }

    /// `<animateTransform attributeName="transform" type="type" …/>`.
    func animateTransform(_ type: String, _ track: Track, format: ([Double]) -> String) -> String {
        attributes(track, format: format).map {
            "<animateTransform attributeName=\"transform\" type=\"\(type)\" " + $0 + "/>"
        } ?? ""
    }
}

/// Numbers as SVG writes them: rounded, shortest form.
enum SVGNumber {
    /// A moving distance (a translation, a rectangle's side), to 0.01 pt: within 0.005 pt, 1/50 of the
    /// position tolerance, as path coordinates are.
    static func distance(_ value: Double) -> String { short(JSONValue.format(LottieValues.round(value, 100))) }

    /// A coordinate or value, to 0.001.
    static func format(_ value: Double) -> String { short(JSONValue.format(LottieValues.round(value, 1000))) }

    /// A fraction (key time, spline handle, stop offset), to 0.000001 (or to `decimals` decimals, at most 6).
    static func fraction(_ value: Double, decimals: Int = 6) -> String {
        let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(max(decimals, 0), 6)]
        return short(JSONValue.format(LottieValues.round(value, scale)))
    }

    /// A clock value in seconds, to the microsecond, with its unit ("2.5s"; a clock value keeps its leading
    /// zero and has no exponent).
    static func clock(_ seconds: Double) -> String {
        let microseconds = LottieValues.round(seconds * 1_000_000, 1)
        guard microseconds.isFinite, microseconds > 0, microseconds < 1e15 else { return "0s" }
        let whole = Int64(microseconds)
        var fraction = String(whole % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole / 1_000_000)" + (fraction.isEmpty ? "" : "." + fraction) + "s"
    }

    /// A number without its leading zero: "0.5" as ".5", "-0.5" as "-.5" (SVG's number syntax allows both).
    static func short(_ number: String) -> String {
        if number.hasPrefix("0.") { return String(number.dropFirst()) }
        if number.hasPrefix("-0.") { return "-" + number.dropFirst(2) }
        return number
    }

    /// A colour's red, green and blue (0…1) as "#RRGGBB".
    static func color(_ rgb: [Double]) -> String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + (0..<3).map { byte($0 < rgb.count ? rgb[$0] : 0) }.joined()
    }
}
