#if !canImport(Darwin)
    /// Where the tasks of `async` handlers run on Linux: on the server's `BlockingPool` threads (Swift 6's
    /// `TaskExecutor`), not Swift's global pool. That pool has one thread per core, and code that blocks in it
    /// (a test suite's synchronous tests reading sockets, an app's semaphore) leaves the handlers' tasks waiting:
    /// measured, a handler's task of a full `swift test` run started after 47 s. Darwin's SDKs for macOS 13 and
    /// iOS 16 have no `TaskExecutor` (it came with macOS 15 and iOS 18), so there the tasks run on the global
    /// pool, as any task does.
    final class HandlerExecutor: TaskExecutor, @unchecked Sendable {
        let pool: BlockingPool

        init(pool: BlockingPool) { self.pool = pool }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            pool.run { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
#endif
