import Foundation
import Synchronization

/// Work for a ``SolverPool``: `stageCount` stages run in order; stage `s` has `blockCount(s)` blocks that may run
/// in any order and at the same time (each writes memory no other block of the stage touches), and a stage starts
/// once every block of the one before has finished.
struct SolverJob: Sendable {
    /// The number of stages.
    var stageCount: Int
    /// The number of blocks of a stage (0 skips it).
    var blockCount: @Sendable (Int) -> Int
    /// Runs block `block` of stage `stage`.
    var execute: @Sendable (_ stage: Int, _ block: Int) -> Void
}

/// The worker threads of a world whose ``PhysicsSettings/threadCount`` is above 1: `threadCount − 1` threads that
/// help the calling thread through a ``SolverJob``.
///
/// The calling thread runs the job itself, stage by stage, and the workers take blocks of the current stage as they
/// come (an atomic cursor hands each block to exactly one thread); a stage ends when all its blocks are done. A
/// worker that is not running at the time (a busy machine) delays nothing: the calling thread takes the blocks
/// itself. Which thread runs a block never changes what the block computes, so the results do not depend on the
/// thread count or on the machine's load.
///
/// Idle workers spin briefly after a job and then sleep on a condition variable, so that a world that is not
/// stepped costs no CPU.
final class SolverPool: @unchecked Sendable {
    /// The participants of a job: the calling thread and the workers.
    let participants: Int
    private let condition = NSCondition()
    /// Bumped (under `condition`) for every job; workers join a job when they see it change.
    private let generation = Atomic<Int>(0)
    /// The current job (under `condition`).
    private var job: SolverJob?
    private var isShuttingDown = false
    /// The job's tag (its generation, 24 bits), the current stage (20 bits) and its next unclaimed block (20 bits),
    /// so that a worker that slept through a job can never take a block of another.
    private let cursor = Atomic<Int>(0)
    /// Blocks of the current stage finished so far.
    private let done = Atomic<Int>(0)
    /// Workers inside the current job.
    private let inside = Atomic<Int>(0)

    /// The most stages and blocks per stage a job may have (20 bits each).
    static let stageLimit = 1 << 20
    static let blockLimit = 1 << 20

    /// The stage numbers that mean "the job has not started a stage yet" and "the job is over".
    private static let notStarted = 0xF_FFFE
    private static let over = 0xF_FFFF

    @inline(__always) private static func encode(tag: Int, stage: Int, block: Int) -> Int {
        (tag & 0xFF_FFFF) << 40 | (stage & 0xF_FFFF) << 20 | block
    }

    /// A pool of `participants − 1` worker threads (`participants` ≥ 2).
    init(participants: Int) {
        self.participants = max(2, participants)
        for worker in 1..<self.participants {
            let thread = Thread { [self] in self.workerLoop() }
            thread.name = "KineticDynamics solver \(worker)"
            thread.start()
        }
    }

    /// Stops the workers (they exit once they see it); the pool must not run jobs afterwards.
    func shutDown() {
        condition.lock()
        isShuttingDown = true
        generation.add(1, ordering: .sequentiallyConsistent)
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `job` (at most ``stageLimit`` stages of at most ``blockLimit`` blocks; more are run by the calling
    /// thread alone) with the workers' help, and returns when it is complete and no worker is still inside it.
    func run(_ job: SolverJob) {
        condition.lock()
        self.job = job
        let tag = generation.add(1, ordering: .sequentiallyConsistent).newValue
        cursor.store(Self.encode(tag: tag, stage: Self.notStarted, block: 0), ordering: .sequentiallyConsistent)
        condition.broadcast()
        condition.unlock()
        for stage in 0..<job.stageCount {
            let blocks = job.blockCount(stage)
            if blocks == 0 { continue }
            guard stage < Self.notStarted, blocks < Self.blockLimit else {
                for block in 0..<blocks { job.execute(stage, block) }
                continue
            }
            done.store(0, ordering: .sequentiallyConsistent)
            cursor.store(Self.encode(tag: tag, stage: stage, block: 0), ordering: .sequentiallyConsistent)
            var finishedHere = 0
            while let block = claim(tag: tag, stage: stage, blocks: blocks) {
                job.execute(stage, block)
                finishedHere += 1
            }
            done.add(finishedHere, ordering: .sequentiallyConsistent)
            // Blocks a worker took may still be running: wait for them (never for a worker that took none).
            var spins = 0
            while done.load(ordering: .sequentiallyConsistent) < blocks {
                spins += 1
                if spins > 256 { sched_yield() }
            }
        }
        condition.lock()
        self.job = nil
        cursor.store(Self.encode(tag: tag, stage: Self.over, block: 0), ordering: .sequentiallyConsistent)
        condition.unlock()
        var spins = 0
        while inside.load(ordering: .sequentiallyConsistent) > 0 {
            spins += 1
            if spins > 256 { sched_yield() }
        }
    }

    /// Takes the next block of `stage` (of `blocks`) of job `tag`, or nil when none is left or the stage is over.
    @inline(__always) private func claim(tag: Int, stage: Int, blocks: Int) -> Int? {
        let base = Self.encode(tag: tag, stage: stage, block: 0)
        var current = cursor.load(ordering: .sequentiallyConsistent)
        while true {
            let block = current - base
            guard block >= 0, block < blocks else { return nil }
            let (exchanged, original) = cursor.compareExchange(
                expected: current, desired: current + 1, ordering: .sequentiallyConsistent)
            if exchanged { return block }
            current = original
        }
    }

    private func workerLoop() {
        var seen = 0
        while true {
            // Spin for the next job for a little while (steps follow each other closely), then sleep.
            var spins = 0
            while generation.load(ordering: .sequentiallyConsistent) == seen && spins < 4_000 {
                spins += 1
                if spins > 100 { sched_yield() }
            }
            condition.lock()
            while generation.load(ordering: .sequentiallyConsistent) == seen { condition.wait() }
            seen = generation.load(ordering: .sequentiallyConsistent)
            let current = job
            let stop = isShuttingDown
            if current != nil { inside.add(1, ordering: .sequentiallyConsistent) }
            condition.unlock()
            if stop { return }
            guard let current else { continue }
            help(current, tag: seen)
            inside.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// A worker's part of job `tag`: take blocks of whatever stage is current until the job is over.
    private func help(_ job: SolverJob, tag: Int) {
        var lastStage = -1
        var spins = 0
        while true {
            let current = cursor.load(ordering: .sequentiallyConsistent)
            guard (current >> 40) & 0xFF_FFFF == tag & 0xFF_FFFF,
                generation.load(ordering: .sequentiallyConsistent) == tag
            else { return }
            let stage = (current >> 20) & 0xF_FFFF
            if stage == Self.over { return }
            if stage != Self.notStarted && stage > lastStage && stage < job.stageCount {
                lastStage = stage
                var finished = 0
                while let block = claim(tag: tag, stage: stage, blocks: job.blockCount(stage)) {
                    job.execute(stage, block)
                    finished += 1
                }
                if finished > 0 { done.add(finished, ordering: .sequentiallyConsistent) }
                spins = 0
            } else {
                spins += 1
                if spins > 64 { sched_yield() }
            }
        }
    }
}
