/// What a renderer draws exactly, what it approximates and what it cannot draw, feature by feature (a backend
/// says what it cannot do instead of silently drawing something else). At render time, each case that
/// actually occurs is also reported as a `RenderWarning`.
public struct RendererCapabilities: Sendable, Hashable {
    /// A layer feature of KineticLayers' model.
    public enum Feature: String, Sendable, Hashable, CaseIterable {
        /// Bounds, position, anchor point and 2D affine transform (rotation and scale about the anchor).
        case geometry
        /// Opacity applied to the layer and its sublayers composited together.
        case groupOpacity
        case hidden
        /// Background colour with corner radius.
        case background
        /// Border inside the bounds, on top of content and sublayers, with rounded corners.
        case border
        /// Clipping of content and sublayers to the rounded bounds.
        case masksToBounds
        /// A mask layer tree whose alpha masks the layer (and its shadow).
        case mask
        /// The blurred, offset, coloured shadow of the layer's composited alpha.
        case shadow
        case axialGradient
        case radialGradient
        /// Text with a family list, weight, size, italic, colour and line spacing; sub-pixel glyph positions.
        case text
        /// Falling back along the family list per character, and beyond it to fontconfig's choice.
        case fontFallback
        /// OpenType `tnum` when tabular digits are asked for.
        case tabularDigits
        case textAlignment
        case textWrapping
        case textTruncation
        /// Path fill with non-zero or even-odd rule.
        case shapeFill
        /// Stroke width, caps, joins, miter limit and dashes.
        case shapeStroke
        /// `strokeStart` / `strokeEnd`.
        case strokeTrim
        /// 3D transforms (perspective, rotation about x or y).
        case transform3D
    }

    /// How well a feature is drawn.
    public enum Support: Sendable, Hashable {
        /// As Core Animation draws it (up to anti-aliasing and font rasterisation).
        case exact
        /// Close, with the difference described.
        case approximate(String)
        /// Not drawn, with the reason.
        case unsupported(String)
    }

    /// The support of every feature.
    public var support: [Feature: Support]

    /// Creates a capability list; features not listed are `.unsupported("not implemented")`.
    public init(support: [Feature: Support]) {
        self.support = support
    }

    /// The support of `feature`.
    public func support(for feature: Feature) -> Support {
        support[feature] ?? .unsupported("not implemented")
    }

    /// The features not drawn exactly, in `Feature` order, each with its explanation.
    public var limitations: [(feature: Feature, explanation: String)] {
        Feature.allCases.compactMap { feature in
            switch support(for: feature) {
            case .exact: return nil
            case .approximate(let text): return (feature, "approximate: " + text)
            case .unsupported(let text): return (feature, "unsupported: " + text)
            }
        }
    }
}

extension LayerRenderer {
    /// What `LayerRenderer` (Cairo + Pango) draws exactly and what it does not.
    public static let capabilities = RendererCapabilities(support: [
        .geometry: .exact,
        .groupOpacity: .exact,
        .hidden: .exact,
        .background: .exact,
        .border: .exact,
        .masksToBounds: .exact,
        .mask: .exact,
        .shadow: .approximate(
            "the Gaussian blur (σ = shadowRadius × \(LayerRenderer.shadowSigmaPerRadius)) is exact below σ = 6 px and "
                + "three box blurs above (spread within 3 % of σ); a sheared, or rotated and unevenly scaled, layer "
                + "is blurred along the screen axes (warned)"),
        .axialGradient: .exact,
        .radialGradient: .approximate("a zero radius draws the last colour (warned)"),
        .text: .exact,
        .fontFallback: .approximate(
            "a family that is not installed is replaced by fontconfig's choice; the family used is named in a "
                + "warning"),
        .tabularDigits: .approximate("fonts without a `tnum` feature keep their own digits"),
        .textAlignment: .approximate(
            "explicit left/right alignment of a right-to-left paragraph is mirrored by Pango (warned)"),
        .textWrapping: .exact,
        .textTruncation: .exact,
        .shapeFill: .exact,
        .shapeStroke: .approximate("an invalid dash pattern (negative or all zero) draws a solid line (warned)"),
        .strokeTrim: .approximate("curve lengths are measured with chords, within 0.1 % of the true length"),
        .transform3D: .unsupported("KineticLayers' transforms are 2D affine; there is nothing 3D to draw"),
    ])
}
