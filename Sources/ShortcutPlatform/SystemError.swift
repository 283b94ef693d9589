/// A failed system call: which call, on what, and the raw `errno` (printed with `strerror`), as
/// swift-system's `Errno` does: `bind 127.0.0.1:9081: Address already in use`.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed (`bind`, `open`, `setsockopt SO_REUSEADDR`).
    package let call: String
    /// What it worked on (a path, an address), when there is one.
    package let subject: String?
    /// The raw `errno`; 0 when the failure is not a system call's (a resolver's answer: see `systemText`).
    package let errno: Int32
    /// The system's own words when they are not `strerror(errno)`: `getaddrinfo` reports its failures as
    /// `EAI_` codes with their own texts (`gai_strerror`), not as `errno`.
    package let systemText: String?

    /// Makes an error from a call's name, its subject and an `errno` value (and the system's text, when it
    /// is not `strerror`'s).
    package init(_ call: String, _ subject: String? = nil, errno: Int32, systemText: String? = nil) {
        self.call = call
        self.subject = subject
        self.errno = errno
        self.systemText = systemText
    }

    /// The system's text for the failure: `systemText`, else `strerror(errno)`.
    package var reason: String { systemText ?? Platform.errorText(errno) }

    /// `call subject: reason`.
    package var description: String {
        if let subject { return "\(call) \(subject): \(reason)" }
        return "\(call): \(reason)"
    }

    /// Whether the address was already in use (`EADDRINUSE`).
    package var isAddressInUse: Bool { errno == Errno.addressInUse }
}
