import KineticCore

/// A `TerminalDevice` that records what a session writes as an `Asciicast`, each write timed by a clock.
///
/// With a `ManualClock` that the player drives (its sleeps return at once), a play is recorded in virtual time:
/// deterministic, and as fast as the frames can be made. Writes at the same time are joined into one event. A
/// write that ends inside a UTF-8 sequence keeps the incomplete bytes for the next event, so no event ever
/// splits a character.
///
/// The recorded terminal is `size` cells and has no input: raw mode and the emergency restore do nothing, no keys
/// are read and it is never resized.
///
/// ```swift
/// let clock = ManualClock()
/// let recorder = AsciicastRecorder(size: TerminalSize(columns: 80, rows: 24), clock: clock)
/// let session = try TerminalSession(device: recorder, environment: .recording(), readsKeys: false)
/// _ = try await TerminalPlayer(session: session).play(duration: 2, clock: clock) { time, size in … }
/// try recorder.recording.write(to: "play.cast")
/// ```
public final class AsciicastRecorder: TerminalDevice {
    /// The clock that times the writes.
    public let clock: any MediaClock
    /// The recording so far (bytes of an unfinished UTF-8 sequence are not in it yet).
    public private(set) var recording: Asciicast
    /// Bytes written at the end of the last write that do not yet make a whole character.
    private var pending: [UInt8] = []
    private let start: MediaTime

    /// A recorder of a `size` terminal; times are `clock.now` minus its value now.
    ///
    /// - Parameters:
    ///   - size: The terminal's size in cells.
    ///   - clock: Times the writes; a `ManualClock` driven by the player records in virtual time.
    ///   - title: The recording's title, or nil. Default nil.
    ///   - term: The `TERM` written in the header, or nil to leave it out. Default `xterm-256color`.
    public init(size: TerminalSize, clock: any MediaClock, title: String? = nil, term: String? = "xterm-256color") {
        self.clock = clock
        start = clock.now
        recording = Asciicast(size: size, title: title, term: term)
    }

    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        guard !bytes.isEmpty else { return }
        let all = pending + bytes
        let cut = Self.completeLength(all)
        pending = Array(all[cut...])
        guard cut > 0 else { return }
        let text = String(decoding: all[..<cut], as: UTF8.self)
        let time = max(0, clock.now - start)
        if let last = recording.events.last, last.time == time {
            recording.events[recording.events.count - 1].data += text
        } else {
            recording.events.append(Asciicast.Event(time: max(time, recording.duration), data: text))
        }
    }

    public func size() -> TerminalSize? { recording.size }
    public func enterRawMode() throws(TerminalError) {}
    public func restoreMode() {}
    public func hideControlEcho() throws(TerminalError) {}
    public func readInput() -> [UInt8] { [] }
    public func armEmergencyRestore(_ bytes: [UInt8], reenter: [UInt8]) {}
    public func disarmEmergencyRestore() {}
    public func takeRedrawRequest() -> Bool { false }

    /// The length of the longest prefix of `bytes` that does not end inside a UTF-8 sequence: a lead byte in the
    /// last three bytes whose sequence is longer than what follows it is cut off with what follows.
    static func completeLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var continuation = 0
        while index > 0, continuation < 3 {
            let byte = bytes[index - 1]
            if byte & 0xC0 == 0x80 {
                continuation += 1
                index -= 1
                continue
            }
            let expected: Int
            switch byte {
            case 0xC0...0xDF: expected = 1
            case 0xE0...0xEF: expected = 2
            case 0xF0...0xF7: expected = 3
            default: return bytes.count
            }
            return expected > continuation ? index - 1 : bytes.count
        }
        return bytes.count
    }
}

extension TerminalEnvironment {
    /// The terminal a recording shows: an xterm-compatible terminal (`TERM=xterm-256color`) with `colorSupport`
    /// exactly, whatever this process's environment says, and no input.
    ///
    /// - Parameter colorSupport: The colours the recording uses. Default `.trueColor` (asciinema's player shows
    ///   24-bit colour).
    public static func recording(colorSupport: ColorSupport = .trueColor) -> TerminalEnvironment {
        TerminalEnvironment(
            isOutputTerminal: true, isInputTerminal: false, term: "xterm-256color",
            colorChoice: .exactly(colorSupport))
    }
}
