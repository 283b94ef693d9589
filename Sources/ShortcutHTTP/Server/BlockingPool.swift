import Dispatch
import ShortcutPlatform

/// Threads of the server's own for handlers that block (`HTTPServer.MethodRoutes.blocking`): store writes
/// wait for a cross-process `flock` and two `fsync`s (`F_FULLFSYNC` on a Mac: tens of milliseconds), which on
/// an event loop would hold every other connection of that loop. Not Dispatch's global queue: Linux's pool
/// adds a thread a second past a few per core (`Platform.startThread`), so blocked work would queue behind
/// blocked work. Threads start as work arrives, up to `maxThreads`, and stay until `shutdown`; work beyond
/// them waits in order. What waits is bounded by the connections: each has at most one answer in flight.
/// The threads run at a lower priority than the loops (`Platform.lowerCurrentThreadPriority`).
final class BlockingPool: @unchecked Sendable {
    let maxThreads: Int
    /// Hands the pool's answers back to the loops at the loops' priority; ends after the pool's last thread.
    let relay = AnswerRelay()
    private let lock = Lock()
    /// Signalled once per queued body, and once per thread at `shutdown`.
    private let available = DispatchSemaphore(value: 0)
    // Guarded by `lock`.
    private var work: [@Sendable () -> Void] = []
    private var next = 0
    private var threads = 0
    private var busy = 0
    private var isShutDown = false

    init(maxThreads: Int) { self.maxThreads = max(1, maxThreads) }

    /// Runs `body` on one of the pool's threads, as soon as one is free.
    func run(_ body: @escaping @Sendable () -> Void) {
        let startsThread = lock.withLock { () -> Bool in
            work.append(body)
            // A new thread when the idle ones are fewer than the bodies waiting.
            guard !isShutDown, threads < maxThreads, threads - busy < work.count - next else { return false }
            threads += 1
            return true
        }
        if startsThread {
            do {
                try Platform.startThread { [self] in serve() }
            } catch {
                // No thread to be had (EAGAIN): run it here rather than never. Rare, and then the system is
                // out of threads anyway.
                lock.withLock { threads -= 1 }
                if let body = take() {
                    body()
                    lock.withLock { busy -= 1 }
                }
                return
            }
        }
        available.signal()
    }

    /// Ends the threads once the work queued before is done.
    func shutdown() {
        let count = lock.withLock { () -> Int in
            isShutDown = true
            return threads
        }
        if count == 0 { relay.shutdown() }
        for _ in 0..<count { available.signal() }
    }

    /// Whether the current thread is one of a pool's (a handler that calls `HTTPServer.stopAndWait`).
    static var isPoolThread: Bool { PoolThread.isCurrent }

    /// The oldest waiting body, counted busy; nil when none waits.
    private func take() -> (@Sendable () -> Void)? {
        lock.withLock {
            guard next < work.count else { return nil }
            let body = work[next]
            next += 1
            busy += 1
            if next == work.count {
                work.removeAll(keepingCapacity: work.count <= 64)
                next = 0
            }
            return body
        }
    }

    private func serve() {
        // Below the event loops: a burst of writes (each a file created and two `fsync`s, a millisecond or more
        // of kernel CPU on a disk) then takes CPU the loops leave, not the loops' share. Measured
        // (`scripts/bench.sh --mixed`, root ext4, 2 cores, medians of 4 rounds): GET /s c10's p99 beside
        // back-to-back POSTs rose 1.65x over alone at the loops' priority and 1.24x at nice +19 (one binary, one
        // run); at +10 1.28x, 1.44x, 1.08x, 1.63x, 1.25x where d6b347a (no lowering) gave 2.02x, 1.94x, 1.30x,
        // 2.09x, 1.32x in the same runs; at +19 1.18x and 1.13x (d6b347a 1.92x, 1.09x). The price: while reads
        // keep both cores busy, writes run at about half the rate with a p99 of 50-150 ms (docs/benchmarks.md).
        // `AnswerRelay` takes the answers back, so no Dispatch worker inherits this.
        Platform.lowerCurrentThreadPriority()
        PoolThread.$isCurrent.withValue(true) {
            while true {
                available.wait()
                if let body = take() {
                    body()
                    lock.withLock { busy -= 1 }
                } else if lock.withLock({ isShutDown }) {
                    let isLast = lock.withLock { () -> Bool in
                        threads -= 1
                        return threads == 0
                    }
                    if isLast { relay.shutdown() }  // every body has run, so every answer has been posted
                    return
                }
            }
        }
    }
}

/// Marks the pool's threads (a task-local value bound for a thread's whole life), and async handlers' tasks.
enum PoolThread {
    @TaskLocal static var isCurrent = false
    @TaskLocal static var isAsyncHandler = false
}
