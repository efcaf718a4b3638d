import FuzzSupport
import KineticCore

/// `Color(hex:)` on the input as UTF-8 (lossy); a parsed colour's `hexString` must parse back to the same colour.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let color = try? Color(hex: text) else { return 0 }
    for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
        fuzzFailure("'\(text)' gave a component \(component) outside 0…1")
    }
    let hex = color.hexString
    guard let again = try? Color(hex: hex) else {
        fuzzFailure("hexString '\(hex)' of '\(text)' does not parse")
    }
    if again != color {
        fuzzFailure("'\(text)' → \(hex) → \(again.hexString): the round trip changed the colour")
    }
    return 0
}
