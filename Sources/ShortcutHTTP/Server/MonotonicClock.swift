import Dispatch

/// Where the server's connections read the time for their deadlines, in monotonic nanoseconds. The server
/// uses `SystemClock`; tests give it a clock they advance by hand, so a timeout is tested without waiting.
/// Read once per batch of events (and per deadline check), never per request.
protocol MonotonicClock: AnyObject, Sendable {
    /// Monotonic time in nanoseconds.
    func now() -> UInt64
}

/// The system's monotonic clock (`DispatchTime`, the clock Dispatch's timers run on).
final class SystemClock: MonotonicClock {
    static let shared = SystemClock()

    func now() -> UInt64 { monotonicNanoseconds() }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
