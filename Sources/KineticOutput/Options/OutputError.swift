import KineticExport
import KineticRaster

/// Why a clip could not be written, with a message that says what was wrong and how to fix it.
///
/// Messages name options in one of two ways (``Naming``): as the library's properties (`scale`) in
/// `description`, or as the command line's flags (`--scale`) in `message(naming: .flags)`.
public enum OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path's extension names no format.
    case unsupportedExtension(path: String)
    /// An option the format cannot honour.
    case notApplicable(OutputOption, format: FileFormat)
    /// An option outside its range, or a clip that cannot be written with the options (too long, too large).
    case invalidOption(OutputOption?, message: String)
    /// The effect could not build its clip; the message names the value of the spec and how to fix it.
    case invalidEffect(String)
    /// An input (the background picture) could not be read.
    case unreadableInput(path: String, reason: String)
    /// An input (the background picture) is not what it must be: not a PNG or JPEG, or one that does not decode.
    case invalidInput(path: String, reason: String)
    /// The destination could not be written (a missing or read-only folder, a full disk…).
    case cannotWrite(RasterError)
    /// A program the format needs is missing (`ffmpeg` for video).
    case unavailable(RasterError)
    /// The renderer, an encoder or `ffmpeg` failed.
    case failed(RasterError)
    /// The exporter refused the clip.
    case export(ExportError)
    /// The write was interrupted; nothing was left behind.
    case cancelled

    /// How messages name options.
    public enum Naming: Sendable {
        /// As ``OutputOptions``' properties: `framesPerSecond`, `backgroundImage`.
        case properties
        /// As `kinetic render`'s flags: `--fps`, `--background-image`.
        case flags
    }

    /// The message, naming options as `naming` says; one line.
    public func message(naming: Naming) -> String {
        var text: String
        switch self {
        case .unsupportedExtension(let path):
            text = "cannot tell the output format of '\(path)' from its extension; use \(FileFormat.extensionList)"
        case .notApplicable(let option, let format):
            text = "\(option.placeholder) does not apply to \(format): \(option.reason(for: format))"
        case .invalidOption(_, let message): text = message
        case .invalidEffect(let message): text = message
        case .unreadableInput(let path, let reason), .invalidInput(let path, let reason):
            // The reader's reason names the file already ("reading the picture 'x.png' failed: …").
            text =
                "\(OutputOption.backgroundImage.placeholder): "
                + (reason.contains(path) ? reason : "'\(path)': \(reason)")
        case .cannotWrite(let error), .unavailable(let error), .failed(let error): text = "\(error)"
        case .export(let error): text = error.message
        case .cancelled: text = "interrupted; no output was written"
        }
        for option in OutputOption.allCases {
            let name = naming == .flags ? "--" + option.flag : option.rawValue
            text = text.replacing(option.placeholder, with: name)
        }
        for side in ["width", "height"] {
            text = text.replacing(
                "\u{1}canvas-\(side)\u{2}", with: naming == .flags ? "--" + side : "the canvas \(side)")
        }
        return text
    }

    public var description: String { message(naming: .properties) }

    /// A renderer's error as an output error, by what it means for the caller.
    static func from(_ error: RasterError) -> OutputError {
        switch error {
        case .cannotCreateFile, .ioFailed: .cannotWrite(error)
        case .ffmpegNotFound: .unavailable(error)
        case .cancelled: .cancelled
        case .invalidEffect(let message): .invalidEffect(message)
        case .invalidOption: .invalidOption(nil, message: "\(error)")
        default: .failed(error)
        }
    }
}
