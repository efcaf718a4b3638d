import KineticLayers

/// When each layer of a clip shows, walked down the tree as both exporters walk it: a layer is hidden where its
/// opacity holds 0 and wherever its superlayer (for a mask, the layer it masks) is hidden. Baked properties rest
/// while their layer is hidden (`LayerTimeline.hiddenIntervals`), and a layer that never shows is left out.
struct HiddenStretches {
    /// A stretch of the clip, start ..< end seconds.
    typealias Stretch = (start: Double, end: Double)

    private var inherited: [ObjectIdentifier: [Stretch]] = [:]
    private var masks: Set<ObjectIdentifier> = []

    /// Enters `layer` (after its superlayer, or the layer it masks): its hidden stretches, sorted and apart —
    /// the inherited ones and those in which `opacity` holds 0 (nil: the opacity does not move) — recorded for
    /// its sublayers and its mask. Nil when the layer never shows: its opacity holds 0 throughout and it is not a
    /// mask (an empty matte would unmask its layer in Lottie instead of hiding it).
    mutating func enter(_ layer: Layer, opacity: Track?) -> [Stretch]? {
        let key = ObjectIdentifier(layer)
        if let opacity, opacity.isConstant, (opacity.value(at: 0).first ?? 0) <= 0, !masks.contains(key) {
            return nil
        }
        var hidden = inherited[key] ?? []
        if let opacity { hidden = Self.union(hidden, Self.zeroStretches(of: opacity)) }
        for sublayer in layer.sublayers { inherited[ObjectIdentifier(sublayer)] = hidden }
        if let mask = layer.mask {
            inherited[ObjectIdentifier(mask)] = hidden
            masks.insert(ObjectIdentifier(mask))
        }
        return hidden
    }

    /// The stretches in which a track holds 0 (an opacity: the layer does not show).
    static func zeroStretches(of track: Track) -> [Stretch] {
        var result: [Stretch] = []
        for segment in track.segments where segment.isConstant && segment.from.first == 0 && segment.end > segment.start
        {
            if let last = result.last, last.end >= segment.start {
                result[result.count - 1].end = max(last.end, segment.end)
            } else {
                result.append((segment.start, segment.end))
            }
        }
        return result
    }

    /// The union of two sorted lists of stretches.
    static func union(_ a: [Stretch], _ b: [Stretch]) -> [Stretch] {
        var result: [Stretch] = []
        for stretch in (a + b).sorted(by: { $0.start < $1.start }) {
            if let last = result.last, last.end >= stretch.start {
                result[result.count - 1].end = max(last.end, stretch.end)
            } else {
                result.append(stretch)
            }
        }
        return result
    }
}
