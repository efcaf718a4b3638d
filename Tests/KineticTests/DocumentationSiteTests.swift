import Foundation
import KineticTestSupport
import XCTest

/// The documentation site that `make docs` (scripts/docs.sh) writes to .build/docs-site, served over HTTP on
/// 127.0.0.1 and opened in headless Chromium.
///
/// DocC's pages are an app that renders in the browser: the HTML files are the same empty shell for every page, and
/// the content arrives as JSON that the app's scripts turn into the page. So the test reads the DOM after the
/// scripts have run and checks for text that only the rendered content has: each page's title and its abstract.
final class DocumentationSiteTests: XCTestCase {
    static let site = ArticleExampleTests.root + "/.build/docs-site"

    func testTheSiteShowsTheLandingPageASymbolAndAnArticle() throws {
        guard FileManager.default.fileExists(atPath: Self.site + "/documentation/kineticlayers/clip/index.html")
        else {
            throw MissingTool(
                "the documentation site was not built: run `make docs` (make test builds it before testing)")
        }
        let chromium = try XCTUnwrap(
            ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }, "Chromium is not installed: make setup-test installs it (apt-get install chromium)")
        // A site built for a base path (DOCS_HOSTING_BASE_PATH) is served from a folder that has it at that path.
        let base = try Self.basePath(of: Self.site)
        var root = Self.site
        if !base.isEmpty {
            root = NSTemporaryDirectory() + "kinetic-docs-root-\(UUID().uuidString)"
            try FileManager.default.createDirectory(
                atPath: root + "/" + base, withIntermediateDirectories: true)
            try FileManager.default.removeItem(atPath: root + "/" + base)
            try FileManager.default.createSymbolicLink(atPath: root + "/" + base, withDestinationPath: Self.site)
        }
        defer { if root != Self.site { try? FileManager.default.removeItem(atPath: root) } }
        let server = try SiteServer(folder: root)
        defer { server.stop() }
        let prefix = base.isEmpty ? "" : base + "/"

        // The landing page that `docc merge` made: the package's name and every module with its abstract.
        let landing = try Self.renderedText(of: server.url(prefix + "documentation/"), chromium: chromium)
        for text in [
            "Kinetic", "Geometry, colour and time: the values every other Kinetic module is built from.",
            "A 2D rigid-body engine in Swift and, on top of it, UIKit Dynamics", "KineticTerminal",
            "The renderer: draws any clip with Cairo and Pango and writes PNG, APNG, GIF, MP4 or WebM.",
        ] {
            XCTAssertTrue(landing.contains(text), "the landing page lacks \"\(text)\": \(landing.prefix(2_000))")
        }

        // A symbol page: its title, its abstract, its declaration and its members.
        let clip = try Self.renderedText(
            of: server.url(prefix + "documentation/kineticlayers/clip"), chromium: chromium)
        for text in [
            "Structure", "Clip", "An effect ready to be drawn, exported or played", "struct Clip",
            "presentation(at:", "A clip of root lasting duration seconds.",
        ] {
            XCTAssertTrue(clip.contains(text), "the Clip page lacks \"\(text)\": \(clip.prefix(2_000))")
        }

        // An article, with a link into another module's archive resolved to that module's page.
        let article = try Self.renderedDOM(
            of: server.url(prefix + "documentation/kinetic/yourfirstgif"), chromium: chromium)
        let articleText = Self.text(ofMain: article)
        for text in ["Your first GIF", "Render an effect to a file in one line", "That is the whole program."] {
            XCTAssertTrue(articleText.contains(text), "the article lacks \"\(text)\": \(articleText.prefix(2_000))")
        }
        XCTAssertTrue(
            article.contains("href=\"/\(prefix)documentation/kineticlayers/clip\""),
            "the article's link to Clip (in KineticLayers) did not resolve to its page")
    }

    /// The base path the site was built for (`var baseUrl = "/kinetic/"` in its index.html), without slashes:
    /// empty for a site served from the root.
    static func basePath(of site: String) throws -> String {
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        guard let range = index.range(of: #"var baseUrl = "[^"]*""#, options: .regularExpression) else {
            XCTFail("\(site)/index.html has no baseUrl: is it a DocC site?")
            return ""
        }
        return index[range].dropFirst(15).dropLast().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// The text of the page's main content once its scripts have run, tags removed and spaces collapsed.
    static func renderedText(of url: String, chromium: String) throws -> String {
        text(ofMain: try renderedDOM(of: url, chromium: chromium))
    }

    /// The page's DOM after its scripts have run (Chromium's --dump-dom, with 10 s of virtual time to load).
    static func renderedDOM(of url: String, chromium: String) throws -> String {
        let profile = NSTemporaryDirectory() + "kinetic-docs-chromium-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=" + profile,
            "--virtual-time-budget=10000", "--dump-dom", url,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A browser that hangs must not hang the tests: it gets a minute.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        XCTAssertEqual(process.terminationStatus, 0, "Chromium failed on \(url)")
        return dom
    }

    /// The text inside `<main>` (the whole document if there is none), tags removed and spaces collapsed.
    static func text(ofMain dom: String) -> String {
        var html = Substring(dom)
        if let start = dom.range(of: "<main"), let end = dom.range(of: "</main>", options: .backwards) {
            html = dom[start.lowerBound..<end.upperBound]
        }
        let text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// `python3 -m http.server` on 127.0.0.1, on a port the system picks, serving one folder.
final class SiteServer {
    private let process = Process()
    let port: Int

    init(folder: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // It says "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..." once it is listening.
        var said = ""
        var port: Int?
        while port == nil {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            said += String(decoding: chunk, as: UTF8.self)
            if let range = said.range(of: #"port [0-9]+"#, options: .regularExpression) {
                port = Int(said[range].dropFirst(5))
            }
        }
        guard let port else {
            process.terminate()
            throw ServerError(
                message: "python3 -m http.server did not start (it said: \(said)); make setup-test installs python3")
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/" + path }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
