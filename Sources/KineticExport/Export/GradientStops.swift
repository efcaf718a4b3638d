import KineticCore
import KineticLayers

/// A gradient's stops as players interpolate them — straight (unpremultiplied) colour and alpha, each on its
/// own — arranged so that they show what Kinetic draws (colours mixed premultiplied):
/// - a transparent stop takes the colour of its neighbour on each side (two stops at one place when they
///   differ), so a fade to `.clear` does not darken;
/// - between two stops that differ in both colour and (non-zero) alpha, three stops at ¼, ½ and ¾ carry the
///   premultiplied mix, which keeps the straight blend within a few levels of it.
///
/// The arrangement is fixed by the model's stops, so animated locations keep one stop count (keyframing the
/// whole array, as Lottie requires).
struct GradientStops: Sendable, Hashable {
    /// One written stop: the premultiplied mix of resolved stops `from` and `to` at `fraction`, its colour taken
    /// from resolved stop `colorFrom` when given (for a transparent stop).
    struct Source: Sendable, Hashable {
        var from: Int
        var to: Int
        var fraction: Double
        var colorFrom: Int?
    }

    var sources: [Source]
    /// The resolved stop count the arrangement was made for.
    var resolvedCount: Int
    /// Whether alpha stops are written (some colour is not opaque).
    var hasAlpha: Bool

    init(model: GradientLayer, colorsAnimated: Bool) {
        let stops = model.resolvedStops
        let n = stops.count
        resolvedCount = n
        hasAlpha = colorsAnimated || stops.contains { $0.color.alpha < 1 }
        var sources: [Source] = []
        func rgb(_ c: Color) -> [Double] { [c.red, c.green, c.blue] }
        for i in 0..<n {
            let color = stops[i].color
            if color.alpha <= 0, n > 1 {
                let left = i > 0 ? i - 1 : nil
                let right = i + 1 < n ? i + 1 : nil
                if let left { sources.append(Source(from: i, to: i, fraction: 0, colorFrom: left)) }
                if let right, left.map({ rgb(stops[$0].color) != rgb(stops[right].color) }) ?? true {
                    sources.append(Source(from: i, to: i, fraction: 0, colorFrom: right))
                }
            } else {
                sources.append(Source(from: i, to: i, fraction: 0, colorFrom: nil))
            }
            if i + 1 < n {
                let next = stops[i + 1].color
                if color.alpha > 0, next.alpha > 0, color.alpha != next.alpha, rgb(color) != rgb(next) {
                    for f in [0.25, 0.5, 0.75] {
                        sources.append(Source(from: i, to: i + 1, fraction: f, colorFrom: nil))
                    }
                }
            }
        }
        if sources.isEmpty { sources = [Source(from: 0, to: 0, fraction: 0, colorFrom: nil)] }
        self.sources = sources
    }

    /// Stops written.
    var count: Int { sources.count }

    /// The stops of `layer` (location, straight colour) in this arrangement.
    func stops(of layer: GradientLayer) -> [(location: Double, color: Color)] {
        var resolved = layer.resolvedStops
        guard let last = resolved.last else { return sources.map { _ in (0, .clear) } }
        while resolved.count < resolvedCount { resolved.append(last) }
        return sources.map { source in
            let a = resolved[min(source.from, resolved.count - 1)]
            let b = resolved[min(source.to, resolved.count - 1)]
            let location = a.location + (b.location - a.location) * source.fraction
            var color =
                source.fraction == 0
                ? a.color : Color.interpolate(from: a.color, to: b.color, fraction: source.fraction)
            if let other = source.colorFrom {
                let c = resolved[min(other, resolved.count - 1)].color
                color = Color(red: c.red, green: c.green, blue: c.blue, alpha: color.alpha)
            }
            return (location, color)
        }
    }

    /// Lottie's flat stop array: location, red, green, blue per stop, then location, alpha per stop when
    /// `hasAlpha`.
    func flat(of layer: GradientLayer) -> [Double] {
        let stops = stops(of: layer)
        var result: [Double] = []
        for stop in stops {
            result += [stop.location, stop.color.red, stop.color.green, stop.color.blue].map { min(max($0, 0), 1) }
        }
        if hasAlpha {
            for stop in stops { result += [min(max(stop.location, 0), 1), min(max(stop.color.alpha, 0), 1)] }
        }
        return result
    }
}
