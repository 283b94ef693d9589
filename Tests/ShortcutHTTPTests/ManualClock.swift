import Foundation
@testable import ShortcutHTTP

/// A clock that moves only when a test advances it, so a timeout is tested by stepping time, not waiting.
/// Thread-safe: the server's loops read it while the test advances it.
final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64  // guarded by lock

    /// Starts far from zero, as a monotonic clock does.
    init(_ start: UInt64 = 1_000_000_000_000) { nanoseconds = start }

    func now() -> UInt64 { lock.withLock { nanoseconds } }

    func advance(by duration: Duration) { advance(nanoseconds: duration.nanoseconds) }

    func advance(nanoseconds step: UInt64) { lock.withLock { nanoseconds += step } }
}
