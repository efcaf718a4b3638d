import KineticCore
import KineticLayers

/// The range checks the number effects' specs share, each throwing a message that names the value, its unit and
/// the range it must be in.
enum NumberEffectChecks {
    /// `value` must be finite and > 0.
    static func positive(_ value: Double, _ name: String, unit: String) throws(EffectSpecError) {
        guard value.isFinite, value > 0 else {
            throw EffectSpecError("the \(name) must be finite and > 0 \(unit) (got \(value))")
        }
    }

    /// `value` must be finite and ≥ 0.
    static func nonNegative(_ value: Double, _ name: String, unit: String) throws(EffectSpecError) {
        guard value.isFinite, value >= 0 else {
            throw EffectSpecError("the \(name) must be finite and ≥ 0 \(unit) (got \(value))")
        }
    }

    /// Both sides of `size` must be finite and > 0.
    static func size(_ size: Size, _ name: String) throws(EffectSpecError) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw EffectSpecError(
                "the \(name) must be finite and > 0 in both directions (got \(size.width) × \(size.height) points)")
        }
    }
}
