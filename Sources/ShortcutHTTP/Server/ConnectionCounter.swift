#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutSystem

/// The number of open connections across every event loop, against `ServerLimits.maxConnections`.
/// Thread-safe: guarded by `lock`.
final class ConnectionCounter: @unchecked Sendable {
    private let lock = Lock()
    private var open = 0  // guarded by lock
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more connection, unless that would pass the limit.
    func tryAcquire() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else { return false }
        open += 1
        return true
    }

    func release() {
        lock.lock()
        open -= 1
        lock.unlock()
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }
}
