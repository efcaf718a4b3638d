/// Which way a digit column rolls through its strip to a new digit.
///
/// "Up" means the strip moves up: the new digit enters from below and the old one leaves at the top (the seed's
/// direction for a growing value), passing the digits in increasing order and wrapping 9 → 0.
public enum RollDirection: String, Sendable, Hashable, CaseIterable {
    /// Up when the number's magnitude grows, down when it shrinks (the default). Digits behave like an odometer
    /// on the digits shown: 41 → 42 rolls 1 up to 2, and so does −41 → −42 (by the value's sign alone, −41 → −42
    /// would spin the units nine steps down from 1 to 2).
    case sign
    /// Always up: 3 → 1 passes 4, 5, … 9, 0.
    case up
    /// Always down: 1 → 3 passes 0, 9, 8, … 4.
    case down
    /// The shorter way round the strip (9 → 0 is one step up, 0 → 9 one step down); a tie (five steps) goes the
    /// way of the magnitude's change.
    case shortest

    /// The direction for one change from `old` to `new` values.
    func resolved(from old: Double, to new: Double) -> ResolvedRollDirection {
        let grows = abs(new) >= abs(old)
        switch self {
        case .sign: return grows ? .up : .down
        case .up: return .up
        case .down: return .down
        case .shortest: return .shortest(preferringUp: grows)
        }
    }
}

/// A direction decided for one change.
public enum ResolvedRollDirection: Sendable, Hashable {
    case up
    case down
    /// The shorter way; ties go up when `preferringUp`.
    case shortest(preferringUp: Bool)
}
