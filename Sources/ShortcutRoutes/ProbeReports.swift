import Dispatch
import ShortcutPlatform
import ShortcutRecords

/// The last probe reports this server received, in memory: a ring of `capacity`, numbered from 1, with a
/// rate limit per peer and one for all peers together (the route is open to the LAN, like `/p/`).
/// Thread-safe: guarded by `lock`. Nothing here grows with what the network sends: the ring is fixed, and
/// the peers remembered are those of the last minute, at most `allPerMinute` of them.
package final class ProbeReports: @unchecked Sendable {
    /// Reports kept; the oldest goes first.
    static let capacity = 64
    /// Reports a minute from one peer; more get 429.
    static let perPeerPerMinute = 10
    /// Reports a minute from all peers together (many addresses, or a trusted proxy's forged
    /// `X-Forwarded-For`, cannot print more than this on the server's terminal).
    static let allPerMinute = 60
    static let window = 60.0

    /// A report over a rate limit: when the next may come.
    struct Limited: Error, Equatable {
        let retryAfterSeconds: Int
        let reason: String
    }

    private let lock = Lock()
    private let now: @Sendable () -> Double
    // Guarded by `lock`.
    private var ring: [ProbeReport] = []
    private var nextSequence = 1
    private var recent: [String: [Double]] = [:]
    private var recentAll: [Double] = []
    private var listeners: [@Sendable (ProbeReport) -> Void] = []

    /// `now` is a monotonic clock in seconds (tests pass their own).
    package init(now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.now = now
    }

    /// Calls `listener` with each report taken from now on (on the thread that took it).
    package func onReport(_ listener: @escaping @Sendable (ProbeReport) -> Void) { lock.withLock { listeners.append(listener) } }

    /// Numbers `report`, keeps it (dropping the oldest past `capacity`) and tells the listeners; or refuses
    /// it when `peer` or everyone is over a rate limit.
    func add(_ report: ProbeReport, peer: String, receivedAt: Double) -> Result<ProbeReport, Limited> {
        let (result, listeners) = lock.withLock { () -> (Result<ProbeReport, Limited>, [@Sendable (ProbeReport) -> Void]) in
            let time = now()
            let since = time - Self.window
            recentAll.removeAll { $0 <= since }
            if recentAll.count >= Self.allPerMinute {
                return (
                    .failure(limited(oldest: recentAll[0], time, "more than \(Self.allPerMinute) probe reports a minute from all peers")),
                    []
                )
            }
            // Forget peers with nothing in the window: at most `allPerMinute` stay.
            if recent.count > Self.allPerMinute { recent = recent.filter { $0.value.last.map { $0 > since } ?? false } }
            var times = recent[peer, default: []]
            times.removeAll { $0 <= since }
            if times.count >= Self.perPeerPerMinute {
                recent[peer] = times
                return (
                    .failure(limited(oldest: times[0], time, "more than \(Self.perPeerPerMinute) probe reports a minute from \(peer)")), []
                )
            }
            times.append(time)
            recent[peer] = times
            recentAll.append(time)
            var kept = report
            kept.sequence = nextSequence
            kept.peer = ProbeReport.inert(peer)
            kept.receivedAt = receivedAt
            nextSequence += 1
            ring.append(kept)
            if ring.count > Self.capacity { ring.removeFirst(ring.count - Self.capacity) }
            return (.success(kept), self.listeners)
        }
        if case .success(let kept) = result { for listener in listeners { listener(kept) } }
        return result
    }

    private func limited(oldest: Double, _ time: Double, _ reason: String) -> Limited {
        Limited(retryAfterSeconds: max(1, Int((oldest + Self.window - time).rounded(.up))), reason: reason)
    }

    /// How many peers the rate limit remembers now (for tests: it stays near `allPerMinute`).
    var trackedPeers: Int { lock.withLock { recent.count } }

    /// The kept reports numbered above `sequence`, oldest first.
    func list(after sequence: Int = 0) -> [ProbeReport] { lock.withLock { ring.filter { $0.sequence > sequence } } }
}
