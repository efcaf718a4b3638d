import Synchronization

/// Rendered pictures kept in memory, by canonical request, bounded in bytes: when adding one would pass the bound,
/// the least recently used go first. A picture larger than a quarter of the bound is not kept. Thread-safe.
final class ResponseCache: Sendable {
    /// What a cached picture carries.
    struct Entry: Sendable {
        var body: [UInt8]
        var mediaType: String
        var etag: String
    }

    /// The bound, in bytes (0: nothing is kept).
    let capacity: Int
    private let state: Mutex<State>

    private struct State {
        var entries: [String: Node] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        /// Keys by last use (tick): the smallest is the least recently used.
        var order: [UInt64: String] = [:]
        var oldest: UInt64 = 0
    }

    private struct Node {
        var entry: Entry
        var tick: UInt64
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        state = Mutex(State())
    }

    /// The bytes held now.
    var byteCount: Int { state.withLock { $0.bytes } }
    /// The pictures held now.
    var count: Int { state.withLock { $0.entries.count } }

    /// The picture for `key`, marked as just used, or nil.
    func get(_ key: String) -> Entry? {
        state.withLock { state in
            guard var node = state.entries[key] else { return nil }
            state.order[node.tick] = nil
            state.tick += 1
            node.tick = state.tick
            state.order[node.tick] = key
            state.entries[key] = node
            return node.entry
        }
    }

    /// Keeps `entry` for `key`, dropping the least recently used until it fits.
    func put(_ key: String, _ entry: Entry) {
        let size = entry.body.count + key.utf8.count
        guard size <= capacity / 4 else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) {
                state.order[old.tick] = nil
                state.bytes -= old.entry.body.count + key.utf8.count
            }
            while state.bytes + size > capacity, !state.entries.isEmpty {
                // The ticks between `oldest` and the newest are visited once each over the cache's life.
                while state.order[state.oldest] == nil { state.oldest += 1 }
                if let victim = state.order.removeValue(forKey: state.oldest),
                    let node = state.entries.removeValue(forKey: victim)
                {
                    state.bytes -= node.entry.body.count + victim.utf8.count
                }
            }
            state.tick += 1
            state.entries[key] = Node(entry: entry, tick: state.tick)
            state.order[state.tick] = key
            state.bytes += size
        }
    }
}
