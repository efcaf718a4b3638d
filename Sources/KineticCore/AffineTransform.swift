/// A 2D affine transform with Core Graphics' conventions.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty). `t1.concatenating(t2)` applies `t1` first, then `t2`,
/// as `CGAffineTransform.concatenating` does. On a y-down screen a positive rotation angle turns clockwise.
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    /// Creates a transform from its six coefficients.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `x`, `y` points.
    @inlinable public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x` horizontally and `y` vertically about the origin.
    @inlinable public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (clockwise on a y-down screen).
    @inlinable public static func rotation(_ angle: Double) -> AffineTransform {
        let (s, c) = sineCosine(angle)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about `anchor`, in the same coordinates as the points it transforms.
    @inlinable public static func rotation(_ angle: Double, about anchor: Point) -> AffineTransform {
        translation(x: -anchor.x, y: -anchor.y)
            .concatenating(.rotation(angle))
            .concatenating(.translation(x: anchor.x, y: anchor.y))
    }

    /// A horizontal shear: x' = x + factor·y.
    @inlinable public static func shear(_ factor: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: factor, d: 1, tx: 0, ty: 0)
    }

    /// True when this is the identity transform.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part (a·d − b·c). Zero means the transform is not invertible.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The transform that applies `self`, then `other`.
    @inlinable public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// This transform followed by a translation.
    @inlinable public func translatedBy(x: Double, y: Double) -> AffineTransform {
        concatenating(.translation(x: x, y: y))
    }

    /// This transform followed by a rotation about `anchor`.
    @inlinable public func rotated(by angle: Double, about anchor: Point = .zero) -> AffineTransform {
        concatenating(.rotation(angle, about: anchor))
    }

    /// This transform followed by a scale about the origin.
    @inlinable public func scaledBy(x: Double, y: Double) -> AffineTransform { concatenating(.scale(x: x, y: y)) }

    /// The inverse transform, or nil when the determinant is zero or not finite.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The image of `point` under this transform.
    @inlinable public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The image of the vector `vector` under the linear part (no translation).
    @inlinable public func applyLinear(to vector: Point) -> Point {
        Point(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }

    /// The transform split into translation, rotation, shear and scale, as CSS Transforms 2D does.
    ///
    /// Recomposing gives the same transform: scale first, then shear, then rotation, then translation.
    public var decomposed: Decomposition {
        var row0 = Point(x: a, y: b)
        var row1 = Point(x: c, y: d)
        var scaleX = row0.length
        if scaleX != 0 { row0 = row0 / scaleX }
        var shear = row0.dot(row1)
        row1 = row1 - row0 * shear
        let scaleY = row1.length
        if scaleY != 0 {
            row1 = row1 / scaleY
            shear /= scaleY
        }
        if row0.cross(row1) < 0 {
            // A reflection: fold it into the x scale so that the rotation stays a proper rotation.
            scaleX = -scaleX
            row0 = -row0
            shear = -shear
        }
        let rotation = scaleX == 0 && row0 == .zero ? 0 : atan2Approx(row0.y, row0.x)
        return Decomposition(
            translation: Point(x: tx, y: ty), rotation: rotation, shear: shear,
            scale: Size(width: scaleX, height: scaleY))
    }

    /// The parts of an affine transform, each interpolated on its own by `interpolate(from:to:fraction:)`.
    public struct Decomposition: Hashable, Sendable {
        /// The translation, in points.
        public var translation: Point
        /// The rotation, in radians (clockwise on a y-down screen), in −π…π.
        public var rotation: Double
        /// The horizontal shear factor applied after the scale.
        public var shear: Double
        /// The scale along x and y applied first.
        public var scale: Size

        public init(translation: Point, rotation: Double, shear: Double, scale: Size) {
            self.translation = translation
            self.rotation = rotation
            self.shear = shear
            self.scale = scale
        }

        /// The transform these parts describe.
        public var transform: AffineTransform {
            AffineTransform.scale(x: scale.width, y: scale.height)
                .concatenating(.shear(shear))
                .concatenating(.rotation(rotation))
                .concatenating(.translation(x: translation.x, y: translation.y))
        }
    }
}

extension AffineTransform: CustomStringConvertible {
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
