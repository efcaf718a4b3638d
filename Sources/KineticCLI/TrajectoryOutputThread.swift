import Foundation
import KineticDynamics

/// Formats and writes `kinetic simulate`'s frames on a thread of its own while the engine computes the next ones,
/// so that a run takes about the longer of the two instead of their sum (formatting 1,000 items at 60 frames a
/// second costs about a third of the engine's time).
///
/// At most ``capacity`` frames wait, so memory stays flat; text is written in chunks of `chunk` bytes; the bytes
/// are exactly those of ``SceneSimulation/TrajectoryJSON``, in frame order. The first failed write stops the writer
/// and is thrown by the next ``send(_:)`` or by ``finish(restedAt:)``.
final class TrajectoryOutputThread: @unchecked Sendable {
    /// Frames that may wait for the writer. Default 4.
    let capacity: Int
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [SceneSimulation.Frame] = []
    /// Set by ``finish(restedAt:)``: the run is over and this is its `restedAt`.
    private var closing: Double?? = nil
    private var abandoned = false
    private var failure: CLIError?
    private var writerDone = false

    /// Starts the writer thread, which writes the opening at once.
    init(rate: Double, chunk: Int, streams: StandardStreams, capacity: Int = 4) {
        self.capacity = capacity
        Thread.detachNewThread { [self] in self.writeLoop(rate: rate, chunk: chunk, streams: streams) }
    }

    /// Queues the next frame, waiting while ``capacity`` frames wait already; throws the writer's error if a
    /// write failed.
    func send(_ frame: SceneSimulation.Frame) throws(CLIError) {
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= capacity, failure == nil, !writerDone { condition.wait() }
        if let failure { throw failure }
        pending.append(frame)
        condition.broadcast()
    }

    /// Ends the output with `restedAt`, waits until everything is written and throws the writer's error if any.
    func finish(restedAt: Double?) throws(CLIError) {
        condition.lock()
        defer { condition.unlock() }
        closing = .some(restedAt)
        condition.broadcast()
        while !writerDone { condition.wait() }
        if let failure { throw failure }
    }

    /// Stops the writer without the closing (the run failed); waits for it.
    func abandon() {
        condition.lock()
        defer { condition.unlock() }
        abandoned = true
        condition.broadcast()
        while !writerDone { condition.wait() }
    }

    private func writeLoop(rate: Double, chunk: Int, streams: StandardStreams) {
        var writer = SceneSimulation.TrajectoryJSON.Writer()
        writer.appendOpening(rate: rate)
        var index = 0
        while true {
            condition.lock()
            while pending.isEmpty, closing == nil, !abandoned { condition.wait() }
            if abandoned {
                end(failure: nil)
                return
            }
            guard !pending.isEmpty else {
                let restedAt = closing ?? nil
                condition.unlock()
                writer.appendClosing(restedAt: restedAt)
                let error = write(writer.takeText(), to: streams)
                condition.lock()
                end(failure: error)
                return
            }
            let frame = pending.removeFirst()
            condition.broadcast()
            condition.unlock()
            writer.append(frame, index: index)
            index += 1
            if writer.byteCount >= chunk, let error = write(writer.takeText(), to: streams) {
                condition.lock()
                end(failure: error)
                return
            }
        }
    }

    /// Records the end of the writer (called with the lock held; releases it).
    private func end(failure: CLIError?) {
        self.failure = failure
        writerDone = true
        condition.broadcast()
        condition.unlock()
    }

    private func write(_ text: String, to streams: StandardStreams) -> CLIError? {
        do throws(CLIError) {
            try streams.out(text)
            return nil
        } catch {
            return error
        }
    }
}
