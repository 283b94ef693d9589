import TestSupport
import Testing

/// `HTTPServer.connectionsPerLoop`, the debug statistic of how connections spread over the event loops.
@Suite struct ConnectionsPerLoopTests {
    @Test func itCountsEveryOpenConnectionOnceAndIsEmptyWhenStopped() throws {
        let server = try TestServer { $0.GET["/"] = { _ in .ok(.text("ok")) } }
        #expect(server.server.connectionsPerLoop == [0, 0])
        var clients: [RawClient] = []
        for _ in 0..<5 {
            let client = try server.client()
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == 200)  // answered, so surely accepted and counted
            clients.append(client)
        }
        let counts = server.server.connectionsPerLoop
        #expect(counts.count == 2 && counts.reduce(0, +) == 5, "\(counts)")
        clients.removeAll()
        server.stop()
        #expect(server.server.connectionsPerLoop == [])
    }
}
