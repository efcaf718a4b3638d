import Foundation
import Synchronization

/// A fixed number of render threads and a bounded queue in front of them: a job beyond the queue is refused at
/// once (the service answers 503 with Retry-After) rather than waiting without bound. Thread-safe.
final class RenderPool: Sendable {
    /// Threads rendering at once, ≥ 1.
    let workers: Int
    /// Jobs waiting at most, ≥ 0.
    let queueLimit: Int
    private let state: Mutex<State>
    private let wake: DispatchSemaphore
    private let finished = DispatchGroup()

    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var head = 0
        var running = 0
        var stopping = false
    }

    init(workers: Int, queueLimit: Int) {
        self.workers = max(1, workers)
        self.queueLimit = max(0, queueLimit)
        state = Mutex(State())
        wake = DispatchSemaphore(value: 0)
        for index in 0..<self.workers {
            finished.enter()
            let thread = Thread { [self] in
                self.work()
                self.finished.leave()
            }
            thread.name = "kinetic-render-\(index)"
            // Rendering text and GIFs goes deep; 8 MiB, as the main thread has.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Jobs waiting now.
    var depth: Int { state.withLock { $0.waiting.count - $0.head } }
    /// Jobs rendering now.
    var running: Int { state.withLock { $0.running } }

    /// Queues `job`; false (and the job is not run) when the queue is full or the pool is stopping.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping, state.waiting.count - state.head < queueLimit + max(0, workers - state.running)
            else { return false }
            state.waiting.append(job)
            return true
        }
        if accepted { wake.signal() }
        return accepted
    }

    /// Lets the queued jobs finish, then ends the threads; returns false if they were not done within `seconds`.
    func stop(within seconds: Double) -> Bool {
        state.withLock { $0.stopping = true }
        for _ in 0..<workers { wake.signal() }
        return finished.wait(timeout: .now() + seconds) == .success
    }

    private func work() {
        while true {
            wake.wait()
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.head < state.waiting.count else { return nil }
                let job = state.waiting[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.waiting.count {
                    state.waiting.removeFirst(state.head)
                    state.head = 0
                }
                state.running += 1
                return job
            }
            guard let job else {
                if state.withLock({ $0.stopping && $0.head >= $0.waiting.count }) { return }
                continue
            }
            job()
            state.withLock { $0.running -= 1 }
        }
    }
}
