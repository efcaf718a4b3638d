import Foundation
import KineticTestSupport
import XCTest

/// End-to-end tests of `kinetic render`, `kinetic sample --plot` and `kinetic demo` on the built binary.
final class RenderCommandTests: XCTestCase {
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "kinetic-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func contents(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func testRendersAnAnimatedGIFWithTheRightFrameCountAndSize() throws {
        let folder = try makeFolder()
        let path = folder + "/show.gif"
        let result = try KineticProcess.run([
            "render", "showcase", "-o", path, "--duration", "1", "--fps", "10", "--width", "300", "--height", "100",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let gif = try GIFSummary(data: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(gif.width, 300)
        XCTAssertEqual(gif.height, 100)
        XCTAssertEqual(gif.frameCount, 10)
        XCTAssertEqual(gif.delays.reduce(0, +), 100)  // 1 s in centiseconds
        XCTAssertEqual(contents(of: folder), ["show.gif"])  // no temporary file left
    }

    func testRendersAStillAtScaleTwo() throws {
        let folder = try makeFolder()
        let path = folder + "/still.png"
        let result = try KineticProcess.run(["render", "showcase", "-o", path, "--scale", "2", "--time", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([width, height], [1200, 400])
    }

    func testSameCommandGivesTheSameBytes() throws {
        let folder = try makeFolder()
        for name in ["a.gif", "b.gif"] {
            let result = try KineticProcess.run(["render", "showcase", "-o", "\(folder)/\(name)", "--duration", "0.5"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/a.gif")),
            try Data(contentsOf: URL(fileURLWithPath: folder + "/b.gif")))
    }

    func testRenderErrorsSayWhatWasWrongAndLeaveNothing() throws {
        let folder = try makeFolder()
        let cases: [([String], Int32, String)] = [
            (
                ["-o", folder + "/x.bmp"], 64,
                "use .png, .apng, .gif, .mp4, .webm, .json (Lottie), .lottie (dotLottie), .svg"
            ),
            (["-o", folder + "/missing/x.gif"], 73, "does not exist"),
            (["-o", folder + "/x.gif", "--width", "0"], 64, "greater than 0"),
            (
                ["-o", folder + "/x.gif", "--width", "40000"], 64,
                "--width must be greater than 0 and at most 10000 points (got '40000')"
            ),
            (["-o", folder + "/x.gif", "--scale", "4"], 64, "--scale must be from 1 to 3 (got '4')"),
            (["-o", folder + "/x.gif", "--background", "#12"], 64, "6 or 8 hex digits"),
            ([], 64, "missing -o FILE"),
            (["-o", folder + "/x.gif", "extra"], 64, "unexpected argument 'extra'"),
            // A missing input file is EX_NOINPUT, also in a dry run (found by FuzzRenderSpecs, whose check took it
            // for a bug).
            (
                ["-o", folder + "/x.gif", "--background-image", folder + "/seed", "--dry-run"], 66,
                "--background-image: reading the picture '\(folder)/seed' failed: it is missing"
            ),
        ]
        for (arguments, status, fragment) in cases {
            let result = try KineticProcess.run(["render", "showcase"] + arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(contents(of: folder), [])
    }

    func testAMissingFontWarnsOnceNamesTheFontUsedAndStillRenders() throws {
        let folder = try makeFolder()
        let result = try KineticProcess.run([
            "render", "count", "--to", "12", "--font", "No Such Font", "-o", folder + "/count.png",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(warnings.first?.contains("'No Such Font' is not installed") ?? false, result.stderr)
        XCTAssertTrue(warnings.first?.contains("drawn with '") ?? false, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/count.png"))
    }

    func testInterruptedRenderLeavesNoFile() throws {
        let folder = try makeFolder()
        let process = Process()
        process.executableURL = KineticProcess.executable
        process.arguments = ["render", "showcase", "-o", folder + "/long.apng", "--duration", "120", "--scale", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists, then interrupt as Ctrl-C would.
        let deadline = Date().addingTimeInterval(20)
        while contents(of: folder).isEmpty && Date() < deadline { usleep(20_000) }
        XCTAssertFalse(contents(of: folder).isEmpty, "the render should have started writing")
        usleep(300_000)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGINT)
        XCTAssertEqual(contents(of: folder), [], "an interrupted render must leave nothing behind")
    }

    func testPlotDrawsAChart() throws {
        let folder = try makeFolder()
        let result = try KineticProcess.run(["sample", "curve", "ease", "--plot", folder + "/ease.png", "--count", "5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 6)  // the header and 5 samples
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/ease.png"))
        XCTAssertEqual(data[16..<20].reduce(0) { $0 << 8 | Int($1) }, 960)
        let bad = try KineticProcess.run(["sample", "curve", "ease", "--plot", folder + "/ease.gif"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("ending in .png"), bad.stderr)
    }

    func testDemoWritesAGalleryWhoseImagesLoadInChromium() throws {
        let folder = try makeFolder()
        let result = try KineticProcess.run(["demo", "--out", folder])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("gallery: "), result.stdout)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("kinetic render showcase -o showcase.gif"))
        let files = contents(of: folder)
        for item in ["showcase", "shimmer-original", "elevator-digits", "count-default", "collapse-original"] {
            for format in ["svg", "gif", "json", "lottie", "apng"] {
                XCTAssertTrue(files.contains("\(item).\(format)"), "\(item).\(format) was not written")
            }
            // The live SVG beside the GIF, both sizes given, the Lottie file linked.
            XCTAssertTrue(html.contains("<img src=\"\(item).svg\""), item)
            XCTAssertTrue(html.contains("<img src=\"\(item).gif\""), item)
            XCTAssertTrue(html.contains("<a href=\"\(item).json\">Lottie \(item).json</a>"), item)
        }
        let sizes = html.components(separatedBy: "<div class=\"sizes\">SVG ").count - 1
        XCTAssertEqual(sizes, html.components(separatedBy: "<figure>").count - 1, "every card gives both sizes")
        XCTAssertGreaterThanOrEqual(sizes, 13)
        let svg = try String(contentsOfFile: folder + "/count-default.svg", encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), String(svg.prefix(80)))
        XCTAssertTrue(svg.contains("<animate"), "the count-up's SVG animates")
        try GalleryProbe.check(folder: folder)
    }
}

/// Loads a gallery page in headless Chromium and checks that every image decodes and nothing errs.
enum GalleryProbe {
    static func chromium() -> String? {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }

    static func check(folder: String) throws {
        guard let chromium = chromium() else {
            throw MissingTool("Chromium is not installed (apt-get install chromium): the gallery page was not opened")
        }
        // A copy of the page with a probe that records errors from the start and, on load, each image's width.
        var html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let probe = """
            <script>
            window.__errors = [];
            window.addEventListener('error', function (e) {
              window.__errors.push('error: ' + (e.message || (e.target && e.target.src) || '?'));
            }, true);
            var __consoleError = console.error;
            console.error = function () {
              window.__errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
              __consoleError.apply(console, arguments);
            };
            window.addEventListener('load', function () {
              var images = document.images, widths = [];
              for (var i = 0; i < images.length; i++) widths.push(images[i].getAttribute('src') + '=' + images[i].naturalWidth);
              var p = document.createElement('pre'); p.id = 'kinetic-probe';
              p.textContent = 'IMAGES ' + widths.join(' ') + '\\nERRORS ' + window.__errors.length + ' ' + window.__errors.join(' | ');
              document.body.appendChild(p);
            });
            </script>
            """
        html = html.replacingOccurrences(of: "<head>", with: "<head>" + probe)
        let probePath = folder + "/probe.html"
        try html.write(toFile: probePath, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: probePath) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom",
            "file://" + probePath,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let start = dom.range(of: "<pre id=\"kinetic-probe\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            return XCTFail("the probe did not run; Chromium printed: \(dom.suffix(500))")
        }
        let report = dom[start.upperBound..<end.lowerBound]
        let lines = report.split(separator: "\n")
        let images = lines.first { $0.hasPrefix("IMAGES ") }?.dropFirst(7).split(separator: " ") ?? []
        XCTAssertFalse(images.isEmpty, "no images on the page")
        for image in images {
            let parts = image.split(separator: "=")
            XCTAssertGreaterThan(Int(parts.last ?? "") ?? 0, 0, "image did not load: \(image)")
        }
        let errors = lines.first { $0.hasPrefix("ERRORS ") } ?? ""
        XCTAssertTrue(errors.hasPrefix("ERRORS 0"), "console errors: \(errors)")
    }
}

/// Reads a GIF's logical screen size, frame count and delays (centiseconds) by walking its blocks.
struct GIFSummary {
    var width = 0
    var height = 0
    var frameCount = 0
    var delays: [Int] = []

    struct Malformed: Error {}

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 13, bytes[0..<6] == [0x47, 0x49, 0x46, 0x38, 0x39, 0x61][...] else { throw Malformed() }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() throws {
            while true {
                guard index < bytes.count else { throw Malformed() }
                let size = Int(bytes[index])
                index += 1 + size
                if size == 0 { return }
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:
                guard index + 1 < bytes.count else { throw Malformed() }
                if bytes[index + 1] == 0xF9 {
                    delays.append(Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8)
                }
                index += 2
                try skipSubBlocks()
            case 0x2C:
                frameCount += 1
                let packed = bytes[index + 9]
                index += 10
                if packed & 0x80 != 0 { index += 3 << (Int(packed & 7) + 1) }
                index += 1  // LZW minimum code size
                try skipSubBlocks()
            case 0x3B:
                return
            default:
                throw Malformed()
            }
        }
        throw Malformed()
    }
}
