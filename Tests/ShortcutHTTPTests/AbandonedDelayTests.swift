import Foundation
import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutHTTP

/// Issue 47 (8, 9): a client that leaves while its answer waits (a delay, a dribble's next piece, an answer
/// made off the loop) is heard leaving and closed at once: its descriptor and its place under the connection
/// limit are free again without waiting for the answer, so abandoned requests cannot lock others out. A
/// client that stays still gets its answer, and the requests behind it in order.
@Suite struct AbandonedDelayTests {
    static func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n" }

    /// A server on a clock that moves only when the test moves it: `/slow` answers after 60 s (counting the
    /// requests it has taken), `/fast` at once.
    struct DelayServer {
        let server: HTTPServer
        let clock = ManualClock()
        /// The `/slow` requests the handler has taken.
        let taken = LockedCounter()
        let port: UInt16

        init(limits: ServerLimits = ServerLimits()) throws {
            server = HTTPServer(limits: limits, loopCount: 2)
            server.clock = clock
            let taken = taken
            server.GET["/slow"] = { _ in
                taken.increment()
                return HTTPResponse.ok(.text("slow")).delayed(by: .seconds(60))
            }
            server.GET["/fast"] = { _ in .ok(.text("fast")) }
            port = try server.start(0).port
        }

        func client() throws -> RawClient { try RawClient(port: port) }

        /// Connections the server holds: open on its loops, or counted against its limit.
        var held: Int { max(server.openConnections, server.connectionsPerLoop.reduce(0, +)) }

        func stop() { server.stopAndWait() }
    }

    /// Whether `condition` comes to hold within 5 s (`waitUntil`'s bounded polling), for a test that says
    /// what it found when it does not.
    static func eventually(_ condition: () -> Bool) -> Bool {
        (try? waitUntil("the condition holds", condition)) != nil
    }

    @Test func clientsThatLeaveWhileTheirAnswerIsDelayedAreClosedAtOnce() throws {
        let slow = try DelayServer()
        defer { slow.stop() }
        // Half leave once their requests wait out the delay...
        var leaving = try (0..<25).map { _ in try slow.client() }
        for client in leaving { try client.send(Self.get("/slow")) }
        try waitUntil("25 requests wait out their delay") { slow.taken.value == 25 && slow.held == 25 }
        leaving.removeAll()
        try #require(Self.eventually { slow.held == 0 }, "the 25 that left are closed before their delay is over (held: \(slow.held))")
        // ...half at once: the end of their input may come in the same read as the request.
        for _ in 0..<25 { try slow.client().send(Self.get("/slow")) }
        try #require(
            Self.eventually { slow.taken.value == 50 && slow.held == 0 },
            "the 25 that left at once are closed (taken: \(slow.taken.value), held: \(slow.held))")
        // The delays run out later, on closed connections: nothing is written, nothing breaks.
        slow.clock.advance(by: .seconds(60))
        slow.server.checkDeadlinesNow()  // runs after what the clock put on the loops' queues
        #expect(slow.clock.waiting == 0)
        let client = try slow.client()
        try client.send(Self.get("/fast"))
        #expect(try client.readResponse().bodyText == "fast")
        #expect(slow.held == 1)
    }

    @Test func abandonedDelaysDoNotKeepOthersOutAtTheConnectionLimit() throws {
        var limits = ServerLimits()
        limits.maxConnections = 10
        let slow = try DelayServer(limits: limits)
        defer { slow.stop() }
        // 15 clients in turn: connect, ask for the slow answer, leave.
        for attacker in 1...15 {
            let client = try slow.client()
            try client.send(Self.get("/slow"))
            guard Self.eventually({ slow.taken.value == attacker }) else {
                let refusal = try client.readResponse()
                Issue.record("client \(attacker) of 15 was refused: \(refusal.status) \(refusal.bodyText)")
                break
            }
        }
        #expect(Self.eventually { slow.held == 0 }, "the clients that left are closed (held: \(slow.held) of 10)")
        let client = try slow.client()
        try client.send(Self.get("/fast"))
        let response = try client.readResponse()
        #expect(response.status == 200 && response.bodyText == "fast", "\(response.status) \(response.bodyText)")
    }

    @Test func aClientThatStaysGetsItsDelayedAnswerAndItsPipelineInOrder() throws {
        let slow = try DelayServer()
        defer { slow.stop() }
        let staying = try slow.client()
        try staying.send(Self.get("/slow") + Self.get("/fast"))
        try waitUntil("the first request waits out its delay") { slow.taken.value == 1 }
        // Sent during the delay: left unread in the kernel (backpressure), answered after the delay.
        try staying.send(Self.get("/fast"))
        #expect(
            slow.server.waitForConnection { $0.timeline.phase == .delayed && $0.socket.hasUnreadInput() },
            "the request sent during the delay waits unread")
        // Another client leaves meanwhile: it is closed, the one that stays is not.
        try slow.client().send(Self.get("/slow"))
        try #require(
            Self.eventually { slow.taken.value == 2 && slow.held == 1 },
            "the client that left is closed (taken: \(slow.taken.value), held: \(slow.held))")
        #expect(staying.hasNothingToRead)
        slow.clock.advance(by: .seconds(60))
        #expect(try staying.readResponse().bodyText == "slow")
        #expect(try staying.readResponse().bodyText == "fast", "the request pipelined behind it, in order")
        #expect(try staying.readResponse().bodyText == "fast", "the request sent during the delay, in order")
        #expect(slow.held == 1)
    }

    @Test func aClientThatLeavesDuringADribbleIsClosedAtOnce() throws {
        let clock = ManualClock()
        let server = HTTPServer(loopCount: 1)
        server.clock = clock
        server.GET["/dribble"] = { _ in
            var response = HTTPResponse.ok(.text("abcdefgh"))
            response.delivery = .dribble(pieces: 4, over: .seconds(60))
            return response
        }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        do {
            let client = try RawClient(port: port)
            try client.send(Self.get("/dribble"))
            // Read what came, so that the close is a FIN (unread input would make it a reset, heard anyway).
            let head = try client.readResponse(toHead: true)
            #expect(head.status == 200)
            try waitUntil("the first piece is due") { clock.waiting == 1 }
        }
        try #require(
            Self.eventually { server.openConnections == 0 },
            "the client that left is closed before its next piece (open: \(server.openConnections))")
        clock.advance(by: .seconds(60))
        server.checkDeadlinesNow()
        #expect(clock.waiting == 0, "no piece is scheduled again for a closed connection")
    }

    @Test func aClientThatLeavesWhileItsAnswerIsMadeOffTheLoopIsClosedAtOnce() throws {
        let gate = DeferredAnswerTests.Gate()
        let server = HTTPServer(loopCount: 1)
        server.GET.blocking("/work") { _ in
            gate.entered.signal()
            gate.wait()
            return .ok(.text("made"))
        }
        server.GET["/fast"] = { _ in .ok(.text("fast")) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        do {
            let client = try RawClient(port: port)
            try client.send(Self.get("/work"))
            #expect(gate.entered.wait(timeout: .now() + 5) == .success)
        }
        let closed = Self.eventually { server.openConnections == 0 }
        // The answer comes back for a closed connection: dropped, and the loop goes on.
        gate.open()
        #expect(closed, "the client that left is closed while its answer is made (open: \(server.openConnections))")
        let client = try RawClient(port: port)
        try client.send(Self.get("/fast"))
        #expect(try client.readResponse().bodyText == "fast")
    }

    /// The request and the end of input behind it come in one read: the pass that delays the answer closes.
    @Test func anEndOfInputBehindADelayedRequestClosesInTheSamePass() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, routes: Self.slowRoute)
        try harness.client.send(Self.get("/slow"))
        harness.client.shutdownWrite()
        try ConnectionEdgeReadTests.waitForEnd(harness)
        let action = harness.record(harness.connection.readable(hangup: false, inputEnded: true))
        #expect(action.close, "\(action)")
    }

    /// The end of input arrives while the answer waits: the connection closes on it.
    @Test func aDelayedConnectionClosesWhenItsPeersEndOfInputArrives() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, routes: Self.slowRoute)
        let request = Self.get("/slow")
        try harness.client.send(request)
        try ConnectionEdgeReadTests.waitForInput(harness, count: request.utf8.count)
        let delayed = harness.record(harness.connection.readable(hangup: false))
        #expect(delayed.answerDelayedAfter == 60_000_000_000 && !delayed.close)
        harness.client.shutdownWrite()
        try ConnectionEdgeReadTests.waitForEnd(harness)
        let action = harness.record(harness.connection.readable(hangup: false, inputEnded: true))
        #expect(action.close, "\(action)")
        #expect(harness.connection.answerDelayed() == .none, "the delay's end finds the connection closed")
    }

    /// What a connection whose answer waits watches (`PollInterest.inputEnd`): the peer's end of input, not
    /// input; and what it relies on when its watch changes (the poller reports anew what holds then).
    @Test func watchingForTheEndOfInputLeavesInputUnreported() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false, routes: Self.slowRoute)
        let fd = harness.connection.socket.fd
        let poller = try EventPoller()
        defer { poller.close() }
        var events: [PollEvent] = []
        try poller.add(fd, .inputEnd)
        let request = Self.get("/slow")
        try harness.client.send(request)
        try ConnectionEdgeReadTests.waitForInput(harness, count: request.utf8.count)
        #expect(poller.poll(into: &events, waitingAtMost: 0) == 0, "input is left unreported")
        // The answer has gone: reading again, the connection hears of the input that waited.
        try poller.modify(fd, .read)
        #expect(poller.poll(into: &events, waitingAtMost: 0) == 1 && events[0].fd == fd && events[0].readable)
        harness.client.shutdownWrite()
        #expect(poller.poll(into: &events, waitingAtMost: 5000) == 1 && events[0].inputEnded, "the end, to a reader")
        // An end already reported to a reader is reported again to a connection that comes to wait for it.
        try poller.modify(fd, .inputEnd)
        #expect(poller.poll(into: &events, waitingAtMost: 0) == 1 && events[0].inputEnded && !events[0].hangup)
    }

    /// kqueue reports input at its low-water mark (a full receive buffer) while an answer waits: the input
    /// is left unread, the connection stops watching until the answer goes, then reads it and answers in order.
    @Test func inputReportedWhileAnAnswerWaitsIsLeftForAfterIt() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false) { router in
            Self.slowRoute(&router)
            router.add(.GET, "/fast") { _ in .ok(.text("fast")) }
        }
        let slow = Self.get("/slow")
        try harness.client.send(slow)
        try ConnectionEdgeReadTests.waitForInput(harness, count: slow.utf8.count)
        let delayed = harness.record(harness.connection.readable(hangup: false))
        #expect(delayed.watch == .inputEnd && delayed.answerDelayedAfter != nil)
        let fast = Self.get("/fast")
        try harness.client.send(fast)
        try ConnectionEdgeReadTests.waitForInput(harness, count: fast.utf8.count)
        let input = harness.record(harness.connection.readable(hangup: false))
        #expect(input.watch == PollInterest.none && !input.close)
        #expect(harness.connection.socket.hasUnreadInput(), "nothing read during the wait")
        #expect(harness.record(harness.connection.answerDelayed()).watch == .read)
        #expect(try harness.client.readResponse().bodyText == "slow")
        harness.record(harness.connection.readable(hangup: false))
        #expect(try harness.client.readResponse().bodyText == "fast")
    }

    /// Work that makes the answer (a `blocking` handler) is started even when the end of input comes in the
    /// same read as its request: its client leaves, its work is done. The end, reported again once the
    /// connection watches for it, closes the connection; the answer then made is dropped.
    @Test func anEndOfInputBehindARequestForDeferredWorkStartsTheWorkThenCloses() throws {
        let harness = try ConnectionHarness(limits: ServerLimits(), smallBuffers: false) { router in
            router.add(.GET, "/work") { _ in .deferred(.blocking { .ok(.text("made")) }) }
        }
        try harness.client.send(Self.get("/work"))
        harness.client.shutdownWrite()
        try ConnectionEdgeReadTests.waitForEnd(harness)
        let first = harness.record(harness.connection.readable(hangup: false, inputEnded: true))
        #expect(first.startsDeferredWork && !first.close && first.watch == .inputEnd, "\(first)")
        let work = try #require(harness.connection.takeDeferredWork())
        let ended = harness.record(harness.connection.readable(hangup: false, inputEnded: true))
        #expect(ended.close, "\(ended)")
        guard case .blocking(let body) = work else {
            Issue.record("not the blocking work: \(work)")
            return
        }
        #expect(harness.connection.answerDeferred(body()) == .none, "the answer finds the connection closed")
    }

    static func slowRoute(_ router: inout Router) {
        router.add(.GET, "/slow") { _ in HTTPResponse.ok(.text("slow")).delayed(by: .seconds(60)) }
    }
}
