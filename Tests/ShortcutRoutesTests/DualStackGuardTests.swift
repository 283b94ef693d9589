import Foundation
import ShortcutHTTP
import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutRoutes

/// Issue 42: `--host ::` answers IPv4 as well, and an IPv4 client then arrives on an IPv6 socket. Who may use
/// the API must not change with the socket it came in on: a client over 127.0.0.1 is this machine, one over a
/// LAN address is not, whether its address reads `127.0.0.1` or `::ffff:127.0.0.1`.
@Suite struct DualStackGuardTests {
    /// (peer as a connection records it, whether the API takes it as this machine's)
    @Test(arguments: [
        ("127.0.0.1:50312", true), ("127.9.8.7:50312", true), ("[::1]:50312", true),
        // The mapped forms, should a peer ever arrive so (the server records the IPv4 form: see the live test).
        ("[::ffff:127.0.0.1]:50312", true), ("[::ffff:7f00:1]:50312", true), ("[::FFFF:127.0.0.2]:50312", true),
        ("[::ffff:192.0.2.2]:50312", false), ("[::ffff:10.0.0.1]:50312", false), ("[::ffff:169.254.1.1]:50312", false),
        ("[::ffff:0.0.0.0]:50312", false), ("[::127.0.0.1]:50312", false), ("[::fffe:7f00:1]:50312", false),
        ("192.0.2.2:50312", false), ("[fd00::2]:50312", false), ("[fe80::1]:50312", false),
    ])
    func theAPIGuardReadsAMappedPeerAsItsIPv4Address(peer: String, local: Bool) {
        let request = HTTPRequest(method: .POST, target: "/api/shortcuts", headers: ["Host": "localhost"], remoteAddress: peer)
        #expect((RequestSource(request) == .thisMachine) == local)
        #expect(DeviceURLs.isLoopback(peer: peer) == local)
        let guarded = AccessGuard(hosts: HostGuard(listenHost: "::", extraNames: []))
        let refusal = guarded.apiRefusal(for: request)
        #expect((refusal == nil) == local)
        if !local { #expect(refusal?.status == .forbidden) }
        #expect((guarded.journalRefusal(for: request) == nil) == local)
    }

    /// A real `::` server: over 127.0.0.1 the API and the journal answer (this machine), and the journal names
    /// the peer 127.0.0.1; over [::1] too; over this machine's LAN addresses (IPv4, then IPv6), 403 naming
    /// the peer as its IPv4 or IPv6 address.
    @Test(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
    func onADualStackServerAnIPv4LoopbackClientIsThisMachineAndALANOneIsNot() async throws {
        let server = try AppServer(host: "::")
        defer { server.stop() }
        let create = #"{"title":"T","url":"myapp://x"}"#
        #expect(try server.request("POST", "/api/shortcuts", json: create, connectingTo: "127.0.0.1").status == 201)
        #expect(try server.request("POST", "/api/shortcuts", json: create, connectingTo: "::1").status == 201)
        #expect(try server.request("GET", "/api/requests", connectingTo: "127.0.0.1").status == 200)
        // The journal (and so GET /api/requests) names the IPv4 client as such.
        let journal = try #require(server.server.journal)
        let outcome = await journal.wait(for: RequestFilter(), count: 2, timeout: .seconds(5))
        var peers: [String]?
        if case .arrived(let entries) = outcome { peers = entries.prefix(2).map(\.peer) }
        let recorded = try #require(peers, "the journal did not record the two requests: \(outcome)")
        #expect(recorded.first?.hasPrefix("127.0.0.1:") == true && recorded.last?.hasPrefix("[::1]:") == true, "\(recorded)")
        let lan = try NetworkInterfaces.reachable(listeningOn: #require(SocketAddress(host: "::", port: 0)))
        let v4 = try #require(lan.first { !$0.isIPv6 }, "this test needs an IPv4 network address").host
        for address in [v4] + lan.filter(\.isIPv6).map(\.host) {
            let refused = try server.request("POST", "/api/shortcuts", json: create, connectingTo: address)
            #expect(refused.status == 403, "\(address)")
            let shown = address.contains(":") ? "[\(address)]" : address
            #expect(refused.bodyText.hasPrefix("the /api/ routes answer only this machine (loopback); this request came from \(shown):"))
            #expect(try server.request("GET", "/api/requests", connectingTo: address).status == 403)
            #expect(try server.request("GET", "/s", connectingTo: address).status == 301, "the pages answer the network")
        }
    }
}
