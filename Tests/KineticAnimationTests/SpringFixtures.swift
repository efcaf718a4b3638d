import Foundation

/// `Tests/Fixtures/springs.json`: SciPy's numerically integrated springs (see the file's header), x from 0 to 1.
struct SpringFixtures: Decodable {
    struct Configuration: Decodable {
        struct SwiftUIParameters: Decodable {
            var response: Double
            var dampingFraction: Double
        }

        var name: String
        var mass: Double
        var stiffness: Double
        var damping: Double
        var initialVelocity: Double
        var dampingRatio: Double
        var regime: String
        var swiftui: SwiftUIParameters?
        var settleBelowHundredth: Double
        var settleBelowThousandth: Double
        var maximumOvershoot: Double
        var x: [Double]
        var v: [Double]

        enum CodingKeys: String, CodingKey {
            case name, mass, stiffness, damping, initialVelocity, dampingRatio, regime, swiftui, x, v
            case settleBelowHundredth = "settle_time_abs_dev_below_0.01"
            case settleBelowThousandth = "settle_time_abs_dev_below_0.001"
            case maximumOvershoot = "max_overshoot_above_1_in_5s"
        }
    }

    var t: [Double]
    var configs: [Configuration]

    static func load(filePath: String = #filePath) throws -> SpringFixtures {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/springs.json")
        return try JSONDecoder().decode(SpringFixtures.self, from: Data(contentsOf: url))
    }
}
