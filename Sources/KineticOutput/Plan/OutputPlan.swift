import KineticCore
import KineticExport
import KineticLayers
import KineticRaster

/// What writing a clip in a format will make, worked out and checked before any drawing or exporting: every
/// option against the format and its range, the clip's length, the frame size.
public struct OutputPlan: Sendable, Hashable {
    /// The format written.
    public var format: FileFormat
    /// The canvas, in points.
    public var canvas: Size
    /// The picture's size in pixels: the canvas × scale, rounded (for vectors, the canvas at one pixel a point).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Frames: 1 for a PNG; for the others the clip's length × the frame rate, rounded (≥ 1).
    public var frameCount: Int
    /// Frames per second of the animated formats.
    public var framesPerSecond: Double
    /// The length written, in seconds.
    public var duration: MediaTime
    /// The moment a PNG shows, in seconds; nil for the other formats.
    public var stillTime: MediaTime?
    /// The colour under the layers, or nil for transparent.
    public var background: Color?
    /// How many times the animation plays (0 forever) for the formats that say it (APNG, GIF, dotLottie, SVG);
    /// nil for the others.
    public var loopCount: Int?
    /// Pixels per point of the pixel and video formats (1 for vectors).
    public var scale: Double
}

/// The bounds every write keeps, whatever the format: the renderer's (`RenderLimits`).
public enum OutputLimits {
    /// The longest clip written, in seconds: 600.
    public static let clipSeconds: MediaTime = RenderLimits.clipSeconds
    /// The frame rates accepted, in frames per second: 1…120.
    public static let framesPerSecond: ClosedRange<Double> = RenderLimits.framesPerSecond
    /// The largest picture side, in pixels (points for vectors): 8,192.
    public static let pixelsPerSide = RenderLimits.pixelsPerSide
    /// Loop counts: 0 (forever) … 65,535.
    public static let loopCount: ClosedRange<Int> = 0...65_535
    /// The longest title, in characters: 1,000.
    public static let titleCharacters = 1_000
}

extension Clip {
    /// Checks `options` against `format` and their ranges, and works out what writing the clip will make — before
    /// anything is drawn or exported.
    ///
    /// - Throws: `OutputError.notApplicable` for an option the format cannot honour, `.invalidOption` for a value
    ///   out of range, a clip longer than 600 s or a picture side outside 1…8,192 pixels.
    public func outputPlan(format: FileFormat, options: OutputOptions = OutputOptions()) throws(OutputError)
        -> OutputPlan
    {
        for option in options.given where !option.formats.contains(format) {
            throw .notApplicable(option, format: format)
        }
        if let title = options.title, title.count > OutputLimits.titleCharacters {
            throw .invalidOption(
                .title,
                message: "\(OutputOption.title.placeholder) is \(title.count) characters long; at most "
                    + "\(OutputLimits.titleCharacters)")
        }
        let fps = options.framesPerSecond ?? OutputOptions.defaultFramesPerSecond
        guard fps.isFinite, OutputLimits.framesPerSecond.contains(fps) else {
            throw .invalidOption(
                .framesPerSecond,
                message: "\(OutputOption.framesPerSecond.placeholder) must be from 1 to 120 (got \(fps.shortText))")
        }
        let scale = options.scale ?? 1
        guard [1, 2, 3].contains(scale) else {
            throw .invalidOption(
                .scale, message: "\(OutputOption.scale.placeholder) must be 1, 2 or 3 (got \(scale.shortText))")
        }
        let limit = OutputLimits.clipSeconds
        if let duration = options.duration {
            guard duration.isFinite, duration > 0, duration <= limit else {
                throw .invalidOption(
                    .duration,
                    message: "\(OutputOption.duration.placeholder) must be more than 0 and at most "
                        + "\(limit.shortText) s (got \(duration.shortText))")
            }
        } else if format.isAnimated || options.stillTime == nil {
            guard self.duration.isFinite, self.duration > 0, self.duration <= limit else {
                throw .invalidOption(
                    .duration,
                    message: "the clip would last \(self.duration.shortText) s, from the effect's options; a clip "
                        + "lasts more than 0 and at most \(limit.shortText) s: give "
                        + "\(OutputOption.duration.placeholder) (or change the options that lengthen it)")
            }
        }
        let duration = options.duration ?? self.duration
        var stillTime: MediaTime?
        if format == .png {
            let time = options.stillTime ?? duration
            guard time.isFinite, abs(time) <= limit else {
                throw .invalidOption(
                    .stillTime,
                    message: "\(OutputOption.stillTime.placeholder) must be within ±\(limit.shortText) s (got "
                        + "\(time.shortText))")
            }
            stillTime = time
        }
        let pixelScale = format.isVector ? 1 : scale
        let width = try Self.side(size.width, scale: pixelScale, "width")
        let height = try Self.side(size.height, scale: pixelScale, "height")
        var loopCount: Int?
        if let count = options.loopCount {
            guard OutputLimits.loopCount.contains(count) else {
                throw .invalidOption(
                    .loopCount,
                    message: "\(OutputOption.loopCount.placeholder) must be 0 (forever) to 65535 (got \(count))")
            }
            if format.isVector, count > 1 {
                throw .invalidOption(
                    .loopCount,
                    message: "\(format) plays forever (\(OutputOption.loopCount.placeholder) 0) or once (1), not "
                        + "\(count) times; write .gif or .apng for a count")
            }
            loopCount = count
        } else {
            switch format {
            case .apng, .gif: loopCount = 0
            case .dotLottie, .svg: loopCount = loops ? 0 : 1
            default: loopCount = nil
            }
        }
        if let dithering = options.dithering, !(dithering.isFinite && (0...1).contains(dithering)) {
            throw .invalidOption(
                .dithering, message: "\(OutputOption.dithering.placeholder) must be 0…1 (got \(dithering.shortText))")
        }
        if let crf = options.constantRateFactor {
            let range = format == .mp4 ? 0...51 : 0...63
            guard range.contains(crf) else {
                throw .invalidOption(
                    .constantRateFactor,
                    message: "\(OutputOption.constantRateFactor.placeholder) must be \(range.lowerBound)…"
                        + "\(range.upperBound) for \(format) (got \(crf))")
            }
        }
        if let concurrency = options.concurrency, concurrency < 1 {
            throw .invalidOption(
                .concurrency, message: "\(OutputOption.concurrency.placeholder) must be 1 or more (got \(concurrency))")
        }
        if format.isVector {
            // The exporters' own bound, here too, so that --dry-run and the service refuse before any work.
            do throws(ExportError) {
                try ExportLimits.check(self, duration: duration, framesPerSecond: fps)
            } catch {
                throw .export(error)
            }
        }
        let background: Color? =
            switch options.background {
            case .clip: self.background
            case .transparent: nil
            case .color(let color): color
            }
        return OutputPlan(
            format: format, canvas: size, pixelWidth: width, pixelHeight: height,
            frameCount: format.isAnimated ? max(1, Int((duration * fps).rounded())) : 1, framesPerSecond: fps,
            duration: duration, stillTime: stillTime, background: background, loopCount: loopCount,
            scale: pixelScale)
    }

    /// A side of the picture in pixels, checked: 1…8,192.
    private static func side(_ points: Double, scale: Double, _ name: String) throws(OutputError) -> Int {
        let pixels = (points * scale).rounded()
        guard pixels.isFinite, pixels >= 1, pixels <= Double(OutputLimits.pixelsPerSide) else {
            let placeholder = "\u{1}canvas-\(name)\u{2}"
            throw .invalidOption(
                nil,
                message: "the frame would be \(pixels.shortText) px \(name == "width" ? "wide" : "high") "
                    + "(\(points.shortText) points × scale \(scale.shortText)); it must be 1 to "
                    + "\(OutputLimits.pixelsPerSide) px: change \(placeholder) or \(OutputOption.scale.placeholder)")
        }
        return Int(pixels)
    }
}

extension Double {
    /// The number as a person writes it, as the command line writes numbers: `240`, `0.5`, `1e19`, `-0.001`
    /// (never `240.0` or `1e+19`).
    package var shortText: String {
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        if self == rounded(), abs(self) < 1e18 {
            var digits = String(Int64(self))
            var zeros = 0
            while digits.hasSuffix("0"), digits.count > 1 {
                digits.removeLast()
                zeros += 1
            }
            let mantissa = digits.hasPrefix("-") ? digits.dropFirst() : Substring(digits)
            return zeros >= 9 && mantissa.count == 1 ? "\(digits)e\(zeros)" : String(Int64(self))
        }
        return "\(self)".replacing("e+", with: "e")
    }
}
