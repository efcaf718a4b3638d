import KineticCore
import KineticFiles

/// An asciicast v2 recording (the format of asciinema, https://docs.asciinema.org/manual/asciicast/v2/): a
/// terminal size and the output written to it, as timed events.
///
/// The file (`fileBytes`) is newline-delimited JSON: a header line
/// `{"version": 2, "width": W, "height": H, …}` with the optional `title` and `env` (`TERM`), then one line
/// `[seconds, "o", data]` per event. Times are written with six decimals (microseconds), data as JSON strings
/// with `"` and `\` escaped and every control character (U+0000…U+001F, U+007F) as `\u00XX`; other characters
/// are written as UTF-8. The same recording always gives the same bytes.
///
/// `AsciicastRecorder` makes one from a `TerminalSession`; `TerminalPlayer.record` makes one from a play.
public struct Asciicast: Hashable, Sendable {
    /// Output written to the terminal at a time.
    public struct Event: Hashable, Sendable {
        /// Seconds since the recording started, finite and ≥ 0 (a negative or non-finite time is written as 0).
        public var time: MediaTime
        /// The text written (whole characters: a recorder never splits a UTF-8 sequence between events).
        public var data: String

        /// An output event.
        public init(time: MediaTime, data: String) {
            self.time = time
            self.data = data
        }
    }

    /// The terminal's size.
    public var size: TerminalSize
    /// The output events, in time order.
    public var events: [Event]
    /// A title for players to show, or nil for none. Default nil.
    public var title: String?
    /// The `TERM` of the recorded terminal (the header's `env`), or nil to leave it out. Default `xterm-256color`.
    public var term: String?

    /// A recording of a `size` terminal.
    public init(size: TerminalSize, events: [Event] = [], title: String? = nil, term: String? = "xterm-256color") {
        self.size = size
        self.events = events
        self.title = title
        self.term = term
    }

    /// The time of the last event, in seconds (0 when there is none).
    public var duration: MediaTime { events.last?.time ?? 0 }

    /// The header line, without its newline.
    public var headerLine: String {
        var header = "{\"version\": 2, \"width\": \(size.columns), \"height\": \(size.rows)"
        if let title { header += ", \"title\": " + Self.jsonString(title) }
        if let term { header += ", \"env\": {\"TERM\": " + Self.jsonString(term) + "}" }
        return header + "}"
    }

    /// The `.cast` file: the header line and one line per event, each ending in a newline.
    public var fileBytes: [UInt8] {
        var text = headerLine + "\n"
        for event in events {
            text += "[" + Self.timeText(event.time) + ", \"o\", " + Self.jsonString(event.data) + "]\n"
        }
        return Array(text.utf8)
    }

    /// Writes the `.cast` file at `path`, through a temporary file renamed into place (`OutputFile`), so a failed
    /// write never leaves a partial file.
    ///
    /// - Throws: `FileError.cannotCreate` or `.ioFailed`, naming the path and the reason.
    public func write(to path: String) throws(FileError) {
        let file = try OutputFile(path: path)
        try file.write(fileBytes)
        try file.commit()
    }

    /// `text` as a JSON string literal, quotes included: `"` and `\` escaped, U+0000…U+001F and U+007F as
    /// `\u00XX`, everything else as is.
    public static func jsonString(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 2)
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C:
                out.append(0x5C)
                out.append(byte)
            case 0..<0x20, 0x7F:
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Seconds with six decimals (`1.500000`); a negative or non-finite time, or one beyond a year, is clamped.
    static func timeText(_ time: MediaTime) -> String {
        let clamped = time.isFinite ? min(max(time, 0), 366 * 86_400) : 0
        let microseconds = Int((clamped * 1_000_000).rounded())
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
