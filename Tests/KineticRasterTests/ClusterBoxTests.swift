import KineticCore
import KineticLayers
import XCTest

@_spi(Internals) @testable import KineticRaster

/// `PangoTextLayout.clusterBoxes()` walks the layout once; it must give exactly what Pango's per-index queries
/// (`clusterBox(atByte:)`, linear in the text each) give, for every kind of text the renderer meets.
final class ClusterBoxTests: XCTestCase {
    private static let samples: [String] = [
        "",
        "Kinetic 日本",
        "office fluffy ffi ffl fj Th",
        "مرحبا بالعالم لا",
        "שלום עולם",
        "abc שלום 123 def مرحبا 45",
        "e\u{301}a\u{308}\u{323} n\u{303}o",
        "नमस्ते क्षत्रिय",
        "ภาษาไทย ก่อน",
        "👩‍👩‍👧 🇫🇷 👍🏽 1️⃣",
        "a\n\nb\r\nc\u{2029}d\n",
        "\n",
        "tab\tstop\u{2028}line",
        "x\u{0301}\u{0301}\u{0301}\u{0301}y",
        "\u{301}leading mark",
    ]

    private static let fonts = [
        Font(families: ["Inter", "Noto Sans CJK JP", "DejaVu Sans"], size: 24),
        Font(families: ["DejaVu Sans"], size: 17),
        Font(families: ["Liberation Serif"], weight: 700, size: 31, italic: true),
    ]

    private func assertMatchesPango(
        _ string: String, font: Font, style: ParagraphStyle, maximumHeight: Double? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let paragraph = try ParagraphLayout(
            context: TextContext(), string: string, font: font, style: style, maximumHeight: maximumHeight)
        let layout = paragraph.layout
        let boxes = layout.clusterBoxes()
        let text = layout.text
        XCTAssertEqual(boxes.count, text.count, "\(string.debugDescription)", file: file, line: line)
        var byte = 0
        for (index, character) in text.enumerated() where index < boxes.count {
            let expected = layout.clusterBox(atByte: byte)
            let box = boxes[index]
            XCTAssertEqual(
                box, ClusterBox(frame: expected.frame, isRightToLeft: expected.isRightToLeft, line: expected.line),
                "\(string.debugDescription) character \(index) \(character.debugDescription), \(style)", file: file,
                line: line)
            byte += character.utf8.count
        }
        XCTAssertEqual(layout.characterBoxes, boxes.map(\.frame), file: file, line: line)
    }

    func testOneLineMatchesPangosQueries() throws {
        for font in Self.fonts {
            for string in Self.samples {
                try assertMatchesPango(string, font: font, style: ParagraphStyle())
            }
        }
    }

    func testWrappedAlignedTextMatchesPangosQueries() throws {
        let paragraph = Self.samples.joined(separator: " ")
        for alignment in [TextAlignment.natural, .center, .right, .justified] {
            for wrapping in [TextWrapping.word, .character] {
                let style = ParagraphStyle(alignment: alignment, wrapping: wrapping, lineSpacing: 3, width: 90)
                try assertMatchesPango(paragraph, font: Self.fonts[0], style: style)
            }
        }
        try assertMatchesPango(
            String(repeating: "a", count: 300), font: Self.fonts[1], style: ParagraphStyle(wrapping: .word, width: 60))
    }

    func testTruncatedTextMatchesPangosQueries() throws {
        let string = "The quick brown fox jumps over the lazy dog and keeps running"
        for truncation in [TextTruncation.start, .middle, .end] {
            try assertMatchesPango(
                string, font: Self.fonts[0], style: ParagraphStyle(truncation: truncation, width: 120))
            try assertMatchesPango(
                string + "\n" + string, font: Self.fonts[1],
                style: ParagraphStyle(wrapping: .word, truncation: truncation, width: 100), maximumHeight: 40)
        }
    }

    /// The boxes of a long text tile its line: each starts where the previous one ends.
    func testLongLineBoxesFollowEachOther() throws {
        let string = String(repeating: "fi ffl Kinetic ", count: 2000)
        let paragraph = try ParagraphLayout(
            context: TextContext(), string: string, font: Self.fonts[0], style: ParagraphStyle())
        let boxes = paragraph.layout.clusterBoxes()
        XCTAssertEqual(boxes.count, 30_000)
        var x = 0.0
        for box in boxes {
            XCTAssertEqual(box.frame.minX, x, accuracy: 1e-6)
            XCTAssertEqual(box.line, 0)
            x = box.frame.maxX
        }
        XCTAssertEqual(x, paragraph.layout.size.width, accuracy: 1e-6)
        // Spot checks against Pango's own query, which is too slow to ask for every character.
        var byte = 0
        for (index, character) in paragraph.layout.text.enumerated() {
            if index % 997 == 0 {
                let expected = paragraph.layout.clusterBox(atByte: byte)
                XCTAssertEqual(boxes[index].frame, expected.frame, "character \(index)")
            }
            byte += character.utf8.count
        }
    }
}
