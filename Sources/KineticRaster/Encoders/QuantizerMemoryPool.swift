import Foundation
import Synchronization

/// The allocator given to libimagequant: it keeps up to 16 freed large blocks (≥ 64 KiB, 96 MiB in all) and hands
/// them out again, so that quantising one frame after another reuses the same memory instead of returning it to
/// the system and faulting it in again (which cost about a fifth of the GIF encoder's time). Small blocks go
/// straight to malloc and free.
///
/// Each block carries a 16-byte header holding its usable size. Thread-safe.
enum QuantizerMemoryPool {
    /// `malloc` for libimagequant.
    static let allocate: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
        QuantizerMemoryPool.take(size)
    }

    /// `free` for libimagequant.
    static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        QuantizerMemoryPool.give(pointer)
    }

    private static let headerSize = 16
    private static let smallestPooled = 64 * 1024
    private static let maximumBlocks = 16
    private static let maximumBytes = 96 * 1024 * 1024
    /// Pooled blocks: each block's address (as an integer, so the pool is Sendable) and usable size.
    private static let blocks = Mutex<[(address: UInt, capacity: Int)]>([])

    private static func take(_ size: Int) -> UnsafeMutableRawPointer? {
        if size >= smallestPooled {
            let reused = blocks.withLock { pool -> UInt? in
                // The smallest block that fits and is not more than twice too big.
                var best: Int?
                for (index, block) in pool.enumerated()
                where block.capacity >= size && block.capacity <= 2 * size
                    && (best.map { block.capacity < pool[$0].capacity } ?? true)
                {
                    best = index
                }
                return best.map { pool.remove(at: $0).address }
            }
            if let reused, let base = UnsafeMutableRawPointer(bitPattern: reused) { return base + headerSize }
        }
        guard let base = malloc(size + headerSize) else { return nil }
        base.storeBytes(of: size, as: Int.self)
        return base + headerSize
    }

    private static func give(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let base = pointer - headerSize
        let capacity = base.load(as: Int.self)
        if capacity >= smallestPooled {
            let kept = blocks.withLock { pool -> Bool in
                let total = pool.reduce(capacity) { $0 + $1.capacity }
                guard pool.count < maximumBlocks, total <= maximumBytes else { return false }
                pool.append((UInt(bitPattern: base), capacity))
                return true
            }
            if kept { return }
        }
        free(base)
    }
}
