import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// Counts one more connection and picks the loop to own it: `preferred` (the loop that accepted it)
    /// unless it holds more than `handOverSlack(fewest)` connections beyond the loop holding the fewest, which
    /// then owns it. Nil, counting nothing, when that would pass the limit.
    ///
    /// Every loop watches the listener, and whichever the kernel wakes first accepts a whole burst: 3 and 253
    /// of wrk's 256 connections on two loops, measured. Owning by count keeps the spread within the slack:
    /// 256 connections on two loops end at most 135 to 121 (1.05 times a loop's share).
    func tryAcquire(preferring preferred: Int = 0) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else { return nil }
        var fewest = preferred
        for loop in perLoop.indices where perLoop[loop] < perLoop[fewest] { fewest = loop }
        let owner = perLoop[preferred] > perLoop[fewest] + ConnectionCounter.handOverSlack(perLoop[fewest]) ? fewest : preferred
        open += 1
        perLoop[owner] += 1
        return owner
    }

    /// How many connections more than the emptiest loop the accepting loop may hold and still keep a new
    /// one: 2, or an eighth of the emptiest loop's. A hand-over costs the new connection a wait for the other
    /// loop's queue (its current batch), so churning short connections (`Connection: close`)
    /// should stay where they were accepted; a long-lived spread stays within an eighth.
    static func handOverSlack(_ fewest: Int) -> Int { max(2, fewest / 8) }

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
