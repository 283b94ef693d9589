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
    public static func startThread(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
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
