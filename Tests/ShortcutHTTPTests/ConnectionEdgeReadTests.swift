import Foundation
import ShortcutPlatform
import Testing

@testable import ShortcutHTTP

/// A read pass takes all the input that waits, or leaves the connection watched anew: with epoll watching
/// edge-triggered, input left unread is not reported again (`EventPolling`). Driven by hand
/// (`ConnectionHarness`): each call is one pass, as the loop makes one per event.
@Suite struct ConnectionEdgeReadTests {
    /// Waits (poll(2), not a sleep) until the server's end holds `count` bytes unread.
    static func waitForInput(_ harness: ConnectionHarness, count: Int) throws {
        var peeked = [UInt8](repeating: 0, count: count)
        for _ in 0..<10_000 {
            var ready = pollfd(fd: harness.connection.socket.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5000) == 1 else { break }
            let seen = peeked.withUnsafeMutableBytes {
                recv(harness.connection.socket.fd, $0.baseAddress, count, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
            }
            if seen == count { return }
        }
        throw SystemError("the input did not arrive whole", errno: 0)
    }

    /// Waits (in a poller of its own) until the server's end has seen the client's end of input.
    static func waitForEnd(_ harness: ConnectionHarness) throws {
        let poller = try EventPoller()
        defer { poller.close() }
        try poller.add(harness.connection.socket.fd, .read)
        var events: [PollEvent] = []
        for _ in 0..<100 {
            let count = poller.poll(into: &events, waitingAtMost: 5000)
            guard count > 0 else { break }
            if events.prefix(count).contains(where: \.inputEnded) { return }
        }
        throw SystemError("the end of input did not arrive", errno: 0)
    }

    static func sizeEcho(_ router: inout Router) {
        router.add(.POST, "/size") { request in .ok(HTTPBody(bytes: Array("\(request.body.count)".utf8), contentType: "text/plain")) }
    }

    @Test func aPassReadsUpToItsBoundAndThenAsksToBeWatchedAgain() throws {
        // A 1 KiB read buffer: the request (its head and a 10 KiB body) takes 10 full reads and a short one.
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, readBufferBytes: 1024, routes: Self.sizeEcho)
        let request = Array("POST /size HTTP/1.1\r\nHost: a\r\nContent-Length: 10240\r\n\r\n".utf8) + [UInt8](repeating: 0x61, count: 10240)
        try harness.client.send(request)
        try Self.waitForInput(harness, count: request.count)
        for pass in 1...2 {
            let action = harness.record(harness.connection.readable(hangup: false))
            #expect(action.watch == .read, "pass \(pass) read \(Connection.maxReadsPerEvent) KiB and leaves input: it is watched anew")
        }
        let last = harness.record(harness.connection.readable(hangup: false))
        #expect(last.watch == nil && !last.close, "the last pass ends short: nothing waits, nothing to re-arm")
        let answer = try harness.client.readResponse()
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == "10240")
    }

    @Test func inputBeyondOneReadIsReadInTheSamePass() throws {
        // Three full reads and a short one: within the bound, one pass answers.
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, readBufferBytes: 1024, routes: Self.sizeEcho)
        let request = Array("POST /size HTTP/1.1\r\nHost: a\r\nContent-Length: 3000\r\n\r\n".utf8) + [UInt8](repeating: 0x61, count: 3000)
        try harness.client.send(request)
        try Self.waitForInput(harness, count: request.count)
        let action = harness.record(harness.connection.readable(hangup: false))
        #expect(action.watch == nil && !action.close)
        let answer = try harness.client.readResponse()
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == "3000")
    }

    @Test func anEndOfInputBehindARequestClosesInTheSamePass() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false) { router in
            router.add(.GET, "/a") { _ in .ok(HTTPBody(bytes: Array("answer".utf8), contentType: "text/plain")) }
        }
        let request = "GET /a HTTP/1.1\r\nHost: a\r\n\r\n"
        try harness.client.send(request)
        harness.client.shutdownWrite()
        try Self.waitForEnd(harness)
        // The poller said the end has arrived (`inputEnded`); the request before it comes back in a short
        // read, and the end is not reported again: the same pass reads on to it and closes.
        let action = harness.record(harness.connection.readable(hangup: false, inputEnded: true))
        #expect(action.close)
        let answer = try harness.client.readResponse()
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == "answer")
    }

    /// An answer's time (journal, access log) runs on the server's clock from the start of the loop's batch
    /// that read the request (`context.now`) to the answer's end: here the batch starts, the clock moves 2 ms
    /// before the read pass (other connections of the batch) and 7 ms in the handler.
    @Test func anAnswersTimeRunsFromItsBatchsStartToItsEnd() throws {
        let journal = RequestJournal()
        let clock = ManualClock()
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, journal: journal, clock: clock) { router in
            router.add(.GET, "/work") { _ in
                clock.advance(by: .milliseconds(7))
                return .ok(HTTPBody(bytes: Array("done".utf8), contentType: "text/plain"))
            }
        }
        harness.context.tick()
        clock.advance(by: .milliseconds(2))
        try harness.sendAndRead("GET /work HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try harness.client.readResponse().bodyText == "done")
        #expect(journal.entries().map(\.duration) == [.milliseconds(9)])
    }
}
