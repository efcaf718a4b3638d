import FuzzSupport
import KineticAnimation

/// `TimingFunction(parsing:)` on the input as UTF-8 (lossy). A parsed function is evaluated in and around 0…1,
/// and its `cssText` must parse back to an equal function with the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let function = try? TimingFunction(parsing: text) else { return 0 }
    let xs: [Double] = [0, 1e-300, 0.1, 0.25, 0.5, 0.75, 0.999_999_999, 1, -0.5, 1.5, -1e300, 1e300, .nan]
    let values = xs.map { function.value(at: $0) }
    let css = function.cssText
    let again: TimingFunction
    do { again = try TimingFunction(parsing: css) } catch {
        fuzzFailure("cssText '\(css)' of '\(text)' does not parse: \(error.message)")
    }
    guard again == function else {
        fuzzFailure("'\(text)' → '\(css)' → '\(again.cssText)': the round trip changed the function")
    }
    for (x, value) in zip(xs, values) {
        let other = again.value(at: x)
        // Equal values (0 and −0 are the same progress: cssText writes −0 as 0), or both NaN.
        guard other == value || (other.isNaN && value.isNaN) else {
            fuzzFailure("'\(text)' and its cssText '\(css)' differ at x = \(x): \(value) vs \(other)")
        }
    }
    switch function {
    case .linear:
        break
    case .cubicBezier:
        // Exactly 0 at 0 and 1 at 1, whatever the control points.
        guard values[0] == 0, values[7] == 1 else {
            fuzzFailure("'\(text)' gives \(values[0]) at 0 and \(values[7]) at 1")
        }
    case .steps:
        for (x, value) in zip(xs, values) where (0...1).contains(x) && !(0...1).contains(value) {
            fuzzFailure("'\(text)' gives \(value) at x = \(x), outside 0…1")
        }
    }
    return 0
}
