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

    /// The timing and key attributes shared by every element of a track: `dur`, `repeatCount` or `fill`,
    /// `keyTimes`, `calcMode` and `keySplines`, with `values` from `format`.
    func attributes(_ track: Track, format: ([Double]) -> String) -> String {
        let (keys, splines) = keys(of: track)
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
        var text = "dur=\"\(SVGNumber.format(duration))s\" "
        if repeats { text += "repeatCount=\"indefinite\" " }
        text += "values=\"" + keys.map { format($0.value) }.joined(separator: ";") + "\" "
        text += "keyTimes=\"" + fixed.joined(separator: ";") + "\" "
        if let splines {
            text += "calcMode=\"spline\" keySplines=\""
            text += splines.map { s in
                [s.0, s.1, s.2, s.3].map { SVGNumber.fraction(min(max($0, 0), 1)) }.joined(separator: " ")
            }.joined(separator: ";")
            text += "\""
        } else {
            text += "calcMode=\"discrete\""
        }
        return text
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

    /// `<animate attributeName="name" …/>`.
    func animate(_ name: String, _ track: Track, format: ([Double]) -> String) -> String {
        "<animate attributeName=\"\(name)\" " + attributes(track, format: format) + "/>"
    }

    /// `<animateTransform attributeName="transform" type="type" …/>`.
    func animateTransform(_ type: String, _ track: Track, format: ([Double]) -> String) -> String {
        "<animateTransform attributeName=\"transform\" type=\"\(type)\" " + attributes(track, format: format) + "/>"
    }
}

/// Numbers as SVG writes them: rounded, shortest form.
enum SVGNumber {
    /// A coordinate or value, to 0.001.
    static func format(_ value: Double) -> String { JSONValue.format(LottieValues.round(value, 1000)) }

    /// A fraction (key time, spline handle, stop offset), to 0.000001.
    static func fraction(_ value: Double) -> String { JSONValue.format(LottieValues.round(value, 1_000_000)) }

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
