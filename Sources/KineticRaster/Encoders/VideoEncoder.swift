import Foundation
import KineticCore
import KineticFiles
import Synchronization

/// Writes MP4 (H.264, yuv420p) or WebM (VP9) by piping raw frames into an `ffmpeg` process.
///
/// - ffmpeg is found on PATH, or at `VideoOptions.ffmpegPath`; when it is missing, creating the encoder throws
///   `RasterError.ffmpegNotFound`, whose message says how to install it (`sudo apt-get install ffmpeg`).
/// - Constant frame rate: `VideoOptions.frameRate`, or the rate of the first frame's duration (1/30 s → 30 fps,
///   1001/30000 s → 29.97 fps). A frame is repeated or dropped so that output frame n shows what was on screen
///   at n / rate: the video's duration matches the sum of the durations to within one output frame.
/// - Odd widths or heights are made even (yuv420p needs it) by repeating the last column or row.
/// - MP4 has no alpha: frames are drawn over `EncoderOptions.background` (black when nil). WebM keeps alpha
///   (yuva420p) when the background is nil.
/// - ffmpeg writes the temporary file next to the destination, renamed when it succeeds. Its stderr is captured
///   and included in `RasterError.ffmpegFailed`.
/// - SIGPIPE is ignored process-wide from the first video encoder on, so that a dying ffmpeg gives an error
///   instead of killing the caller.
public final class VideoEncoder: FrameEncoder {
    public let path: String
    public let format: OutputFormat
    public let width: Int
    public let height: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0
    /// Frames sent to ffmpeg so far (after repeating or dropping for the constant rate).
    public private(set) var writtenFrameCount = 0
    /// The output frame rate, known after the first frame (frames per second).
    public private(set) var frameRate: Double?

    private let file: OutputFile
    private let executable: String
    private let options: EncoderOptions
    private let background: RGBA8?
    private let outputWidth: Int
    private let outputHeight: Int
    public var writtenWidth: Int { outputWidth }
    public var writtenHeight: Int { outputHeight }
    private var process: Process?
    private var input: FileHandle?
    private let errorOutput = ErrorOutput()
    private var rate: (numerator: Int, denominator: Int) = (0, 1)
    private var appendedTime: MediaTime = 0
    private var lastFrame: [UInt8] = []
    private var isDone = false

    /// Creates the encoder: checks ffmpeg is available and creates the temporary file next to `path`. ffmpeg
    /// itself starts with the first frame.
    ///
    /// - Throws: `RasterError.invalidOption` (format other than .mp4/.webm, bad options), `.invalidFrameSize`,
    ///   `.ffmpegNotFound`, `.cannotCreateFile`.
    public convenience init(
        path: String, format: OutputFormat, width: Int, height: Int, options: EncoderOptions = EncoderOptions()
    ) throws(RasterError) {
        try self.init(
            file: fileOperation { () throws(FileError) in try OutputFile(path: path) }, format: format, width: width,
            height: height, options: options)
    }

    /// Creates the encoder writing to `file` (a file, or memory: ffmpeg then writes a temporary file in the
    /// scratch folder, read back by `finish()`).
    package init(
        file: OutputFile, format: OutputFormat, width: Int, height: Int, options: EncoderOptions = EncoderOptions()
    ) throws(RasterError) {
        guard format.needsFFmpeg else {
            throw .invalidOption(name: "video format", value: format.rawValue, reason: "must be mp4 or webm")
        }
        try RGBAFrame.validateSize(width: width, height: height)
        try options.validate()
        self.path = file.path
        self.format = format
        self.width = width
        self.height = height
        self.options = options
        if let color = options.background {
            background = RGBA8(premultiplying: color.withAlpha(1))
        } else {
            background = format == .mp4 ? RGBA8(red: 0, green: 0, blue: 0, alpha: 255) : nil
        }
        outputWidth = width + width % 2
        outputHeight = height + height % 2
        executable = try Self.locateFFmpeg(options.video.ffmpegPath)
        self.file = file
        Self.ignoreBrokenPipes
    }

    deinit {
        if !isDone { cancel() }
    }

    /// The ffmpeg executable: the given path, or the first `ffmpeg` on PATH.
    ///
    /// - Throws: `RasterError.ffmpegNotFound` naming where it looked.
    public static func locateFFmpeg(_ explicitPath: String? = nil) throws(RasterError) -> String {
        if let explicitPath {
            guard FileManager.default.isExecutableFile(atPath: explicitPath) else {
                throw .ffmpegNotFound(searched: explicitPath)
            }
            return explicitPath
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .ffmpegNotFound(searched: "PATH=\(searchPath)")
    }

    public func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            try validate(frame, duration: duration, after: appendedTime)
            if process == nil { try start(firstDuration: duration) }
            frameCount += 1
            appendedTime += duration
            lastFrame = convert(frame)
            let target = Int((appendedTime * Double(rate.numerator) / Double(rate.denominator)).rounded())
            while writtenFrameCount < target {
                try send(lastFrame)
                writtenFrameCount += 1
            }
        }
    }

    public func finish() throws(RasterError) {
        try checkOpen(isDone)
        try cancellingOnError { () throws(RasterError) in
            guard let process, frameCount > 0 else { throw .invalidState("no frame was given for '\(path)'") }
            if writtenFrameCount == 0 {
                try send(lastFrame)
                writtenFrameCount = 1
            }
            try? input?.close()
            input = nil
            process.waitUntilExit()
            let message = errorOutput.wait()
            guard process.terminationStatus == 0 else {
                throw .ffmpegFailed(exitStatus: process.terminationStatus, standardError: message)
            }
            // An ffmpeg that says it succeeded but wrote nothing has failed all the same.
            var written = stat()
            guard stat(file.temporaryPath, &written) == 0, written.st_size > 0 else {
                throw .ffmpegFailed(exitStatus: 0, standardError: message + "\nffmpeg exited 0 but wrote nothing")
            }
            isDone = true
            try fileOperation { () throws(FileError) in try file.commit() }
        }
    }

    public func cancel() {
        isDone = true
        try? input?.close()
        input = nil
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        file.discard()
    }

    // MARK: ffmpeg

    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// The encoder's thread count, fixed: 2. Left to itself, an encoder uses one thread per CPU, and x264 and
    /// libvpx choose their bitstream by thread count (frame threads, lookahead, tiles), so the same frames would
    /// give different bytes on a laptop and a build server. With a fixed count they give the same bytes on 1, 2
    /// or 64 CPUs; what a many-core machine gives up is only speed (the encoder's share of a render is small
    /// next to drawing the frames, which still uses every core).
    public static let encoderThreads = 2

    /// The arguments for ffmpeg reading raw frames on stdin and writing `output`.
    func arguments(output: String) -> [String] {
        let hasAlpha = background == nil
        var arguments = [
            "-hide_banner", "-nostdin", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", hasAlpha ? "rgba" : "rgb24",
            "-s", "\(outputWidth)x\(outputHeight)", "-framerate", "\(rate.numerator)/\(rate.denominator)",
            "-i", "pipe:0",
            // sRGB frames → BT.709 YCbCr in limited (TV) range, and the file says so, so that players convert
            // back with the same matrix and show the colours the frames had (untagged, many assume BT.601).
            "-vf", "scale=out_color_matrix=bt709:out_range=tv",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
        ]
        switch format {
        case .webm:
            arguments += [
                "-c:v", "libvpx-vp9", "-crf", "\(options.video.constantRateFactor ?? 30)", "-b:v", "0",
                "-pix_fmt", hasAlpha ? "yuva420p" : "yuv420p", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                "-threads", "\(Self.encoderThreads)", "-tile-columns", "1",
            ]
            if hasAlpha { arguments += ["-auto-alt-ref", "0"] }
            arguments += ["-f", "webm"]
        default:
            arguments += [
                "-c:v", "libx264", "-preset", "medium", "-crf", "\(options.video.constantRateFactor ?? 18)",
                "-threads", "\(Self.encoderThreads)", "-x264-params", "lookahead-threads=1",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4",
            ]
        }
        arguments += ["-fflags", "+bitexact", "-map_metadata", "-1", "-y", output]
        return arguments
    }

    private func start(firstDuration: MediaTime) throws(RasterError) {
        if let fps = options.video.frameRate {
            let period = FrameTiming.rational(1 / fps)
            rate = (period.denominator, period.numerator)
        } else {
            let period = FrameTiming.rational(firstDuration)
            rate = (period.denominator, period.numerator)
        }
        frameRate = Double(rate.numerator) / Double(rate.denominator)
        try fileOperation { () throws(FileError) in try file.closeForExternalWriter() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(output: file.temporaryPath)
        let stdinPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .ffmpegFailed(exitStatus: -1, standardError: "could not start \(executable): \(error)")
        }
        self.process = process
        input = stdinPipe.fileHandleForWriting
        errorOutput.startReading(stderrPipe.fileHandleForReading)
    }

    /// Converts a frame to ffmpeg's input: rgb24 over the background, or straight rgba; padded to even sides by
    /// repeating the last column and row.
    private func convert(_ frame: RGBAFrame) -> [UInt8] {
        let channels = background == nil ? 4 : 3
        var out = [UInt8](repeating: 0, count: outputWidth * outputHeight * channels)
        let background = self.background
        frame.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { buffer in
                var o = 0
                for y in 0..<outputHeight {
                    let sy = min(y, height - 1)
                    for x in 0..<outputWidth {
                        let i = (sy * width + min(x, width - 1)) * 4
                        var pixel = RGBA8(red: raw[i], green: raw[i + 1], blue: raw[i + 2], alpha: raw[i + 3])
                        pixel = background.map { pixel.composited(over: $0) } ?? pixel.straight
                        buffer[o] = pixel.red
                        buffer[o + 1] = pixel.green
                        buffer[o + 2] = pixel.blue
                        if channels == 4 { buffer[o + 3] = pixel.alpha }
                        o += channels
                    }
                }
            }
        }
        return out
    }

    private func send(_ bytes: [UInt8]) throws(RasterError) {
        guard let descriptor = input?.fileDescriptor else { throw .invalidState("ffmpeg is not running") }
        let failed = bytes.withUnsafeBytes { raw -> Bool in
            guard var base = raw.baseAddress else { return false }
            var remaining = raw.count
            while remaining > 0 {
                let written = Foundation.write(descriptor, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                remaining -= written
                base += written
            }
            return false
        }
        if failed {
            try? input?.close()
            input = nil
            process?.waitUntilExit()
            throw .ffmpegFailed(exitStatus: process?.terminationStatus ?? -1, standardError: errorOutput.wait())
        }
    }

    /// ffmpeg's stderr, read on a background thread so the pipe never fills up.
    private final class ErrorOutput: Sendable {
        private let text = Mutex("")
        private let done = DispatchSemaphore(value: 0)
        private let started = Mutex(false)

        func startReading(_ handle: FileHandle) {
            started.withLock { $0 = true }
            Thread.detachNewThread { [self] in
                let data = handle.readDataToEndOfFile()
                text.withLock { $0 = String(decoding: data, as: UTF8.self) }
                done.signal()
            }
        }

        /// Waits for ffmpeg to close stderr and returns what it wrote.
        func wait() -> String {
            guard started.withLock({ $0 }) else { return "" }
            done.wait()
            done.signal()  // later calls return at once
            return text.withLock { $0 }
        }
    }
}
