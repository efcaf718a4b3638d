/// The `index.html` page of `kinetic demo`: one card per animation, with its name, what it shows, its live
/// animated SVG beside its GIF (each with its file size), links to its other files (Lottie, dotLottie, APNG) and
/// the command that re-creates it. Self-contained (inline CSS, no scripts, no network).
struct Gallery {
    /// A file of the animation: shown in a card (a picture) or linked from it.
    struct File: Equatable {
        /// The file name relative to the page, e.g. "shimmer-original.svg".
        var file: String
        /// What the file is, e.g. "SVG", "GIF" or "Lottie".
        var label: String
        /// The file's size in bytes.
        var bytes: Int
    }

    struct Entry {
        /// The card's title, e.g. "Shimmer — the original style".
        var title: String
        /// One sentence on what it shows.
        var caption: String
        /// The pictures shown side by side, in order (the live SVG, then the GIF).
        var pictures: [File]
        /// Other files of the same animation, linked under the pictures.
        var links: [File]
        /// The command that re-creates the first raster picture (the vector files differ only in `-o`).
        var command: String
        /// Each picture's size in CSS pixels (points).
        var width: Int
        var height: Int
    }

    /// The section headings and their cards, in order.
    var sections: [(heading: String, entries: [Entry])]

    var html: String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Kinetic — gallery</title>
            <style>
            body { font: 15px/1.45 Inter, system-ui, sans-serif; margin: 0; background: #111214; color: #e8e8ea; }
            header { padding: 28px 32px 8px; }
            h1 { margin: 0 0 4px; font-size: 26px; }
            h2 { margin: 28px 32px 8px; font-size: 18px; color: #c9c9cf; }
            header p { margin: 0; color: #a0a0a8; }
            .grid { display: flex; flex-wrap: wrap; gap: 20px; padding: 8px 32px 16px; }
            figure { margin: 0; background: #1c1d21; border-radius: 12px; padding: 14px; max-width: 100%; box-sizing: border-box; }
            .pictures { display: flex; flex-wrap: wrap; gap: 12px; }
            .picture { margin: 0; max-width: 100%; }
            .picture img { display: block; border-radius: 6px; max-width: 100%; height: auto; background: #000; }
            .picture div { margin-top: 4px; font-size: 12px; color: #a0a0a8; }
                        figcaption { margin-top: 10px; max-width: 640px; }
            figcaption b { display: block; font-size: 15px; }
            figcaption span { color: #a0a0a8; }
            code { display: block; margin-top: 8px; padding: 8px 10px; background: #0b0c0e; border-radius: 6px;
                   font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all; }
            .sizes { margin-top: 6px; font-size: 13px; color: #c9c9cf; }
            .files { margin-top: 2px; font-size: 13px; color: #a0a0a8; }
            .files a { color: #7fb7ff; margin-right: 10px; white-space: nowrap; }
            </style>
            </head>
            <body>
            <header><h1>Kinetic</h1><p>iOS motion effects, rendered by <code style="display:inline;padding:1px 5px">kinetic</code> itself: \
            each as a live animated SVG (vectors, glyph outlines, SMIL) beside its GIF, with its Lottie files.</p></header>

            """
        for section in sections {
            page += "<h2>\(Gallery.escape(section.heading))</h2>\n<div class=\"grid\">\n"
            for entry in section.entries { page += card(entry) }
            page += "</div>\n"
        }
        page += "</body>\n</html>\n"
        return page
    }

    private func card(_ entry: Entry) -> String {
        var card = "<figure>\n<div class=\"pictures\">\n"
        for picture in entry.pictures {
            let label = picture.label == "SVG" ? "SVG · live, vectors" : picture.label
            card += """
                <div class="picture"><img src="\(Gallery.escape(picture.file))" width="\(entry.width)" \
                height="\(entry.height)" alt="\(Gallery.escape(entry.title)) (\(Gallery.escape(picture.label)))">\
                <div>\(Gallery.escape(label))</div></div>

                """
        }
        card += "</div>\n"
        card += "<figcaption><b>\(Gallery.escape(entry.title))</b><span>\(Gallery.escape(entry.caption))</span>\n"
        card += "<div class=\"sizes\">\(Gallery.escape(Gallery.sizes(entry.pictures)))</div>\n"
        let files = (entry.pictures + entry.links).map {
            "<a href=\"\(Gallery.escape($0.file))\">\(Gallery.escape($0.label)) \(Gallery.escape($0.file))</a>"
        }
        card += "<div class=\"files\">\(files.joined(separator: " "))</div>\n"
        card += "<code>\(Gallery.escape(entry.command))</code></figcaption>\n</figure>\n"
        return card
    }

    /// The pictures' sizes on one line, e.g. "SVG 5.6 KB · GIF 53 KB".
    static func sizes(_ pictures: [File]) -> String {
        pictures.map { "\($0.label) \(size($0.bytes))" }.joined(separator: " · ")
    }

    /// A file size as the page shows it, in decimal units: "980 B", "5.6 KB" (one decimal below 10 KB), "53 KB",
    /// "1.2 MB".
    static func size(_ bytes: Int) -> String {
        let value = Double(max(bytes, 0))
        if value < 1000 { return "\(max(bytes, 0)) B" }
        if value < 10_000 { return "\(oneDecimal(value / 1000)) KB" }
        if value < 999_500 { return "\(Int((value / 1000).rounded())) KB" }
        return "\(oneDecimal(value / 1_000_000)) MB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((min(value, 1e9) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
