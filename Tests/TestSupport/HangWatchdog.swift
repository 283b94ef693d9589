import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGKILLs a process still running `seconds` after it was armed, so a test waiting on it (its output, its exit)
/// ends and can fail saying so instead of hanging the suite. Not a performance bound: the commands take
/// milliseconds; this only turns a hang (a FIFO read, a lost signal) into a failure.
public final class HangWatchdog: @unchecked Sendable {
    /// How long a spawned process may run before it is taken for hung.
    public static let defaultSeconds = 30.0

    private let lock = NSLock()
    private var fired = false  // guarded by lock
    private var armed = true  // guarded by lock

    public init(_ process: TestProcess, seconds: Double = HangWatchdog.defaultSeconds) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard armed else { return }
                fired = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Stops the watchdog; true if it had killed the process.
    public func disarm() -> Bool {
        lock.withLock {
            armed = false
            return fired
        }
    }
}
