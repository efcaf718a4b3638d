import KineticCore
import KineticDynamics

/// The physics scenes that the tests, the benchmarks and the peer scripts (Benchmarks/peers) share — fixtures, not
/// the engine's API — built the same way everywhere: y-down points, gravity (0, 1000) pt/s², the engine's default
/// settings.
public enum ReferenceScenes {
    /// A built scene: the world and its boxes in creation order.
    public struct Built {
        /// The world, ready to step.
        public let world: PhysicsWorld
        /// The dynamic boxes, in creation order.
        public let boxes: [BodyID]

        /// A world and its boxes.
        public init(world: PhysicsWorld, boxes: [BodyID]) {
            self.world = world
            self.boxes = boxes
        }
    }

    /// A deterministic generator of numbers in [0, 1): a 64-bit LCG (Knuth's MMIX constants), top 53 bits.
    /// The peer scripts reproduce it exactly, so every engine sees the same boxes.
    public struct Generator: Sendable {
        private var state: UInt64

        /// A generator started from `seed`.
        public init(seed: UInt64) { state = seed }

        /// The next number in [0, 1).
        public mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / 9_007_199_254_740_992
        }
    }

    /// Four static segments along the edges of `width` × `height` (origin at 0, 0), like UIKit's reference bounds.
    public static func addWalls(to world: PhysicsWorld, width: Double, height: Double) throws(PhysicsError) {
        let corners = [
            Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height),
        ]
        for k in 0..<4 {
            var wall = BodyDefinition(shape: .segment(from: corners[k], to: corners[(k + 1) % 4]), position: .zero)
            wall.kind = .static
            wall.isBoundary = true
            try world.addBody(wall)
        }
    }

    /// The frames of a pile: `count` boxes with sides drawn uniformly from `minimumSide`…`maximumSide`
    /// (width first, then height, from ``Generator`` seeded with `seed`), laid out in rows from the top-left with
    /// `gap` points between them, like the views of a screen.
    public static func pileFrames(
        count: Int, width: Double, minimumSide: Double, maximumSide: Double, gap: Double, seed: UInt64
    ) -> [Rect] {
        var generator = Generator(seed: seed)
        var frames: [Rect] = []
        var x = gap
        var y = gap
        var rowHeight = 0.0
        for _ in 0..<count {
            let w = minimumSide + (maximumSide - minimumSide) * generator.next()
            let h = minimumSide + (maximumSide - minimumSide) * generator.next()
            if x + w + gap > width {
                x = gap
                y += rowHeight + gap
                rowHeight = 0
            }
            frames.append(Rect(x: x, y: y, width: w, height: h))
            x += w + gap
            rowHeight = max(rowHeight, h)
        }
        return frames
    }

    /// A pile of boxes (see ``pileFrames(count:width:minimumSide:maximumSide:gap:seed:)``) falling inside walls
    /// of `width` × `height`. The scene: 40 boxes of 20…80 pt in 375 × 667; the benchmark's: 1,000 boxes
    /// of 10…30 pt in 1000 × 800.
    public static func pile(
        count: Int, width: Double, height: Double, minimumSide: Double, maximumSide: Double,
        seed: UInt64 = 1, friction: Double = 0.5, settings: PhysicsSettings = PhysicsSettings()
    ) throws(PhysicsError) -> Built {
        let world = PhysicsWorld(settings: settings)
        try addWalls(to: world, width: width, height: height)
        var boxes: [BodyID] = []
        let frames = pileFrames(
            count: count, width: width, minimumSide: minimumSide, maximumSide: maximumSide, gap: 2, seed: seed)
        for frame in frames {
            var box = BodyDefinition(shape: .box(width: frame.width, height: frame.height), position: frame.center)
            box.friction = friction
            boxes.append(try world.addBody(box))
        }
        return Built(world: world, boxes: boxes)
    }

    /// The frames of a pile laid out in `columns` columns from the top-left: box k sits in column k mod
    /// `columns`, row k / `columns`, centred in a cell `columnPitch` × `rowPitch` points (the first cell's top-left
    /// at 0, 0), with its width from `widths` and then its height from `heights` (uniform, drawn in that order from
    /// ``Generator`` seeded with `seed`). The issue-13 pile: 1,000 boxes of 14…22 × 10…16 pt in 25 columns of
    /// 24 pt, rows 20 pt apart, in 600 × 1,200 pt.
    public static func columnFrames(
        count: Int, columns: Int, columnPitch: Double, rowPitch: Double, widths: ClosedRange<Double>,
        heights: ClosedRange<Double>, seed: UInt64
    ) -> [Rect] {
        var generator = Generator(seed: seed)
        var frames: [Rect] = []
        frames.reserveCapacity(max(0, count))
        let perRow = max(1, columns)
        for k in 0..<max(0, count) {
            let w = widths.lowerBound + (widths.upperBound - widths.lowerBound) * generator.next()
            let h = heights.lowerBound + (heights.upperBound - heights.lowerBound) * generator.next()
            let cx = (Double(k % perRow) + 0.5) * columnPitch
            let cy = (Double(k / perRow) + 0.5) * rowPitch
            frames.append(Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h))
        }
        return frames
    }

    /// The parameters of the issue-13 pile, shared by ``columnPile(settings:)``, the benchmark and the peers.
    public enum ColumnPile {
        /// 1,000 boxes.
        public static let count = 1000
        /// 25 columns.
        public static let columns = 25
        /// The walls: 600 × 1,200 pt.
        public static let width = 600.0
        /// The walls' height, points.
        public static let height = 1200.0
        /// Columns 24 pt apart (600 / 25).
        public static let columnPitch = 24.0
        /// Rows 20 pt apart: the 40 rows fill the top 800 pt and fall 400 pt.
        public static let rowPitch = 20.0
        /// Box widths, points.
        public static let widths = 14.0...22.0
        /// Box heights, points.
        public static let heights = 10.0...16.0
        /// Friction of every box (and so of its contacts with the walls).
        public static let friction = 0.5
        /// The generator's seed.
        public static let seed: UInt64 = 13

        /// The frames of the boxes, in creation order.
        public static var frames: [Rect] {
            columnFrames(
                count: count, columns: columns, columnPitch: columnPitch, rowPitch: rowPitch, widths: widths,
                heights: heights, seed: seed)
        }
    }

    /// The issue-13 pile (``ColumnPile``): 1,000 boxes of 14…22 × 10…16 pt in 25 columns falling into walls of
    /// 600 × 1,200 pt, friction 0.5; the engine's defaults (1/120 s, 4 substeps, sleeping on) unless `settings`
    /// says otherwise.
    public static func columnPile(settings: PhysicsSettings = PhysicsSettings()) throws(PhysicsError) -> Built {
        let world = PhysicsWorld(settings: settings)
        try addWalls(to: world, width: ColumnPile.width, height: ColumnPile.height)
        var boxes: [BodyID] = []
        for frame in ColumnPile.frames {
            var box = BodyDefinition(shape: .box(width: frame.width, height: frame.height), position: frame.center)
            box.friction = ColumnPile.friction
            boxes.append(try world.addBody(box))
        }
        return Built(world: world, boxes: boxes)
    }

    /// A column of `count` boxes of `width` × `height` resting on a floor at y = `floorY`, centred on x = 187.5,
    /// each exactly touching the one below (friction 0.6).
    public static func stack(
        count: Int, width: Double = 60, height: Double = 30, floorY: Double = 600,
        settings: PhysicsSettings = PhysicsSettings()
    ) throws(PhysicsError) -> Built {
        let world = PhysicsWorld(settings: settings)
        var floor = BodyDefinition(shape: .box(width: 2375, height: 100), position: Point(x: 187.5, y: floorY + 50))
        floor.kind = .static
        floor.friction = 0.6
        try world.addBody(floor)
        var boxes: [BodyID] = []
        for k in 0..<count {
            var box = BodyDefinition(
                shape: .box(width: width, height: height),
                position: Point(x: 187.5, y: floorY - height / 2 - Double(k) * height))
            box.friction = 0.6
            boxes.append(try world.addBody(box))
        }
        return Built(world: world, boxes: boxes)
    }

    /// Box2D's benchmark settings: steps of 1/60 s with 4 substeps, sleeping off (its `large_pyramid` and
    /// `many_pyramids` turn it off).
    public static var box2DBenchmarkSettings: PhysicsSettings {
        var settings = PhysicsSettings()
        settings.timeStep = 1.0 / 60.0
        settings.substeps = 4
        settings.allowsSleeping = false
        return settings
    }

    /// Box2D's `large_pyramid` benchmark scene (its shared/benchmarks.c, at its size) in our units — points, y
    /// down, 100 pt per metre, so that our tolerances are Box2D's: a pyramid of `baseCount` (100) boxes at the
    /// base, 5,050 boxes of 100 pt, on a static ground box of 20,000 × 200 pt; friction 0.6 and density 1 (Box2D's
    /// defaults). Box2D steps it 500 times.
    public static func largePyramid(
        baseCount: Int = 100, settings: PhysicsSettings = box2DBenchmarkSettings
    ) throws(PhysicsError) -> Built {
        let world = PhysicsWorld(settings: settings)
        var ground = BodyDefinition(shape: .box(width: 20_000, height: 200), position: Point(x: 0, y: 100))
        ground.kind = .static
        ground.friction = 0.6
        try world.addBody(ground)
        var boxes: [BodyID] = []
        for i in 0..<baseCount {
            for j in i..<baseCount {
                // Box2D's metres (y up), a = 0.5: x = (i + 1)a + 2(j − i)a − a·base, y = (2i + 1)a.
                let x = 50 * Double(i + 1) + 100 * Double(j - i) - 50 * Double(baseCount)
                boxes.append(try addSquare(to: world, side: 100, center: Point(x: x, y: -50 * Double(2 * i + 1))))
            }
        }
        return Built(world: world, boxes: boxes)
    }

    /// Box2D's `many_pyramids` benchmark scene in our units (see ``largePyramid(baseCount:settings:)``): `rows` ×
    /// `columns` (20 × 20) pyramids of base `baseCount` (10), 22,000 boxes of 100 pt, each row on a static ground
    /// segment 1,100 pt above the last. Box2D steps it 200 times.
    public static func manyPyramids(
        baseCount: Int = 10, rows: Int = 20, columns: Int = 20, settings: PhysicsSettings = box2DBenchmarkSettings
    ) throws(PhysicsError) -> Built {
        let world = PhysicsWorld(settings: settings)
        let extent = 50.0
        let groundDeltaY = 2 * extent * (Double(baseCount) + 1)
        let groundWidth = 2 * extent * Double(columns) * (Double(baseCount) + 1)
        for row in 0..<rows {
            let y = -Double(row) * groundDeltaY
            var ground = BodyDefinition(
                shape: .segment(from: Point(x: -groundWidth / 2, y: y), to: Point(x: groundWidth / 2, y: y)),
                position: .zero)
            ground.kind = .static
            ground.friction = 0.6
            try world.addBody(ground)
        }
        let baseWidth = 2 * extent * Double(baseCount)
        var boxes: [BodyID] = []
        for row in 0..<rows {
            let baseY = Double(row) * groundDeltaY
            for column in 0..<columns {
                let centerX = -groundWidth / 2 + Double(column) * (baseWidth + 2 * extent) + 2 * extent
                for i in 0..<baseCount {
                    for j in i..<baseCount {
                        let x = Double(i + 1) * extent + 2 * Double(j - i) * extent + centerX - 50
                        let y = (2 * Double(i) + 1) * extent + baseY
                        boxes.append(try addSquare(to: world, side: 2 * extent, center: Point(x: x, y: -y)))
                    }
                }
            }
        }
        return Built(world: world, boxes: boxes)
    }

    /// A dynamic square box with Box2D's default friction (0.6) and density (1).
    private static func addSquare(to world: PhysicsWorld, side: Double, center: Point) throws(PhysicsError) -> BodyID {
        var box = BodyDefinition(shape: .box(width: side, height: side), position: center)
        box.friction = 0.6
        return try world.addBody(box)
    }

    /// A static floor box `width` × 100 pt centred at `center`, friction 0.5, elasticity 0.
    public static func addFloor(to world: PhysicsWorld, width: Double, center: Point) throws(PhysicsError) {
        var floor = BodyDefinition(shape: .box(width: width, height: 100), position: center)
        floor.kind = .static
        floor.friction = 0.5
        try world.addBody(floor)
    }

    /// The fixture's drop scene (Tests/Fixtures/physics_chipmunk.json, scene 2): a 100 × 100 box (friction 0.5,
    /// `elasticity`) with its centre at (187.5, 150), above a static floor box x −1000…1375, y 600…700
    /// (friction 0.5, elasticity 0), 400 pt below the box's bottom.
    public static func drop(elasticity: Double, settings: PhysicsSettings = PhysicsSettings()) throws(PhysicsError)
        -> Built
    {
        let world = PhysicsWorld(settings: settings)
        try addFloor(to: world, width: 2375, center: Point(x: 187.5, y: 650))
        var box = BodyDefinition(shape: .box(width: 100, height: 100), position: Point(x: 187.5, y: 150))
        box.friction = 0.5
        box.elasticity = elasticity
        let id = try world.addBody(box)
        return Built(world: world, boxes: [id])
    }
}
