import KineticAnimation
import KineticCore
import KineticEffects
import KineticLayers
import XCTest

/// The digits style's model, strip → column → manager, driven by progress with a fake measurer (font metrics are
/// injected, so the model runs without a renderer): a 50-pt font whose characters are all 30 pt wide and whose lines
/// are 50 pt tall, a 200-pt box, and a linear 1-s transition, so time after a change *is* the progress.
final class ElevatorDigitColumnTests: XCTestCase {
    private let font = Font(size: 50, tabularDigits: true)
    private let linear = RollTransition.timed(duration: 1, timingFunction: .linear)

    private func manager(
        _ format: NumberFormat = NumberFormat(), direction: RollDirection = .sign, transition: RollTransition? = nil,
        stagger: Double = 0
    ) throws -> DigitColumnManager {
        try DigitColumnManager(
            format: format, font: font, measurer: FixedAdvanceMeasurer(), boxWidth: 200, direction: direction,
            transition: transition ?? linear, stagger: stagger)
    }

    private func column(_ manager: DigitColumnManager, _ key: NumberPart.Key) throws -> DigitColumn {
        try XCTUnwrap(manager.columns.first { $0.key == key }, "no column \(key)")
    }

    /// The cells of a column as "character@offset" strings, top first.
    private func cells(_ column: DigitColumn, at time: Double) -> [String] {
        column.visibleCells(at: time).map { "\($0.character)@\(($0.offset * 1000).rounded() / 1000)" }
    }

    // MARK: Strip

    func testStripTargets() throws {
        let strip = DigitStrip.decimal
        XCTAssertEqual(strip.target(from: 3, toCell: 1, direction: .up), 11)  // 4, 5, … 9, 0, 1
        XCTAssertEqual(strip.target(from: 1, toCell: 3, direction: .down), -7)  // 0, 9, … 4, 3
        XCTAssertEqual(strip.target(from: 3, toCell: 4, direction: .up), 4)
        XCTAssertEqual(strip.target(from: 9, toCell: 0, direction: .shortest(preferringUp: false)), 10)
        XCTAssertEqual(strip.target(from: 0, toCell: 9, direction: .shortest(preferringUp: true)), -1)
        XCTAssertEqual(strip.target(from: 0, toCell: 5, direction: .shortest(preferringUp: true)), 5)
        XCTAssertEqual(strip.target(from: 0, toCell: 5, direction: .shortest(preferringUp: false)), -5)
        XCTAssertEqual(strip.target(from: 3.000_000_1, toCell: 3, direction: .up), 3)  // at rest: no full turn
        XCTAssertEqual(strip.target(from: 2.5, toCell: 2, direction: .up), 12)
        XCTAssertEqual(strip.target(from: 2.5, toCell: 2, direction: .down), 2)
        XCTAssertEqual(strip.target(from: 2.5, toCell: 2, direction: .shortest(preferringUp: true)), 2)
        XCTAssertEqual(strip.offset(ofCell: 4, from: 3.25), 0.75)
        XCTAssertEqual(strip.offset(ofCell: 0, from: 9.5), 0.5)  // 0 enters from below on 9 → 10
        XCTAssertEqual(strip.offset(ofCell: 9, from: 9.5), -0.5)
        XCTAssertEqual(strip.character(at: -1), "9")
        XCTAssertThrowsError(try DigitStrip(["0", "0"]))
    }

    // MARK: Column

    func testADigitRollsUpWhenTheValueGrows() throws {
        var manager = try manager()
        manager.setValue(3, at: 0)
        manager.setValue(4, at: 1)
        let units = try column(manager, .integer(place: 0))
        XCTAssertEqual(cells(units, at: 0.5), ["3@0.0"])
        XCTAssertEqual(cells(units, at: 1.25), ["3@-0.25", "4@0.75"])  // 4 enters from below
        XCTAssertEqual(cells(units, at: 1.5), ["3@-0.5", "4@0.5"])
        XCTAssertEqual(cells(units, at: 2), ["4@0.0"])
        manager.setValue(2, at: 3)
        let back = try column(manager, .integer(place: 0))
        XCTAssertEqual(cells(back, at: 3.25), ["3@-0.5", "4@0.5"])  // rolls down through 3: 4 leaves below
        XCTAssertEqual(cells(back, at: 4), ["2@0.0"])
    }

    func testDirections() throws {
        // 3 → 1 up passes 4 … 9, 0 (7 half-way); down goes 3, 2, 1; shortest goes down (2 steps rather than 8).
        let halfway: [(RollDirection, String)] = [(.up, "7"), (.down, "2"), (.shortest, "2"), (.sign, "2")]
        for (direction, expected) in halfway {
            var manager = try manager(direction: direction)
            manager.setValue(3, at: 0)
            manager.setValue(1, at: 1)
            let units = try column(manager, .integer(place: 0))
            XCTAssertEqual(units.character(at: 1.5), Character(expected), "\(direction)")
            XCTAssertEqual(units.character(at: 2), "1", "\(direction)")
        }
        // 9 → 0 (shortest) is one step up even though the value shrinks.
        var manager = try manager(direction: .shortest)
        manager.setValue(19, at: 0)
        manager.setValue(10, at: 1)
        XCTAssertEqual(cells(try column(manager, .integer(place: 0)), at: 1.5), ["9@-0.5", "0@0.5"])
    }

    func testNegativeNumbersRollLikeAnOdometer() throws {
        var manager = try manager()
        manager.setValue(-41, at: 0)
        manager.setValue(-42, at: 1)
        XCTAssertEqual(cells(try column(manager, .integer(place: 0)), at: 1.5), ["1@-0.5", "2@0.5"])
        XCTAssertEqual(manager.text, "-42")
    }

    // MARK: Manager: insertion and removal keyed from the right

    func testNinetyNineToHundredInsertsAColumnOnTheLeft() throws {
        var manager = try manager()
        manager.setValue(99, at: 0)
        XCTAssertEqual(manager.columns.map(\.key), [.integer(place: 1), .integer(place: 0)])
        XCTAssertEqual(manager.columns.map { $0.left.value(at: 0) }, [70, 100])  // 60 pt centred in 200
        manager.setValue(100, at: 1)
        XCTAssertEqual(manager.text, "100")
        XCTAssertEqual(manager.columns.map(\.key), [.integer(place: 2), .integer(place: 1), .integer(place: 0)])
        let hundreds = try column(manager, .integer(place: 2))
        // Half-way: half as wide and half visible, rolling up from its leading zero to 1.
        XCTAssertEqual(hundreds.width.value(at: 1.5), 15, accuracy: 1e-9)
        XCTAssertEqual(hundreds.opacity.value(at: 1.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(cells(hundreds, at: 1.5), ["0@-0.5", "1@0.5"])
        XCTAssertEqual(hundreds.opacity.value(at: 0.9), 0)  // invisible before it arrives
        // The units stay units: 9 → 0 rolling up, one step.
        XCTAssertEqual(cells(try column(manager, .integer(place: 0)), at: 1.5), ["9@-0.5", "0@0.5"])
        // Layout: 90 pt centred in 200 → lefts 55, 85, 115; the new column grows from the old left edge (70).
        XCTAssertEqual(manager.columns.map { $0.left.value(at: 2) }, [55, 85, 115])
        XCTAssertEqual(hundreds.left.value(at: 1), 70, accuracy: 1e-9)
        XCTAssertEqual(hundreds.left.value(at: 1.5), 62.5, accuracy: 1e-9)
    }

    func testThousandToNineHundredNinetyNineRemovesTheColumnAndTheSeparator() throws {
        var manager = try manager()
        manager.setValue(1000, at: 0)
        XCTAssertEqual(manager.text, "1,000")
        XCTAssertEqual(
            manager.columns.map(\.key),
            [.integer(place: 3), .groupSeparator(place: 3), .integer(place: 2), .integer(place: 1), .integer(place: 0)])
        manager.setValue(999, at: 1)
        XCTAssertEqual(manager.text, "999")
        let thousands = try column(manager, .integer(place: 3))
        let comma = try column(manager, .groupSeparator(place: 3))
        XCTAssertFalse(thousands.isPresent)
        XCTAssertEqual(cells(thousands, at: 1.5), ["0@-0.5", "1@0.5"])  // 1 rolls down to 0 while it goes
        XCTAssertEqual(thousands.opacity.value(at: 1.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(thousands.width.value(at: 2), 0)
        XCTAssertEqual(comma.opacity.value(at: 1.5), 0.5, accuracy: 1e-9)  // symbols only fade
        XCTAssertEqual(cells(comma, at: 1.5), [",@0.0"])
        XCTAssertEqual(cells(try column(manager, .integer(place: 0)), at: 1.5), ["9@-0.5", "0@0.5"])  // 0 → 9 down
        // And back: the same columns return.
        manager.setValue(1000, at: 3)
        XCTAssertEqual(manager.columns.count, 5)
        XCTAssertEqual(manager.text, "1,000")
    }

    func testFormattingCurrencyInJapanese() throws {
        let yen = NumberFormat(style: .currency(code: "JPY"), localeIdentifier: "ja_JP")
        var manager = try manager(yen)
        manager.setValue(9_999, at: 0)
        manager.setValue(10_000, at: 1)
        XCTAssertEqual(manager.text, "¥10,000")
        XCTAssertEqual(manager.columns.first?.key, .leading("¥", occurrence: 0))
        // The yen sign stays put at the left and slides with the layout; it does not roll.
        XCTAssertEqual(cells(manager.columns[0], at: 1.5), ["¥@0.0"])
        XCTAssertEqual(manager.columns[0].opacity.value(at: 1.5), 1)
    }

    /// Prefix and suffix characters are keyed by themselves and the equal characters between them and the number,
    /// counted outwards.
    func testPrefixAndSuffixKeysCountOutwardsFromTheNumber() {
        let format = NumberFormat(prefix: "aba", suffix: "aab")
        let parts = format.parts(for: 12)
        XCTAssertEqual(
            parts.map(\.key),
            [
                .leading("a", occurrence: 1), .leading("b", occurrence: 0), .leading("a", occurrence: 0),
                .integer(place: 1), .integer(place: 0),
                .trailing("a", occurrence: 0), .trailing("a", occurrence: 1), .trailing("b", occurrence: 0),
            ])
        XCTAssertEqual(parts.map(\.order.position), [-2, -1, 0, -2, 0, 0, 1, 2])
        XCTAssertEqual(parts.map(\.order.section), [0, 0, 0, 1, 1, 4, 4, 4])
    }

    /// A long suffix: one column per character, every key distinct, and changing digits moves only the digits.
    /// The longest suffix a number has (100 characters) keeps a column per character, each with its own key.
    func testALongSuffixKeepsItsColumns() throws {
        let suffix = String(repeating: "ab", count: NumberFormat.maximumAffixCharacters / 2)
        var manager = try manager(NumberFormat(suffix: suffix))
        manager.setValue(9, at: 0)
        manager.setValue(10, at: 1)
        XCTAssertEqual(manager.columns.count, 102)
        XCTAssertEqual(Set(manager.columns.map(\.key)).count, 102)
        XCTAssertEqual(manager.text, "10" + suffix)
        XCTAssertEqual(manager.columns.last?.key, .trailing("b", occurrence: 49))
        XCTAssertEqual(manager.width(of: 10), 2 * manager.cellWidth + 100 * 30, accuracy: 1e-6)
    }

    func testStaggerDelaysColumnsFromTheRight() throws {
        var manager = try manager(stagger: 0.25)
        manager.setValue(11, at: 0)
        manager.setValue(22, at: 1)
        XCTAssertEqual(try column(manager, .integer(place: 0)).roll.value(at: 1.5), 1.5, accuracy: 1e-9)
        XCTAssertEqual(try column(manager, .integer(place: 1)).roll.value(at: 1.5), 1.25, accuracy: 1e-9)
        XCTAssertEqual(try column(manager, .integer(place: 1)).roll.value(at: 1.2), 1, accuracy: 1e-9)
    }

    func testTheSameTextChangesNothing() throws {
        var manager = try manager()
        manager.setValue(5, at: 0)
        manager.setValue(5.2, at: 1)  // rounds to "5"
        XCTAssertEqual(manager.endTime, 0)
    }

    // MARK: Retargeting

    func testAValueArrivingMidRollRetargetsFromWhereTheColumnIs() throws {
        var manager = try manager()
        manager.setValue(0, at: 0)
        manager.setValue(5, at: 1)
        manager.setValue(2, at: 1.5)  // the units are at 2.5, rolling up
        let units = try column(manager, .integer(place: 0))
        XCTAssertEqual(units.roll.value(at: 1.5 - 1e-9), 2.5, accuracy: 1e-6)
        XCTAssertEqual(units.roll.value(at: 1.5), 2.5, accuracy: 1e-9)  // no jump
        XCTAssertEqual(units.roll.target, 2)  // down (the value shrinks) to the nearest 2 below
        XCTAssertEqual(units.roll.value(at: 2), 2.25, accuracy: 1e-9)
        XCTAssertEqual(units.character(at: 3), "2")
    }

    /// Values arriving faster than the columns can roll, in random directions: every column moves continuously,
    /// always between where it was when the latest value arrived and that value's digit (so it never shows a
    /// digit outside old…new in the chosen direction), and the last value wins.
    func testRapidRetargetingNeverJumpsNorLeavesThePath() throws {
        // Golden-ratio (additive recurrence) sequences: deterministic, well spread, no generator state.
        var sequence = 0.0
        func unit() -> Double {
            sequence = (sequence + 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            return sequence
        }
        for (transition, direction) in [
            (RollTransition.timed(duration: 0.5, timingFunction: .easeInEaseOut), RollDirection.sign),
            (.timed(duration: 0.4, timingFunction: .linear), .shortest),
            (.spring(try Spring(duration: 0.4, bounce: 0)), .up),
            (.spring(.smooth), .down),
        ] {
            var manager = try manager(direction: direction, transition: transition)
            var time = 0.0
            var last = 0.0
            manager.setValue(0, at: 0)
            for _ in 0..<60 {
                time += 0.05 + 0.3 * unit()
                last = (unit() * 2000).rounded()
                manager.setValue(last, at: time)
            }
            XCTAssertEqual(manager.text, NumberFormat().string(for: last))
            let end = manager.endTime + 0.01
            for column in manager.columns {
                let segments = column.roll.segments
                // Every roll goes the chosen way (up: the position grows; down: it shrinks).
                for segment in segments where direction == .up || direction == .down {
                    XCTAssertEqual(
                        segment.to >= segment.from, direction == .up, "\(direction) \(column.key): \(segment)")
                }
                var previous = column.roll.value(at: 0)
                for step in 0...Int(end * 1000) {
                    let t = Double(step) / 1000
                    let position = column.roll.value(at: t)
                    XCTAssertLessThan(abs(position - previous), 0.2, "\(transition) \(column.key) jumps at \(t)")
                    previous = position
                    if let active = segments.last(where: { $0.beginTime <= t }) {
                        let low = min(active.from, active.to) - 1e-9
                        let high = max(active.from, active.to) + 1e-9
                        XCTAssertTrue(
                            (low...high).contains(position),
                            "\(transition) \(column.key) at \(t): \(position) outside \(active.from)…\(active.to)")
                    }
                }
                if column.isPresent {
                    XCTAssertEqual(column.opacity.value(at: end), 1)
                } else {
                    XCTAssertEqual(column.width.value(at: end), 0)
                }
            }
        }
    }

    /// Found by fuzzing `kinetic render elevator --dry-run --to 18001` (FuzzRenderSpecs): in the sanitizer build
    /// every roll copied the column's whole history, because the manager passed `&columns[index]` to a
    /// non-mutating helper (which needs a copy of `self`, sharing the columns), so 18,001 values took 89 s to lay
    /// out. Ordinary builds optimise that copy away, so this test guards the linear cost (12,000 values in about a
    /// second) rather than reproducing the copy; `RetargetingMotionTests` reproduces the other quadratic step.
    func testManyValuesTakeLinearTime() throws {
        var manager = try manager(NumberFormat.plain)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for value in 0..<12_000 { manager.setValue(Double(value), at: Double(value) * 0.01) }
        }
        XCTAssertEqual(manager.text, "11999")
        let units = try column(manager, .integer(place: 0))
        XCTAssertEqual(units.roll.segments.count, 11_999, "one roll per value")
        XCTAssertLessThan(elapsed, .seconds(5), "4,000 values took \(elapsed): a roll is not O(1)")
    }
}
