import KineticCore

/// Something that writes frames to a file, one at a time, in constant memory: PNG, APNG, GIF, MP4, WebM.
///
/// Use: create with `OutputFormat.makeEncoder(path:width:height:options:)` (or an encoder's own initialiser),
/// `append` every frame with how long it is shown, then `finish()`. Output goes to a temporary file next to the
/// destination and is renamed into place by `finish()`; `cancel()`, a thrown error, or releasing an unfinished
/// encoder removes the temporary file, so nothing partial is ever left at the destination.
///
/// Encoders are not thread-safe; `renderSequence` renders in parallel and appends in order from one
/// thread.
public protocol FrameEncoder: AnyObject {
    /// The format written.
    var format: OutputFormat { get }
    /// The destination path.
    var path: String { get }
    /// Frame width in pixels (every appended frame must have it).
    var width: Int { get }
    /// Frame height in pixels.
    var height: Int { get }
    /// Frames appended so far.
    var frameCount: Int { get }
    /// The width of the picture in the file, in pixels: `width`, or more where the format needs it (H.264 and VP9
    /// in 4:2:0 need even sides: a 375-px frame is written 376 px wide, the extra column a copy of the last).
    var writtenWidth: Int { get }
    /// The height of the picture in the file, in pixels (see `writtenWidth`).
    var writtenHeight: Int { get }

    /// Adds a frame shown for `duration` seconds (> 0 and finite; a still PNG ignores it). A clip lasts at most a
    /// day (86,400 s) in all.
    ///
    /// - Throws: `RasterError.frameSizeMismatch`, `.invalidDuration` (also for a frame that would end the clip
    ///   after a day), `.invalidState` (after `finish`), or an
    ///   I/O or library error; after an error the encoder is cancelled.
    func append(_ frame: RGBAFrame, duration: MediaTime) throws(RasterError)

    /// Writes what remains, closes the file and renames it to `path`.
    ///
    /// - Throws: `RasterError.invalidState` when no frame was appended, or an I/O / library error (the temporary
    ///   file is removed).
    func finish() throws(RasterError)

    /// Stops and removes the temporary file. Safe to call at any time, more than once.
    func cancel()
}

extension FrameEncoder {
    public var writtenWidth: Int { width }
    public var writtenHeight: Int { height }

    /// Runs `body`; if it throws, cancels the encoder (removing its temporary file) and rethrows.
    func cancellingOnError<R>(_ body: () throws(RasterError) -> R) throws(RasterError) -> R {
        do {
            return try body()
        } catch {
            cancel()
            throw error
        }
    }

    /// Throws when the encoder was already finished or cancelled.
    func checkOpen(_ isDone: Bool) throws(RasterError) {
        guard !isDone else { throw .invalidState("'\(path)' was already finished or cancelled") }
    }

    /// Checks an appended frame's size and duration against the encoder's; `elapsed` is the clip's length so
    /// far, in seconds.
    func validate(_ frame: RGBAFrame, duration: MediaTime, after elapsed: MediaTime) throws(RasterError) {
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard duration.isFinite, duration > 0 else {
            throw .invalidDuration(duration, reason: "a frame must be shown for a finite time > 0 seconds")
        }
        // Half a centisecond of slack: a day of 1/30 s frames adds up to 86,400.0000035 s in doubles.
        guard duration <= FrameTiming.longestClip + 0.005 - elapsed else {
            throw .invalidDuration(
                duration,
                reason: "a clip lasts at most \(Int(FrameTiming.longestClip)) s (a day) in all; this frame would "
                    + "end it at \(elapsed + duration) s")
        }
    }
}
