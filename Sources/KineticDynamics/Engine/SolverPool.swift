import Foundation
import Synchronization

/// The worker threads of a world whose ``PhysicsSettings/threadCount`` is above 1: `threadCount − 1` threads that
/// join the calling thread on a job, and a barrier that separates the job's stages.
///
/// A job is one closure run by every participant at once with its index (0 is the calling thread) and the number
/// of participants; a stage of the job splits its items among the participants by index ranges and ends at
/// ``barrier()``. Work is split so that every item is computed by exactly the same arithmetic whichever
/// participant runs it: the results do not depend on the thread count (the engine's stages only split items that
/// write disjoint memory — the bodies of one constraint colour, one contact each, one body each).
///
/// Idle workers spin briefly after a job and then sleep on a condition variable, so that a world that is not
/// stepped costs no CPU.
final class SolverPool: @unchecked Sendable {
    /// The participants of a job: the calling thread and the workers.
    let participants: Int
    private let condition = NSCondition()
    /// Bumped (under `condition`) for every job; workers run a job when they see it change.
    private let generation = Atomic<Int>(0)
    private var job: (@Sendable (Int, Int) -> Void)?
    private var isShuttingDown = false
    private let barrierArrived = Atomic<Int>(0)
    private let barrierPhase = Atomic<Int>(0)

    /// A pool of `participants − 1` worker threads (`participants` ≥ 2).
    init(participants: Int) {
        self.participants = max(2, participants)
        for worker in 1..<self.participants {
            let thread = Thread { [self] in self.workerLoop(worker) }
            thread.name = "KineticDynamics solver \(worker)"
            thread.start()
        }
    }

    /// Stops the workers (they exit once they see it); the pool must not run jobs afterwards.
    func shutDown() {
        condition.lock()
        isShuttingDown = true
        generation.add(1, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body(participant, participants)` on every participant, the calling thread being participant 0, and
    /// returns when all have finished. `body` must end every participant's work with the same number of
    /// ``barrier()`` calls (the last one after its last write).
    func run(_ body: @escaping @Sendable (Int, Int) -> Void) {
        condition.lock()
        job = body
        generation.add(1, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
        body(0, participants)
        // Everyone is past the job's last barrier once the main thread is; wait for them to have left it too.
        barrier()
    }

    /// Waits until every participant has reached the same barrier (a sense-reversing spin barrier that yields the
    /// processor while it waits, for a machine busier than the pool).
    func barrier() {
        let phase = barrierPhase.load(ordering: .acquiring)
        if barrierArrived.add(1, ordering: .acquiringAndReleasing).newValue == participants {
            barrierArrived.store(0, ordering: .relaxed)
            barrierPhase.add(1, ordering: .releasing)
            return
        }
        var spins = 0
        while barrierPhase.load(ordering: .acquiring) == phase {
            spins += 1
            if spins > 64 { sched_yield() }
        }
    }

    private func workerLoop(_ worker: Int) {
        var seen = 0
        while true {
            // Spin for the next job for a little while (steps follow each other closely), then sleep.
            var spins = 0
            while generation.load(ordering: .acquiring) == seen && spins < 20_000 {
                spins += 1
                if spins > 200 { sched_yield() }
            }
            condition.lock()
            while generation.load(ordering: .acquiring) == seen { condition.wait() }
            seen = generation.load(ordering: .acquiring)
            let body = job
            let stop = isShuttingDown
            condition.unlock()
            if stop { return }
            body?(worker, participants)
            barrier()
        }
    }
}

/// The items `start..<end` of `count` that participant `index` of `participants` takes in a split stage:
/// contiguous, in order, covering `0..<count` exactly once over all participants.
@inline(__always) func share(of count: Int, participant index: Int, of participants: Int) -> Range<Int> {
    guard participants > 1 else { return 0..<count }
    return (count * index / participants)..<(count * (index + 1) / participants)
}
