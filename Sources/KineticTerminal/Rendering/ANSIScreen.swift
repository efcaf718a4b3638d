/// A tiny terminal emulator: applies the bytes a program writes to an in-memory `TerminalScreen`.
///
/// It understands what `FrameDiffRenderer`, `TerminalSession` and `InlineLine` write, with xterm's semantics:
/// printable UTF-8 (wide characters take two cells, zero-width ones join the previous cell, autowrap with xterm's
/// pending-wrap state in the last column), CR, LF (scrolls at the bottom), BS, TAB; CUP/HVP, CUU/CUD/CUF/CUB; EL and
/// ED (0, 1, 2; erased cells take the current background, as with xterm's back-colour erase); SGR 0, 1, 22,
/// 30–37/40–47/90–97/100–107 (as palette entries), 38;5/48;5, 38;2/48;2, 39, 49; and the private modes 25
/// (cursor visible), 1049 (alternate screen, with the cursor saved and restored) and 2026 (synchronized output).
/// Anything else is recorded in `unsupported`, so tests can assert that nothing was ignored.
///
/// Tests use it to prove that applying a frame's bytes to the old picture gives exactly the new one.
public struct ANSIScreen: Sendable {
    /// What is on screen (the alternate screen while mode 1049 is set).
    public private(set) var screen: TerminalScreen
    /// The cursor's row, from 0.
    public private(set) var cursorRow = 0
    /// The cursor's column, from 0.
    public private(set) var cursorColumn = 0
    /// xterm's pending-wrap state: the last column was just written and the next character goes to the next line.
    public private(set) var isWrapPending = false
    /// The current SGR state.
    public private(set) var pen = CellStyle.plain
    /// Cursor visibility (mode 25). Initially true.
    public private(set) var isCursorVisible = true
    /// Whether the alternate screen (mode 1049) is active. Initially false.
    public private(set) var isAlternateScreen = false
    /// Whether synchronized output (mode 2026) is on.
    public private(set) var isSynchronizedOutput = false
    /// How many times synchronized output was switched off after being on (frames presented).
    public private(set) var synchronizedFrameCount = 0
    /// Every sequence or byte the interpreter did not understand, as a readable string (`ESC[5n`, `0x07`…).
    public private(set) var unsupported: [String] = []
    /// How many times the cursor was moved by a sequence (CUP, CUU/CUD/CUF/CUB, CR, LF, BS, TAB).
    public private(set) var cursorMovementCount = 0

    private var mainScreen: TerminalScreen
    private var savedCursor = (row: 0, column: 0)
    private var lastPrinted: Int?
    private var state = ParserState.ground
    private var parameters: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Expected = 0

    private enum ParserState {
        case ground, escape, controlSequence
    }

    /// An emulator with a blank screen of `size`, the cursor at the top-left.
    ///
    /// - Throws: `TerminalError.invalidSize` for a side outside 1…`TerminalSize.maximumSide`.
    public init(size: TerminalSize) throws(TerminalError) {
        screen = try TerminalScreen(size: size)
        mainScreen = screen
    }

    /// An emulator showing `screen`, the cursor at the top-left.
    public init(showing screen: TerminalScreen) {
        self.screen = screen
        mainScreen = screen
    }

    /// Places the cursor (for tests that start from a known position).
    public mutating func setCursor(row: Int, column: Int) {
        cursorRow = min(max(row, 0), screen.rows - 1)
        cursorColumn = min(max(column, 0), screen.columns - 1)
        isWrapPending = false
        lastPrinted = nil
    }

    /// Applies `bytes` in order.
    public mutating func apply(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { apply(byte) }
    }

    /// Applies a string's UTF-8 bytes.
    public mutating func apply(_ text: String) {
        apply(text.utf8)
    }

    private mutating func apply(_ byte: UInt8) {
        switch state {
        case .escape:
            if byte == 0x5B {
                state = .controlSequence
                parameters.removeAll(keepingCapacity: true)
            } else {
                unsupported.append("ESC \(Self.show(byte))")
                state = .ground
            }
        case .controlSequence:
            if byte >= 0x40, byte <= 0x7E {
                state = .ground
                controlSequence(final: byte)
            } else {
                parameters.append(byte)
            }
        case .ground:
            if utf8Expected > 0 {
                if byte & 0xC0 == 0x80 {
                    utf8.append(byte)
                    utf8Expected -= 1
                    if utf8Expected == 0 { decodeUTF8() }
                    return
                }
                utf8Expected = 0
                print("\u{FFFD}")
            }
            switch byte {
            case 0x1B: state = .escape
            case 0x0D:
                cursorColumn = 0
                moved()
            case 0x0A:
                lineFeed()
                moved()
            case 0x08:
                cursorColumn = max(0, cursorColumn - 1)
                moved()
            case 0x09:
                cursorColumn = min(screen.columns - 1, (cursorColumn / 8 + 1) * 8)
                moved()
            case 0x00..<0x20, 0x7F: unsupported.append(Self.show(byte))
            case 0x20..<0x7F: print(Unicode.Scalar(byte))
            case 0xC2...0xDF: startUTF8(byte, expecting: 1)
            case 0xE0...0xEF: startUTF8(byte, expecting: 2)
            case 0xF0...0xF4: startUTF8(byte, expecting: 3)
            default: print("\u{FFFD}")
            }
        }
    }

    private mutating func startUTF8(_ byte: UInt8, expecting count: Int) {
        utf8.removeAll(keepingCapacity: true)
        utf8.append(byte)
        utf8Expected = count
    }

    private mutating func decodeUTF8() {
        var decoded: Unicode.Scalar = "\u{FFFD}"
        var decoder = UTF8()
        var iterator = utf8.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { decoded = scalar }
        print(decoded)
    }

    private mutating func moved() {
        isWrapPending = false
        lastPrinted = nil
        cursorMovementCount += 1
    }

    private mutating func lineFeed() {
        if cursorRow == screen.rows - 1 {
            scrollUp()
        } else {
            cursorRow += 1
        }
    }

    private mutating func scrollUp() {
        var scrolled = screen
        for row in 0..<screen.rows - 1 {
            for column in 0..<screen.columns {
                let cell = screen[column, row + 1]
                if !cell.isContinuation {
                    scrolled.write(cell, width: max(1, cell.width), column: column, row: row)
                }
            }
        }
        scrolled.erase(row: screen.rows - 1, from: 0, to: screen.columns, with: erasedCell)
        screen = scrolled
    }

    private var erasedCell: TerminalCell { .blank(CellStyle(background: pen.background)) }

    private mutating func print(_ scalar: Unicode.Scalar) {
        let width = CharacterWidth.columns(of: scalar)
        if width == 0 {
            if let index = lastPrinted {
                screen.attach(scalar, toCellAt: index)
                return
            }
            print(" ")
            if let index = lastPrinted { screen.attach(scalar, toCellAt: index) }
            return
        }
        if isWrapPending || cursorColumn + width > screen.columns {
            cursorColumn = 0
            lineFeed()
            isWrapPending = false
        }
        screen.write(TerminalCell(String(scalar), style: pen), width: width, column: cursorColumn, row: cursorRow)
        lastPrinted = cursorRow * screen.columns + cursorColumn
        if cursorColumn + width >= screen.columns {
            cursorColumn = screen.columns - 1
            isWrapPending = true
        } else {
            cursorColumn += width
        }
    }

    private mutating func controlSequence(final: UInt8) {
        let isPrivate = parameters.first == 0x3F
        let text = String(decoding: isPrivate ? parameters.dropFirst() : parameters[...], as: UTF8.self)
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        let numbers = fields.map { Int($0) }
        guard !fields.contains(where: { !$0.isEmpty && Int($0) == nil }) else {
            unsupported.append(describe(final))
            return
        }
        func number(_ index: Int, default value: Int) -> Int {
            guard index < numbers.count, let n = numbers[index] else { return value }
            return n
        }
        if isPrivate {
            guard final == 0x68 || final == 0x6C else {
                unsupported.append(describe(final))
                return
            }
            for field in numbers { setPrivateMode(field ?? 0, final == 0x68, final: final) }
            return
        }
        switch final {
        case 0x48, 0x66:  // CUP, HVP
            cursorRow = min(max(number(0, default: 1), 1), screen.rows) - 1
            cursorColumn = min(max(number(1, default: 1), 1), screen.columns) - 1
            moved()
        case 0x41:
            cursorRow = max(0, cursorRow - max(1, number(0, default: 1)))
            moved()
        case 0x42:
            cursorRow = min(screen.rows - 1, cursorRow + max(1, number(0, default: 1)))
            moved()
        case 0x43:
            cursorColumn = min(screen.columns - 1, cursorColumn + max(1, number(0, default: 1)))
            moved()
        case 0x44:
            cursorColumn = max(0, cursorColumn - max(1, number(0, default: 1)))
            moved()
        case 0x4B:
            eraseInLine(number(0, default: 0), final: final)
        case 0x4A:
            eraseInDisplay(number(0, default: 0), final: final)
        case 0x6D:
            selectGraphicRendition(numbers.map { $0 ?? 0 })
        default:
            unsupported.append(describe(final))
        }
    }

    private mutating func setPrivateMode(_ mode: Int, _ on: Bool, final: UInt8) {
        switch mode {
        case EscapeSequences.cursorVisibleMode: isCursorVisible = on
        case EscapeSequences.synchronizedOutputMode:
            if isSynchronizedOutput, !on { synchronizedFrameCount += 1 }
            isSynchronizedOutput = on
        case EscapeSequences.alternateScreenMode:
            guard on != isAlternateScreen else { return }
            if on {
                savedCursor = (cursorRow, cursorColumn)
                mainScreen = screen
                screen.clear(to: erasedCell)
            } else {
                screen = mainScreen
                (cursorRow, cursorColumn) = savedCursor
            }
            isAlternateScreen = on
            isWrapPending = false
            lastPrinted = nil
        default:
            unsupported.append("ESC[?\(mode)\(on ? "h" : "l")")
        }
    }

    private mutating func eraseInLine(_ mode: Int, final: UInt8) {
        switch mode {
        case 0: screen.erase(row: cursorRow, from: cursorColumn, to: screen.columns, with: erasedCell)
        case 1: screen.erase(row: cursorRow, from: 0, to: cursorColumn + 1, with: erasedCell)
        case 2: screen.erase(row: cursorRow, from: 0, to: screen.columns, with: erasedCell)
        default:
            unsupported.append(describe(final))
            return
        }
        isWrapPending = false
    }

    private mutating func eraseInDisplay(_ mode: Int, final: UInt8) {
        let rows: Range<Int>
        switch mode {
        case 0:
            screen.erase(row: cursorRow, from: cursorColumn, to: screen.columns, with: erasedCell)
            rows = cursorRow + 1..<screen.rows
        case 1:
            screen.erase(row: cursorRow, from: 0, to: cursorColumn + 1, with: erasedCell)
            rows = 0..<cursorRow
        case 2: rows = 0..<screen.rows
        default:
            unsupported.append(describe(final))
            return
        }
        for row in rows { screen.erase(row: row, from: 0, to: screen.columns, with: erasedCell) }
    }

    private mutating func selectGraphicRendition(_ values: [Int]) {
        let values = values.isEmpty ? [0] : values
        var i = 0
        while i < values.count {
            let value = values[i]
            switch value {
            case 0: pen = .plain
            case 1: pen.isBold = true
            case 22: pen.isBold = false
            case 30...37: pen.foreground = .indexed(UInt8(value - 30))
            case 40...47: pen.background = .indexed(UInt8(value - 40))
            case 90...97: pen.foreground = .indexed(UInt8(value - 90 + 8))
            case 100...107: pen.background = .indexed(UInt8(value - 100 + 8))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 38, 48:
                guard let (color, used) = Self.extendedColor(values, at: i + 1) else {
                    unsupported.append("SGR \(values[i...].map(String.init).joined(separator: ";"))")
                    return
                }
                if value == 38 { pen.foreground = color } else { pen.background = color }
                i += used
            default:
                unsupported.append("SGR \(value)")
            }
            i += 1
        }
    }

    /// `5;n` or `2;r;g;b` starting at `index`: the colour and the number of values it used.
    private static func extendedColor(_ values: [Int], at index: Int) -> (TerminalColor, Int)? {
        guard index < values.count else { return nil }
        func byte(_ i: Int) -> UInt8? {
            guard i < values.count, (0...255).contains(values[i]) else { return nil }
            return UInt8(values[i])
        }
        switch values[index] {
        case 5:
            guard let n = byte(index + 1) else { return nil }
            return (.indexed(n), 2)
        case 2:
            guard let r = byte(index + 1), let g = byte(index + 2), let b = byte(index + 3) else { return nil }
            return (.rgb(r, g, b), 4)
        default:
            return nil
        }
    }

    private func describe(_ final: UInt8) -> String {
        "ESC[" + String(decoding: parameters, as: UTF8.self) + String(decoding: [final], as: UTF8.self)
    }

    private static func show(_ byte: UInt8) -> String {
        "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
