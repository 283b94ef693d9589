import Foundation
import ShortcutHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// For the tests of `::` listeners, which answer IPv4 as well unless `ipv6Only`: whether the machine can take
/// part, and what a client over either family meets.
public enum DualStack {
    /// Whether this machine can listen on `::1` (a container may have no IPv6): the tests skip without it.
    public static let hasIPv6Loopback: Bool = {
        let server = HTTPServer(loopCount: 1)
        do {
            try server.start(0, host: "::1")
        } catch {
            return false
        }
        server.stopAndWait()
        return true
    }()

    /// What the skipped tests say.
    public static let noIPv6Loopback = "this machine has no IPv6 loopback (::1)"

    /// The answer to `GET path` over a new connection to `host` (`127.0.0.1`, `::1`) at `port`.
    public static func get(_ path: String, port: UInt16, host: String) throws -> RawResponse {
        let client = try RawClient(port: port, host: host)
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        try client.send("GET \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n\r\n")
        return try client.readResponse()
    }

    /// Whether connecting to `host` at `port` is refused (`ECONNREFUSED`: nothing listens there for that
    /// family), as opposed to answered or failing some other way.
    public static func isRefused(port: UInt16, host: String) -> Bool {
        do {
            _ = try RawClient(port: port, host: host)
            return false
        } catch let failure as RawClient.Failure {
            return failure.code == ECONNREFUSED
        } catch {
            return false
        }
    }
}
