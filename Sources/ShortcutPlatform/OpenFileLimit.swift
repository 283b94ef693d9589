#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`). Each connection holds one, so it bounds
/// how many connections can be open at once: Linux's usual soft limit is 1,024 and macOS's 256, both below
/// what a server wants and below the hard limit a process may raise it to.
package struct OpenFileLimit: Sendable, Equatable {
    /// The limit in force (the soft limit).
    package var soft: UInt64
    /// The most the soft limit may be raised to without privileges (the hard limit).
    package var hard: UInt64

    /// Makes a limit from its two values.
    package init(soft: UInt64, hard: UInt64) {
        self.soft = soft
        self.hard = hard
    }

    /// The limits in force now; nil when they cannot be read.
    package static func current() -> OpenFileLimit? {
        var limit = rlimit()
        guard Syscall.getOpenFileLimit(&limit) == 0 else { return nil }
        return OpenFileLimit(soft: UInt64(limit.rlim_cur), hard: UInt64(limit.rlim_max))
    }

    /// Raises the soft limit as far as the hard limit allows (on Darwin, to at most `OPEN_MAX`, the most its
    /// `setrlimit` accepts); never lowers it. Returns the limits in force afterwards, raised or not.
    @discardableResult
    package static func raise() -> OpenFileLimit? {
        var limit = rlimit()
        guard Syscall.getOpenFileLimit(&limit) == 0 else { return nil }
        let wanted = Syscall.highestSoftLimit(hard: limit.rlim_max)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            // A refusal (a hard limit the kernel will not grant after all) leaves the soft limit as it was.
            _ = Syscall.setOpenFileLimit(&raised)
        }
        return current()
    }

    /// How many connections the soft limit leaves room for: the rest of the descriptors are kept for
    /// everything else (`reserved`: standard streams, the store's files, Dispatch's own; and the event
    /// loops' pollers and spares). At least 1.
    package func connectionCapacity(reserved: Int) -> Int {
        let usable = Int(clamping: soft) - reserved
        return max(1, usable)
    }
}
