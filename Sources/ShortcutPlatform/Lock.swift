#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, shared by the layers above: NSLock without
/// Foundation, whose start-up alone (CoreFoundation's initialisers) costs the binary ~1 MB of RSS.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Takes the lock if it is free and returns true; returns false at once if another thread holds it.
    /// For work that may be put off (a flush, an expiry) rather than wait for a holder doing I/O.
    package func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
