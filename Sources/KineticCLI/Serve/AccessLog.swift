import Foundation
import KineticCore
import Synchronization

/// The access log: one JSON object per line per answered request, written whole with one `write(2)` so that lines
/// from many threads never interleave. `{"time":"2026-12-02T21:30:00.123Z","method":"GET","path":"/count.svg",
/// "query":"to=1234","status":200,"bytes":1834,"ms":12.5,"cache":"miss"}`.
final class AccessLog: Sendable {
    private let descriptor: Int32?

    /// A log to `descriptor` (1 for standard output), or nowhere for nil.
    init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    func write(_ record: RenderService.AccessRecord) {
        guard let descriptor else { return }
        let bytes = Array(Self.line(record).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Foundation.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return  // a log that cannot be written never stops the service
            }
        }
    }

    /// The record as one JSON line.
    static func line(_ record: RenderService.AccessRecord) -> String {
        let milliseconds = (record.seconds * 10_000).rounded() / 10
        return "{\"time\":\"\(timestamp(record.receivedAt))\",\"method\":\(JSONValue.quoted(record.method)),"
            + "\"path\":\(JSONValue.quoted(record.path)),\"query\":\(JSONValue.quoted(record.query)),\"status\":\(record.status),"
            + "\"bytes\":\(record.bytes),\"ms\":\(milliseconds),\"cache\":\(JSONValue.quoted(record.cache))}\n"
    }

    /// UTC, to the millisecond: 2026-12-02T21:30:00.123Z.
    static func timestamp(_ seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        let millis = Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }
}
