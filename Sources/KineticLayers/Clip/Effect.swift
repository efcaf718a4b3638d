/// A motion effect: a small spec with documented defaults that builds a ``Clip``.
///
/// Every effect of Kinetic conforms — `ElevatorNumber`, `CountUp`, `ShimmerScene`, `Collapse`, `Showcase`,
/// `SceneAnimation` — so that one renderer, one exporter and one terminal player take any of them:
///
/// ```swift
/// func save(_ effect: some Effect, to path: String) throws {
///     try effect.makeClip(measuring: PangoTextMeasurer()).render(to: path)
/// }
/// ```
///
/// Effects with text measure it with `measurer`, so that layout matches what the renderer will draw; the others
/// ignore it.
public protocol Effect {
    /// Builds the layer tree and its animations.
    ///
    /// - Parameter measurer: Measures text as the renderer will draw it (KineticRaster's `PangoTextMeasurer`).
    /// - Throws: `EffectSpecError` naming the value of the spec that cannot be used, and how to fix it.
    func makeClip(measuring measurer: some TextMeasuring) throws(EffectSpecError) -> Clip
}
