import KineticCore
import KineticEffects
import KineticLayers
import XCTest

/// Effects reject text longer than `TextLengthLimit.maximumCharacters` when they validate, before measuring it.
final class TextLengthLimitEffectTests: XCTestCase {
    private let long = String(repeating: "a", count: 100_001)
    private let limit = String(repeating: "a", count: 100_000)

    /// The message of the `EffectSpecError` that `body` throws ("not an EffectSpecError" for another error), or
    /// nil when it throws nothing.
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? EffectSpecError)?.message ?? "not an EffectSpecError: \(error)"
        }
    }

    func testShimmerTextOverTheLimit() {
        let text = ShimmerText(string: long)
        XCTAssertEqual(
            message { _ = try text.makeLayer(size: Size(width: 480, height: 96), measurer: FixedAdvanceMeasurer()) },
            "the shimmer text is 100,001 characters long; at most 100,000 characters (extended grapheme clusters) "
                + "can be laid out: shorten it")
        let scene = ShimmerScene(content: .text(text), style: .default(Shimmer()))
        XCTAssertNotNil(message { _ = try scene.makeLayer(measurer: FixedAdvanceMeasurer()) })
        XCTAssertNil(
            message {
                _ = try ShimmerText(string: limit).makeLayer(
                    size: Size(width: 480, height: 96), measurer: FixedAdvanceMeasurer())
            })
    }

    func testPrefixAndSuffixOverTheLimit() {
        XCTAssertEqual(
            message { try NumberFormat(prefix: long).validate() },
            "the prefix is 100,001 characters long; at most 100,000 characters (extended grapheme clusters) can be "
                + "laid out: shorten it")
        XCTAssertEqual(
            message { try NumberFormat(suffix: long + long).validate() },
            "the suffix is 200,002 characters long; at most 100,000 characters (extended grapheme clusters) can be "
                + "laid out: shorten it")
        // A number's affixes are shorter still: 100 characters (they are drawn in every frame of a count).
        let hundred = String(repeating: "é", count: NumberFormat.maximumAffixCharacters)
        XCTAssertNil(message { try NumberFormat(prefix: hundred, suffix: hundred).validate() })
        XCTAssertEqual(
            message { try NumberFormat(suffix: hundred + "x").validate() },
            "the suffix is 101 characters long; a number's suffix has at most 100")
        // The effects validate their format before measuring anything.
        var count = CountUp(from: 0, to: 10)
        count.format.suffix = long
        XCTAssertEqual(message { try count.validate() }?.hasPrefix("the suffix is 100,001"), true)
        var elevator = ElevatorNumber(changes: [NumberChange(time: 0, value: 1), NumberChange(time: 1, value: 2)])
        elevator.format.prefix = long
        XCTAssertEqual(message { try elevator.validate() }?.hasPrefix("the prefix is 100,001"), true)
    }

    func testTheCheckNamesWhatTheCallerCallsTheText() {
        XCTAssertEqual(
            message { try TextLengthLimit.validate(long, name: "--text") },
            "--text is 100,001 characters long; at most 100,000 characters (extended grapheme clusters) can be laid "
                + "out: shorten it")
        XCTAssertNil(message { try TextLengthLimit.validate(limit, name: "--text") })
    }
}
