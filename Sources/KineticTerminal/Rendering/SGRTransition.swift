/// The shortest SGR sequence that changes the terminal's pen from one `CellStyle` to another.
///
/// Two candidates are costed: changing only what differs (`1`/`22` for bold, `38…`/`39` and `48…`/`49` for the
/// colours) and resetting first (`0`, then whatever is not default); the shorter wins, the incremental one on a
/// tie. With an unknown pen only the reset form is exact.
package enum SGRTransition {
    /// Appends the SGR that turns `from` (nil: unknown) into `to`; nothing when they are equal.
    package static func append(from: CellStyle?, to: CellStyle, into out: inout EscapeSequences) {
        if let from, from == to { return }
        let useReset: Bool
        if let from {
            useReset = resetLength(to) < incrementalLength(from, to)
        } else {
            useReset = true
        }
        out.csi()
        var first = true
        func separator(_ out: inout EscapeSequences) {
            if !first { out.append(0x3B) }
            first = false
        }
        if useReset {
            out.append(0x30)
            first = false
            if to.isBold {
                separator(&out)
                out.append(0x31)
            }
            if to.foreground != .default {
                separator(&out)
                appendColor(to.foreground, base: 30, into: &out)
            }
            if to.background != .default {
                separator(&out)
                appendColor(to.background, base: 40, into: &out)
            }
        } else if let from {
            if from.isBold != to.isBold {
                separator(&out)
                if to.isBold {
                    out.append(0x31)
                } else {
                    out.append(0x32)
                    out.append(0x32)
                }
            }
            if from.foreground != to.foreground {
                separator(&out)
                appendColor(to.foreground, base: 30, into: &out)
            }
            if from.background != to.background {
                separator(&out)
                appendColor(to.background, base: 40, into: &out)
            }
        }
        out.append(0x6D)
    }

    /// The byte length of what `append` would write.
    package static func length(from: CellStyle?, to: CellStyle) -> Int {
        guard let from else { return resetLength(to) }
        if from == to { return 0 }
        return min(resetLength(to), incrementalLength(from, to))
    }

    /// `30`–`37` / `90`–`97` (entries 0–15) / `38;5;n` / `38;2;r;g;b` / `39` (base 30), or the `40`–`47`,
    /// `100`–`107`, `48`/`49` forms (base 40).
    private static func appendColor(_ color: TerminalColor, base: UInt8, into out: inout EscapeSequences) {
        let tens = 0x30 + base / 10
        switch color {
        case .default:
            out.append(tens)
            out.append(0x39)
        case .indexed(let index) where index < 8:
            out.append(tens)
            out.append(0x30 + index)
        case .indexed(let index) where index < 16:
            // Bright: 90–97 (foreground), 100–107 (background).
            out.appendNumber(Int(base) + 60 + Int(index) - 8)
        case .indexed(let index):
            out.append(tens)
            out.append(0x38)
            out.append(0x3B)
            out.append(0x35)
            out.append(0x3B)
            out.appendNumber(Int(index))
        case .rgb(let r, let g, let b):
            out.append(tens)
            out.append(0x38)
            out.append(0x3B)
            out.append(0x32)
            out.append(0x3B)
            out.appendNumber(Int(r))
            out.append(0x3B)
            out.appendNumber(Int(g))
            out.append(0x3B)
            out.appendNumber(Int(b))
        }
    }

    private static func colorLength(_ color: TerminalColor, base: UInt8) -> Int {
        switch color {
        case .default: return 2
        case .indexed(let index) where index < 8: return 2
        case .indexed(let index) where index < 16: return base == 30 ? 2 : 3
        case .indexed(let index): return 5 + EscapeSequences.digitCount(Int(index))
        case .rgb(let r, let g, let b):
            return 7 + EscapeSequences.digitCount(Int(r)) + EscapeSequences.digitCount(Int(g))
                + EscapeSequences.digitCount(Int(b))
        }
    }

    /// ESC [ 0 [;1] [;fg] [;bg] m
    private static func resetLength(_ to: CellStyle) -> Int {
        var length = 4
        if to.isBold { length += 2 }
        if to.foreground != .default { length += 1 + colorLength(to.foreground, base: 30) }
        if to.background != .default { length += 1 + colorLength(to.background, base: 40) }
        return length
    }

    private static func incrementalLength(_ from: CellStyle, _ to: CellStyle) -> Int {
        var length = 3
        var parameters = 0
        if from.isBold != to.isBold {
            length += to.isBold ? 1 : 2
            parameters += 1
        }
        if from.foreground != to.foreground {
            length += colorLength(to.foreground, base: 30)
            parameters += 1
        }
        if from.background != to.background {
            length += colorLength(to.background, base: 40)
            parameters += 1
        }
        return length + max(0, parameters - 1)
    }
}
