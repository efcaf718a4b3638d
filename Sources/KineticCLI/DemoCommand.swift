import Foundation
import KineticFiles
import KineticOutput
import KineticRaster
import Synchronization

/// `kinetic demo`: renders every effect into a folder with an `index.html` gallery: each animation as a live
/// animated SVG beside its GIF, with its Lottie, dotLottie and APNG files linked. Each file is made by running the
/// very `kinetic render …` command the gallery prints under it (with that file's `-o`), so the page never shows a
/// command that does not re-create its pictures.
enum DemoCommand {
    /// One animation of the gallery: the arguments of the `kinetic` command that renders it (without `-o`), and the
    /// formats written (file extensions; the gallery shows the SVG and the GIF and links the others).
    struct Item {
        var section: String
        var title: String
        var caption: String
        /// The file name without extension.
        var name: String
        var arguments: [String]
        /// The picture's size in points, for the page layout.
        var width: Int
        var height: Int
        var formats: [String] = ["svg", "gif", "json", "lottie", "apng"]
    }

    /// Everything the demo renders, in gallery order. Later effects add their items here.
    static var items: [Item] {
        [
            Item(
                section: "Layers", title: "Layer showcase",
                caption: "A radial gradient, text masking a sweeping highlight, a rounded square turning with its "
                    + "shadow, and a dot moved by a spring: the layer tree and the Cairo renderer.",
                name: "showcase", arguments: ["render", "showcase"], width: 600, height: 200),
            Item(
                section: "Shimmer", title: "Slide to unlock (the original article)",
                caption: "A black–white–black gradient three times the label's width, its locations moving from "
                    + "[0, 0, 0.25] to [0.75, 1, 1] every 2 s, masked by the text: the article's recipe.",
                name: "shimmer-original",
                arguments: ["render", "shimmer", "--style", "original", "--text", "slide to unlock"],
                width: 480, height: 96),
            Item(
                section: "Shimmer", title: "スライドでロック解除 (the original article, in Japanese)",
                caption: "The same gradient over Japanese text (Noto Sans CJK JP).",
                name: "shimmer-original-japanese",
                arguments: ["render", "shimmer", "--style", "original", "--text", "スライドでロック解除"], width: 480, height: 96),
            Item(
                section: "Shimmer", title: "Facebook Shimmer's model",
                caption: "Facebook Shimmer's defaults: 230 pt/s, highlight length 1, a 0.4 s pause, the text at "
                    + "opacity 0.5 outside the band and 1 inside it; one cycle lasts width ÷ speed + pause.",
                name: "shimmer-default", arguments: ["render", "shimmer", "--text", "slide to unlock"], width: 480,
                height: 96),
            Item(
                section: "Shimmer", title: "Right to left",
                caption: "Over Arabic text the band sweeps in reading direction, right to left (--direction reading, "
                    + "the default), with a narrower highlight.",
                name: "shimmer-arabic",
                arguments: [
                    "render", "shimmer", "--text", "مرحبا بالعالم", "--font-size", "40", "--highlight-length", "0.4",
                ],
                width: 480, height: 96),
            Item(
                section: "Shimmer", title: "Skeleton placeholder",
                caption: "Any layer can shimmer: an avatar and rounded bars, with a slanted (20°) highlight colour.",
                name: "shimmer-skeleton",
                arguments: [
                    "render", "shimmer", "--skeleton", "--height", "120", "--animation-opacity", "1",
                    "--highlight-color", "F2F2F7", "--highlight-length", "0.6", "--tilt", "20",
                ], width: 480, height: 120),
            Item(
                section: "Collapse", title: "Everything falls (the original article)",
                caption: "Every piece of a settings screen falls under UIKit gravity (1000 pt/s²) and collides with "
                    + "the screen's edges and each other, UIKit's defaults throughout; pure containers are looked "
                    + "through, so cells fall whole and nothing is simulated twice.",
                name: "collapse-original", arguments: ["render", "collapse", "--duration", "2.5"], width: 375,
                height: 667),
            Item(
                section: "Collapse", title: "Tumble",
                caption: "Gravity tilted to the lower left, some bounce and friction, pieces let go at random "
                    + "(seeded, so every run is the same): they slide, tip over and settle in the corner.",
                name: "collapse-tumble",
                arguments: [
                    "render", "collapse", "--gravity-angle", "1.95", "--elasticity", "0.3", "--friction", "0.3",
                    "--delay", "random", "--delay-max", "0.8", "--duration", "3.5",
                ], width: 375, height: 667),
        ] + ElevatorCommand.demoItems + CountCommand.demoItems
    }

    static let command = Command(
        path: ["demo"],
        summary: "Render every effect to SVG, GIF, Lottie, dotLottie and APNG, with an index.html gallery.",
        usage: "demo [--out DIR]",
        details: "Writes the pictures and index.html into DIR (created if missing) and prints where the page is.",
        options: [.value("out", "DIR", "The folder to write into (default ./kinetic-demo).")],
        run: { arguments, streams throws(CLIError) in
            try RenderCommands.rejectPositionals(arguments)
            let folder = arguments.string("out") ?? "kinetic-demo"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreate(
                    "cannot create the folder '\(folder)' (\((error as NSError).localizedFailureReason ?? "\(error)")); "
                        + "choose a folder you can write to with --out DIR")
            }
            // The page is opened first, so a folder in its way is reported before minutes of rendering.
            let page = (folder as NSString).appendingPathComponent("index.html")
            let pageFile: OutputFile
            do throws(FileError) {
                pageFile = try OutputFile(path: page)
            } catch {
                throw RenderPipeline.cliError(RasterError(error))
            }
            var sections: [(heading: String, entries: [Gallery.Entry])] = []
            for item in items {
                var files: [String] = []
                for format in item.formats {
                    let file = "\(item.name).\(format)"
                    // The render's own error, if any, is kept and passed on with its status.
                    let problem = Mutex<CLIError?>(nil)
                    let status = KineticCommandLine.run(
                        item.arguments + ["-o", (folder as NSString).appendingPathComponent(file)],
                        streams: StandardStreams(
                            out: streams.out,
                            err: { text throws(CLIError) in
                                if text.hasPrefix("kinetic ") { problem.withLock { $0 = .failure(text) } }
                                // An export's warnings (what the file cannot show) are passed on, naming the file.
                                if text.hasPrefix("warning: ") { try streams.err("\(file): \(text)") }
                            }))
                    guard status == 0 else {
                        let reason = problem.withLock { $0 }?.message ?? "status \(status)\n"
                        let message =
                            "rendering \(file) failed: "
                            + String(reason.drop { $0 != ":" }.dropFirst()).trimmingWhitespace
                        switch status {
                        case 73: throw .cannotCreate(message)
                        case 74: throw .ioError(message)
                        case 69: throw .unavailable(message)
                        default: throw .failure(message)
                        }
                    }
                    files.append(file)
                }
                try streams.err("rendered \(files.joined(separator: ", "))\n")
                let entry = galleryEntry(item, files: files, folder: folder)
                if let index = sections.firstIndex(where: { $0.heading == item.section }) {
                    sections[index].entries.append(entry)
                } else {
                    sections.append((item.section, [entry]))
                }
            }
            let html = Gallery(sections: sections).html
            do throws(FileError) {
                try pageFile.write(Array(html.utf8))
                try pageFile.commit()
            } catch {
                throw RenderPipeline.cliError(RasterError(error))
            }
            let absolute = URL(fileURLWithPath: page).standardizedFileURL.path
            try streams.out("gallery: \(absolute)\n")
        })

    /// What each format is called on the page.
    static let formatLabels = ["svg": "SVG", "gif": "GIF", "apng": "APNG", "json": "Lottie", "lottie": "dotLottie"]

    /// The card of `item` whose `files` were written into `folder`: the SVG and the GIF shown (whichever were
    /// written, else the first file), the rest linked, each with its size, and the command of the first raster file.
    static func galleryEntry(_ item: Item, files: [String], folder: String) -> Gallery.Entry {
        func format(_ file: String) -> String { String(file.split(separator: ".").last ?? "") }
        func bytes(_ file: String) -> Int {
            let path = (folder as NSString).appendingPathComponent(file)
            return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        var shown = files.filter { ["svg", "gif"].contains(format($0)) }
        if shown.isEmpty { shown = Array(files.prefix(1)) }
        let pictures = shown.map {
            Gallery.File(file: $0, label: formatLabels[format($0)] ?? format($0).uppercased(), bytes: bytes($0))
        }
        let links = files.filter { !shown.contains($0) }.map {
            Gallery.File(file: $0, label: formatLabels[format($0)] ?? format($0).uppercased(), bytes: bytes($0))
        }
        let raster = files.first { (try? FileFormat(path: $0))?.isVector == false } ?? files.first ?? item.name
        return Gallery.Entry(
            title: item.title, caption: item.caption, pictures: pictures, links: links,
            command: "kinetic " + (item.arguments + ["-o", raster]).map(shellQuoted).joined(separator: " "),
            width: item.width, height: item.height)
    }

    /// `text` quoted for a POSIX shell when it contains anything but safe characters.
    static func shellQuoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/:=+%@")
        if !text.isEmpty && text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
