/// The longest text Kinetic lays out: 100,000 characters, far more than any label, title or caption shows.
///
/// Characters are extended grapheme clusters (Swift `Character`s, what a reader counts as one character: "é" written
/// as "e" and a combining accent is one, and so is a family emoji of several code points). Effects reject longer
/// text when they validate their spec (`EffectSpecError`), and `LayerRenderer` does not draw a `TextLayer` whose
/// string is longer (it reports a warning instead).
///
/// Laying out and drawing text takes time nearly linear in its length (wrapped text has a small quadratic term
/// from Pango's line breaking, which adds up the widths of the rest of the run for each line: about 40 % of the
/// time at 100,000 characters), with one exception in Pango itself: wrapping a word wider than the line (`.word`
/// wrapping breaks it between characters) re-shapes the rest of the word for every line it fills, so it takes time
/// proportional to the square of the word's length (on the project machine about 0.85 s per layout for an
/// 8,000-letter word, 3.4 s for 16,000, 13 s for 32,000).
public enum TextLengthLimit {
    /// 100,000 characters (extended grapheme clusters).
    public static let maximumCharacters = 100_000

    /// The number of characters of `string` when it has more than `maximumCharacters`; nil when it is within the
    /// limit. Constant time for a string of at most `maximumCharacters` UTF-8 bytes; otherwise counts up to the
    /// limit, and to the end only for a string that is over it.
    public static func excessLength(of string: String) -> Int? {
        guard string.utf8.count > maximumCharacters else { return nil }
        var count = 0
        for _ in string {
            count += 1
            if count > maximumCharacters { break }
        }
        return count > maximumCharacters ? string.count : nil
    }

    /// `value` with a comma between groups of three digits, e.g. "100,000" (for messages).
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
