import KineticCore
import KineticTerminal

/// Random screens for property tests: text in several scripts (ASCII, CJK, kana, Hangul, fullwidth forms, emoji,
/// combining marks) in a few styles, so runs of equal styles, wide characters and partial overlaps all occur.
enum RandomScreens {
    static let pieces = [
        "a", "b", "Z", "0", "7", " ", " ", "  ", "-", "▀", "▄", "█", "é", "e\u{301}", "日", "本", "語", "ひ", "カ",
        "한", "글", "Ａ", "１", "😀", "🚀", "x\u{20DD}", "\u{301}",
    ]

    static let styles: [CellStyle] = [
        .plain, CellStyle(isBold: true), CellStyle(foreground: .rgb(255, 0, 0)),
        CellStyle(foreground: .rgb(12, 200, 99), background: .rgb(0, 0, 40)),
        CellStyle(foreground: .indexed(196), background: .indexed(17), isBold: true),
        CellStyle(background: .rgb(255, 255, 255)), CellStyle(foreground: .default, background: .indexed(244)),
    ]

    static func text(_ rng: inout SeededRandom, length: Int) -> String {
        var text = ""
        for _ in 0..<length { text += pieces.randomElement(using: &rng) ?? "a" }
        return text
    }

    /// A screen of `size` with `strokes` random pieces of text written at random places.
    static func screen(_ rng: inout SeededRandom, size: TerminalSize, strokes: Int) throws -> TerminalScreen {
        var screen = try TerminalScreen(size: size)
        mutate(&screen, &rng, strokes: strokes)
        return screen
    }

    /// Writes `strokes` random pieces of text at random places.
    static func mutate(_ screen: inout TerminalScreen, _ rng: inout SeededRandom, strokes: Int) {
        for _ in 0..<strokes {
            let row = Int.random(in: 0..<screen.rows, using: &rng)
            let column = Int.random(in: -1..<screen.columns + 1, using: &rng)
            let style = styles.randomElement(using: &rng) ?? .plain
            screen.put(text(&rng, length: Int.random(in: 1...12, using: &rng)), column: column, row: row, style: style)
        }
    }
}
