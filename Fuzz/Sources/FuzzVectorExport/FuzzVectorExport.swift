import KineticCore
import KineticEffects
import KineticOutput

/// The vector export of hostile text — emoji, combining marks, right-to-left runs, control characters, long
/// strings — through the front door, to memory: `write(as: .svg / .lottie / .dotLottie)` of a shimmer's text, a
/// count's prefix or an elevator's suffix. The first input byte picks the effect and the format; the rest, decoded
/// as UTF-8 (invalid bytes become U+FFFD), is the text.
///
/// An input must end in a written document or an `OutputError` with a message — never a trap, an ASan report,
/// a leak or a timeout — and a document stays small (colour emoji are left out, not traced pixel by pixel;
/// affixes are at most 100 characters).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let pick = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let formats: [FileFormat] = [.svg, .lottie, .dotLottie]
    let format = formats[Int(pick) / 3 % formats.count]
    let options = OutputOptions(duration: 0.5)
    let result: OutputResult
    do {
        switch pick % 3 {
        case 0:
            result = try ShimmerScene(content: .text(ShimmerText(string: text)), style: .default(Shimmer()))
                .write(as: format, options: options)
        case 1:
            var count = CountUp(to: 42)
            count.format.prefix = text
            result = try count.write(as: format, options: options)
        default:
            var elevator = ElevatorNumber(values: [7, 42], interval: 0.2)
            elevator.format.suffix = text
            result = try elevator.write(as: format, options: options)
        }
    } catch {
        if error.description.isEmpty { fatalError("an error without a message for \(text.debugDescription)") }
        return 0
    }
    guard result.bytes.count == result.byteCount, result.bytes.count > 0, result.bytes.count < 64 << 20 else {
        fatalError("\(format) of \(text.utf8.count) bytes of text: \(result.bytes.count) bytes written")
    }
    return 0
}
