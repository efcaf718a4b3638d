import Foundation

/// The pages `kinetic serve` writes itself: the gallery at `/` (the demo's animations as live URLs) and an effect's
/// parameter list at `/NAME`.
enum ServicePage {
    /// The gallery: every `kinetic demo` animation as its live SVG and GIF URLs, with the countdown, each with the
    /// URL to copy. Self-contained: inline CSS, no script.
    static func html(renderers: [EffectRenderer]) -> String {
        var cards = ""
        let names = Set(renderers.map(\.name))
        var items = DemoCommand.items.compactMap { item -> (DemoCommand.Item, String)? in
            guard item.arguments.count >= 2, item.arguments[0] == "render", names.contains(item.arguments[1]),
                let query = query(Array(item.arguments.dropFirst(2)))
            else { return nil }
            return (item, query)
        }
        let countdown = DemoCommand.Item(
            section: "Live", title: "Countdown to 2027",
            caption: "The time left, read when the picture is asked for; each digit rolls down as the seconds pass.",
            name: "countdown", arguments: ["render", "countdown"], width: 360, height: 120)
        items.append((countdown, "until=2027-01-01T00:00:00Z"))
        var section = ""
        for (item, query) in items {
            if item.section != section {
                if !section.isEmpty { cards += "</div>\n" }
                section = item.section
                cards += "<h2>\(escape(section))</h2>\n<div class=\"grid\">\n"
            }
            let effect = item.arguments[1]
            let suffix = query.isEmpty ? "" : "?" + query
            let svg = "/\(effect).svg\(suffix)"
            let gif = "/\(effect).gif\(suffix)"
            cards += """
                <figure><img src="\(escape(svg))" width="\(item.width)" height="\(item.height)" alt="\(escape(item.title))">
                <figcaption><b>\(escape(item.title))</b> \(escape(item.caption))<br>
                <code>\(escape(svg))</code><br><a href="\(escape(gif))">GIF</a> · \
                <a href="\(escape("/\(effect).json\(suffix)"))">Lottie</a> · \
                <a href="\(escape("/\(effect).png\(suffix)"))">PNG</a></figcaption></figure>

                """
        }
        if !section.isEmpty { cards += "</div>\n" }
        let effects = renderers.map { "<a href=\"/\($0.name)\">\($0.name)</a>" }.joined(separator: " · ")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Kinetic — live pictures</title>
            <style>
            body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1c1c1e; }
            .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr)); gap: 1.5rem; }
            figure { margin: 0; } img { max-width: 100%; height: auto; border: 1px solid #e5e5ea; border-radius: 8px; }
            code { font-size: 12px; word-break: break-all; }
            @media (prefers-color-scheme: dark) { body { background: #1c1c1e; color: #f2f2f7; } a { color: #64d2ff; } }
            </style>
            </head>
            <body>
            <h1>Kinetic — live pictures</h1>
            <p>Every picture below is rendered by this server from its URL: <code>/EFFECT.FORMAT?PARAMETER=VALUE…</code>,
            with the parameters of <code>kinetic render EFFECT</code> (without the dashes). Formats: .svg .gif .png .apng
            .json (Lottie) .lottie .mp4 .webm. Parameters of each effect: \(effects).</p>
            \(cards)</body>
            </html>

            """
    }

    /// The parameters `renderer` takes over HTTP, one per line with its help, and an example.
    static func parameters(_ renderer: EffectRenderer) -> String {
        var text = "/\(renderer.name).FORMAT?PARAMETER=VALUE&… — FORMAT: svg gif png apng json lottie mp4 webm\n\n"
        let usable = renderer.options.filter { !renderer.optionsRefusedOverHTTP.contains($0.name) }
        let width = min(28, (usable.map { $0.name.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0) + 2)
        for spec in usable {
            var label = spec.name
            if let value = spec.valueName { label += "=\(value)" }
            let padding = String(repeating: " ", count: max(2, width - label.count))
            text += "  \(label)\(padding)\(HTTPError.parameterWords(spec.help, options: renderer.options))\n"
        }
        return text
    }

    /// `kinetic render NAME` arguments as a query (`--to 10000 --no-grouping` → `to=10000&no-grouping`); nil when
    /// one is not a `--name [value]` pair.
    static func query(_ arguments: [String]) -> String? {
        var parts: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { return nil }
            let name = String(argument.dropFirst(2))
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") || Double(arguments[index + 1]) != nil
            {
                parts.append("\(name)=\(percentEncoded(arguments[index + 1]))")
                index += 2
            } else {
                parts.append(name)
                index += 1
            }
        }
        return parts.joined(separator: "&")
    }

    /// `text` percent-encoded for a query value (unreserved characters kept).
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,:")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
