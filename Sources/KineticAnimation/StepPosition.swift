/// Where the jumps of a `steps()` timing function fall, as in CSS Easing Level 1.
///
/// With `n` steps over the input interval 0…1:
/// - `jumpStart`: the first jump happens at 0 (output starts at 1/n); `n` jumps, ends at 1.
/// - `jumpEnd`: the last jump happens at 1 (output starts at 0, holds (n−1)/n until 1); `n` jumps. The default.
/// - `jumpNone`: no jump at either end; `n − 1` jumps, holds 0 on the first step and 1 on the last. Needs n ≥ 2.
/// - `jumpBoth`: jumps at both ends; `n + 1` jumps, the output takes the values 1/(n+1) … n/(n+1) inside.
///
/// The raw value is the CSS keyword (`jump-start`, …). CSS's older `start` and `end` mean `jumpStart` and `jumpEnd`.
public enum StepPosition: String, Sendable, Hashable, CaseIterable {
    case jumpStart = "jump-start"
    case jumpEnd = "jump-end"
    case jumpNone = "jump-none"
    case jumpBoth = "jump-both"

    /// The CSS keyword: `jump-start`, `jump-end`, `jump-none` or `jump-both`.
    public var cssKeyword: String { rawValue }

    /// Reads a CSS step position keyword, ASCII case-insensitively: the four `jump-*` terms, or the legacy `start`
    /// (= `jump-start`) and `end` (= `jump-end`). Returns nil for anything else.
    public init?(cssKeyword: some StringProtocol) {
        switch cssKeyword.lowercased() {
        case "jump-start", "start": self = .jumpStart
        case "jump-end", "end": self = .jumpEnd
        case "jump-none": self = .jumpNone
        case "jump-both": self = .jumpBoth
        default: return nil
        }
    }

    /// The number of jumps `steps` steps make with this position: n, n, n − 1 or n + 1 (as a Double, so that no
    /// step count can overflow).
    func jumpCount(steps: Double) -> Double {
        switch self {
        case .jumpStart, .jumpEnd: steps
        case .jumpNone: steps - 1
        case .jumpBoth: steps + 1
        }
    }

    /// The smallest step count this position accepts: 2 for `jumpNone` (one step would never move), else 1.
    public var minimumStepCount: Int { self == .jumpNone ? 2 : 1 }
}
