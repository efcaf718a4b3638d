import Foundation
import XCTest

@testable import KineticCLI

/// The gallery page's cards: the live SVG beside the GIF, both sizes, the Lottie files linked.
final class GalleryTests: XCTestCase {
    func testSizesAreWrittenInDecimalUnits() {
        XCTAssertEqual(Gallery.size(0), "0 B")
        XCTAssertEqual(Gallery.size(999), "999 B")
        XCTAssertEqual(Gallery.size(5_620), "5.6 KB")
        XCTAssertEqual(Gallery.size(53_480), "53 KB")
        XCTAssertEqual(Gallery.size(615_900), "616 KB")
        XCTAssertEqual(Gallery.size(1_225_097), "1.2 MB")
        XCTAssertEqual(Gallery.size(-5), "0 B")
    }

    func testACardShowsTheSVGBesideTheGIFWithBothSizesAndLinksTheLottieFiles() throws {
        let folder = NSTemporaryDirectory() + "kinetic-gallery-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sizes = ["svg": 5_620, "gif": 53_480, "json": 16_700, "lottie": 2_400, "apng": 98_000]
        for (format, bytes) in sizes {
            try Data(count: bytes).write(to: URL(fileURLWithPath: folder + "/shimmer.\(format)"))
        }
        let item = DemoCommand.Item(
            section: "Shimmer", title: "Slide & unlock", caption: "A <gradient>.", name: "shimmer",
            arguments: ["render", "shimmer", "--text", "slide to unlock"], width: 480, height: 96)
        let files = item.formats.map { "shimmer.\($0)" }
        let entry = DemoCommand.galleryEntry(item, files: files, folder: folder)
        XCTAssertEqual(entry.pictures.map(\.file), ["shimmer.svg", "shimmer.gif"])
        XCTAssertEqual(entry.pictures.map(\.bytes), [5_620, 53_480])
        XCTAssertEqual(entry.links.map(\.file), ["shimmer.json", "shimmer.lottie", "shimmer.apng"])
        XCTAssertEqual(entry.links.map(\.label), ["Lottie", "dotLottie", "APNG"])
        XCTAssertEqual(entry.command, "kinetic render shimmer --text 'slide to unlock' -o shimmer.gif")

        let html = Gallery(sections: [("Shimmer", [entry])]).html
        XCTAssertTrue(html.contains("<img src=\"shimmer.svg\" width=\"480\" height=\"96\""), html)
        XCTAssertTrue(html.contains("<img src=\"shimmer.gif\" width=\"480\" height=\"96\""), html)
        let svg = try XCTUnwrap(html.range(of: "<img src=\"shimmer.svg\""))
        let gif = try XCTUnwrap(html.range(of: "<img src=\"shimmer.gif\""))
        XCTAssertLessThan(svg.lowerBound, gif.lowerBound, "the SVG comes first")
        XCTAssertTrue(html.contains("SVG 5.6 KB · GIF 53 KB"), html)
        XCTAssertTrue(html.contains("<a href=\"shimmer.json\">Lottie shimmer.json</a>"), html)
        XCTAssertTrue(html.contains("<a href=\"shimmer.lottie\">dotLottie shimmer.lottie</a>"), html)
        XCTAssertTrue(html.contains("<b>Slide &amp; unlock</b><span>A &lt;gradient&gt;.</span>"), html)
        XCTAssertFalse(html.contains("<script"), "the page runs no script")
    }

    func testAnItemWithoutVectorFormatsShowsItsFirstFile() {
        var item = DemoCommand.Item(
            section: "S", title: "T", caption: "C", name: "a", arguments: ["render", "showcase"], width: 10,
            height: 10)
        item.formats = ["apng"]
        let entry = DemoCommand.galleryEntry(item, files: ["a.apng"], folder: NSTemporaryDirectory())
        XCTAssertEqual(entry.pictures.map(\.file), ["a.apng"])
        XCTAssertEqual(entry.pictures.map(\.bytes), [0], "a missing file counts 0 bytes")
        XCTAssertEqual(entry.links.count, 0)
        XCTAssertEqual(entry.command, "kinetic render showcase -o a.apng")
    }
}
