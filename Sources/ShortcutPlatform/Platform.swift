#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the layers above make, as Swift: each retries `EINTR` (through `retryingEINTR`, the
/// one loop that does) and throws `SystemError` with the call's name and subject. The calls themselves are
/// spelled once per OS, in `Syscall+Glibc.swift` and `Syscall+Darwin.swift`; the files of this module
/// (`Platform+Files`, `Platform+Process`, `Socket`, `EventPoller`, `DirectoryWatch`, …) build on them.
package enum Platform {
    /// Standard input's descriptor.
    package static let standardInput: Int32 = 0
    /// Standard output's descriptor.
    package static let standardOutput: Int32 = 1
    /// Standard error's descriptor.
    package static let standardError: Int32 = 2

    /// The calling thread's `errno`.
    @inlinable
    package static var errno: Int32 {
        get { Syscall.lastError() }
        set { Syscall.setLastError(newValue) }
    }

    /// Calls `body` again while it fails with `EINTR` (returns a negative number with `errno` EINTR);
    /// returns its result, or throws `SystemError(call, subject, errno:)` with the final `errno`.
    @inlinable
    package static func retryingEINTR<Result: BinaryInteger>(
        _ call: String, _ subject: @autoclosure () -> String? = nil, _ body: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Syscall.lastError()
            if code != EINTR { throw SystemError(call, subject(), errno: code) }
        }
    }

    /// Writes all of `bytes` to `fd`, past partial writes and `EINTR`; any other failure throws (`EPIPE`
    /// when the reader has gone and SIGPIPE is ignored), and a write that takes nothing throws `EIO`.
    /// `write` is the call, replaceable so that tests can make writes short.
    package static func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawBufferPointer, subject: @autoclosure () -> String? = nil,
        write: (Int32, UnsafeRawPointer?, Int) -> Int = Syscall.write
    ) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = try retryingEINTR("write", subject()) { write(fd, base + offset, bytes.count - offset) }
            if written == 0 { throw SystemError("write", subject(), errno: EIO) }
            offset += written
        }
    }

    /// `writeAll` for an array.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], subject: @autoclosure () -> String? = nil) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { raw in
            do throws(SystemError) { try writeAll(fd, raw, subject: subject()) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Reads up to `buffer.count` bytes (`EINTR` retried); 0 at the end.
    @inlinable
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, subject: @autoclosure () -> String? = nil)
        throws(SystemError) -> Int
    {
        try retryingEINTR("read", subject()) { Syscall.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `count` bytes into the start of `buffer` (`EINTR` retried); 0 at the end.
    package static func read(_ fd: Int32, into buffer: inout [UInt8], upTo count: Int, subject: @autoclosure () -> String? = nil)
        throws(SystemError) -> Int
    {
        precondition(count <= buffer.count, "read: \(count) bytes into a buffer of \(buffer.count)")
        var failure: SystemError?
        let read = buffer.withUnsafeMutableBytes { raw -> Int in
            do throws(SystemError) {
                return try Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count]), subject: subject())
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return read
    }

    /// Closes a descriptor. Errors are ignored because the descriptor is gone either way: POSIX leaves its
    /// state unspecified after `EINTR`, so retrying could close a descriptor another thread just opened.
    @inlinable
    package static func close(_ fd: Int32) { _ = Syscall.close(fd) }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { Syscall.isTerminal(fd) }

    /// The system's text for an `errno` value (`strerror`).
    package static func errorText(_ code: Int32) -> String { Syscall.errorText(code) }

    /// The offset of the first `byte` in `bytes` from `start` on (`memchr`, vectorised by the C library).
    @inlinable
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = Syscall.findByte(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

}
