/// The `index.html` page of `kinetic demo`: one card per rendered animation, with its name, what it shows, its
/// files and the command that re-creates it. Self-contained (inline CSS, no scripts, no network).
struct Gallery {
    struct Entry {
        /// The card's title, e.g. "Shimmer — seed style".
        var title: String
        /// One sentence on what it shows.
        var caption: String
        /// The image shown in the card (a GIF or APNG file name relative to the page).
        var image: String
        /// Other files of the same animation (e.g. the APNG beside the GIF), relative to the page.
        var alternates: [String]
        /// The command that re-creates `image`.
        var command: String
        /// The image's size in CSS pixels (points).
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
            figure { margin: 0; background: #1c1d21; border-radius: 12px; padding: 14px; max-width: 100%; }
            figure img { display: block; border-radius: 6px; max-width: 100%; height: auto; background: #000; }
            figcaption { margin-top: 10px; max-width: 640px; }
            figcaption b { display: block; font-size: 15px; }
            figcaption span { color: #a0a0a8; }
            code { display: block; margin-top: 8px; padding: 8px 10px; background: #0b0c0e; border-radius: 6px;
                   font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all; }
            .files { margin-top: 6px; font-size: 13px; }
            .files a { color: #7fb7ff; margin-right: 10px; }
            </style>
            </head>
            <body>
            <header><h1>Kinetic</h1><p>iOS motion effects, rendered by <code style="display:inline;padding:1px 5px">kinetic</code> itself.</p></header>

            """
        for section in sections {
            page += "<h2>\(Gallery.escape(section.heading))</h2>\n<div class=\"grid\">\n"
            for entry in section.entries {
                page += """
                    <figure>
                    <img src="\(Gallery.escape(entry.image))" width="\(entry.width)" height="\(entry.height)" alt="\(Gallery.escape(entry.title))">
                    <figcaption><b>\(Gallery.escape(entry.title))</b><span>\(Gallery.escape(entry.caption))</span>
                    <div class="files">\((([entry.image] + entry.alternates).map { "<a href=\"\(Gallery.escape($0))\">\(Gallery.escape($0))</a>" }).joined())</div>
                    <code>\(Gallery.escape(entry.command))</code></figcaption>
                    </figure>

                    """
            }
            page += "</div>\n"
        }
        page += "</body>\n</html>\n"
        return page
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
