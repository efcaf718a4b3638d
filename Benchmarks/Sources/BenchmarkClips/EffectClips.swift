import KineticEffects
import KineticLayers
import KineticRaster

/// The effects' clips that the GIF and export benchmarks measure, by name, as `kinetic render` builds them with
/// their defaults: the showcase; the shimmer and its seed style on "slide to unlock"; the elevator number through
/// 7, 8, 9, 10, 99, 100 every 0.8 s, in both styles; the count-up from 0 to 10,000 in both styles; the collapse of
/// the example screen with the seed's settings.
public func effectClips(measuring measurer: PangoTextMeasurer = PangoTextMeasurer()) throws -> [(String, Clip)] {
    let text = ShimmerText(string: "slide to unlock")
    let values: [Double] = [7, 8, 9, 10, 99, 100]
    return [
        ("showcase", try Showcase().makeClip(measuring: measurer)),
        ("shimmer", try ShimmerScene(content: .text(text), style: .default(Shimmer())).makeClip(measuring: measurer)),
        (
            "shimmer seed",
            try ShimmerScene(content: .text(text), style: .seed(ShimmerSeed())).makeClip(measuring: measurer)
        ),
        ("elevator digits", try ElevatorNumber(values: values, interval: 0.8).makeClip(measuring: measurer)),
        (
            "elevator seed",
            try ElevatorNumber(values: values, interval: 0.8, style: .seed).makeClip(measuring: measurer)
        ),
        ("count-up", try CountUp(from: 0, to: 10_000).makeClip(measuring: measurer)),
        ("count-up seed", try CountUp(from: 0, to: 10_000, style: .seed).makeClip(measuring: measurer)),
        ("collapse", try Collapse(screen: ExampleScreen().makeLayer(), spec: .seed).makeClip(measuring: measurer)),
    ]
}
