import KineticCore
import KineticFiles

/// Everything that can go wrong in KineticRaster, each case with a message that says what was wrong and how to fix
/// it (`description`).
public enum RasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A frame or surface size outside 1…`RGBAFrame.maximumSide` per side or above `RGBAFrame.maximumPixelCount`.
    case invalidFrameSize(width: Int, height: Int, reason: String)
    /// A pixel buffer whose byte count is not width × height × 4.
    case invalidPixelData(width: Int, height: Int, byteCount: Int)
    /// A frame whose size differs from the size the encoder was created with.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A frame duration that is negative, not finite, or too long for the format.
    case invalidDuration(MediaTime, reason: String)
    /// An option outside its documented range.
    case invalidOption(name: String, value: String, reason: String)
    /// An output path whose extension names no supported format.
    case unsupportedExtension(path: String, supported: [String])
    /// The output (or its temporary file) could not be created.
    case cannotCreateFile(path: String, reason: String)
    /// Writing, renaming or reading a file failed.
    case ioFailed(path: String, operation: String, reason: String)
    /// A Cairo call failed; `status` is Cairo's own message.
    case cairo(operation: String, status: String)
    /// A Pango call failed.
    case pango(operation: String, reason: String)
    /// libimagequant failed to build or apply a palette.
    case quantization(operation: String, code: Int)
    /// zlib failed.
    case compression(operation: String, code: Int)
    /// `ffmpeg` is not on PATH (nor at the given path).
    case ffmpegNotFound(searched: String)
    /// `ffmpeg` failed; `standardError` is what it printed.
    case ffmpegFailed(exitStatus: Int32, standardError: String)
    /// A call that the encoder's state does not allow (append after finish, a second PNG still, no frames…).
    case invalidState(String)
    /// The work was cancelled; nothing was left behind.
    case cancelled
    /// An effect's spec could not be turned into layers; the message says which value and how to fix it.
    case invalidEffect(String)

    public var description: String {
        switch self {
        case .invalidFrameSize(let width, let height, let reason):
            return "invalid frame size \(width)×\(height) pixels: \(reason)"
        case .invalidPixelData(let width, let height, let byteCount):
            return "a \(width)×\(height) RGBA frame needs \(width * height * 4) bytes (width × height × 4), "
                + "got \(byteCount)"
        case .frameSizeMismatch(let expectedWidth, let expectedHeight, let width, let height):
            return "frame is \(width)×\(height) pixels but the encoder was created for "
                + "\(expectedWidth)×\(expectedHeight): every frame of one file must have the same size"
        case .invalidDuration(let duration, let reason):
            return "invalid frame duration \(duration) s: \(reason)"
        case .invalidOption(let name, let value, let reason):
            return "invalid \(name) \(value): \(reason)"
        case .unsupportedExtension(let path, let supported):
            let list = supported.map { "." + $0 }.joined(separator: ", ")
            return "cannot tell the output format of '\(path)' from its extension; supported: \(list)"
        case .cannotCreateFile(let path, let reason):
            return "cannot create '\(path)': \(reason)"
        case .ioFailed(let path, let operation, let reason):
            return "\(operation) '\(path)' failed: \(reason)"
        case .cairo(let operation, let status):
            return "Cairo \(operation) failed: \(status)"
        case .pango(let operation, let reason):
            return "Pango \(operation) failed: \(reason)"
        case .quantization(let operation, let code):
            return "libimagequant \(operation) failed (liq_error \(code))"
        case .compression(let operation, let code):
            return "zlib \(operation) failed (code \(code))"
        case .ffmpegNotFound(let searched):
            return "ffmpeg was not found (searched \(searched)); MP4 and WebM are encoded by ffmpeg: "
                + "install it with `sudo apt-get install ffmpeg` (Debian/Ubuntu) or `brew install ffmpeg` (macOS)"
        case .ffmpegFailed(let exitStatus, let standardError):
            // One line: ffmpeg's last non-empty line names the problem (what comes before it is context).
            let lines = standardError.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }
            let last = lines.last { !$0.isEmpty }.map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
            return "ffmpeg failed with exit status \(exitStatus)" + (last.map { ": \($0)" } ?? "")
        case .invalidState(let message):
            return message
        case .cancelled:
            return "cancelled"
        case .invalidEffect(let message):
            return message
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension RasterError {
    /// The raster error with the same message as a file error.
    public init(_ error: FileError) {
        switch error {
        case .cannotCreate(let path, let reason): self = .cannotCreateFile(path: path, reason: reason)
        case .ioFailed(let path, let operation, let reason):
            self = .ioFailed(path: path, operation: operation, reason: reason)
        case .invalidState(let message): self = .invalidState(message)
        }
    }
}

/// Runs a file operation, its `FileError` thrown as the `RasterError` with the same message.
@inlinable func fileOperation<T>(_ body: () throws(FileError) -> T) throws(RasterError) -> T {
    do { return try body() } catch { throw RasterError(error) }
}
