// swift-tools-version:6.0
// Kinetic's benchmarks: executables that print figures. Run with `make bench` (release builds).
// Each benchmark compares against a peer in the same run where one exists (peers/); results go to RESULTS.md.
import PackageDescription

let package = Package(
    name: "KineticBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Kinetic", path: "..")],
    targets: [
        .target(name: "BenchmarkSupport"),
        .target(
            name: "BenchmarkClips",
            dependencies: [
                .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticLayers", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "AnimationBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "Kinetic", package: "Kinetic")]),
        .executableTarget(
            name: "RasterBenchmark",
            dependencies: [
                "BenchmarkClips", .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "DynamicsBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "KineticDynamics", package: "Kinetic"),
                .product(name: "KineticFixtures", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "RenderBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "EffectsBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "TextLayoutBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "ExportBenchmark",
            dependencies: [
                "BenchmarkClips", "BenchmarkSupport", .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticExport", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "TerminalBenchmark",
            dependencies: [
                "BenchmarkSupport", .product(name: "KineticTerminal", package: "Kinetic"),
                .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticRaster", package: "Kinetic"),
                .product(name: "KineticCore", package: "Kinetic"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
