/// How many terminal columns a Unicode scalar takes: a small East Asian Width table for the ranges that matter.
///
/// Width 2 (wide): Hangul Jamo leading consonants, CJK radicals, symbols and punctuation, Hiragana, Katakana,
/// Bopomofo, Hangul compatibility Jamo, CJK unified ideographs (with extension A and the supplementary planes'
/// extensions), Yi, Hangul syllables, CJK compatibility ideographs and forms, vertical forms, fullwidth forms and
/// signs, and the common emoji blocks (U+1F300–U+1F64F, U+1F680–U+1F6FF, U+1F900–U+1F9FF) that terminals draw two
/// cells wide.
///
/// Width 0: combining marks (U+0300–U+036F and the other combining blocks), Hangul Jamo vowels and trailing
/// consonants (U+1160–U+11FF), zero-width space and joiners (U+200B–U+200F), variation selectors, and C0/C1
/// control characters (the screen model never stores those; `TerminalScreen.put` replaces them).
///
/// Everything else is 1 column. Ambiguous-width characters (Greek, Cyrillic, box drawing, block elements) are 1,
/// as in every terminal outside CJK locales.
public enum CharacterWidth {
    /// The scalar's width in columns: 0, 1 or 2.
    @inlinable public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        if isZeroWidth(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// The columns a string takes when printed: the sum of its scalars' widths.
    public static func columns(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(of: scalar) }
        return total
    }

    /// Whether the scalar is a control character (C0, DEL, C1): never printed into a cell.
    @inlinable public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0)
    }

    @usableFromInline static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
            0x1160...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x2060...0x2064,
            0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    @usableFromInline static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
