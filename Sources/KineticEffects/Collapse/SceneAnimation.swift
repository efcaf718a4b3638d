import Foundation
import KineticAnimation
import KineticCore
import KineticDynamics
import KineticLayers

/// A dynamics scene (the JSON of `kinetic simulate`, docs/simulate.md) drawn as layers: each item a coloured box
/// (or ellipse) labelled with its id, moved by keyframes sampled from the simulation. `kinetic render collapse
/// --scene SCENE.json` renders it.
public struct SceneAnimation: Sendable {
    /// The layer tree: the bounds as a background, one sublayer per item, animated.
    public let layer: Layer
    /// When everything came to rest, or nil.
    public let restedAt: MediaTime?
    /// How long was simulated, in seconds.
    public let duration: MediaTime

    /// The colours items cycle through.
    static let palette: [Color] = [
        Color(red: 0.302, green: 0.671, blue: 0.969), Color(red: 1, green: 0.42, blue: 0.42),
        Color(red: 0.369, green: 0.918, blue: 0.831), Color(red: 1, green: 0.878, blue: 0.4),
        Color(red: 0.518, green: 0.369, blue: 0.969), Color(red: 1, green: 0.573, blue: 0.169),
    ]

    /// Simulates `scene` for `duration` seconds, sampled at `sampleRate` per second.
    ///
    /// - Throws: `SceneError` (with the JSON path of a problem) when the scene or the numbers are invalid.
    public init(scene: DynamicsScene, duration: MediaTime, sampleRate: Double = 60) throws(SceneError) {
        self.duration = duration
        let result = try SceneSimulation.run(scene: scene, seconds: duration, rate: sampleRate)
        restedAt = result.restedAt
        let bounds = scene.bounds
        let root = Layer(frame: Rect(origin: .zero, size: bounds.size))
        root.name = "scene"
        root.backgroundColor = Color(red: 0.059, green: 0.078, blue: 0.125)
        var outline = Path()
        for boundary in scene.boundaries {
            outline.addLine(
                from: boundary.from - bounds.origin, to: boundary.to - bounds.origin)
        }
        if !outline.isEmpty {
            root.addSublayer(ShapeLayer(path: outline, fillColor: nil, strokeColor: Color(white: 0.6), lineWidth: 2))
        }
        let timing = MediaTiming(duration: duration, fillMode: .both)
        for (index, item) in scene.items.enumerated() {
            let box = Layer()
            box.name = item.id
            box.bounds = Rect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)
            box.backgroundColor = SceneAnimation.palette[index % SceneAnimation.palette.count]
            switch item.shape {
            case .ellipse: box.cornerRadius = min(item.frame.width, item.frame.height) / 2
            case .roundedRectangle(let radius): box.cornerRadius = radius
            default: box.cornerRadius = 0
            }
            let label = TextLayer(
                string: item.id, font: Font(weight: 600, size: min(14, item.frame.height * 0.5)),
                color: Color(white: 0, alpha: 0.7))
            label.alignment = .center
            label.bounds = Rect(x: 0, y: 0, width: item.frame.width, height: label.font.size * 1.3)
            label.position = Point(x: item.frame.width / 2, y: item.frame.height / 2)
            box.addSublayer(label)
            let states = result.frames.map { $0.items[index] }
            let centers = states.map { Point(x: $0.x - bounds.origin.x, y: $0.y - bounds.origin.y) }
            let transforms = states.map { AffineTransform.rotation($0.angle) }
            box.position = centers.first ?? item.frame.center
            box.transform = transforms.first ?? .identity
            if let moves = try? KeyframeAnimation(values: centers, timing: timing) {
                box.add(moves, for: \.position, key: "scene.position")
            }
            if let turns = try? KeyframeAnimation(values: transforms, timing: timing) {
                box.add(turns, for: \.transform, key: "scene.transform")
            }
            root.addSublayer(box)
        }
        layer = root
    }
}

extension SceneAnimation: Effect {
    /// The clip: the simulated ``duration`` on the scene's dark background.
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        Clip(root: layer, duration: duration)
    }
}
