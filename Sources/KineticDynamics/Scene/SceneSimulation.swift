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
///  "restedAt": 1.5333333333333303}
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
///
/// ``Frames`` computes a run one frame at a time and ``TrajectoryJSON`` writes each frame as it comes, so that
/// memory does not grow with the simulated time; ``run(sceneJSON:seconds:rate:)`` and ``run(scene:seconds:rate:)``
/// are conveniences built on them. A run is bounded by ``checkRun(itemCount:seconds:rate:)``.
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

    /// The whole result, every frame in memory (``Frames`` gives them one at a time instead).
    public struct Result: Sendable, Equatable {
        /// Frames per second.
        public var rate: Double
        /// The frames, from t = 0.
        public var frames: [Frame]
        /// When everything first rested, in seconds; nil if it never did.
        public var restedAt: Double?

        /// The JSON described in ``SceneSimulation``.
        public var json: Data {
            var writer = TrajectoryJSON.Writer()
            writer.appendOpening(rate: rate)
            for (k, frame) in frames.enumerated() { writer.append(frame, index: k) }
            writer.appendClosing(restedAt: restedAt)
            return Data(writer.takeText().utf8)
        }
    }

    /// The largest number of frames one run may produce (seconds × rate + 1).
    public static let maximumFrameCount = 1_000_000
    /// The largest output of one run, in item-frames (frames × items): 10⁸, about 13 GB of JSON.
    public static let maximumItemFrames = 100_000_000
    /// The most simulation work of one run, in item-seconds (items × seconds; the engine takes 120 steps a
    /// second): 2·10⁶, e.g. 10,000 items for 200 s or 1000 items for 2000 s. At 60 frames a second the output cap
    /// allows about as much; this bounds the work of runs sampled more rarely.
    public static let maximumItemSeconds = 2_000_000.0

    /// Checks the arguments of a run of `itemCount` items: `seconds` finite and ≥ 0, `rate` finite and > 0, at
    /// most ``maximumFrameCount`` frames, ``maximumItemFrames`` item-frames and ``maximumItemSeconds``
    /// item-seconds. The error's path is `seconds` or `rate`.
    public static func checkRun(itemCount: Int, seconds: Double, rate: Double) throws(SceneError) {
        guard seconds.isFinite, seconds >= 0 else {
            throw SceneError(path: "seconds", message: "must be a finite number >= 0 (got \(seconds))")
        }
        guard rate.isFinite, rate > 0 else {
            throw SceneError(path: "rate", message: "must be a finite number > 0 (got \(rate))")
        }
        let frames = frameCount(seconds: seconds, rate: rate)
        guard frames <= Double(maximumFrameCount) else {
            throw SceneError(
                path: "rate",
                message: "seconds × rate gives \(sceneNumberText(frames)) frames; at most \(maximumFrameCount)")
        }
        let items = Double(max(0, itemCount))
        guard frames * items <= Double(maximumItemFrames) else {
            throw SceneError(
                path: "rate",
                message: "\(sceneNumberText(frames)) frames of \(itemCount) items are "
                    + "\(sceneNumberText(frames * items)) item-frames of output; at most \(maximumItemFrames) "
                    + "(lower seconds or rate, or use fewer items)")
        }
        guard seconds * items <= maximumItemSeconds else {
            throw SceneError(
                path: "seconds",
                message: "\(sceneNumberText(seconds)) s of \(itemCount) items are \(sceneNumberText(seconds * items)) "
                    + "item-seconds of simulation; at most \(sceneNumberText(maximumItemSeconds)) "
                    + "(lower seconds or use fewer items)")
        }
    }

    /// ⌊seconds · rate⌋ + 1, tolerant of the rounding in seconds · rate (2 s at 0.1 Hz is 21 frames).
    private static func frameCount(seconds: Double, rate: Double) -> Double {
        (seconds * rate * (1 + 1e-12)).rounded(.down) + 1
    }

    /// Parses `sceneJSON`, simulates `seconds` (≥ 0) and samples `rate` (> 0) frames per second; returns the
    /// output JSON. Errors carry the JSON path of the problem (`items[3].frame.width: must be in 0.01...1000000 pt
    /// (got 0)`), or `seconds` / `rate` for bad arguments. The frames are not kept: memory is the output's size.
    public static func run(sceneJSON: Data, seconds: Double, rate: Double) throws(SceneError) -> Data {
        let frames = try Frames(scene: try DynamicsScene.parse(sceneJSON), seconds: seconds, rate: rate)
        var writer = TrajectoryJSON.Writer()
        writer.appendOpening(rate: rate)
        while let frame = try frames.next() { writer.append(frame, index: frames.nextIndex - 1) }
        writer.appendClosing(restedAt: frames.restedAt)
        return Data(writer.takeText().utf8)
    }

    /// Simulates a parsed scene (see ``run(sceneJSON:seconds:rate:)``) and keeps every frame.
    public static func run(scene: DynamicsScene, seconds: Double, rate: Double) throws(SceneError) -> Result {
        let sampler = try Frames(scene: scene, seconds: seconds, rate: rate)
        var frames: [Frame] = []
        frames.reserveCapacity(sampler.count)
        while let frame = try sampler.next() { frames.append(frame) }
        return Result(rate: rate, frames: frames, restedAt: sampler.restedAt)
    }

    /// A run computed one frame at a time: each ``next()`` advances the engine to the next frame's time and returns
    /// that frame, so nothing but the current state is held and the output can be written as it is produced
    /// (`kinetic simulate` does). The frames are exactly those of ``run(scene:seconds:rate:)``.
    ///
    /// ```swift
    /// let frames = try SceneSimulation.Frames(scene: scene, seconds: 5, rate: 60)
    /// write(SceneSimulation.TrajectoryJSON.opening(rate: 60))
    /// while let frame = try frames.next() {
    ///     write(SceneSimulation.TrajectoryJSON.frame(frame, index: frames.nextIndex - 1))
    /// }
    /// write(SceneSimulation.TrajectoryJSON.closing(restedAt: frames.restedAt))
    /// ```
    public final class Frames {
        /// Frames per second.
        public let rate: Double
        /// How many frames the run has: ⌊seconds · rate⌋ + 1.
        public let count: Int
        /// The index of the frame the next call to ``next()`` returns (`count` once all were returned).
        public private(set) var nextIndex = 0
        /// The engine's simulated time so far, seconds: the time of the last whole step at or before the last
        /// frame returned (0 before the first).
        public var simulatedTime: Double { simulation.animator.elapsedTime }
        /// When everything first rested, in seconds, as far as the run has gone; final once ``next()`` returned nil.
        public var restedAt: Double? { simulation.restedAt }

        private let simulation: Simulation
        private var previous = 0.0

        /// Validates `scene` (``DynamicsScene/validate()``) and the arguments (``checkRun(itemCount:seconds:rate:)``)
        /// and builds the animator; no step is taken yet. `threads` is the engine's
        /// ``PhysicsSettings/threadCount`` (1…16, default 1); the frames are the same bytes for any value.
        public init(scene: DynamicsScene, seconds: Double, rate: Double, threads: Int = 1) throws(SceneError) {
            try checkRun(itemCount: scene.items.count, seconds: seconds, rate: rate)
            try scene.validate()
            self.rate = rate
            // checkRun bounds the count by maximumFrameCount, so the conversion is exact.
            count = Int(frameCount(seconds: seconds, rate: rate))
            simulation = try Simulation(scene, threads: threads)
        }

        /// The next frame, or nil after the last. Throws if the engine fails or produces a number that is not
        /// finite (which the output could not represent).
        public func next() throws(SceneError) -> Frame? {
            guard nextIndex < count else { return nil }
            let t = Double(nextIndex) / rate
            do { try simulation.animator.advance(by: t - previous, updatingItems: false) } catch {
                throw SceneError(path: "$", message: error.message)
            }
            previous = t
            let states = simulation.states()
            for (i, state) in states.enumerated()
            where
                !(state.x.isFinite && state.y.isFinite && state.angle.isFinite && state.vx.isFinite
                && state.vy.isFinite && state.w.isFinite)
            {
                throw SceneError(
                    path: "items[\(i)]",
                    message: "the simulation of \(SceneError.quote(state.id)) gave a number that is not finite at "
                        + "t = \(sceneNumberText(t)) s; the scene's numbers are too extreme for the engine")
            }
            nextIndex += 1
            return Frame(t: t, items: states)
        }
    }

    /// The animator and items built from a scene.
    private final class Simulation: DynamicAnimatorDelegate {
        let animator: DynamicAnimator
        let items: [BasicDynamicItem]
        let ids: [String]
        /// Each item's body, as ``DynamicAnimator/body(of:)`` last gave it (filled at the first frame).
        private var bodies: [BodyID?] = []
        var restedAt: Double?

        init(_ scene: DynamicsScene, threads: Int) throws(SceneError) {
            var settings = PhysicsSettings()
            settings.threadCount = threads
            animator = DynamicAnimator(referenceBounds: scene.bounds, settings: settings)
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
            // The groups keep the order in which their first items appear; the index finds a group in O(1).
            var groups: [(key: Properties, behavior: DynamicItemBehavior)] = []
            var groupIndex: [Properties: Int] = [:]
            for (index, item) in scene.items.enumerated() {
                let key = Properties(item)
                if let existing = groupIndex[key] {
                    groups[existing].behavior.addItem(items[index])
                } else {
                    groupIndex[key] = groups.count
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
            do { try animator.addBehaviors(behaviors) } catch {
                throw SceneError(path: "items", message: error.message)
            }
        }

        /// An item's material and kind, which its item behaviour is chosen by (a value, not an array per item).
        struct Properties: Hashable {
            let elasticity, friction, density, resistance, angularResistance: Double
            let allowsRotation, anchored: Bool

            init(_ item: DynamicsScene.Item) {
                elasticity = item.elasticity
                friction = item.friction
                density = item.density
                resistance = item.resistance
                angularResistance = item.angularResistance
                allowsRotation = item.allowsRotation
                anchored = item.anchored
            }
        }

        /// The items' states now. Once a step has moved the bodies (the animator's items are stale), each item of a
        /// dynamic body first takes its body's centre by the rule of ``DynamicAnimator``'s write-back (only where it
        /// differs), which the frame's `advance` leaves to this: the same values at the same moments, read straight
        /// from the world's arrays. Before the first step an item keeps the centre it was given (a body's origin
        /// can differ from it in the last bit where its shape's centroid is not at its centre).
        func states() -> [ItemState] {
            let world = animator.world
            // A local copy, written back at the end: no exclusivity check of the property per item.
            var bodies = self.bodies
            if bodies.count != items.count { bodies = items.map { animator.body(of: $0) } }
            let gravity = world.gravity
            let halfSubstep = world.halfSubstep
            let writesBack = animator.itemsAreStale
            let worldBodies = world.bodies
            let motions = world.states
            let states = worldBodies.withUnsafeBufferPointer { worldBodies in
                motions.withUnsafeBufferPointer { motions in
                    items.indices.map { k in
                        let id = ids[k]
                        let item = items[k]
                        // The body found for the item last time, looked up again only if there is none or it is gone.
                        var index = bodies[k].flatMap(world.liveIndex(of:))
                        if index == nil {
                            bodies[k] = animator.body(of: item)
                            index = bodies[k].flatMap(world.liveIndex(of:))
                        }
                        guard let i = index else {
                            return ItemState(id: id, x: item.center.x, y: item.center.y, angle: 0, vx: 0, vy: 0, w: 0)
                        }
                        let body = worldBodies.baseAddress.unsafelyUnwrapped + i
                        if writesBack, body.pointee.isDynamic {
                            let origin = body.pointee.origin
                            if item.center != origin { item.center = origin }
                        }
                        let v = PhysicsWorld.reportedVelocity(
                            of: body, stored: motions[i].velocity, gravity: gravity, halfSubstep: halfSubstep)
                        return ItemState(
                            id: id, x: item.center.x, y: item.center.y, angle: body.pointee.angle, vx: v.x, vy: v.y,
                            w: motions[i].angularVelocity)
                    }
                }
            }
            self.bodies = bodies
            return states
        }

        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
            if restedAt == nil { restedAt = animator.elapsedTime }
        }
    }
}
