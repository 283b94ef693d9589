#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process: signals, environment, exit, clock.
extension Platform {
    /// `SIGINT`.
    package static let interruptSignal = SIGINT
    /// `SIGTERM`.
    package static let terminateSignal = SIGTERM
    /// `SIGHUP`.
    package static let hangUpSignal = SIGHUP
    /// `SIGPIPE`.
    package static let brokenPipeSignal = SIGPIPE

    /// Ignores `signal` from now on (`SIG_IGN`), for the whole process.
    package static func ignore(signal: Int32) { Syscall.ignoreSignal(signal) }

    /// The environment variable `name`, or nil when it is not set.
    package static func environment(_ name: String) -> String? { Syscall.environment(name) }

    /// This process's id.
    package static var processID: Int32 { Syscall.processID() }

    /// Whether a process with id `pid` is running (`kill(pid, 0)`: it exists, or exists under another
    /// user, EPERM). A process that has exited but not been reaped counts as running.
    package static func isProcessRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return Syscall.probeProcess(pid) == 0 || Syscall.lastError() == EPERM
    }

    /// Tunes the allocator for a long-running server (glibc's `mallopt`; nothing on Darwin, whose allocator
    /// has no such knobs). Called at start, before the threads that allocate:
    /// - at most `arenas` arenas (glibc otherwise makes up to 8 per core, one per thread that allocates, and
    ///   memory freed in one serves no other);
    /// - blocks of 128 KiB and more mapped on their own, and free memory over 1 MiB at a heap's top given
    ///   back. glibc's defaults are the same numbers but move: each freed mapped block raises both, up to
    ///   32 and 64 MiB, so after the store's first directory listing was freed, every later table (the
    ///   play counts waiting for their flush reach 10 MB under random plays of 100,000 records) stayed in
    ///   the heap when freed. Fixed, the six-round RSS with no cache (`/work/perf/mem15.sh … --cache-bytes
    ///   0`, issue 15's note) went from 64 to 44 MB.
    package static func tuneAllocator(arenas: Int) {
        Syscall.tuneAllocator(arenas: Int32(clamping: arenas), mmapThreshold: 128 << 10, trimThreshold: 1 << 20)
    }

    /// Ends the process with `code` (`exit`: atexit handlers run and standard streams are flushed).
    package static func exit(_ code: Int32) -> Never { Syscall.exit(code) }

    /// Lets go of the pages of this executable's code the process mapped to start (Linux: MADV_DONTNEED over
    /// its code, which is never written; what runs from then on is mapped back from the page cache as it
    /// runs). A static binary's code pages are most of an idle server's resident set, and most of those ran
    /// once, at start. Darwin: nothing.
    package static func releaseStartupCode() { Syscall.unmapStartupCode() }

    /// The wall clock, in whole seconds since 1970 (`time`).
    @inlinable
    package static func secondsSince1970() -> Int { Syscall.secondsSince1970() }

    /// `seconds` since 1970 as a UTC calendar date and time (`gmtime_r`).
    package static func utcTime(_ seconds: Int) -> CalendarTime {
        var parts = tm()
        Syscall.utcTime(seconds, &parts)
        return CalendarTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            weekday: Int(parts.tm_wday), hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }
}

/// A date and time of day in one time zone, as `struct tm` gives it, with the month counted from 1.
package struct CalendarTime: Sendable, Equatable {
    /// The year (1994).
    package var year: Int
    /// The month, 1 to 12.
    package var month: Int
    /// The day of the month, 1 to 31.
    package var day: Int
    /// The day of the week, 0 (Sunday) to 6.
    package var weekday: Int
    /// 0 to 23.
    package var hour: Int
    /// 0 to 59.
    package var minute: Int
    /// 0 to 60 (a leap second).
    package var second: Int

    /// Makes a calendar time from its fields.
    package init(year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}
