import Foundation
import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers
import KineticRaster
import XCTest

/// The count-up: the seed's exact tick sequence, countUp.js's easing, formatting, steady digit widths, and the
/// layers that show each text at its time.
final class CountUpTests: XCTestCase {
    /// countUp.js's easeOutExpo at progress u.
    private func expo(_ u: Double) -> Double { (1 - pow(2, -10 * u)) * 1024 / 1023 }

    // MARK: Seed

    func testSeedSequenceIsExactAndEndsOnTheTarget() {
        let count = CountUp(from: 0, to: 10_000, style: .seed)
        XCTAssertEqual(count.text(at: 0), "0")
        XCTAssertEqual(count.text(at: 0.019), "0")  // the first tick is 0.02 s after the start
        for tick in 1...50 {
            XCTAssertEqual(count.text(at: Double(tick) * 0.02), "\(200 * tick)", "tick \(tick)")
            XCTAssertEqual(count.value(at: Double(tick) * 0.02 + 0.01), Double(200 * tick), "tick \(tick)")
        }
        XCTAssertEqual(count.endTime, 1, accuracy: 1e-12)
        XCTAssertEqual(count.text(at: 60), "10000")
        XCTAssertEqual(count.frames.map(\.text), ["0"] + (1...50).map { "\(200 * $0)" })
    }

    func testSeedStepOneIsTheArticlesFirstVersion() {
        var count = CountUp(from: 0, to: 1000, style: .seed)
        count.step = .one
        XCTAssertEqual(count.text(at: 0.02), "1")
        XCTAssertEqual(count.text(at: 0.2), "10")
        XCTAssertEqual(count.text(at: 19.98), "999")
        XCTAssertEqual(count.endTime, 20, accuracy: 1e-9)
        XCTAssertEqual(count.frames.count, 1001)
    }

    func testSeedClampsInsteadOfOvershooting() {
        let count = CountUp(from: 0, to: 1001, style: .seed)  // ⌈1001 / 50⌉ = 21 per tick
        XCTAssertEqual(count.value(at: 0.02), 21)
        XCTAssertEqual(count.value(at: 47 * 0.02), 987)
        XCTAssertEqual(count.value(at: 48 * 0.02), 1001)  // the article's code shows 1,008 for one tick here
        XCTAssertEqual(count.frames.map(\.text).max { Int($0) ?? 0 < Int($1) ?? 0 }, "1001")
    }

    func testSeedCountsDownAndRetargetsOnTheSameTimerGrid() {
        var count = CountUp(from: 100, to: 0, style: .seed)
        XCTAssertEqual(count.value(at: 0.02), 98)  // ⌈100 / 50⌉ = 2
        count.retargets = [NumberChange(time: 0.5, value: 200)]  // at 0.5 s the count shows 50
        XCTAssertEqual(count.value(at: 0.5), 50)
        XCTAssertEqual(count.value(at: 0.52), 53)  // ⌈150 / 50⌉ = 3 per tick from there
        XCTAssertEqual(count.text(at: 100), "200")
    }

    // MARK: Default (countUp.js)

    func testEaseOutExpoValuesAtGivenTimes() {
        var count = CountUp(from: 0, to: 500)
        count.format = NumberFormat(fractionDigits: 3)
        XCTAssertEqual(count.value(at: 0), 0)
        XCTAssertEqual(count.value(at: 0.2), 500 * expo(0.1), accuracy: 1e-9)  // 250.24…
        XCTAssertEqual(count.value(at: 1), 500 * expo(0.5), accuracy: 1e-9)  // 484.84…
        XCTAssertEqual(count.value(at: 1.9), 500 * expo(0.95), accuracy: 1e-9)
        XCTAssertEqual(count.value(at: 2), 500)
        XCTAssertEqual(count.text(at: 0.2), "250.244")
        XCTAssertEqual(RollTransition.easeOutExpoProgress(1), 1)
    }

    /// countUp.js's smart easing: over 999, linear to 333 short in the first half, eased for the rest.
    func testSmartEasingForLargeJumps() {
        let count = CountUp(from: 0, to: 10_000)
        XCTAssertEqual(count.value(at: 0.5), 9_667 / 2, accuracy: 1e-9)
        XCTAssertEqual(count.value(at: 1), 9_667, accuracy: 1e-9)
        XCTAssertEqual(count.value(at: 1.5), 9_667 + 333 * expo(0.5), accuracy: 1e-9)
        XCTAssertEqual(count.value(at: 2), 10_000)
        var plain = count
        plain.smartEasing = nil
        XCTAssertEqual(plain.value(at: 0.5), 10_000 * expo(0.25), accuracy: 1e-9)
        var small = CountUp(from: 0, to: 999)  // not over the threshold
        small.duration = 1
        XCTAssertEqual(small.value(at: 0.5), 999 * expo(0.5), accuracy: 1e-9)
    }

    func testTheLastFrameShowsExactlyTheTarget() throws {
        let easings: [CountUpEasing] = [.easeOutExpo, .timing(.easeInEaseOut), .spring(.bouncy), .spring(.smooth)]
        for easing in easings {
            var count = CountUp(from: 0, to: 1234.5)
            count.format = NumberFormat(fractionDigits: 1)
            count.easing = easing
            XCTAssertEqual(count.frames.last?.text, "1,234.5", "\(easing)")
            XCTAssertEqual(count.text(at: count.endTime), "1,234.5", "\(easing)")
            let root = try count.makeLayer(measuring: FixedAdvanceMeasurer())
            XCTAssertEqual(try shownText(root, at: count.endTime), "1,234.5", "\(easing)")
            // The layers stop changing when the last text appears (before the end when rounding gets there first).
            XCTAssertEqual(root.animationEndTime, try XCTUnwrap(count.frames.last).time, accuracy: 1e-6)
            XCTAssertLessThanOrEqual(root.animationEndTime, count.endTime)
        }
    }

    func testCountsDownThroughNegativeNumbersWithoutFlicker() {
        var count = CountUp(from: 5, to: -5)
        count.easing = .timing(.linear)
        count.duration = 1
        count.format = NumberFormat(fractionDigits: 1)
        XCTAssertEqual(count.text(at: 0.25), "2.5")
        XCTAssertEqual(count.text(at: 0.75), "-2.5")
        let texts = count.frames.map(\.text)
        XCTAssertFalse(texts.contains("-0.0"))
        // Every text has one decimal, and the values only go down.
        XCTAssertTrue(texts.allSatisfy { $0.split(separator: ".").last?.count == 1 }, "\(texts)")
        let values = texts.compactMap { Double($0) }
        XCTAssertEqual(values.count, texts.count)
        XCTAssertEqual(values, values.sorted(by: >))
        XCTAssertEqual(values.last, -5)
    }

    func testRetargetStartsFromTheCurrentValue() {
        var count = CountUp(from: 0, to: 100)
        count.easing = .timing(.linear)
        count.retargets = [NumberChange(time: 1, value: 0)]
        XCTAssertEqual(count.value(at: 1), 50, accuracy: 1e-9)
        XCTAssertEqual(count.value(at: 2), 25, accuracy: 1e-9)  // a full new duration from 50
        XCTAssertEqual(count.endTime, 3, accuracy: 1e-9)
        XCTAssertEqual(count.text(at: 3), "0")
    }

    // MARK: Formatting

    func testFormattingInEnglishAndJapanese() {
        XCTAssertEqual(NumberFormat().string(for: 1_234_567.891), "1,234,568")
        XCTAssertEqual(NumberFormat(fractionDigits: 2).string(for: 1_234_567.891), "1,234,567.89")
        XCTAssertEqual(NumberFormat(usesGrouping: false).string(for: 10_000), "10000")
        XCTAssertEqual(NumberFormat.plain.string(for: -42), "-42")
        XCTAssertEqual(
            NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP").string(for: 10_000), "¥10,000")
        XCTAssertEqual(NumberFormat(style: .currency(code: "USD")).string(for: 1234.5), "$1,234.50")
        XCTAssertEqual(NumberFormat(style: .currency(code: "usd")).resolvedFractionDigits, 2)
        XCTAssertEqual(NumberFormat(style: .percent).string(for: 0.256), "26%")
        XCTAssertEqual(NumberFormat(style: .percent, fractionDigits: 1).string(for: 0.256), "25.6%")
        XCTAssertEqual(NumberFormat(prefix: "+", suffix: " pts").string(for: 12), "+12 pts")
        XCTAssertEqual(NumberFormat().string(for: 2.5), "3")  // half away from zero, as countUp.js's toFixed
        XCTAssertEqual(NumberFormat().string(for: -0.4), "0")
        XCTAssertEqual(NumberFormat(localeIdentifier: "de_DE", fractionDigits: 2).string(for: 1234.5), "1.234,50")
        var count = CountUp(from: 0, to: 10_000)
        count.format = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
        XCTAssertEqual(count.text(at: 5), "¥10,000")
        XCTAssertEqual(count.text(at: 0), "¥0")
    }

    func testBadSpecsAreRefusedWithAMessage() throws {
        let undamped = try Spring(mass: 1, stiffness: 100, damping: 0)
        let cases: [((inout CountUp) -> Void, String)] = [
            ({ $0.format.localeIdentifier = "xx_YY" }, "unknown locale 'xx_YY'"),
            ({ $0.format.style = .currency(code: "ABC") }, "unknown currency code 'ABC'"),
            ({ $0.format.fractionDigits = 11 }, "decimals must be 0…10"),
            ({ $0.duration = 0 }, "count duration must be finite and > 0"),
            ({ $0.to = .infinity }, "target must be finite"),
            ({ $0.retargets = [NumberChange(time: -1, value: 3)] }, "in order"),
            ({ $0.smartEasing = SmartEasing(threshold: 10, amount: 20) }, "below its threshold"),
            ({ $0.easing = .spring(undamped) }, "undamped"),
            ({ $0.tickInterval = 0.000_001 }, "at most 100,000"),
        ]
        for (change, fragment) in cases {
            var count = CountUp(from: 0, to: 100)
            change(&count)
            XCTAssertThrowsError(try count.makeLayer(measuring: FixedAdvanceMeasurer())) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
    }

    // MARK: Steady digits and layers

    /// The text the count's layers show at `time`: the centred cell of every visible column, left to right.
    private func shownText(_ root: Layer, at time: Double) throws -> String {
        let number = try XCTUnwrap(root.presentation(at: time).firstLayer(named: "number"))
        var text = ""
        for column in number.sublayers.sorted(by: { $0.position.x < $1.position.x })
        where column.opacity > 0.5 && column.bounds.width > 0 {
            let centred = column.sublayers.filter { !$0.isHidden && abs($0.position.y - column.bounds.midY) < 1e-6 }
            XCTAssertEqual(centred.count, 1, "\(column.name ?? "") at \(time)")
            text += centred.compactMap { ($0 as? TextLayer)?.string }.joined()
        }
        return text
    }

    func testLayersShowEachTextAtItsTimeInAWidthReservedForTheWidest() throws {
        var count = CountUp(from: 0, to: 10_000, style: .seed)
        count.format = NumberFormat()  // "10,000": the comma is narrower than a digit in the fake
        let measurer = FixedAdvanceMeasurer(advances: [",": 2])
        let root = try count.makeLayer(measuring: measurer)
        let label = try XCTUnwrap(root.firstLayer(named: "count-label"))
        // "10,000": five digits of 18 pt and a comma of 6 pt (a 30-pt font) = 96 pt, centred in 320 × 120.
        XCTAssertEqual(label.frame, Rect(x: 112, y: 45, width: 96, height: 30))
        for time in [0, 0.01, 0.02, 0.5, 0.51, 0.98, 1, 3] {
            XCTAssertEqual(try shownText(root, at: time), count.text(at: time), "at \(time)")
        }
        // Frame times computed as k / fps land on the right tick.
        for frame in 0...60 {
            let time = Double(frame) / 50
            XCTAssertEqual(try shownText(root, at: time), count.text(at: time), "frame \(frame)")
        }
        XCTAssertEqual(root.animationEndTime, 1, accuracy: 1e-6)
    }

    /// With `tnum`, Inter's digits are (nearly) equal in the rendered font: exactly in the regular weight, and
    /// within 0.002 em in bold, whose tabular "4" is a little narrower (measured here, with Debian's Inter). The
    /// count therefore puts every digit in a cell as wide as the widest, which makes it exact: the columns sit at
    /// the same places whatever the digits.
    func testTabularDigitsKeepTheCountStillInTheRenderedFont() throws {
        let measurer = PangoTextMeasurer()
        let font = CountUp(from: 0, to: 1).font
        XCTAssertTrue(font.tabularDigits)
        func spread(_ font: Font) -> Double {
            let advances = (0...9).map { measurer.advance(of: "\($0)", font: font) }
            return (advances.max() ?? 0) - (advances.min() ?? 0)
        }
        XCTAssertGreaterThan(spread(font.withTabularDigits(false)), 1)  // proportional: the count would wobble
        XCTAssertLessThan(spread(font), 0.002 * font.size)
        XCTAssertEqual(spread(Font(weight: 400, size: 56, tabularDigits: true)), 0, accuracy: 1e-9)

        let manager = try DigitColumnManager(format: NumberFormat(), font: font, measurer: measurer, boxWidth: 400)
        let widest = (0...9).map { measurer.advance(of: "\($0)", font: font) }.max() ?? 0
        XCTAssertEqual(manager.cellWidth, widest)
        var ones = manager
        ones.setValue(11_111, at: 0)
        var fours = manager
        fours.setValue(44_444, at: 0)
        XCTAssertEqual(ones.columns.map { $0.left.value(at: 0) }, fours.columns.map { $0.left.value(at: 0) })
        XCTAssertEqual(manager.width(of: 11_111), manager.width(of: 44_444))
    }
}
