/// Which way a shimmer's bright band sweeps across its content.
///
/// Facebook Shimmer's four directions, plus `.reading`, the default: the band follows the reader's eye, left to
/// right over left-to-right content (Facebook's default, `.right`) and right to left over right-to-left text such
/// as Arabic or Hebrew. Every direction is the mirror image (or the quarter-turn) of `.right`: the band enters the
/// content as a cycle starts and the pause follows the sweep.
public enum ShimmerDirection: String, Sendable, Hashable, CaseIterable {
    /// Right for left-to-right content, left for right-to-left text. The default.
    case reading
    /// Left to right.
    case right
    /// Right to left.
    case left
    /// Bottom to top.
    case up
    /// Top to bottom.
    case down

    /// The concrete direction: `.reading` becomes `.left` when `rightToLeft` is true and `.right` otherwise; the
    /// other directions are returned as they are.
    public func resolved(rightToLeft: Bool) -> ShimmerDirection {
        guard self == .reading else { return self }
        return rightToLeft ? .left : .right
    }

    /// True for `.up` and `.down`: the band is horizontal and moves along y.
    public var isVertical: Bool { self == .up || self == .down }

    /// True for `.left` and `.up`: the band moves towards smaller coordinates (y grows downwards).
    public var movesTowardsOrigin: Bool { self == .left || self == .up }
}
