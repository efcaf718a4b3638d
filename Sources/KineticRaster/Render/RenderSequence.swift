import Dispatch
import Foundation
import KineticCore
import KineticFiles
import Synchronization

/// Renders frames `0 ..< frameCount` on all cores and appends them to `encoder` in order, then finishes it.
///
/// - `render(i)` is called on worker threads, at most `concurrency` at once, so it must be thread-safe: give each
///   call its own `CairoSurface` and `TextContext`. It must be deterministic: the same `i` gives the same frame.
/// - Memory stays constant: at most 2 × `concurrency` frames are rendered ahead of the encoder.
/// - `frameDuration(i)` says how long frame i is shown (seconds); it is called on the calling thread.
/// - `progress` is told after each frame is encoded and finished at the end.
/// - On any error (from `render`, the encoder, or `shouldCancel()` returning true → `RasterError.cancelled`) the
///   workers stop, the encoder is cancelled (its temporary file removed) and the error is rethrown.
///
/// Blocks the calling thread until done.
public func renderSequence(
    frameCount: Int,
    frameDuration: (Int) -> MediaTime,
    encoder: any FrameEncoder,
    concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
    progress: ProgressReporter? = nil,
    shouldCancel: () -> Bool = { false },
    render: @escaping @Sendable (Int) throws -> RGBAFrame
) throws {
    guard frameCount > 0 else {
        encoder.cancel()
        throw RasterError.invalidState("nothing to render: the frame count is \(frameCount), it must be at least 1")
    }
    let workers = max(1, concurrency)
    let window = min(frameCount, workers * 2)
    let slots = (0..<window).map { _ in RenderSlot() }
    let gate = DispatchSemaphore(value: workers)
    let stop = StopFlag()
    let queue = DispatchQueue.global(qos: .userInitiated)

    func dispatch(_ index: Int) {
        let slot = slots[index % window]
        queue.async {
            gate.wait()
            defer { gate.signal() }
            let result: Result<RGBAFrame, any Error>
            if stop.isSet {
                result = .failure(RasterError.cancelled)
            } else {
                result = Result { try render(index) }
            }
            slot.deliver(result)
        }
    }

    var dispatched = 0
    while dispatched < window {
        dispatch(dispatched)
        dispatched += 1
    }
    var failure: (any Error)?
    var index = 0
    while index < dispatched {
        let result = slots[index % window].take()
        if failure == nil {
            do {
                if shouldCancel() { throw RasterError.cancelled }
                try encoder.append(result.get(), duration: frameDuration(index))
                progress?.update(completed: index + 1)
            } catch {
                failure = error
                stop.set()
            }
        }
        if failure == nil && dispatched < frameCount {
            dispatch(dispatched)
            dispatched += 1
        }
        index += 1
    }
    if let failure {
        encoder.cancel()
        progress?.finish()
        throw failure
    }
    do {
        try encoder.finish()
    } catch {
        progress?.finish()
        throw error
    }
    progress?.finish()
}

/// One frame in flight: its result and a semaphore signalled when it is there.
private final class RenderSlot: Sendable {
    private let result = Mutex<Result<RGBAFrame, any Error>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func deliver(_ value: Result<RGBAFrame, any Error>) {
        result.withLock { $0 = value }
        ready.signal()
    }

    /// Waits for the result and empties the slot for its next frame.
    func take() -> Result<RGBAFrame, any Error> {
        ready.wait()
        return result.withLock { stored in
            defer { stored = nil }
            return stored ?? .failure(RasterError.invalidState("a render slot was empty"))
        }
    }
}

/// Set once when rendering must stop.
private final class StopFlag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
