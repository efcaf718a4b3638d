import Synchronization

/// The service's counters, served at `/metrics` in Prometheus' text format (version 0.0.4). Thread-safe.
final class ServiceMetrics: Sendable {
    /// Upper bounds of the render-time histogram's buckets, in seconds.
    static let renderBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private let state = Mutex(State())

    private struct State {
        var requests: [String: Int] = [:]
        var renderCounts = [Int](repeating: 0, count: ServiceMetrics.renderBuckets.count)
        var renderTotal = 0
        var renderSum = 0.0
        var cacheHits = 0
        var cacheMisses = 0
        var notModified = 0
        var rejected = 0
    }

    /// Counts a finished request by route (the effect's name, or the page) and status.
    func request(route: String, status: Int) {
        state.withLock { $0.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1 }
    }

    /// Counts one render that took `seconds`.
    func render(seconds: Double) {
        state.withLock { state in
            state.renderTotal += 1
            state.renderSum += seconds
            for (index, bound) in Self.renderBuckets.enumerated() where seconds <= bound {
                state.renderCounts[index] += 1
            }
        }
    }

    func cacheHit() { state.withLock { $0.cacheHits += 1 } }
    func cacheMiss() { state.withLock { $0.cacheMisses += 1 } }
    func notModified() { state.withLock { $0.notModified += 1 } }
    /// Counts a request turned away because the queue was full or its deadline passed.
    func rejected() { state.withLock { $0.rejected += 1 } }

    /// The text for `/metrics`, with the gauges read now.
    func text(cacheBytes: Int, cacheEntries: Int, queueDepth: Int, rendering: Int) -> String {
        state.withLock { state in
            var lines: [String] = []
            func family(_ name: String, _ type: String, _ help: String) {
                lines.append("# HELP \(name) \(help)")
                lines.append("# TYPE \(name) \(type)")
            }
            family("kinetic_http_requests_total", "counter", "Requests answered, by route and status.")
            for (labels, count) in state.requests.sorted(by: { $0.key < $1.key }) {
                lines.append("kinetic_http_requests_total{\(labels)} \(count)")
            }
            family("kinetic_render_seconds", "histogram", "Time to render one picture, in seconds.")
            for (bound, count) in zip(Self.renderBuckets, state.renderCounts) {
                lines.append("kinetic_render_seconds_bucket{le=\"\(bound)\"} \(count)")
            }
            lines.append("kinetic_render_seconds_bucket{le=\"+Inf\"} \(state.renderTotal)")
            lines.append("kinetic_render_seconds_sum \(state.renderSum)")
            lines.append("kinetic_render_seconds_count \(state.renderTotal)")
            family("kinetic_cache_hits_total", "counter", "Pictures answered from the in-memory cache.")
            lines.append("kinetic_cache_hits_total \(state.cacheHits)")
            family("kinetic_cache_misses_total", "counter", "Pictures that had to be rendered.")
            lines.append("kinetic_cache_misses_total \(state.cacheMisses)")
            family("kinetic_not_modified_total", "counter", "Requests answered 304 from their entity tag.")
            lines.append("kinetic_not_modified_total \(state.notModified)")
            family(
                "kinetic_rejected_total", "counter", "Requests answered 503: the queue was full or the deadline passed."
            )
            lines.append("kinetic_rejected_total \(state.rejected)")
            family("kinetic_cache_bytes", "gauge", "Bytes of pictures held in the cache.")
            lines.append("kinetic_cache_bytes \(cacheBytes)")
            family("kinetic_cache_entries", "gauge", "Pictures held in the cache.")
            lines.append("kinetic_cache_entries \(cacheEntries)")
            family("kinetic_queue_depth", "gauge", "Renders waiting for a render thread.")
            lines.append("kinetic_queue_depth \(queueDepth)")
            family("kinetic_renders_in_progress", "gauge", "Renders running now.")
            lines.append("kinetic_renders_in_progress \(rendering)")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
