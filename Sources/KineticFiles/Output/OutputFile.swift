import Foundation
import Synchronization

/// A file written safely: bytes go to a temporary file in the destination's folder (`.name.XXXXXX.tmp`, a name
/// no other process can predict, created exclusively so it never follows a link; mode 0644 minus the umask, or
/// the mode of the file it replaces), which is renamed over the destination only by `commit()`. It never deletes
/// or replaces a folder.
///
/// If anything fails, or `discard()` is called, or the object is released uncommitted, the temporary file is
/// removed: a failed or interrupted render never leaves a partial file or a stray temporary. While open, the
/// temporary path is in `TemporaryFileRegistry`, so a signal handler can remove it too.
///
/// An output can also be kept in memory (``init(inMemoryWithScratchFolder:)``): the same encoders write the same
/// bytes, which ``bytes`` holds after `commit()`, and no file is left anywhere.
///
/// Writes are buffered (256 KiB). Not thread-safe: one writer at a time.
public final class OutputFile {
    /// The destination path given at creation (in memory: a name in the scratch folder, never created).
    public let path: String
    /// The temporary file being written, in the same folder as `path`. In memory it exists only while an external
    /// writer (ffmpeg) writes it.
    public let temporaryPath: String
    /// Whether the bytes stay in memory (``bytes``) instead of going to `path`.
    public let isInMemory: Bool
    /// In memory: everything written so far; after `commit()`, the whole output. Empty for a file.
    public private(set) var bytes: [UInt8] = []

    private var descriptor: Int32
    /// In memory: whether `closeForExternalWriter()` created `temporaryPath` for another process to write.
    private var hasExternalFile = false
    private var buffer: [UInt8] = []
    private var state = State.open
    private var registrySlot: Int?
    /// Bytes written so far (buffered or not): the offset of the next byte.
    public private(set) var offset = 0

    private enum State { case open, closed, committed, discarded }
    private static let bufferSize = 256 * 1024
    private static let counter = Counter()

    /// A suffix for a temporary file name that no other process can predict (see `Counter`).
    package static func uniqueSuffix() -> String { counter.nextSuffix() }

    /// Creates the temporary file next to `path`.
    ///
    /// - Throws: `FileError.cannotCreate` naming the path and the reason (missing or unwritable folder,
    ///   the destination is a folder…).
    public init(path: String) throws(FileError) {
        self.path = path
        isInMemory = false
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotCreate(path: path, reason: "it is a folder; give a file name such as \(path)/out.gif")
        }
        var lastError: Int32 = 0
        for _ in 0..<100 {
            let candidate = folder + "/." + Self.shortened(name) + "." + Self.counter.nextSuffix() + ".tmp"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                // Replacing a file keeps its permissions (a shared 0664 file stays 0664).
                var existing = stat()
                if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
                    fchmod(fd, existing.st_mode & 0o7777)
                }
                self.descriptor = fd
                self.temporaryPath = candidate
                self.buffer.reserveCapacity(Self.bufferSize)
                self.registrySlot = TemporaryFileRegistry.register(candidate)
                return
            }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .cannotCreate(path: path, reason: Self.explain(errno: lastError, folder: folder))
    }

    /// An output kept in memory: `write` and `overwrite` work on ``bytes``, `commit()` completes it, and nothing
    /// is created on disk — except while an external writer (ffmpeg, which needs a seekable file) writes: then
    /// `closeForExternalWriter()` creates an unguessable temporary file in `scratchFolder`, and `commit()` reads it
    /// into ``bytes`` and removes it (as do `discard()`, an error and the signal handlers). GIF's clip palette
    /// keeps its frames in an unnamed file in `scratchFolder` too.
    ///
    /// - Parameter scratchFolder: A folder for those temporary files, e.g. "/tmp". Nothing is created in it here.
    public init(inMemoryWithScratchFolder scratchFolder: String) {
        let folder =
            scratchFolder.hasSuffix("/") && scratchFolder.count > 1 ? String(scratchFolder.dropLast()) : scratchFolder
        path = folder + "/kinetic-output"
        temporaryPath = folder + "/.kinetic-output." + Self.counter.nextSuffix() + ".tmp"
        isInMemory = true
        descriptor = -1
    }

    deinit {
        if state != .committed { discard() }
    }

    /// Appends bytes.
    ///
    /// - Throws: `FileError.ioFailed` (e.g. disk full), after which the file is discarded.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard state == .open else { throw .invalidState("write to '\(path)' after it was closed") }
        if isInMemory {
            self.bytes.append(contentsOf: bytes)
            offset += bytes.count
            return
        }
        if buffer.count + bytes.count > Self.bufferSize {
            try flush()
        }
        if bytes.count >= Self.bufferSize {
            try writeFully(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        offset += bytes.count
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        try bytes.withBytes { raw throws(FileError) in try write(raw) }
    }

    /// Overwrites bytes already written at `position` (e.g. a header patched when the frame count is known).
    ///
    /// - Throws: `FileError.ioFailed`, or `.invalidState` when the range is not inside what was written.
    public func overwrite(at position: Int, with bytes: [UInt8]) throws(FileError) {
        guard state == .open else { throw .invalidState("overwrite in '\(path)' after it was closed") }
        guard position >= 0, position + bytes.count <= offset else {
            throw .invalidState("overwrite at \(position) of \(bytes.count) bytes is beyond the \(offset) written")
        }
        if isInMemory {
            self.bytes.replaceSubrange(position..<position + bytes.count, with: bytes)
            return
        }
        try flush()
        let written = bytes.withUnsafeBytes { raw in pwrite(descriptor, raw.baseAddress, raw.count, off_t(position)) }
        guard written == bytes.count else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .ioFailed(path: temporaryPath, operation: "writing", reason: reason)
        }
    }

    /// Flushes and closes the temporary file without renaming it, for a writer in another process (ffmpeg) that
    /// writes `temporaryPath` itself. `commit()` renames it afterwards.
    public func closeForExternalWriter() throws(FileError) {
        guard state == .open else { return }
        if isInMemory {
            let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                let code = errno
                let folder = String(temporaryPath[..<(temporaryPath.lastIndex(of: "/") ?? temporaryPath.startIndex)])
                throw .cannotCreate(path: temporaryPath, reason: Self.explain(errno: code, folder: folder))
            }
            close(fd)
            hasExternalFile = true
            registrySlot = TemporaryFileRegistry.register(temporaryPath)
            state = .closed
            return
        }
        try flush()
        close(descriptor)
        state = .closed
    }

    /// Flushes, closes and renames the temporary file to `path`, replacing any file there.
    ///
    /// - Throws: `FileError.ioFailed` if flushing, closing or renaming fails (the temporary file is removed).
    public func commit() throws(FileError) {
        if isInMemory {
            try commitInMemory()
            return
        }
        switch state {
        case .committed: return
        case .discarded: throw .invalidState("'\(path)' was discarded and cannot be committed")
        case .open:
            try flush()
            if close(descriptor) != 0 {
                let reason = String(cString: strerror(errno))
                state = .closed
                discard()
                throw .ioFailed(path: temporaryPath, operation: "closing", reason: reason)
            }
            state = .closed
        case .closed: break
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .ioFailed(path: path, operation: "renaming the finished file to", reason: reason)
        }
        state = .committed
        unregister()
    }

    /// Closes and removes the temporary file. Safe to call more than once; does nothing after `commit()`.
    public func discard() {
        if isInMemory {
            guard state != .committed, state != .discarded else { return }
            if hasExternalFile { unlink(temporaryPath) }
            bytes = []
            state = .discarded
            unregister()
            return
        }
        switch state {
        case .committed, .discarded: return
        case .open: close(descriptor)
        case .closed: break
        }
        unlink(temporaryPath)
        state = .discarded
        unregister()
    }

    /// `commit()` in memory: the bytes written here, or the file an external writer wrote, read back and removed.
    private func commitInMemory() throws(FileError) {
        switch state {
        case .committed: return
        case .discarded: throw .invalidState("the output was discarded and cannot be committed")
        case .open, .closed: break
        }
        if hasExternalFile {
            guard let read = FileManager.default.contents(atPath: temporaryPath) else {
                let reason = String(cString: strerror(errno))
                discard()
                throw .ioFailed(path: temporaryPath, operation: "reading", reason: reason)
            }
            unlink(temporaryPath)
            bytes = Array(read)
            offset = bytes.count
        }
        state = .committed
        unregister()
    }

    private func unregister() {
        if let slot = registrySlot { TemporaryFileRegistry.unregister(slot: slot) }
        registrySlot = nil
    }

    private func flush() throws(FileError) {
        guard !buffer.isEmpty else { return }
        try buffer.withBytes { raw throws(FileError) in try writeFully(raw) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeFully(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Foundation.write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                discard()
                throw .ioFailed(path: temporaryPath, operation: "writing", reason: reason)
            }
            remaining -= written
            base += written
        }
    }

    /// `name` cut to at most 128 bytes (at a character's end), so that the temporary name — the name with a dot
    /// before and about 25 bytes after it — fits in a file system's 255 bytes whatever the output's name.
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > 128 else { return name }
        var result = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            if bytes > 128 { break }
            result.append(character)
        }
        return result
    }

    private static func explain(errno code: Int32, folder: String) -> String {
        switch code {
        case EACCES, EPERM, EROFS:
            return "the folder '\(folder)' is not writable (\(String(cString: strerror(code))))"
        case ENOENT, ENOTDIR:
            return "the folder '\(folder)' does not exist; create it first"
        default:
            return String(cString: strerror(code))
        }
    }

    /// Unique temporary-name suffixes: the process id, a counter and 48 random bits, so that no other process
    /// can guess the next name (the name never shows in any output: files stay deterministic).
    private final class Counter: Sendable {
        private let value = Mutex(0)

        func nextSuffix() -> String {
            let n = value.withLock { v in
                v += 1
                return v
            }
            let random = UInt64.random(in: 0..<(1 << 48))
            return String(getpid(), radix: 36) + String(n, radix: 36) + "-" + String(random, radix: 36)
        }
    }
}
