import ShortcutPlatform

/// Where a server listens: its address and port, as `HTTPServer.start` bound them (the real port after
/// port 0). The HTTP layer's own type, so that no platform type is in its public API.
public struct HTTPServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The numeric address (`127.0.0.1`, `::1`, `0.0.0.0`).
    public let host: String
    /// The port (the one the system chose, after port 0).
    public let port: UInt16
    /// Whether the address is IPv6.
    public let isIPv6: Bool
    /// Whether the server listens on IPv6 only (`HTTPServer.start`'s `ipv6Only`): false for an IPv4 address,
    /// and for an IPv6 one that is dual-stack (`::` then answers IPv4 clients too).
    package let isIPv6Only: Bool

    /// `127.0.0.1:9081`, `[::1]:9081`.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    init(_ address: SocketAddress, ipv6Only: Bool) {
        host = address.host
        port = address.port
        isIPv6 = address.isIPv6
        isIPv6Only = address.isIPv6 && ipv6Only
    }

    /// The address `host` (numeric) and `port`, or nil when `host` is not an address.
    package init?(host: String, port: UInt16, ipv6Only: Bool = false) {
        guard let address = SocketAddress(host: host, port: port) else { return nil }
        self.init(address, ipv6Only: ipv6Only)
    }

    /// The platform's address, for this package's targets.
    package var socketAddress: SocketAddress? { SocketAddress(host: host, port: port) }
}

/// Why the listening socket stopped working (`HTTPServer.onListenerFailure`): the system call that showed it
/// and its `errno`.
public struct ListenerFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed (`accept`, `getsockopt SO_ACCEPTCONN`).
    public let call: String
    /// The raw `errno`.
    public let errno: Int32
    /// `call: reason`, as the system words the reason.
    public let description: String

    init(_ error: SystemError) {
        call = error.call
        errno = error.errno
        description = error.description
    }
}
