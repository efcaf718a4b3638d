import CPrefetch
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
/// The calling thread runs the job itself, stage by stage (a stage of one block alone, without the workers), and
/// the workers take blocks of the current stage as they come. A stage's blocks are handed out as at most
/// ``chunkLimit`` chunks of neighbouring blocks, one bit each in an atomic word that also holds the stage's key,
/// so that a worker that slept through a stage can never take a chunk of another. Each participant starts at its
/// own place in the chunks (the calling thread at the first, worker `k` of `n − 1` at `k/n` of the way; with fewer
/// chunks than participants some share a place) and then takes whatever is left: the same part of every stage goes to the same thread while the threads keep pace, so the
/// bodies a thread touched in one colour are mostly in its own cache for the next. A worker that is not running
/// at the time (a busy machine) delays nothing: the calling thread takes the chunks itself. Which thread runs a
/// block never changes what the block computes, so the results do not depend on the thread count or on the
/// machine's load.
///
/// Between the stages of a job the workers spin with the processor's spin hint and yield after a while
/// (``stageSpins``; the calling thread likewise waits for chunks still running, ``finishSpins``); after a job they
/// look for the next one a little longer, yielding the core to any other thread that wants it (``idleSpins``,
/// ``idleYields``), then sleep on a condition variable, so that a world that is not stepped costs no CPU.
final class SolverPool: @unchecked Sendable {
    /// The participants of a job: the calling thread and the workers.
    let participants: Int
    private let condition = NSCondition()
    /// Bumped (under `condition`) for every job; workers join a job when they see it change.
    private let generation = Atomic<Int>(0)
    /// The current job (under `condition`).
    private var job: SolverJob?
    private var isShuttingDown = false
    /// The current stage's key in the upper 32 bits (the job's tag, 12 bits of its generation, and the stage, 20
    /// bits) and its chunks taken so far in the lower 32 (one bit a chunk).
    private let claims = Atomic<UInt64>(0)
    /// Chunks of the current stage finished so far.
    private let done = Atomic<Int>(0)
    /// Workers inside the current job.
    private let inside = Atomic<Int>(0)

    /// The most stages a job may have (20 bits, less the two marks below); a job's further stages run on the
    /// calling thread alone.
    static let stageLimit = notStarted
    /// The most chunks a stage's blocks are handed out in (one bit each).
    static let chunkLimit = 32

    /// The stage numbers that mean "the job has not started a stage yet" and "the job is over".
    private static let notStarted = 0xF_FFFE
    private static let over = 0xF_FFFF
    private static let keyMask: UInt64 = 0xFFFF_FFFF_0000_0000

    @inline(__always) private static func key(tag: Int, stage: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: tag & 0xFFF) << 52 | UInt64(truncatingIfNeeded: stage & 0xF_FFFF) << 32
    }

    /// The blocks of chunk `chunk` when `blocks` blocks make `chunks` chunks (`chunks` ≤ `blocks`).
    @inline(__always) private static func blocks(ofChunk chunk: Int, chunks: Int, blocks: Int) -> Range<Int> {
        chunks == blocks ? chunk..<(chunk + 1) : (chunk * blocks / chunks)..<((chunk + 1) * blocks / chunks)
    }

    /// A pool of `participants − 1` worker threads (`participants` ≥ 2).
    init(participants: Int) {
        self.participants = max(2, participants)
        for worker in 1..<self.participants {
            let thread = Thread { [self] in self.workerLoop(index: worker) }
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

    /// Runs `job` (its stages past ``stageLimit`` on the calling thread alone) with the workers' help, and returns
    /// when it is complete and no worker is still inside it. A worker may still hold its copy of `job` (and so of
    /// its closures' captures) for a moment after: a job must not capture anything whose lifetime is checked when
    /// the call ends (a closure lent by `withoutActuallyEscaping` traps when it finds itself still referenced).
    func run(_ job: SolverJob) {
        condition.lock()
        self.job = job
        let tag = generation.add(1, ordering: .sequentiallyConsistent).newValue
        claims.store(Self.key(tag: tag, stage: Self.notStarted), ordering: .sequentiallyConsistent)
        condition.broadcast()
        condition.unlock()
        for stage in 0..<job.stageCount {
            let blocks = job.blockCount(stage)
            if blocks == 0 { continue }
            guard blocks > 1, stage < Self.stageLimit else {
                for block in 0..<blocks { job.execute(stage, block) }
                continue
            }
            let chunks = min(blocks, Self.chunkLimit)
            let key = Self.key(tag: tag, stage: stage)
            done.store(0, ordering: .sequentiallyConsistent)
            claims.store(key, ordering: .sequentiallyConsistent)
            var finishedHere = 0
            while let chunk = claim(key: key, chunks: chunks, home: 0) {
                for block in Self.blocks(ofChunk: chunk, chunks: chunks, blocks: blocks) { job.execute(stage, block) }
                finishedHere += 1
            }
            done.add(finishedHere, ordering: .sequentiallyConsistent)
            // Chunks a worker took may still be running: wait for them (never for a worker that took none).
            var spins = 0
            while done.load(ordering: .sequentiallyConsistent) < chunks {
                spins += 1
                if spins > Self.finishSpins { sched_yield() } else { kinetic_spin_pause() }
            }
        }
        condition.lock()
        self.job = nil
        claims.store(Self.key(tag: tag, stage: Self.over), ordering: .sequentiallyConsistent)
        condition.unlock()
        var spins = 0
        while inside.load(ordering: .sequentiallyConsistent) > 0 {
            spins += 1
            if spins > Self.finishSpins { sched_yield() } else { kinetic_spin_pause() }
        }
    }

    /// Takes a chunk (of `chunks`) of the stage whose key is `key`: the first free one from `home` on, else the
    /// first free one; nil when none is left or the stage is over.
    @inline(__always) private func claim(key: UInt64, chunks: Int, home: Int) -> Int? {
        let all: UInt64 = chunks >= 32 ? 0xFFFF_FFFF : (1 << UInt64(chunks)) - 1
        let fromHome = all & ~((1 << UInt64(home)) - 1)
        var current = claims.load(ordering: .sequentiallyConsistent)
        while true {
            guard current & Self.keyMask == key else { return nil }
            let free = ~current & all
            if free == 0 { return nil }
            let ahead = free & fromHome
            let chunk = ahead != 0 ? ahead.trailingZeroBitCount : free.trailingZeroBitCount
            let (exchanged, original) = claims.compareExchange(
                expected: current, desired: current | 1 << UInt64(chunk), ordering: .sequentiallyConsistent)
            if exchanged { return chunk }
            current = original
        }
    }

    private func workerLoop(index: Int) {
        var seen = 0
        while true {
            // Look for the next job a while (a step's jobs follow each other within a tenth of a millisecond or
            // so): spin a moment, then yield the core on each look, so that another thread of the program that
            // steps the world (one writing output, say) runs meanwhile; then sleep, so that a world that is not
            // stepped costs no CPU.
            var spins = 0
            while generation.load(ordering: .sequentiallyConsistent) == seen && spins < Self.idleSpins + Self.idleYields
            {
                spins += 1
                if spins > Self.idleSpins { sched_yield() }
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
            help(current, tag: seen, index: index)
            inside.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Loads of the job counter an idle worker makes before it yields on each further look (a few microseconds),
    /// and the yields it makes before it sleeps (about 0.1–0.3 ms when no other thread wants the core: longer
    /// than the serial part of a step between two jobs on the 1,000-box pile).
    static let idleSpins = 2_000
    static let idleYields = 256
    /// Looks at the stage word a worker makes between two stages of a job before it yields the core on each
    /// further one (stages follow each other within microseconds; a worker that yields is late for the next). Each
    /// look but the yielding ones ends with the processor's spin hint (`pause`: about 25 ns on the project machine,
    /// so some 25 µs in all).
    static let stageSpins = 1_024
    /// Looks the calling thread makes, with the spin hint, at the chunks still running on workers (or at workers
    /// still inside a finished job) before it yields on each further one: some 6 µs. Without the hint the same
    /// loop yielded after a fraction of a microsecond, and a two-thread step spent a tenth of its CPU time in the
    /// scheduler.
    static let finishSpins = 256

    /// Worker `index`'s part of job `tag`: take chunks of whatever stage is current until the job is over.
    private func help(_ job: SolverJob, tag: Int, index: Int) {
        var lastStage = -1
        var spins = 0
        while true {
            let current = claims.load(ordering: .sequentiallyConsistent)
            guard current >> 52 == UInt64(truncatingIfNeeded: tag & 0xFFF),
                generation.load(ordering: .sequentiallyConsistent) == tag
            else { return }
            let stage = Int(truncatingIfNeeded: (current >> 32) & 0xF_FFFF)
            if stage == Self.over { return }
            if stage != Self.notStarted && stage > lastStage && stage < job.stageCount {
                lastStage = stage
                let blocks = job.blockCount(stage)
                let chunks = min(blocks, Self.chunkLimit)
                let home = index * chunks / participants
                var finished = 0
                while let chunk = claim(key: current & Self.keyMask, chunks: chunks, home: home) {
                    for block in Self.blocks(ofChunk: chunk, chunks: chunks, blocks: blocks) {
                        job.execute(stage, block)
                    }
                    finished += 1
                }
                if finished > 0 { done.add(finished, ordering: .sequentiallyConsistent) }
                spins = 0
            } else {
                spins += 1
                if spins > Self.stageSpins { sched_yield() } else { kinetic_spin_pause() }
            }
        }
    }
}

extension SolverPool {
    /// Runs blocks `0..<blocks` of a one-stage job: with `pool`'s workers when there is a pool, else on the calling
    /// thread in order.
    static func run(blocks: Int, on pool: SolverPool?, _ execute: @escaping @Sendable (_ block: Int) -> Void) {
        guard let pool else {
            for block in 0..<blocks { execute(block) }
            return
        }
        pool.run(SolverJob(stageCount: 1, blockCount: { _ in blocks }, execute: { _, block in execute(block) }))
    }
}
