import Foundation
import ShortcutPlatform
import TestSupport
import Testing

/// What the poller promises a connection's reader (`EventPolling`): input is reported when it arrives and,
/// with epoll (edge-triggered), once — not on every wait while it stays unread — and again when `modify`
/// finds it still there. The reader's side of that bargain is `Connection.readable`'s.
@Suite struct EventPollerTests {
    /// Runs `body` with a poller and a connected loopback pair: the client, and the server's end
    /// (non-blocking), watched by the poller for input.
    static func withPair(_ body: (EventPoller, RawClient, Socket) throws -> Void) throws {
        let poller = try EventPoller()
        defer { poller.close() }
        guard let any = SocketAddress(host: "127.0.0.1", port: 0) else { throw SystemError("address", errno: 0) }
        let listener = try Socket.listen(on: any, backlog: 1)
        defer { listener.close() }
        let client = try RawClient(port: try listener.localAddress().port)
        guard let (server, _) = try listener.accept() else { throw SystemError("accept: nothing pending", errno: 0) }
        defer { server.close() }
        try poller.add(server.fd, .read)
        try body(poller, client, server)
    }

    /// Polls (without waiting) the events for `fd`.
    static func reported(_ poller: EventPoller, _ fd: Int32, waitingAtMost milliseconds: Int32 = 0) -> [PollEvent] {
        var events: [PollEvent] = []
        let count = poller.poll(into: &events, waitingAtMost: milliseconds)
        return events.prefix(count).filter { $0.fd == fd }
    }

    @Test func inputIsReportedWhenItArrives() throws {
        try Self.withPair { poller, client, server in
            #expect(Self.reported(poller, server.fd).isEmpty)
            try client.send("GET / HTTP/1.1\r\n\r\n")
            let events = Self.reported(poller, server.fd, waitingAtMost: 5000)
            #expect(events.count == 1 && events[0].readable && !events[0].inputEnded)
        }
    }

    #if os(Linux)
        @Test func unreadInputIsReportedOnceUntilWatchedAnew() throws {
            try Self.withPair { poller, client, server in
                try client.send("GET / HTTP/1.1\r\n\r\n")
                #expect(Self.reported(poller, server.fd, waitingAtMost: 5000).count == 1)
                // Nothing read: level-triggered, every wait would report it again (and look at the socket again).
                #expect(Self.reported(poller, server.fd).isEmpty, "reported again while nothing new arrived")
                try poller.modify(server.fd, .read)
                #expect(Self.reported(poller, server.fd).count == 1, "modify looks again and finds the input waiting")
                try client.send("more")
                #expect(Self.reported(poller, server.fd, waitingAtMost: 5000).count == 1, "new input is reported")
            }
        }

        @Test func anEndOfInputIsReportedWithTheInputBeforeIt() throws {
            try Self.withPair { poller, client, server in
                try client.send("GET / HTTP/1.1\r\n\r\n")
                client.shutdownWrite()
                // The data and the end may come as two reports if the poller looked between them; both are read here.
                var events = Self.reported(poller, server.fd, waitingAtMost: 5000)
                if !events.contains(where: \.inputEnded) { events += Self.reported(poller, server.fd, waitingAtMost: 5000) }
                #expect(events.contains { $0.readable && $0.inputEnded })
                #expect(!events.contains { $0.hangup }, "half-closed is not a hang-up: the answer can still go out")
            }
        }
    #endif
}
