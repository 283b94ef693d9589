import Foundation
import ShortcutPlatform
import TestSupport
import Testing

/// A listener on `::` is dual-stack unless `ipv6Only` (issue 42): IPv4 clients arrive as IPv4-mapped peers
/// (`::ffff:a.b.c.d`), which `unmapped` reads as the IPv4 addresses they are.
@Suite struct DualStackSocketTests {
    /// (address, `isIPv4Mapped`, `unmapped.description`, `unmapped.isLoopback`)
    @Test(arguments: [
        ("::ffff:127.0.0.1", true, "127.0.0.1:50312", true), ("::ffff:127.9.8.7", true, "127.9.8.7:50312", true),
        ("::FFFF:192.0.2.2", true, "192.0.2.2:50312", false), ("::ffff:10.0.0.1", true, "10.0.0.1:50312", false),
        ("::ffff:169.254.1.2", true, "169.254.1.2:50312", false), ("::ffff:0.0.0.0", true, "0.0.0.0:50312", false),
        // Not mapped: kept as they are. `::127.0.0.1` is the IPv4-compatible form (deprecated, RFC 4291
        // §2.5.5.1), not a loopback address; `::fffe:…` and `0:0:0:0:1:ffff:…` differ by one bit.
        ("::127.0.0.1", false, "[::127.0.0.1]:50312", false), ("::fffe:7f00:1", false, "[::fffe:7f00:1]:50312", false),
        ("::1:ffff:7f00:1", false, "[::1:ffff:7f00:1]:50312", false), ("::1", false, "[::1]:50312", true),
        ("fd00::2", false, "[fd00::2]:50312", false), ("127.0.0.1", false, "127.0.0.1:50312", true),
        ("192.0.2.2", false, "192.0.2.2:50312", false),
    ])
    func mappedAddressesReadAsTheirIPv4Address(host: String, mapped: Bool, unmapped: String, loopback: Bool) throws {
        let address = try #require(SocketAddress(host: host, port: 50312))
        #expect(address.isIPv4Mapped == mapped)
        #expect(address.unmapped.description == unmapped)
        #expect(address.unmapped.isLoopback == loopback)
        #expect(address.isLoopback == loopback, "the mapped form is judged as its IPv4 address too")
        #expect(address.unmapped.isIPv6 == (address.isIPv6 && !mapped))
        #expect(address.unmapped.port == 50312)
    }

    /// The peer a listener on `host` accepts when `client` connects to it, or the connect's error.
    static func connect(toListenerOn host: String, ipv6Only: Bool, from client: String) throws -> Result<SocketAddress, SystemError> {
        let listener = try Socket.listen(on: #require(SocketAddress(host: host, port: 0)), backlog: 4, ipv6Only: ipv6Only)
        defer { listener.close() }
        let port = try listener.localAddress().port
        let target = try #require(SocketAddress(host: client, port: port))
        let socket: Socket
        do {
            socket = try Socket.connect(to: target, timeoutSeconds: 5)
        } catch {
            return .failure(error)
        }
        defer { socket.close() }
        // The handshake is done when connect returns: the connection waits in the listener's queue.
        let accepted = try #require(try listener.accept(), "the connection should be pending")
        accepted.0.close()
        return .success(accepted.1)
    }

    @Test(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
    func aWildcardIPv6ListenerTakesIPv4ClientsUnlessIPv6Only() throws {
        // Dual-stack by default: the IPv4 client arrives mapped; the IPv6 one as itself.
        let v4 = try Self.connect(toListenerOn: "::", ipv6Only: false, from: "127.0.0.1").get()
        #expect(v4.isIPv6 && v4.isIPv4Mapped && v4.host == "::ffff:127.0.0.1")
        #expect(v4.unmapped.host == "127.0.0.1" && !v4.unmapped.isIPv6 && v4.unmapped.port == v4.port)
        let v6 = try Self.connect(toListenerOn: "::", ipv6Only: false, from: "::1").get()
        #expect(v6.host == "::1" && !v6.isIPv4Mapped)
        // IPv6 only: the IPv4 client is refused, the IPv6 one served.
        let refused = Self.errno(try Self.connect(toListenerOn: "::", ipv6Only: true, from: "127.0.0.1"))
        #expect(refused == ECONNREFUSED)
        #expect(try Self.connect(toListenerOn: "::", ipv6Only: true, from: "::1").get().host == "::1")
        // `::1` is IPv6's loopback alone, dual-stack or not: an IPv4 client reaches nothing there.
        #expect(Self.errno(try Self.connect(toListenerOn: "::1", ipv6Only: false, from: "127.0.0.1")) == ECONNREFUSED)
    }

    @Test func ipv6OnlyMeansNothingForAnIPv4Listener() throws {
        #expect(try Self.connect(toListenerOn: "127.0.0.1", ipv6Only: true, from: "127.0.0.1").get().host == "127.0.0.1")
    }

    static func errno(_ result: Result<SocketAddress, SystemError>) -> Int32? {
        if case .failure(let error) = result { return error.errno }
        return nil
    }
}
