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
        let (layers, perLayer) = sampling(clip, duration: duration ?? clip.duration, framesPerSecond: framesPerSecond)
        return layers.multipliedReportingOverflow(by: perLayer).overflow ? .max : layers * perLayer
    }

    /// Throws unless an export of `clip` at `framesPerSecond` stays within ``maximumLayerSamples``, with what to
    /// change.
    public static func check(_ clip: Clip, duration: Double? = nil, framesPerSecond: Double) throws(ExportError) {
        let duration = duration ?? clip.duration
        let (layers, perLayer) = sampling(clip, duration: duration, framesPerSecond: framesPerSecond)
        let samples = layers.multipliedReportingOverflow(by: perLayer).overflow ? .max : layers * perLayer
        guard samples <= maximumLayerSamples else {
            throw ExportError(
                "a vector file of this clip samples \(layers) animated layers \(perLayer) times each (twice a frame "
                    + "over \(JSONValue.format((duration * 10).rounded() / 10)) s): \(samples) samples, at most "
                    + "\(maximumLayerSamples); shorten the clip, lower the frame rate or write .gif, .mp4 or .webm")
        }
    }

    /// The layers with animations, and the samples an export takes of each (none for a duration or frame rate
    /// that is not a finite number > 0).
    private static func sampling(_ clip: Clip, duration: Double, framesPerSecond: Double)
        -> (layers: Int, perLayer: Int)
    {
        guard duration.isFinite, duration > 0, framesPerSecond.isFinite, framesPerSecond > 0 else { return (0, 0) }
        var layers = 0
        var pending = [clip.root]
        while let layer = pending.popLast() {
            if !layer.animationRecords.isEmpty { layers += 1 }
            pending.append(contentsOf: layer.sublayers)
            if let mask = layer.mask { pending.append(mask) }
        }
        return (layers, Int(min((duration * 2 * framesPerSecond).rounded(.up), 1e9)) + 1)
    }
}
