import XCTest

@testable import KineticDynamics

/// The pack and store stages' slices (``SolverStages/bundles(ofSlice:count:firstBundle:participants:)``): slice `j`
/// holds exactly the bundles the colour passes give block `j` of each colour, and the slices hold every bundle once.
final class BundleSliceTests: XCTestCase {
    func testSlicesCoverEachColourOnceAsTheColourPassesCutIt() {
        let width = ConstraintBundle.width
        for participants in [1, 2, 3] {
            for count in [1, 3, 4, 5, 15, 16, 17, 63, 64, 100, 127, 2_500, 2_525] {
                let firstBundle = 7
                let bundleCount = (count + width - 1) / width
                let size = SolverStages.colourBlockSize(count, participants: participants)
                let blocks = (count + size - 1) / size
                var seen = [Int](repeating: 0, count: bundleCount)
                for slice in 0..<(blocks + 2) {
                    let range = SolverStages.bundles(
                        ofSlice: slice, count: count, firstBundle: firstBundle, participants: participants)
                    if slice >= blocks {
                        XCTAssertTrue(range.isEmpty, "count \(count), slice \(slice) past the colour's blocks")
                        continue
                    }
                    // The colour pass's block `slice`: constraints slice·size ..< min((slice + 1)·size, count).
                    let start = slice * size
                    let end = min(start + size, count)
                    XCTAssertEqual(range.lowerBound, firstBundle + start / width, "count \(count), slice \(slice)")
                    XCTAssertEqual(range.upperBound, firstBundle + (end + width - 1) / width, "count \(count)")
                    for b in range { seen[b - firstBundle] += 1 }
                }
                XCTAssertEqual(seen, [Int](repeating: 1, count: bundleCount), "count \(count), \(participants)")
            }
        }
        // One thread: one slice, the whole colour.
        XCTAssertEqual(
            SolverStages.bundles(ofSlice: 0, count: 2_500, firstBundle: 0, participants: 1).count,
            (2_500 + width - 1) / width)
    }
}
