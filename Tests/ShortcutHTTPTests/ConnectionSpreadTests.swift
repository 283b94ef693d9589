import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutHTTP

/// Issue 10: connections spread evenly over the event loops, so that no loop answers far more clients
/// than another. A property of who accepts what, checked with real sockets, not with timings.
@Suite struct ConnectionSpreadTests {
    /// 256 clients connect at once (a burst, as `wrk -c256` makes), then each makes one request, so that
    /// every connection is surely accepted; with two loops, neither may hold more than 1.25× its share.
    @Test func aBurstOfConnectionsSpreadsEvenlyOverTheLoops() throws {
        // Each client holds two descriptors in this process (its own and the server's): room for them.
        _ = OpenFileLimit.raise()
        let server = try TestServer { $0.GET["/"] = { _ in .ok(.text("hi")) } }
        defer { server.stop() }
        let loops = server.server.runningLoops.count
        var clients: [RawClient] = []
        for _ in 0..<256 { clients.append(try server.client()) }
        for client in clients { try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n") }
        for client in clients { #expect(try client.readResponse().status == 200) }

        let spread = server.server.connectionsPerLoop
        #expect(spread.count == loops)
        #expect(spread.reduce(0, +) == 256, "\(spread)")
        let share = 256 / loops
        #expect(spread.allSatisfy { $0 * 4 <= share * 5 }, "connections per loop: \(spread); share \(share)")
        withExtendedLifetime(clients) {}
    }
}
