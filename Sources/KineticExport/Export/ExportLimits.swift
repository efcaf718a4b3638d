import KineticCore
import KineticLayers

/// What bounds a vector export before anything is built: the exporters sample every animated layer twice per
/// output frame over the whole clip (and at its animations' begin and end times) and keep each sample — a
/// presentation of the layer — while they write its tracks, so memory grows with animated layers × samples. A
/// 1,000-value elevator number over 500 s took 940 MB for an 8 MB Lottie; a short URL of `kinetic serve` could ask for
/// a hundred times that.
public enum ExportLimits {
    /// Samples of animated layers an export may take at most: 1,000,000 (about 550 MB of memory at the most; a
    /// README picture takes a few thousand samples, the collapse of a screen some tens of thousands, a 300-value
    /// elevator number over 150 s half a million).
    public static let maximumLayerSamples = 1_000_000

    /// The samples an export of `clip` at `framesPerSecond` takes: for every layer with animations (in the
    /// tree, masks included), 2 × `framesPerSecond` per second of the clip (or of `duration`, when the export
    /// lasts another length), plus one.
    public static func layerSamples(of clip: Clip, duration: Double? = nil, framesPerSecond: Double) -> Int {
        let duration = duration ?? clip.duration
        guard duration.isFinite, duration > 0, framesPerSecond.isFinite, framesPerSecond > 0 else { return 0 }
        let perLayer = Int(min((duration * 2 * framesPerSecond).rounded(.up), 1e9)) + 1
        var animated = 0
        var pending = [clip.root]
        while let layer = pending.popLast() {
            if !layer.animationRecords.isEmpty { animated += 1 }
            pending.append(contentsOf: layer.sublayers)
            if let mask = layer.mask { pending.append(mask) }
        }
        return animated.multipliedReportingOverflow(by: perLayer).overflow ? .max : animated * perLayer
    }

    /// Throws unless an export of `clip` at `framesPerSecond` stays within ``maximumLayerSamples``, with what to
    /// change.
    public static func check(_ clip: Clip, duration: Double? = nil, framesPerSecond: Double) throws(ExportError) {
        let duration = duration ?? clip.duration
        let samples = layerSamples(of: clip, duration: duration, framesPerSecond: framesPerSecond)
        guard samples <= maximumLayerSamples else {
            let perLayer = Int((duration * 2 * framesPerSecond).rounded(.up)) + 1
            throw ExportError(
                "a vector file of this clip samples \(samples / max(perLayer, 1)) animated layers "
                    + "\(perLayer) times each (twice a frame over \(JSONValue.format((duration * 10).rounded() / 10)) s): "
                    + "\(samples) samples, at most \(maximumLayerSamples); shorten the clip, lower the frame rate "
                    + "or write .gif, .mp4 or .webm")
        }
    }
}
