import Dispatch
import ShortcutPlatform

/// Where the server's connections read the time for their deadlines, in monotonic nanoseconds, and where a
/// handler's delayed answer (`HTTPResponse.delay`) waits. The server uses `SystemClock`; tests give it a
/// clock they advance by hand, so a timeout or a delay is tested by stepping time, without waiting.
/// Read once per batch of events (and per deadline check), never per request.
protocol MonotonicClock: AnyObject, Sendable {
    /// Monotonic time in nanoseconds.
    func now() -> UInt64
    /// Runs `body` on `queue` once this clock reads `deadline` or later.
    func schedule(at deadline: UInt64, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void)
}

/// The system's monotonic clock: the one Dispatch's timers run on (`DispatchTime`'s uptime), read directly.
final class SystemClock: MonotonicClock {
    static let shared = SystemClock()

    func now() -> UInt64 { monotonicNanoseconds() }

    func schedule(at deadline: UInt64, on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline), execute: body)
    }
}

/// Monotonic time in nanoseconds, on `DispatchTime`'s clock.
func monotonicNanoseconds() -> UInt64 { Platform.monotonicNanoseconds() }
