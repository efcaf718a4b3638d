import KineticCore

/// How an `ImageLayer`'s picture fills its bounds (Core Animation's `contentsGravity`, for the cases a picture
/// needs).
public enum ContentsGravity: String, Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds, ignoring the picture's aspect ratio. Core Animation's default.
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred (letterboxed).
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred (the overflow is cut off).
    case resizeAspectFill
    /// At its own size (one image pixel per point), centred.
    case center
}

/// A layer that shows a picture file — a PNG or a JPEG — like a `CALayer` whose `contents` is an image: a
/// screenshot to collapse, a background for an effect.
///
/// The picture fills the layer's bounds as `contentsGravity` says; the layer's other properties (background,
/// border, corner radius, masks, opacity, transforms) apply as to any layer, and the picture is drawn over the
/// background colour. The renderer reads the file (once per render) and reports a file it cannot read as a warning
/// naming the layer, drawing nothing in its place.
public final class ImageLayer: Layer, @unchecked Sendable {
    /// The picture file (PNG or JPEG), or nil (the default) for none.
    public var imagePath: String?
    /// How the picture fills the bounds. Default `.resize`, as Core Animation.
    public var contentsGravity: ContentsGravity = .resize

    public override init() {
        super.init()
    }

    /// A layer showing the picture at `path` in `frame` (points), filled as `gravity` says.
    public convenience init(path: String, frame: Rect, gravity: ContentsGravity = .resize) {
        self.init()
        self.frame = frame
        imagePath = path
        contentsGravity = gravity
    }

    required init(copying other: Layer, deep: Bool) {
        super.init(copying: other, deep: deep)
        if let image = other as? ImageLayer {
            imagePath = image.imagePath
            contentsGravity = image.contentsGravity
        }
    }

    /// Where a picture of `pictureSize` (pixels, shown one per point) lands in `bounds` under `gravity`.
    public static func placement(of pictureSize: Size, in bounds: Rect, gravity: ContentsGravity) -> Rect {
        guard pictureSize.width > 0, pictureSize.height > 0 else { return bounds }
        let size: Size
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.size.width / pictureSize.width
            let sy = bounds.size.height / pictureSize.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            size = Size(width: pictureSize.width * s, height: pictureSize.height * s)
        case .center:
            size = pictureSize
        }
        return Rect(
            x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
            height: size.height)
    }
}
