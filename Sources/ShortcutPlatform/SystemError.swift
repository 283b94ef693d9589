/// A failed system call: which call, on what, and the raw `errno` (printed with `strerror`), as
/// swift-system's `Errno` does: `bind 127.0.0.1:9081: Address already in use`.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed (`bind`, `open`, `setsockopt SO_REUSEADDR`).
    public let call: String
    /// What it worked on (a path, an address), when there is one.
    public let subject: String?
    /// The raw `errno`.
    public let errno: Int32

    /// Makes an error from a call's name, its subject and an `errno` value.
    public init(_ call: String, _ subject: String? = nil, errno: Int32) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    /// The system's text for `errno` (`strerror`).
    public var reason: String { Platform.errorText(errno) }

    /// `call subject: reason`.
    public var description: String {
        if let subject { return "\(call) \(subject): \(reason)" }
        return "\(call): \(reason)"
    }

    /// Whether the address was already in use (`EADDRINUSE`).
    public var isAddressInUse: Bool { errno == Errno.addressInUse }
}
