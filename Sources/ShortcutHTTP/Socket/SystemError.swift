#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, on what, and the raw `errno` (printed with `strerror`).
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, with its subject (`bind 127.0.0.1:9081`).
    public let operation: String
    /// The raw `errno`.
    public let errno: Int32

    /// Makes an error from a call's name and an `errno` value.
    public init(_ operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    /// Whether the address was already in use (`EADDRINUSE`).
    public var isAddressInUse: Bool { errno == EADDRINUSE }

    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}

/// Calls `body` again while it fails with `EINTR`; returns its result, or throws with the final `errno`.
@inline(__always)
func retryingEINTR<Result: BinaryInteger>(_ operation: @autoclosure () -> String, _ body: () -> Result) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code != EINTR { throw SystemError(operation(), errno: code) }
    }
}
