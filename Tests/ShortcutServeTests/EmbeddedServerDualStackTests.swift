import Foundation
import ShortcutServe
import TestSupport
import Testing

/// Issue 42 in process: `EmbeddedServer.start(host: "::")` answers IPv4 as well, unless the configuration's
/// `ipv6Only`; an IPv4 client is this machine's when it comes over 127.0.0.1, and is recorded as such.
@Suite(.enabled(if: DualStack.hasIPv6Loopback, "\(DualStack.noIPv6Loopback)"))
struct EmbeddedServerDualStackTests {
    @Test func onDoubleColonItAnswersOverIPv4AndIPv6() async throws {
        let server = try EmbeddedServer.start(host: "::")
        defer { server.stop() }
        #expect(server.baseURL == "http://[::]:\(server.port)")
        for host in ["127.0.0.1", "::1"] {
            #expect(try DualStack.get("/s", port: server.port, host: host).status == 301, "\(host)")
            // The API answers this machine only: over 127.0.0.1 the client is this machine.
            #expect(try DualStack.get("/api/shortcuts", port: server.port, host: host).status == 200, "\(host)")
        }
        let answered = try await server.waitForRequests(matching: .path("/api/shortcuts"), count: 2, timeout: .seconds(5))
        #expect(answered.map { $0.peer.hasPrefix("127.0.0.1:") } == [true, false], "\(answered.map(\.peer))")
        #expect(answered.last?.peer.hasPrefix("[::1]:") == true)
    }

    @Test func ipv6OnlyRefusesIPv4() throws {
        var options = ServerConfiguration()
        options.ipv6Only = true
        let server = try EmbeddedServer.start(host: "::", options: options)
        defer { server.stop() }
        #expect(DualStack.isRefused(port: server.port, host: "127.0.0.1"), "127.0.0.1 is refused, not answered")
        #expect(try DualStack.get("/s", port: server.port, host: "::1").status == 301)
    }
}
