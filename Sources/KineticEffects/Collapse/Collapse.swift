import KineticAnimation
import KineticCore
import KineticDynamics
import KineticLayers

/// How the pieces of a collapsing screen start to fall.
public enum CollapseDelay: Sendable, Hashable {
    /// Everything falls at once (the seed: UIKit Dynamics starts every item together).
    case none
    /// Pieces fall in reading order, top to bottom (then left to right), `step` seconds apart.
    case topToBottom(step: MediaTime)
    /// Each piece waits a random time in 0…`maximum` seconds, drawn from a generator seeded with `seed`
    /// (deterministic: the same seed gives the same frames).
    case random(maximum: MediaTime, seed: UInt64)
}

/// Where the falling pieces are stopped.
public enum CollapseBoundary: String, Sendable, Hashable, CaseIterable {
    /// The screen's edges are walls, as `translatesReferenceBoundsIntoBoundary` in the seed: everything piles up at
    /// the bottom.
    case screen
    /// Walls left and right and a ceiling, no floor: things fall off the screen.
    case openBottom
}

/// The collapse effect's settings: UIKit Dynamics' units and defaults, plus the timing of the clip.
public struct CollapseSpec: Sendable, Hashable {
    /// Gravity direction in radians; π/2 (the default) is straight down on a y-down screen.
    public var gravityAngle: Double
    /// Gravity strength in UIKit units: 1 (the default) is 1000 pt/s². 0…10.
    public var gravityMagnitude: Double
    /// Bounciness of every piece, 0…1. Default 0 (UIKit's default; the seed).
    public var elasticity: Double
    /// Friction of every piece, ≥ 0. Default 0 (UIKit's default; the seed).
    public var friction: Double
    /// Whether pieces turn as they collide. Default true (UIKit's `allowsRotation`).
    public var allowsRotation: Bool
    /// When each piece starts to fall. Default `.none`.
    public var delay: CollapseDelay
    /// Walls. Default `.screen`.
    public var boundary: CollapseBoundary
    /// Length of the simulated clip, in seconds, > 0. Default 4.
    public var duration: MediaTime
    /// How many simulation samples per second become keyframes, 10…240. Default 60.
    public var sampleRate: Double

    /// The seed: UIKit Dynamics' defaults, gravity and collisions with the screen's edges, everything at once.
    public static let seed = CollapseSpec()

    public init(
        gravityAngle: Double = Double.pi / 2, gravityMagnitude: Double = 1, elasticity: Double = 0,
        friction: Double = 0, allowsRotation: Bool = true, delay: CollapseDelay = .none,
        boundary: CollapseBoundary = .screen, duration: MediaTime = 4, sampleRate: Double = 60
    ) {
        self.gravityAngle = gravityAngle
        self.gravityMagnitude = gravityMagnitude
        self.elasticity = elasticity
        self.friction = friction
        self.allowsRotation = allowsRotation
        self.delay = delay
        self.boundary = boundary
        self.duration = duration
        self.sampleRate = sampleRate
    }

    public func validate() throws(EffectSpecError) {
        func check(_ ok: Bool, _ message: String) throws(EffectSpecError) {
            if !ok { throw EffectSpecError(message) }
        }
        try check(gravityAngle.isFinite, "collapse gravity angle must be a finite number of radians (π/2 is down)")
        try check(
            gravityMagnitude.isFinite && (0...10).contains(gravityMagnitude),
            "collapse gravity magnitude must be in 0…10 (1 = 1000 pt/s²), got \(gravityMagnitude)")
        try check((0...1).contains(elasticity), "collapse elasticity must be in 0…1, got \(elasticity)")
        try check(friction.isFinite && friction >= 0, "collapse friction must be ≥ 0, got \(friction)")
        try check(
            duration.isFinite && duration > 0 && duration <= 600,
            "collapse duration must be in (0, 600] seconds, got \(duration)")
        try check((10...240).contains(sampleRate), "collapse sample rate must be in 10…240 Hz, got \(sampleRate)")
        switch delay {
        case .none: break
        case .topToBottom(let step):
            try check(step.isFinite && step >= 0, "collapse delay step must be ≥ 0 seconds, got \(step)")
        case .random(let maximum, _):
            try check(maximum.isFinite && maximum >= 0, "collapse random delay must be ≥ 0 seconds, got \(maximum)")
        }
    }
}

/// The collapse: every piece of a screen falls under gravity, collides, tumbles and comes to rest. The defaults
/// (`CollapseSpec.seed`) are the seed's: the first published version of the effect, made with UIKit Dynamics.
///
/// Pieces are found by walking the screen's layer tree: a visible layer with no visible sublayers is a piece; a
/// layer that draws something of its own (a background, a border, text, a shape or a gradient) is a piece together
/// with everything inside it (a list cell falls with its label); a layer that only groups others is looked through.
/// So nothing is simulated twice or in the wrong space — the seed collected every nested view and crashed on table
/// views. Frames are converted to the screen's coordinates with every transform on the way; zero-size and hidden
/// layers are skipped (UIKit asserts on zero-size items).
///
/// The simulation runs once, in fixed steps, when the effect is built; the result is a layer tree with keyframe
/// animations (positions and rotations sampled at `spec.sampleRate`), so any renderer draws it and every frame is
/// deterministic.
public struct Collapse: Sendable {
    /// One falling piece: where it came from and how it moved.
    public struct Piece: Sendable {
        /// The piece's name (its layer's name, or "piece N").
        public var name: String
        /// The piece's unrotated size in points (its bounds scaled by its transform's scale).
        public var size: Size
        /// Centre positions in the screen's coordinates, one per sample (sample k at time k / sampleRate).
        public var centers: [Point]
        /// Rotation angles in radians, one per sample (turns are accumulated, not wrapped).
        public var angles: [Double]
        /// When the piece starts to fall, in seconds.
        public var delay: MediaTime
    }

    /// The settings used.
    public let spec: CollapseSpec
    /// The pieces, in the screen's drawing order.
    public let pieces: [Piece]
    /// The first time at which everything was at rest (UIKit's didPause), or nil when something still moved at the
    /// end of the clip. With `.openBottom` and gravity pulling down, pieces that fell wholly below the screen are
    /// gone (they leave the simulation there) and do not count.
    public let restedAt: MediaTime?
    /// The layer tree to render: the screen's root (its background) with each piece as a direct sublayer, animated.
    public let layer: Layer

    /// Simulates `screen` falling apart.
    ///
    /// - Throws: `EffectSpecError` when the spec is out of range, the screen has no size, or it has no piece to drop.
    public init(screen: Layer, spec: CollapseSpec = .seed) throws(EffectSpecError) {
        try spec.validate()
        let bounds = screen.bounds.standardized
        guard bounds.width > 0, bounds.height > 0 else {
            throw EffectSpecError("the screen layer must have a size > 0 (got \(bounds.size)); set its bounds")
        }
        let found = Collapse.findPieces(in: screen)
        guard !found.isEmpty else {
            throw EffectSpecError("the screen has no visible layer with a size to drop; add sublayers with a size > 0")
        }
        self.spec = spec

        // The world: one item per piece, gravity, collisions, materials.
        let animator = DynamicAnimator(referenceBounds: bounds)
        let items = found.map { piece in
            BasicDynamicItem(
                frame: Rect(
                    x: piece.center.x - piece.size.width / 2, y: piece.center.y - piece.size.height / 2,
                    width: piece.size.width, height: piece.size.height),
                angle: piece.angle,
                collisionBoundsType: piece.cornerRadius > 0
                    ? .roundedRectangle(
                        cornerRadius: min(piece.cornerRadius, piece.size.width / 2, piece.size.height / 2))
                    : .rectangle)
        }
        let delays = Collapse.delays(for: found, spec: spec)
        let gravity = GravityBehavior()
        gravity.setAngle(spec.gravityAngle, magnitude: spec.gravityMagnitude)
        let collision = CollisionBehavior(items: items)
        switch spec.boundary {
        case .screen:
            collision.translatesReferenceBoundsIntoBoundary = true
        case .openBottom:
            let (l, r, t, b) = (bounds.minX, bounds.maxX, bounds.minY, bounds.maxY)
            collision.addBoundary(withIdentifier: "left", from: Point(x: l, y: b + 10_000), to: Point(x: l, y: t))
            collision.addBoundary(withIdentifier: "top", from: Point(x: l, y: t), to: Point(x: r, y: t))
            collision.addBoundary(withIdentifier: "right", from: Point(x: r, y: t), to: Point(x: r, y: b + 10_000))
        }
        let material = DynamicItemBehavior(items: items)
        material.elasticity = spec.elasticity
        material.friction = spec.friction
        material.allowsRotation = spec.allowsRotation
        do {
            try animator.addBehavior(gravity)
            try animator.addBehavior(collision)
            try animator.addBehavior(material)
        } catch {
            throw EffectSpecError("the collapse could not be simulated: \(error)")
        }

        // Run in fixed samples; a piece joins gravity when its delay has passed.
        let sampleCount = Int((spec.duration * spec.sampleRate).rounded()) + 1
        var centers = [[Point]](repeating: [], count: items.count)
        var angles = [[Double]](repeating: [], count: items.count)
        var joined = [Bool](repeating: false, count: items.count)
        var gone = [Bool](repeating: false, count: items.count)
        // With the bottom open and gravity pulling down, a piece wholly below the screen never comes back: it
        // leaves the simulation there (its layer stays where it left, out of sight), so the rest is judged by what
        // is still on the screen.
        let piecesCanLeave =
            spec.boundary == .openBottom && spec.gravityMagnitude > 0 && sineCosine(spec.gravityAngle).sin > 1e-9
        var rested: MediaTime?
        for sample in 0..<sampleCount {
            let time = Double(sample) / spec.sampleRate
            if sample > 0 {
                do {
                    _ = try animator.advance(by: time - animator.elapsedTime)
                } catch {
                    throw EffectSpecError("the collapse simulation failed at t = \(time) s: \(error)")
                }
            }
            if piecesCanLeave {
                for (index, item) in items.enumerated() where joined[index] && !gone[index] {
                    let reach = (found[index].size.width + found[index].size.height) / 2
                    guard item.center.y - reach > bounds.maxY else { continue }
                    gone[index] = true
                    gravity.removeItem(item)
                    collision.removeItem(item)
                    material.removeItem(item)
                }
            }
            for (index, item) in items.enumerated() where !joined[index] && delays[index] <= time + 1e-12 {
                gravity.addItem(item)
                joined[index] = true
            }
            for (index, item) in items.enumerated() {
                centers[index].append(item.center)
                let raw = item.angle
                if let previous = angles[index].last {
                    // Accumulate whole turns so interpolation between samples never spins the long way.
                    var delta = raw - previous.truncatingRemainder(dividingBy: 2 * Double.pi)
                    delta = delta - (2 * Double.pi) * (delta / (2 * Double.pi)).rounded()
                    angles[index].append(previous + delta)
                } else {
                    angles[index].append(raw)
                }
            }
            if rested == nil, joined.allSatisfy({ $0 }), sample > 0, !animator.isRunning {
                rested = time
            }
        }
        restedAt = rested
        pieces = found.indices.map { index in
            Piece(
                name: found[index].name, size: found[index].size, centers: centers[index], angles: angles[index],
                delay: delays[index])
        }
        layer = Collapse.makeLayer(screen: screen, found: found, pieces: pieces, spec: spec)
    }

    // MARK: Finding the pieces

    struct FoundPiece {
        var name: String
        /// The layer (with its subtree) to draw.
        var layer: Layer
        /// The piece's centre in screen coordinates.
        var center: Point
        /// Its rotation in screen coordinates, radians.
        var angle: Double
        /// Its scale in screen coordinates.
        var scale: Size
        /// Its unrotated size on screen: bounds × scale.
        var size: Size
        var cornerRadius: Double
    }

    static func findPieces(in screen: Layer) -> [FoundPiece] {
        var result: [FoundPiece] = []
        func visit(_ layer: Layer, transform: AffineTransform) {
            for sublayer in layer.sublayers where !sublayer.isHidden && sublayer.opacity > 0 {
                let toScreen = sublayer.transformToSuperlayer.concatenating(transform)
                let visibleChildren = sublayer.sublayers.contains { !$0.isHidden && $0.opacity > 0 }
                if visibleChildren && !drawsContent(sublayer) {
                    visit(sublayer, transform: toScreen)  // a pure container: look through it
                    continue
                }
                let b = sublayer.bounds.standardized
                let parts = toScreen.decomposed
                let size = Size(width: b.width * abs(parts.scale.width), height: b.height * abs(parts.scale.height))
                guard size.width > 0.5, size.height > 0.5 else { continue }  // zero-size pieces cannot be simulated
                let center = toScreen.apply(to: b.center)
                let radius = sublayer.cornerRadius * min(abs(parts.scale.width), abs(parts.scale.height))
                result.append(
                    FoundPiece(
                        name: sublayer.name ?? "piece \(result.count + 1)", layer: sublayer, center: center,
                        angle: parts.rotation, scale: parts.scale, size: size, cornerRadius: radius))
            }
        }
        visit(screen, transform: .identity)
        return result
    }

    /// True when the layer draws something itself (not only its sublayers).
    static func drawsContent(_ layer: Layer) -> Bool {
        if let color = layer.backgroundColor, color.alpha > 0 { return true }
        if layer.borderWidth > 0 && layer.borderColor.alpha > 0 { return true }
        if layer.shadowOpacity > 0 { return true }
        return layer is TextLayer || layer is ShapeLayer || layer is GradientLayer
    }

    static func delays(for pieces: [FoundPiece], spec: CollapseSpec) -> [MediaTime] {
        switch spec.delay {
        case .none:
            return pieces.map { _ in 0 }
        case .topToBottom(let step):
            // Reading order: by the top edge (rounded to 1 pt so a row stays a row), then by the left edge.
            let order = pieces.indices.sorted { a, b in
                let ya = (pieces[a].center.y - pieces[a].size.height / 2).rounded()
                let yb = (pieces[b].center.y - pieces[b].size.height / 2).rounded()
                if ya != yb { return ya < yb }
                return pieces[a].center.x - pieces[a].size.width / 2 < pieces[b].center.x - pieces[b].size.width / 2
            }
            var delays = [MediaTime](repeating: 0, count: pieces.count)
            for (rank, index) in order.enumerated() { delays[index] = Double(rank) * step }
            return delays
        case .random(let maximum, let seed):
            var random = SeededRandom(seed: seed)
            return pieces.map { _ in random.nextUnit() * maximum }
        }
    }

    // MARK: The animated layer tree

    static func makeLayer(screen: Layer, found: [FoundPiece], pieces: [Piece], spec: CollapseSpec) -> Layer {
        let root = screen.copy()
        for sublayer in root.sublayers { sublayer.removeFromSuperlayer() }
        root.removeAllAnimations()
        root.position = Point(x: root.bounds.width * root.anchorPoint.x, y: root.bounds.height * root.anchorPoint.y)
        root.transform = .identity
        let timing = MediaTiming(duration: spec.duration, fillMode: .both)
        for (piece, motion) in zip(found, pieces) {
            let layer = piece.layer.copy()
            layer.removeAllAnimations()
            layer.anchorPoint = Point(x: 0.5, y: 0.5)
            let scale = AffineTransform.scale(x: piece.scale.width, y: piece.scale.height)
            layer.position = motion.centers[0]
            layer.transform = scale.concatenating(.rotation(motion.angles[0]))
            // Bounds centred on the anchor: the body's centre is the bounds' centre.
            if let positions = try? KeyframeAnimation(values: motion.centers, timing: timing) {
                layer.add(positions, for: \.position, key: "collapse.position")
            }
            let transforms = motion.angles.map { scale.concatenating(.rotation($0)) }
            if let rotations = try? KeyframeAnimation(values: transforms, timing: timing) {
                layer.add(rotations, for: \.transform, key: "collapse.transform")
            }
            root.addSublayer(layer)
        }
        return root
    }
}

extension Collapse: Effect {
    /// The clip: the simulated `spec.duration` seconds on the screen's own background (the simulation ran when
    /// the collapse was made; nothing is measured).
    public func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip {
        Clip(root: layer, duration: spec.duration)
    }
}
