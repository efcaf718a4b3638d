import Foundation
import KineticFiles

/// Frames kept on disk between the two passes of an encoder that must see the whole clip before it writes
/// (`GIFEncoder`'s clip palette): a temporary file in the output's folder that has no name — created with
/// O_TMPFILE on Linux, else created and removed from the folder at once — so nothing is left behind whatever
/// happens to the process (its space is freed when the object is released).
///
/// Frames are words (one per pixel) of a fixed size. Each is stored as the rectangle where it differs from the
/// frame stored before it, with the caller's `Note` (its delay, and a flag): a clip that changes little takes
/// little space, and reading a frame back costs one copy of the previous one plus the rectangle.
final class FrameSpill {
    let width: Int
    let height: Int
    /// Frames stored so far.
    private(set) var count = 0
    /// Bytes stored so far.
    private(set) var byteCount = 0
    private let descriptor: Int32
    /// The path the file had while it was being created, for error messages (it no longer exists).
    private let description: String
    private var buffer: [UInt8] = []
    private var isReading = false
    /// Where `readNext` reads a record's header.
    private let header = UnsafeMutableRawBufferPointer.allocate(byteCount: FrameSpill.headerSize, alignment: 8)
    private static let bufferSize = 1 << 20
    /// Per record: the note's delay and flag, then x, y, width and height of the rectangle (0 wide when
    /// identical).
    private static let headerSize = 6 * 8

    #if os(Linux)
        /// Linux's `__O_TMPFILE` (`O_TMPFILE` is it with `O_DIRECTORY`), which Swift does not import.
        private static let temporaryFileFlag: Int32 = 0o20_000_000
    #endif

    /// What the caller stores with a frame.
    struct Note: Equatable {
        /// How long the frame is shown, in centiseconds.
        var delay: Int
        /// A flag of the caller's.
        var flag: Bool
    }

    /// Creates the file in the folder of `outputPath`.
    ///
    /// - Throws: `RasterError.cannotCreateFile` naming the folder and the reason.
    init(nextTo outputPath: String, width: Int, height: Int) throws(RasterError) {
        self.width = width
        self.height = height
        let url = URL(fileURLWithPath: outputPath)
        let folder = url.deletingLastPathComponent().path
        #if os(Linux)
            // A file that never has a name (O_TMPFILE, Linux 3.11+, where the file system supports it).
            let unnamed = open(folder, O_RDWR | O_DIRECTORY | Self.temporaryFileFlag | O_CLOEXEC, 0o600)
            if unnamed >= 0 {
                descriptor = unnamed
                description = folder + " (an unnamed temporary file)"
                buffer.reserveCapacity(Self.bufferSize)
                return
            }
        #endif
        var lastError: Int32 = 0
        for _ in 0..<100 {
            let candidate =
                folder + "/." + url.lastPathComponent + "." + OutputFile.uniqueSuffix() + ".frames.tmp"
            let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(candidate)
                descriptor = fd
                description = candidate
                buffer.reserveCapacity(Self.bufferSize)
                return
            }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .cannotCreateFile(
            path: outputPath,
            reason: "its frames could not be kept in a temporary file in '\(folder)': "
                + String(cString: strerror(lastError)))
    }

    deinit {
        close(descriptor)
        header.deallocate()
    }

    /// Stores `frame` (`width` × `height` words), which differs from the frame stored before it only inside
    /// `changed` (nil: identical; the first frame's must be the whole frame), with `note`.
    func append(_ frame: UnsafeBufferPointer<UInt32>, changed: PixelRect?, note: Note) throws(RasterError) {
        guard !isReading else { throw .invalidState("frames stored after they were read back") }
        let rect = changed ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        for value in [note.delay, note.flag ? 1 : 0, rect.x, rect.y, rect.width, rect.height] {
            withUnsafeBytes(of: Int64(value).littleEndian) { buffer.append(contentsOf: $0) }
        }
        for y in rect.y..<rect.maxY {
            let row = UnsafeBufferPointer(rebasing: frame[(y * width + rect.x)..<(y * width + rect.maxX)])
            if buffer.count + row.count * 4 > Self.bufferSize { try flush() }
            buffer.append(contentsOf: UnsafeRawBufferPointer(row))
        }
        if buffer.count >= Self.bufferSize { try flush() }
        count += 1
        byteCount += Self.headerSize + rect.width * rect.height * 4
    }

    /// Starts reading the frames back from the first; no frame can be stored afterwards.
    func rewind() throws(RasterError) {
        if !isReading { try flush() }
        isReading = true
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure("rewinding") }
    }

    /// Reads the next frame into `frame`, which must hold the frame read before it (anything for the first
    /// frame, which covers the whole frame), and returns its note.
    func readNext(into frame: UnsafeMutableBufferPointer<UInt32>) throws(RasterError) -> Note {
        try readFully(header)
        let values = (0..<6).map { Int(Int64(littleEndian: header.load(fromByteOffset: $0 * 8, as: Int64.self))) }
        let rect = PixelRect(x: values[2], y: values[3], width: values[4], height: values[5])
        guard rect.x >= 0, rect.y >= 0, rect.width >= 0, rect.height >= 0, rect.maxX <= width,
            rect.maxY <= height
        else { throw .invalidState("the temporary frame file is damaged") }
        for y in rect.y..<rect.maxY {
            let row = UnsafeMutableBufferPointer(rebasing: frame[(y * width + rect.x)..<(y * width + rect.maxX)])
            try readFully(UnsafeMutableRawBufferPointer(row))
        }
        return Note(delay: values[0], flag: values[1] != 0)
    }

    private func flush() throws(RasterError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return Foundation.write(descriptor, base + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("writing")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func readFully(_ bytes: UnsafeMutableRawBufferPointer) throws(RasterError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let got = read(descriptor, base, remaining)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                if got == 0 { throw .invalidState("the temporary frame file ended early") }
                throw failure("reading")
            }
            remaining -= got
            base += got
        }
    }

    private func failure(_ operation: String) -> RasterError {
        .ioFailed(
            path: description, operation: operation + " the frames kept for the second pass",
            reason: String(cString: strerror(errno)))
    }
}
