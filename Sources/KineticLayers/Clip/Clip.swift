import KineticCore

/// An effect ready to be drawn, exported or played: its layer tree with every animation attached, and what a
/// renderer, an exporter or a player needs to know to show it.
///
/// Every effect makes one with `makeClip(measuring:)` (see ``Effect``), so that rendering, exporting and playing
/// take any effect the same way:
///
/// ```swift
/// let clip = try ElevatorNumber(values: [7, 8, 9, 10], interval: 0.8).makeClip(measuring: PangoTextMeasurer())
/// try clip.render(to: "elevator.gif")  // KineticRaster
/// ```
///
/// The layer tree holds model values; `root.presentation(at: t)` is what shows at time t (seconds from the start
/// of the clip). A clip is a description, not a player: nothing runs until something samples it.
public struct Clip {
    /// The root layer: its bounds are the canvas (origin at the top-left corner, y down, points).
    public var root: Layer
    /// How long the clip lasts, in seconds, > 0: from 0 to the time its last animation has settled (plus the
    /// effect's own hold at the end, if it has one).
    public var duration: MediaTime
    /// Whether the clip is a seamless loop: its frame at `duration` is its frame at 0, so a player or a looping
    /// GIF can repeat it without a jump (a shimmer's cycle, the showcase). Default false.
    public var loops: Bool
    /// The background the effect is meant to be seen on, or nil for none (transparent where the layers leave the
    /// canvas empty). A renderer uses it unless told otherwise. Default nil.
    public var background: Color?
    /// What the effect knows will not show as asked — content wider than its box, say — each naming the layer.
    /// Renderers report these with their own warnings. Default none.
    public var warnings: [Warning]

    /// Something in a clip that will not show as its spec asked.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The layer concerned (its name).
        public var layer: String
        /// What will not show, and how to fix it.
        public var message: String

        public init(layer: String, message: String) {
            self.layer = layer
            self.message = message
        }

        public var description: String { "\(layer): \(message)" }
    }

    /// What the clip shows, in words, for screen readers ("1,234", "slide to unlock"): an SVG's `<title>`. Nil
    /// (default) for none. Effects set it to their text at the end.
    public var title: String?

    /// A clip of `root` lasting `duration` seconds.
    public init(
        root: Layer, duration: MediaTime, loops: Bool = false, background: Color? = nil, warnings: [Warning] = []
    ) {
        self.root = root
        self.duration = duration
        self.loops = loops
        self.background = background
        self.warnings = warnings
    }

    /// The canvas, in points: the root layer's bounds.
    public var size: Size { root.bounds.size }

    /// The layer tree as it shows at `time` seconds (Core Animation's presentation tree).
    public func presentation(at time: MediaTime) -> Layer { root.presentation(at: time) }
}
