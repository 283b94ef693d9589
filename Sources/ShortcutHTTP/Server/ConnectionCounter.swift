#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutPlatform

/// The number of open connections, in all and on each event loop, against `ServerLimits.maxConnections`.
/// Thread-safe: guarded by `lock` (taken once per accepted and once per closed connection).
final class ConnectionCounter: @unchecked Sendable {
    private let lock = Lock()
    private var open = 0  // guarded by lock
    private var perLoop: [Int]  // guarded by lock
    let limit: Int

    init(limit: Int, loops: Int = 1) {
        self.limit = limit
        perLoop = Array(repeating: 0, count: max(1, loops))
    }

    /// Counts one more connection on `loop`, unless that would pass the limit.
    func tryAcquire(loop: Int = 0) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else { return false }
        open += 1
        perLoop[loop] += 1
        return true
    }

    func release(loop: Int = 0) {
        lock.lock()
        open -= 1
        perLoop[loop] -= 1
        lock.unlock()
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    /// The open connections of each loop, by loop index.
    var currentPerLoop: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return perLoop
    }
}
