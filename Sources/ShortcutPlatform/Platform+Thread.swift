#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads of our own, for work that blocks for a long time.
extension Platform {
    /// Runs `body` on a new detached thread. For work that may block for its whole life (a taken-over
    /// connection's reads): such work on Dispatch's global queue holds a pool thread, and Linux's pool grows
    /// by one thread a second past a few per core (measured: the 24th blocked item of a 2-core machine
    /// started after 21 s), so everything else queued there waits. Throws when the system has no thread
    /// left (`EAGAIN`).
    package static func startThread(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let status = createDetachedThread(context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: status)
        }
    }
}

/// A thread's closure, carried through `pthread_create`'s one pointer.
private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

// `pthread_t` is an integer in Glibc and an optional pointer in Darwin, and the start routine's argument
// is optional in one and not the other: one spelling each.
#if canImport(Glibc)
    private func createDetachedThread(_ context: UnsafeMutableRawPointer) -> Int32 {
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, runThreadBody, context)
        if status == 0 { pthread_detach(thread) }
        return status
    }

    private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#else
    private func createDetachedThread(_ context: UnsafeMutableRawPointer) -> Int32 {
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, runThreadBody, context)
        if status == 0, let thread { pthread_detach(thread) }
        return status
    }

    private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#endif

/// Scheduling priority of the calling thread, for threads that should yield to the event loops.
extension Platform {
    /// The nice value of a lowered thread on Linux: 19, the lowest, about 1.5% of a nice-0 thread's CPU share
    /// while both want the CPU (the kernel's weights: 15 against 1024), nothing taken while the CPU is free.
    package static let loweredNice: Int32 = 19

    /// Lowers the calling thread's scheduling priority, and only that thread's. Linux keeps a nice value per
    /// thread, and `setpriority(PRIO_PROCESS, 0, _)` sets the caller's (setpriority(2), BUGS) to `loweredNice`.
    /// Darwin's nice is per process, so there the thread takes the utility quality of service, which the
    /// scheduler ranks below the default. Returns false when the system refused (then the thread runs as
    /// before, which is harmless).
    @discardableResult
    package static func lowerCurrentThreadPriority() -> Bool {
        #if canImport(Glibc)
            return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, loweredNice) == 0
        #else
            return pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0) == 0
        #endif
    }

    /// The calling thread's priority as a number that grows with urgency: minus its nice value on Linux, its
    /// quality-of-service class on Darwin (a thread without one runs as the default class). For tests comparing
    /// two threads.
    package static func currentThreadPriority() -> Int {
        #if canImport(Glibc)
            return -Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        #else
            let qos = qos_class_self()
            return Int((qos == QOS_CLASS_UNSPECIFIED ? QOS_CLASS_DEFAULT : qos).rawValue)
        #endif
    }
}
