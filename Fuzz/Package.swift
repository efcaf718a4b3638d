// swift-tools-version:6.0
// Kinetic's fuzz targets: one libFuzzer executable per parser a user can feed. Run with `make fuzz`
// (scripts/fuzz.sh), which builds them with the fuzzer and address sanitizers:
//
//     swift build --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address
//
// (The -Xswiftc form is needed: SwiftPM hands the compiler `-sanitize=fuzzer -sanitize=address` as two options
// and only the last reaches the frontend, which leaves the code without coverage instrumentation.)
// Each target is one file defining `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`. Seed corpora: Corpus/.
import PackageDescription

let package = Package(
    name: "KineticFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Kinetic", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "KineticCore", package: "Kinetic"), .product(name: "KineticLayers", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "FuzzTimingFunction",
            dependencies: ["FuzzSupport", .product(name: "KineticAnimation", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzColor",
            dependencies: ["FuzzSupport", .product(name: "KineticCore", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzNumberFormat",
            dependencies: ["FuzzSupport", .product(name: "KineticEffects", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzSceneJSON",
            dependencies: [.product(name: "KineticDynamics", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzArguments",
            dependencies: [.product(name: "KineticCLI", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzGIFEncoder",
            dependencies: [
                .product(name: "KineticCore", package: "Kinetic"), .product(name: "KineticRaster", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "FuzzVectorExport",
            dependencies: [
                .product(name: "KineticCore", package: "Kinetic"), .product(name: "KineticEffects", package: "Kinetic"),
                .product(name: "KineticOutput", package: "Kinetic"),
            ]),
        .executableTarget(
            name: "FuzzServiceURL",
            dependencies: [.product(name: "KineticCLI", package: "Kinetic")]),
        .executableTarget(
            name: "FuzzRenderSpecs",
            dependencies: ["FuzzSupport", .product(name: "KineticCLI", package: "Kinetic")]),
    ],
    swiftLanguageModes: [.v6]
)
