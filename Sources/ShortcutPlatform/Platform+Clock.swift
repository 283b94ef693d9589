#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two clocks the server stamps answers with, read with one `clock_gettime` each (through the vDSO on
/// Linux: no system call). `DispatchTime.now()` reads the same monotonic clock through `dispatch_time` and a
/// conversion (callgrind: ~75 instructions a read besides the clock's own), and `Date()` the wall clock
/// through Foundation (~53): the server reads them for every request it logs or journals.
extension Platform {
    /// Monotonic nanoseconds: the clock `DispatchTime.now().uptimeNanoseconds` reads (`CLOCK_MONOTONIC` on
    /// Linux, `CLOCK_UPTIME_RAW` on Darwin), for durations.
    @inlinable
    package static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        Syscall.monotonicTime(&time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The wall clock, in seconds since 1970 (what `Date().timeIntervalSince1970` reads).
    @inlinable
    package static func wallClockSeconds() -> Double {
        var time = timespec()
        Syscall.wallTime(&time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
