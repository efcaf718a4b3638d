// swift-tools-version:6.0
// Kinetic — a Swift motion toolkit. See README.md and the architecture section there.
import PackageDescription

let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticCore", targets: ["KineticCore"]),
        .library(name: "KineticAnimation", targets: ["KineticAnimation"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .library(name: "KineticLayers", targets: ["KineticLayers"]),
        .library(name: "KineticEffects", targets: ["KineticEffects"]),
        .library(name: "KineticExport", targets: ["KineticExport"]),
        .library(name: "KineticFiles", targets: ["KineticFiles"]),
        .library(name: "KineticRaster", targets: ["KineticRaster"]),
        .library(name: "KineticTerminal", targets: ["KineticTerminal"]),
        .library(name: "KineticOutput", targets: ["KineticOutput"]),
        .library(name: "KineticCLI", targets: ["KineticCLI"]),
        // Not for apps: the physics scenes the tests, the benchmarks (a package of their own) and the peer engines'
        // scripts share.
        .library(name: "KineticFixtures", targets: ["KineticFixtures"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
    ],
    targets: [
        // Engine modules: pure Swift, build on every platform Swift runs on.
        .target(name: "KineticCore"),
        .target(name: "KineticAnimation", dependencies: ["KineticCore"]),
        .target(name: "KineticDynamics", dependencies: ["KineticCore", "CPrefetch"]),
        // A header-only C module: the processor's prefetch hint, for the engine's gathers.
        .systemLibrary(name: "CPrefetch"),
        .target(name: "KineticLayers", dependencies: ["KineticCore", "KineticAnimation"]),
        .target(
            name: "KineticEffects",
            dependencies: ["KineticCore", "KineticAnimation", "KineticLayers", "KineticDynamics"]),
        // Vector exports (Lottie JSON, dotLottie, animated SVG): pure Swift, no Foundation.
        .target(name: "KineticExport", dependencies: ["KineticCore", "KineticAnimation", "KineticLayers"]),
        .target(
            name: "Kinetic",
            dependencies: ["KineticCore", "KineticAnimation", "KineticDynamics", "KineticLayers", "KineticEffects"]),

        // Files written whole or not at all, the temporary-file registry for signals, and the progress line: the
        // one place below every module that writes a file (Foundation only).
        .target(name: "KineticFiles", dependencies: ["KineticCore"]),

        // The Linux renderer and the C libraries it wraps (found with pkg-config).
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
        .systemLibrary(
            name: "CImageQuant", pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"]), .brew(["libimagequant"])]),
        .systemLibrary(
            name: "CGif", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"]), .brew(["gdk-pixbuf"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(
            name: "KineticRaster",
            dependencies: [
                "KineticCore", "KineticLayers", "KineticFiles", "CCairo", "CPangoCairo", "CImageQuant", "CGdkPixbuf",
                "CZlib",
            ]),

        // One front door: every clip or effect to every format (pixels, video, vectors), to a file or to memory.
        .target(
            name: "KineticOutput",
            dependencies: ["KineticCore", "KineticLayers", "KineticFiles", "KineticRaster", "KineticExport"]),

        // Live playback in a terminal: the diffing screen renderer, half-block pixels, inline text effects.
        .target(
            name: "KineticTerminal",
            dependencies: [
                "KineticCore", "KineticAnimation", "KineticLayers", "KineticEffects", "KineticFiles", "KineticRaster",
            ]),

        // The command-line tool: its commands in a library (so that tests and fuzz targets can drive them in
        // process), and a thin executable that connects them to the process's streams and signals. `kinetic
        // serve` (KineticCLI/Serve) answers HTTP with libmicrohttpd, from the render commands' own options.
        .target(
            name: "KineticCLI",
            dependencies: [
                "Kinetic", "KineticFiles", "KineticRaster", "KineticTerminal", "KineticExport", "KineticOutput",
                "CMicroHTTPD",
            ]),
        .executableTarget(name: "kinetic", dependencies: ["KineticCLI", "KineticFiles"]),

        // Example programs: complete tools built on the library, each run by a test.
        .executableTarget(
            name: "LiveDeploy", dependencies: ["KineticTerminal", "KineticEffects", "KineticCore"],
            path: "Examples/LiveDeploy"),

        // Test support shared by the test targets: independent decoders of the files Kinetic writes.
        .target(
            name: "KineticFixtures", dependencies: ["KineticCore", "KineticDynamics"], path: "Tests/KineticFixtures"),
        .target(
            name: "KineticTestSupport", dependencies: ["KineticRaster", "CGif", "CZlib"],
            path: "Tests/KineticTestSupport"),
        .testTarget(name: "KineticCoreTests", dependencies: ["KineticCore"]),
        .testTarget(name: "KineticAnimationTests", dependencies: ["KineticAnimation"]),
        .testTarget(name: "KineticDynamicsTests", dependencies: ["KineticDynamics", "KineticFixtures"]),
        .testTarget(name: "KineticLayersTests", dependencies: ["KineticLayers"]),
        .testTarget(
            name: "KineticRasterTests",
            dependencies: ["KineticRaster", "KineticFiles", "KineticTestSupport", "CGif", "CZlib"]),
        .testTarget(
            name: "KineticEffectsTests", dependencies: ["KineticEffects", "KineticRaster", "KineticTestSupport"]),
        .testTarget(
            name: "KineticExportTests",
            dependencies: ["KineticExport", "KineticEffects", "KineticRaster", "KineticTestSupport"]),
        .testTarget(
            name: "KineticTests",
            dependencies: [
                "Kinetic", "KineticFiles", "KineticRaster", "KineticTerminal", "KineticOutput", "KineticTestSupport",
            ]),
        .testTarget(
            name: "KineticTerminalTests",
            dependencies: ["KineticTerminal", "KineticFiles", "LiveDeploy", "KineticTestSupport"]),
        .testTarget(
            name: "KineticCLITests", dependencies: ["kinetic", "KineticCLI", "KineticRaster", "KineticTestSupport"]),
        .testTarget(
            name: "KineticOutputTests",
            dependencies: ["kinetic", "KineticOutput", "KineticEffects", "KineticExport", "KineticTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
