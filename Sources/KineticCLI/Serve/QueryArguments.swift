import Foundation
import KineticCore

/// An answer other than the picture: a status and one plain line saying what was wrong and how to fix it.
struct HTTPError: Error, Sendable, Equatable {
    /// The status: 4xx for the request, 503 for a busy or stopping server.
    var status: Int
    /// One line, without the newline.
    var message: String
    /// Seconds after which a retry may succeed (503), or nil.
    var retryAfter: Int?

    init(_ status: Int, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    /// A command's error as the service answers it: the command's words, with `--name` written as the parameter
    /// `name` (`to must be …`), and a status for its kind — bad input 400, an input the effect cannot draw 422, a
    /// missing tool (ffmpeg) 503; anything else is the server's fault, 500.
    init(_ error: CLIError, options: [OptionSpec]) {
        let message = Self.parameterWords(error.message, options: options)
        switch error {
        case .usage, .noInput: self.init(400, message)
        case .data: self.init(422, message)
        case .unavailable: self.init(503, message, retryAfter: 60)
        case .cannotCreate, .ioError, .failure: self.init(500, message)
        }
    }

    /// `text` with every `--name` of `options` written as `name`, longest names first (`--font-size` before
    /// `--font`).
    static func parameterWords(_ text: String, options: [OptionSpec]) -> String {
        var result = text
        for name in options.map(\.name).sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: "--\(name)", with: name)
        }
        return result.replacingOccurrences(of: " (see --help)", with: "").replacingOccurrences(
            of: "; see --help", with: "")
    }
}

/// A URL's query read as a command's options: the same names (without the dashes), values, ranges and words, so
/// that `/count.svg?to=1234&format=currency` means `kinetic render count --to 1234 --format currency`.
enum QueryArguments {
    /// Most parameters in one request: 64.
    static let maximumParameters = 64

    /// The options `query` gives, checked against `renderer`'s: unknown names (with the nearest known one),
    /// repeated names, options that name files and flags given a value other than "", 1, true or yes are errors.
    static func parse(_ query: [(name: String, value: String)], for renderer: EffectRenderer) throws(HTTPError)
        -> ParsedArguments
    {
        guard query.count <= maximumParameters else {
            throw HTTPError(400, "too many parameters (\(query.count)); at most \(maximumParameters)")
        }
        var parsed = ParsedArguments()
        var seen: Set<String> = []
        for (name, value) in query {
            guard !seen.contains(name) else {
                throw HTTPError(400, "parameter '\(InputFile.printable(name))' is given twice; give it once")
            }
            seen.insert(name)
            if renderer.optionsRefusedOverHTTP.contains(name) {
                throw HTTPError(
                    400,
                    "parameter '\(name)' is not available over HTTP: the service reads no file and writes none "
                        + "(the format is the path's extension)")
            }
            guard let spec = renderer.options.first(where: { $0.name == name }) else {
                throw HTTPError(400, unknownParameterMessage(name, renderer: renderer))
            }
            if spec.valueName == nil {
                switch value.lowercased() {
                case "", "1", "true", "yes": parsed.flags.insert(name)
                case "0", "false", "no": break
                default:
                    throw HTTPError(
                        400,
                        "parameter '\(name)' is a switch: give it alone, or =1 or =0 (got '\(InputFile.printable(value))')"
                    )
                }
            } else {
                parsed.values[name] = value
            }
        }
        return parsed
    }

    private static func unknownParameterMessage(_ name: String, renderer: EffectRenderer) -> String {
        var message = "unknown parameter '\(InputFile.printable(name))' for \(renderer.name)"
        let usable = renderer.options.map(\.name).filter { !renderer.optionsRefusedOverHTTP.contains($0) }
        let typed = Array(name.lowercased())
        let nearest =
            usable.filter { abs($0.count - typed.count) <= max(2, $0.count / 3) }
            .map { ($0, editDistance(Array($0), typed)) }.filter { $0.1 <= max(2, $0.0.count / 3) }
            .min { $0.1 < $1.1 }
        if let nearest { message += "; did you mean '\(nearest.0)'?" }
        return message + " (GET /\(renderer.name) lists its parameters)"
    }
}
