import Foundation
import ShortcutHTTP
import ShortcutPlatform
import TestSupport
import Testing

/// `HTTPServer.start(host: "::")` answers IPv4 as well unless `ipv6Only` (issue 42), and an IPv4 client of
/// such a server is seen as the IPv4 address it is: by handlers, the journal and every check built on them.
@Suite(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
struct DualStackServerTests {
    /// A server on `host` whose `/peer` answers the peer it sees, journaling what it answered.
    static func peerServer(host: String, ipv6Only: Bool = false) throws -> (HTTPServer, HTTPServerAddress, RequestJournal) {
        let server = HTTPServer(loopCount: 2)
        let journal = RequestJournal()
        server.journal = journal
        server.GET["/peer"] = { request in .ok(.text(request.remoteAddress)) }
        let address = try server.start(0, host: host, ipv6Only: ipv6Only)
        return (server, address, journal)
    }

    @Test func aWildcardIPv6ServerAnswersIPv4AndIPv6AndSeesIPv4PeersAsIPv4() async throws {
        let (server, address, journal) = try Self.peerServer(host: "::")
        defer { server.stopAndWait() }
        #expect(address.host == "::" && address.isIPv6 && !address.isIPv6Only)
        let v4 = try DualStack.get("/peer", port: address.port, host: "127.0.0.1")
        #expect(v4.status == 200)
        #expect(v4.bodyText.hasPrefix("127.0.0.1:"), "not the mapped form: \(v4.bodyText)")
        let v6 = try DualStack.get("/peer", port: address.port, host: "::1")
        #expect(v6.status == 200)
        #expect(v6.bodyText.hasPrefix("[::1]:"))
        // The journal (GET /api/requests, EmbeddedServer.requests) names the same peers.
        let outcome = await journal.wait(for: RequestFilter(), count: 2, timeout: .seconds(5))
        var peers: [String]?
        if case .arrived(let entries) = outcome { peers = entries.map(\.peer) }
        #expect(try #require(peers, "the journal did not record both requests: \(outcome)") == [v4.bodyText, v6.bodyText])
    }

    @Test func ipv6OnlyRefusesIPv4Clients() throws {
        let (server, address, _) = try Self.peerServer(host: "::", ipv6Only: true)
        defer { server.stopAndWait() }
        #expect(address.isIPv6Only)
        #expect(DualStack.isRefused(port: address.port, host: "127.0.0.1"), "IPv4 is refused, not answered")
        #expect(try DualStack.get("/peer", port: address.port, host: "::1").bodyText.hasPrefix("[::1]:"))
    }

    @Test func anIPv4ServerIgnoresIPv6Only() throws {
        let (server, address, _) = try Self.peerServer(host: "127.0.0.1", ipv6Only: true)
        defer { server.stopAndWait() }
        #expect(!address.isIPv6 && !address.isIPv6Only)
        #expect(try DualStack.get("/peer", port: address.port, host: "127.0.0.1").status == 200)
    }

    /// `::ffff:127.0.0.1` is 127.0.0.1: it listens as that IPv4 address (an IPv6-only socket cannot bind it).
    @Test func anIPv4MappedHostListensAsItsIPv4Address() throws {
        let (server, address, _) = try Self.peerServer(host: "::ffff:127.0.0.1")
        defer { server.stopAndWait() }
        #expect(address.description == "127.0.0.1:\(address.port)")
        #expect(try DualStack.get("/peer", port: address.port, host: "127.0.0.1").bodyText.hasPrefix("127.0.0.1:"))
        #expect(throws: SystemError.self) { try HTTPServer(loopCount: 1).start(0, host: "::ffff:127.0.0.1", ipv6Only: true) }
    }

    /// The lines a phone is shown: IPv4 addresses too on a dual-stack `::`, IPv6 ones alone on an IPv6-only one.
    @Test func networkRootsFollowTheListener() throws {
        let interfaces = try NetworkInterfaces.addresses().filter(\.isReachableFromNetwork).map(\.address)
        let v4 = interfaces.filter { !$0.isIPv6 }.map { "http://\($0.with(port: 9081))" }
        let v6 = interfaces.filter(\.isIPv6).map { "http://\($0.with(port: 9081))" }
        let any = try #require(SocketAddress(host: "::", port: 0))
        #expect(DeviceURLs.networkRoots(listeningOn: any, port: 9081) == v4 + v6)
        #expect(DeviceURLs.networkRoots(listeningOn: any, ipv6Only: true, port: 9081) == v6)
        #expect(DeviceURLs.networkRoots(port: 9081) == v4 + v6, "the CLI's guess, whichever wildcard a server uses")
    }
}
