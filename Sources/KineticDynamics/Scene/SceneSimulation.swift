import Foundation
import KineticCore

/// Runs a ``DynamicsScene`` through ``DynamicAnimator`` and reports trajectories: what `kinetic simulate` prints.
///
/// Output JSON (keys in this order, numbers in Swift's shortest round-trip form):
///
/// ```json
/// {"rate": 60,
///  "frames": [{"t": 0, "items": [{"id": "a", "x": 60, "y": 40, "angle": 0, "vx": 0, "vy": 0, "w": 0}]},
///             …],
///  "restedAt": 1.2583333333333333}
/// ```
///
/// - `rate`: frames per second, as given. Frame k is at `t` = k / rate seconds, for k = 0 … ⌊seconds · rate⌋.
/// - `items`: every scene item in scene order: `x`, `y` its centre (points, y down), `angle` its rotation in
///   radians (clockwise on screen, accumulated over turns), `vx`, `vy` its velocity (pt/s) and `w` its angular
///   velocity (rad/s, positive clockwise).
/// - `restedAt`: the simulated time (s) when everything first came to rest (UIKit's didPause), or `null` if it
///   never did within `seconds`.
///
/// The engine steps at 1/120 s; a frame shows the last whole step at or before its time (no interpolation), so
/// the frames of any rate sample one and the same trajectory. The same input gives the same bytes.
public enum SceneSimulation {
    /// One frame of the output.
    public struct Frame: Sendable, Equatable {
        /// Seconds since the start.
        public var t: Double
        /// The items' states, in scene order.
        public var items: [ItemState]
    }

    /// One item's state in a frame.
    public struct ItemState: Sendable, Equatable {
        /// The scene item's id.
        public var id: String
        /// Centre x, points.
        public var x: Double
        /// Centre y, points (y down).
        public var y: Double
        /// Rotation, radians (clockwise on screen).
        public var angle: Double
        /// Velocity x, pt/s.
        public var vx: Double
        /// Velocity y, pt/s.
        public var vy: Double
        /// Angular velocity, rad/s.
        public var w: Double
    }

    /// The whole result.
    public struct Result: Sendable, Equatable {
        /// Frames per second.
        public var rate: Double
        /// The frames, from t = 0.
        public var frames: [Frame]
        /// When everything first rested, in seconds; nil if it never did.
        public var restedAt: Double?

        /// The JSON described in ``SceneSimulation``.
        public var json: Data {
            var text = "{\"rate\": \(number(rate)), \"frames\": ["
            for (k, frame) in frames.enumerated() {
                text += k == 0 ? "\n" : ",\n"
                text += "{\"t\": \(number(frame.t)), \"items\": ["
                for (j, item) in frame.items.enumerated() {
                    if j > 0 { text += ", " }
                    text += "{\"id\": \(quoted(item.id)), \"x\": \(number(item.x)), \"y\": \(number(item.y)), "
                    text += "\"angle\": \(number(item.angle)), \"vx\": \(number(item.vx)), \"vy\": \(number(item.vy)), "
                    text += "\"w\": \(number(item.w))}"
                }
                text += "]}"
            }
            text += "\n], \"restedAt\": \(restedAt.map(number) ?? "null")}\n"
            return Data(text.utf8)
        }
    }

    /// The largest number of frames one run may produce (seconds × rate + 1).
    public static let maximumFrameCount = 1_000_000

    /// Parses `sceneJSON`, simulates `seconds` (≥ 0) and samples `rate` (> 0) frames per second; returns the
    /// output JSON. Errors carry the JSON path of the problem (`items[3].frame.width: must be > 0 (got 0)`), or
    /// `seconds` / `rate` for bad arguments.
    public static func run(sceneJSON: Data, seconds: Double, rate: Double) throws(SceneError) -> Data {
        try run(scene: try DynamicsScene.parse(sceneJSON), seconds: seconds, rate: rate).json
    }

    /// Simulates a parsed scene (see ``run(sceneJSON:seconds:rate:)``).
    public static func run(scene: DynamicsScene, seconds: Double, rate: Double) throws(SceneError) -> Result {
        guard seconds.isFinite, seconds >= 0 else {
            throw SceneError(path: "seconds", message: "must be a finite number >= 0 (got \(seconds))")
        }
        guard rate.isFinite, rate > 0 else {
            throw SceneError(path: "rate", message: "must be a finite number > 0 (got \(rate))")
        }
        try scene.validate()
        let frameCount = (seconds * rate * (1 + 1e-12)).rounded(.down) + 1
        guard frameCount <= Double(maximumFrameCount) else {
            throw SceneError(
                path: "rate", message: "seconds × rate gives \(frameCount) frames; at most \(maximumFrameCount)")
        }
        let simulation = try Simulation(scene)
        var frames: [Frame] = []
        frames.reserveCapacity(Int(frameCount))
        var previous = 0.0
        for k in 0..<Int(frameCount) {
            let t = Double(k) / rate
            do { try simulation.animator.advance(by: t - previous) } catch {
                throw SceneError(path: "$", message: error.message)
            }
            previous = t
            frames.append(Frame(t: t, items: simulation.states()))
        }
        return Result(rate: rate, frames: frames, restedAt: simulation.restedAt)
    }

    /// The animator and items built from a scene.
    private final class Simulation: DynamicAnimatorDelegate {
        let animator: DynamicAnimator
        let items: [BasicDynamicItem]
        let ids: [String]
        var restedAt: Double?

        init(_ scene: DynamicsScene) throws(SceneError) {
            animator = DynamicAnimator(referenceBounds: scene.bounds)
            ids = scene.items.map(\.id)
            items = scene.items.map {
                BasicDynamicItem(frame: $0.frame, angle: $0.angle, collisionBoundsType: $0.shape)
            }
            animator.delegate = self
            let collision = CollisionBehavior(items: items)
            collision.collisionMode = scene.collisionMode
            collision.translatesReferenceBoundsIntoBoundary = scene.boundary == .referenceBounds
            for boundary in scene.boundaries {
                collision.addBoundary(withIdentifier: boundary.id, from: boundary.from, to: boundary.to)
            }
            var behaviors: [DynamicBehavior] = [collision]
            if let gravity = scene.gravity {
                let behavior = GravityBehavior(items: items)
                behavior.setAngle(gravity.angle, magnitude: gravity.magnitude)
                behaviors.append(behavior)
            }
            // One item behaviour per distinct set of properties (most scenes have a handful).
            var groups: [(key: [Double], behavior: DynamicItemBehavior)] = []
            for (index, item) in scene.items.enumerated() {
                let key = [
                    item.elasticity, item.friction, item.density, item.resistance, item.angularResistance,
                    item.allowsRotation ? 1 : 0, item.anchored ? 1 : 0,
                ]
                if let group = groups.first(where: { $0.key == key }) {
                    group.behavior.addItem(items[index])
                } else {
                    let behavior = DynamicItemBehavior(items: [items[index]])
                    behavior.elasticity = item.elasticity
                    behavior.friction = item.friction
                    behavior.density = item.density
                    behavior.resistance = item.resistance
                    behavior.angularResistance = item.angularResistance
                    behavior.allowsRotation = item.allowsRotation
                    behavior.isAnchored = item.anchored
                    groups.append((key, behavior))
                }
            }
            behaviors += groups.map(\.behavior)
            for behavior in behaviors {
                do { try animator.addBehavior(behavior) } catch {
                    throw SceneError(path: "items", message: error.message)
                }
            }
        }

        func states() -> [ItemState] {
            zip(ids, items).map { id, item in
                let world = animator.world
                guard let body = animator.body(of: item), let i = try? world.index(of: body) else {
                    return ItemState(id: id, x: item.center.x, y: item.center.y, angle: 0, vx: 0, vy: 0, w: 0)
                }
                let v = world.reportedVelocity(i)
                return ItemState(
                    id: id, x: item.center.x, y: item.center.y, angle: world.bodies[i].angle, vx: v.x, vy: v.y,
                    w: world.states[i].angularVelocity)
            }
        }

        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
            if restedAt == nil { restedAt = animator.elapsedTime }
        }
    }
}

/// A JSON number: integers without a fraction, others in Swift's shortest round-trip form.
private func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A JSON string literal.
private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
