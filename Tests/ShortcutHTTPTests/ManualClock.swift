import Foundation

@testable import ShortcutHTTP

/// A clock that moves only when a test advances it, so a timeout is tested by stepping time, not waiting.
/// Thread-safe: the server's loops read it while the test advances it.
final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by lock:
    private var nanoseconds: UInt64
    private var scheduled: [(deadline: UInt64, queue: DispatchQueue, body: @Sendable () -> Void)] = []

    /// Starts far from zero, as a monotonic clock does.
    init(_ start: UInt64 = 1_000_000_000_000) { nanoseconds = start }

    func now() -> UInt64 { lock.withLock { nanoseconds } }

    /// Kept until `advance` reaches `deadline`; then put on `queue`.
    func schedule(at deadline: UInt64, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        lock.withLock { scheduled.append((deadline, queue, body)) }
    }

    /// How many scheduled bodies wait for their time.
    var waiting: Int { lock.withLock { scheduled.count } }

    func advance(by duration: Duration) { advance(nanoseconds: duration.nanoseconds) }

    /// Steps the time, and puts what has become due on its queue (in the order scheduled).
    func advance(nanoseconds step: UInt64) {
        let due = lock.withLock { () -> [(deadline: UInt64, queue: DispatchQueue, body: @Sendable () -> Void)] in
            nanoseconds += step
            let due = scheduled.filter { $0.deadline <= nanoseconds }
            scheduled.removeAll { $0.deadline <= nanoseconds }
            return due
        }
        for item in due { item.queue.async(execute: item.body) }
    }
}
