import KineticCore
import KineticEffects
import XCTest

/// Facebook Shimmer's geometry (the layout of its FBShimmeringLayer.m) against the formulas, worked by hand
/// for the defaults over a 480 × 96 label: L = 480, s = 230, p = 0.4, h = 1.
final class ShimmerGeometryTests: XCTestCase {
    private let size = Size(width: 480, height: 96)

    func testDefaultsAreFacebookShimmers() {
        let shimmer = Shimmer()
        XCTAssertEqual(shimmer.speed, 230)
        XCTAssertEqual(shimmer.highlightLength, 1)
        XCTAssertEqual(shimmer.pauseDuration, 0.4)
        XCTAssertEqual(shimmer.animationOpacity, 0.5)
        XCTAssertEqual(shimmer.shimmeringOpacity, 1)
        XCTAssertEqual(shimmer.direction, .reading)
        XCTAssertEqual(shimmer.tilt, 0)
        XCTAssertEqual(shimmer.beginFadeDuration, 0.1)
        XCTAssertEqual(shimmer.endFadeDuration, 0.3)
        XCTAssertNil(shimmer.stopAt)
        XCTAssertNil(shimmer.highlightColor)
        XCTAssertNil(shimmer.baseColor)
    }

    func testDefaultGeometryMatchesTheFormulas() throws {
        let geometry = try Shimmer().geometry(for: size)
        XCTAssertEqual(geometry.direction, .right)
        XCTAssertEqual(geometry.contentLength, 480)
        XCTAssertEqual(geometry.effectiveLength, 480)
        XCTAssertEqual(geometry.extraDistance, 572, accuracy: 1e-9)  // L + s·p = 480 + 92
        XCTAssertEqual(geometry.maskLength, 2012, accuracy: 1e-9)  // 3L + extra
        XCTAssertEqual(geometry.travelDistance, 1532, accuracy: 1e-9)  // 2L + extra
        XCTAssertEqual(geometry.cycleDuration, 480.0 / 230 + 0.4, accuracy: 1e-12)  // 2.48696 s
        XCTAssertEqual(geometry.locations, [0, 0.5, 1])
        XCTAssertEqual(geometry.bandWidth, 480)
        XCTAssertEqual(geometry.bandSpeed, 1532 / (480.0 / 230 + 0.4), accuracy: 1e-9)  // 616.01 pt/s
        XCTAssertEqual(geometry.maskSize, Size(width: 2012, height: 96))
        XCTAssertEqual(geometry.maskStartOffset, -1532)
        XCTAssertEqual(geometry.maskEndOffset, 0)
        // FBShimmeringLayer's startPoint.x = (L + extra) / full, endPoint.x = travel / full, on the centre line.
        let (start, end) = geometry.gradientPoints
        XCTAssertEqual(start.x, 1052.0 / 2012, accuracy: 1e-12)
        XCTAssertEqual(end.x, 1532.0 / 2012, accuracy: 1e-12)
        XCTAssertEqual(start.y, 0.5)
        XCTAssertEqual(end.y, 0.5)
    }

    func testBandCentreSweepsFromHalfASegmentBeforeTheContent() throws {
        let geometry = try Shimmer().geometry(for: size)
        XCTAssertEqual(geometry.bandCenter(atCycleTime: 0), -240, accuracy: 1e-9)
        XCTAssertEqual(geometry.bandCenter(atCycleTime: geometry.cycleDuration), 1292, accuracy: 1e-9)  // 1.5L + extra
        // At the band's speed it reaches the content's middle after (240 + 240) / 616.01 s.
        XCTAssertEqual(geometry.bandCenter(atCycleTime: 480 / geometry.bandSpeed), 240, accuracy: 1e-9)
    }

    func testHighlightLengthSpeedAndPause() throws {
        let geometry = try Shimmer(speed: 100, highlightLength: 0.4, pauseDuration: 1).geometry(for: size)
        XCTAssertEqual(geometry.locations[0], 0.3, accuracy: 1e-15)
        XCTAssertEqual(geometry.locations[1], 0.5)
        XCTAssertEqual(geometry.locations[2], 0.7, accuracy: 1e-15)
        XCTAssertEqual(geometry.bandWidth, 192, accuracy: 1e-12)
        XCTAssertEqual(geometry.extraDistance, 580)  // 480 + 100 × 1
        XCTAssertEqual(geometry.travelDistance, 1540)
        XCTAssertEqual(geometry.maskLength, 2020)
        XCTAssertEqual(geometry.cycleDuration, 5.8, accuracy: 1e-12)  // 480 / 100 + 1
    }

    func testLeftIsTheMirrorImageOfRight() throws {
        let right = try Shimmer(direction: .right).geometry(for: size)
        let left = try Shimmer(direction: .left).geometry(for: size)
        XCTAssertEqual(left.cycleDuration, right.cycleDuration)
        XCTAssertEqual(left.travelDistance, right.travelDistance)
        XCTAssertEqual(left.maskStartOffset, 0)
        XCTAssertEqual(left.maskEndOffset, -1532)
        for fraction in [0.0, 0.2, 0.5, 0.9, 1] {
            let time = fraction * right.cycleDuration
            XCTAssertEqual(
                left.bandCenter(atCycleTime: time), 480 - right.bandCenter(atCycleTime: time), accuracy: 1e-9)
        }
        // The mask covers the content at both ends of its travel.
        for offset in [left.maskStartOffset, left.maskEndOffset] {
            XCTAssertLessThanOrEqual(offset, 0)
            XCTAssertGreaterThanOrEqual(offset + left.maskLength, 480)
        }
    }

    func testReadingDirectionFollowsTheScript() throws {
        XCTAssertEqual(try Shimmer().geometry(for: size, rightToLeft: true).direction, .left)
        XCTAssertEqual(try Shimmer().geometry(for: size, rightToLeft: false).direction, .right)
        XCTAssertEqual(try Shimmer(direction: .right).geometry(for: size, rightToLeft: true).direction, .right)
        XCTAssertEqual(ShimmerDirection.reading.resolved(rightToLeft: true), .left)
        XCTAssertEqual(ShimmerDirection.up.resolved(rightToLeft: true), .up)
    }

    func testVerticalDirectionsUseTheHeight() throws {
        let down = try Shimmer(direction: .down).geometry(for: size)
        XCTAssertEqual(down.contentLength, 96)
        XCTAssertEqual(down.extraDistance, 188, accuracy: 1e-12)  // 96 + 92
        XCTAssertEqual(down.travelDistance, 380, accuracy: 1e-12)
        XCTAssertEqual(down.cycleDuration, 96.0 / 230 + 0.4, accuracy: 1e-12)
        XCTAssertEqual(down.maskSize, Size(width: 480, height: 476))
        XCTAssertEqual(down.maskPosition(offset: down.maskStartOffset), Point(x: 0, y: -380))
        let (start, end) = down.gradientPoints
        XCTAssertEqual(start.x, 0.5)
        XCTAssertEqual(end.x, 0.5)
        XCTAssertEqual(start.y, (96.0 + 188) / 476, accuracy: 1e-12)
        XCTAssertEqual(end.y, 380.0 / 476, accuracy: 1e-12)
        let up = try Shimmer(direction: .up).geometry(for: size)
        XCTAssertEqual(up.bandCenter(atCycleTime: 0), 144, accuracy: 1e-12)  // 1.5 × 96, below the content
        XCTAssertEqual(up.maskPosition(offset: up.maskEndOffset), Point(x: 0, y: -380))
    }

    func testTiltLengthensTheSweepAndSlantsTheGradient() throws {
        let geometry = try Shimmer(tilt: 45).geometry(for: size)
        XCTAssertEqual(geometry.shear, -1, accuracy: 1e-12)
        XCTAssertEqual(geometry.effectiveLength, 576, accuracy: 1e-9)  // 480 + tan 45° × 96
        XCTAssertEqual(geometry.cycleDuration, 576.0 / 230 + 0.4, accuracy: 1e-12)
        XCTAssertEqual(geometry.bandWidth, 480)  // the band keeps its width
        // The band starts clear of the content at every height: its slanted leading edge is at x ≤ 0.
        XCTAssertEqual(geometry.bandCenter(atCycleTime: 0), -240 - 48, accuracy: 1e-9)
        // The gradient's value is constant along the slanted band: it leans "/" (turned clockwise), so 10 pt
        // down and 10 pt left (tan 45° = 1) is the same value.
        let (start, end) = geometry.gradientPoints
        let mask = geometry.maskSize
        func value(_ x: Double, _ y: Double) -> Double {
            let p0 = Point(x: start.x * mask.width, y: start.y * mask.height)
            let d = Point(x: (end.x - start.x) * mask.width, y: (end.y - start.y) * mask.height)
            return ((x - p0.x) * d.x + (y - p0.y) * d.y) / (d.x * d.x + d.y * d.y)
        }
        XCTAssertEqual(value(1000, 48), value(990, 58), accuracy: 1e-12)
        XCTAssertEqual(value(1480, 48) - value(1000, 48), 1, accuracy: 1e-12)  // one segment = 480 pt across
    }

    func testInvalidValuesAreRefusedWithTheirRange() {
        let cases: [(Shimmer, String)] = [
            (Shimmer(speed: 0), "speed must be a finite number of points per second > 0"),
            (Shimmer(speed: .infinity), "speed"),
            (Shimmer(highlightLength: 1.5), "highlight length must be in 0…1"),
            (Shimmer(pauseDuration: -1), "pause must be"),
            (Shimmer(animationOpacity: -0.1), "animation opacity"),
            (Shimmer(shimmeringOpacity: 2), "shimmering opacity"),
            (Shimmer(tilt: 80), "tilt must be in −60…60 degrees"),
            (Shimmer(beginFadeDuration: .nan), "begin fade"),
            (Shimmer(endFadeDuration: -0.3), "end fade"),
            (Shimmer(beginTime: 2, stopAt: 1), "stop time must be"),
        ]
        for (shimmer, expected) in cases {
            XCTAssertThrowsError(try shimmer.geometry(for: size)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertThrowsError(try Shimmer().geometry(for: Size(width: 0, height: 20))) { error in
            XCTAssertTrue("\(error)".contains("content must have a finite size > 0"), "\(error)")
        }
    }
}
