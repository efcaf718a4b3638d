import Foundation

/// Reads a pipe to its end on a thread of its own, so that a test can read a child's standard output and standard
/// error at the same time: read one after the other, a child that fills the second pipe (64 KiB) while the first is
/// being read blocks for ever.
///
/// ```swift
/// let errors = PipeReader(errPipe.fileHandleForReading)
/// let output = outPipe.fileHandleForReading.readDataToEndOfFile()
/// let errorData = errors.wait()
/// ```
public final class PipeReader: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the reading thread before `finished` is signalled, read after.
    private var data = Data()

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            finished.signal()
        }
    }

    /// Everything the pipe carried, once its writer closed it.
    public func wait() -> Data {
        finished.wait()
        return data
    }
}
