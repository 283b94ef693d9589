import Dispatch
import ShortcutPlatform

/// One thread at the event loops' priority that hands the blocking pool's answers back to their loops
/// (`EventLoop.start`: a block on the loop's queue). Not the pool's threads themselves: they run below the
/// loops (`BlockingPool.serve`), Linux gives a new thread its creator's nice value, and Dispatch on Linux starts
/// a worker on the thread that queues work when no worker is idle. An unprivileged process cannot raise a nice
/// value again, so a worker started by a pool thread would serve the loops' queues at the pool's nice value for
/// its whole life (seen as user nobody, the pool at +10: one of six Dispatch workers at nice 10 after 3 s of
/// POSTs; none with the relay). Started by a loop's thread, this one keeps the loops' priority, and so do the
/// workers it starts. (Darwin's workers take a queue's quality of service instead; the relay is harmless there.)
final class AnswerRelay: @unchecked Sendable {
    private let lock = Lock()
    /// Signalled once per posted body, and once at `shutdown`.
    private let available = DispatchSemaphore(value: 0)
    // Guarded by `lock`.
    private var pending: [@Sendable () -> Void] = []
    private var isRunning = false
    private var isShutDown = false

    /// Starts the thread unless it runs. Call from a thread at the loops' priority (a loop's); false when the
    /// system has no thread to give, and then `post` runs its body at once, on the caller's thread.
    @discardableResult
    func start() -> Bool {
        let starts = lock.withLock { () -> Bool in
            guard !isRunning, !isShutDown else { return false }
            isRunning = true
            return true
        }
        guard starts else { return true }
        do {
            try Platform.startThread { [self] in serve() }
            return true
        } catch {
            lock.withLock { isRunning = false }
            return false
        }
    }

    /// Runs `body` on the relay's thread, after what was posted before it.
    func post(_ body: @escaping @Sendable () -> Void) {
        let queued = lock.withLock { () -> Bool in
            guard isRunning else { return false }
            pending.append(body)
            return true
        }
        if queued { available.signal() } else { body() }
    }

    /// Ends the thread once what was posted before has run. Call after the last `post`.
    func shutdown() {
        let wakes = lock.withLock { () -> Bool in
            isShutDown = true
            return isRunning
        }
        if wakes { available.signal() }
    }

    private func serve() {
        while true {
            available.wait()
            let (bodies, ends) = lock.withLock { () -> ([@Sendable () -> Void], Bool) in
                defer { pending.removeAll(keepingCapacity: true) }
                if isShutDown { isRunning = false }
                return (pending, isShutDown)
            }
            for body in bodies { body() }
            if ends { return }
        }
    }
}
