import Foundation
import TestSupport
import Testing

@testable import ShortcutHTTP

/// Each timeout of `ServerLimits` on a real server and real sockets, with the server's clock in the test's
/// hands: the test steps time to one nanosecond before a deadline and to the deadline, runs the deadline
/// check the loop's timer would run, and reads what the client got. No waiting on time.
@Suite struct ServerTimeoutTests {
    /// A one-loop server on port 0 whose deadlines read `clock`.
    struct ClockedServer {
        let server: HTTPServer
        let clock = ManualClock()
        let port: UInt16

        init(limits: ServerLimits = ServerLimits(), _ routes: (HTTPServer) -> Void = ClockedServer.routes) throws {
            server = HTTPServer(limits: limits, loopCount: 1)
            routes(server)
            server.clock = clock
            port = try server.start(0).port
        }

        static func routes(_ server: HTTPServer) {
            server.GET["/"] = { _ in .ok(.text("root")) }
            server.POST["/echo"] = { request in .ok(.text("\(request.body.count)")) }
            server.GET["/big"] = { _ in .ok(HTTPBody(bytes: [UInt8](repeating: 0x61, count: 64 << 20), contentType: "text/plain")) }
        }

        func client(receiveBuffer: Int32? = nil) throws -> RawClient {
            try RawClient(port: port, receiveBuffer: receiveBuffer)
        }

        /// Steps the clock by `duration` and runs every loop's deadline check, as its timer would.
        func advance(by duration: Duration) {
            clock.advance(by: duration)
            server.checkDeadlinesNow()
        }

        /// How many connections the server holds open.
        var openConnections: Int { server.runningLoops.reduce(0) { sum, loop in sum + loop.queue.sync { loop.liveConnections } } }

        func stop() { server.stopAndWait() }
    }

    static let nanosecond = Duration.nanoseconds(1)

    @Test func aHeadNotCompleteByTheHeaderReadTimeoutGets408() throws {
        let server = try ClockedServer()
        defer { server.stop() }
        // A head completed one nanosecond before its deadline is served.
        let prompt = try server.client()
        try prompt.send("GET / HTTP/1.1\r\n")
        #expect(server.server.waitForConnection { !$0.isIdle })
        server.advance(by: ServerLimits().headerReadTimeout - Self.nanosecond)
        try prompt.send("Host: a\r\n\r\n")
        #expect(try prompt.readResponse().status == 200)
        prompt.shutdownWrite()
        #expect(prompt.isClosedByServer())

        let slow = try server.client()
        try slow.send("GET / HTTP/1.1\r\nHost: a\r\n")
        // The connection was accepted at the clock's present time, and its head has begun.
        #expect(server.server.waitForConnection { $0.timeline.phase == .head && !$0.isIdle })
        server.advance(by: ServerLimits().headerReadTimeout - Self.nanosecond)
        #expect(server.openConnections == 1, "one nanosecond before the deadline")
        server.advance(by: Self.nanosecond)
        let response = try slow.readResponse()
        #expect(response.status == 408)
        #expect(response.bodyText == "request header section not complete within 10 s\n")
        #expect(response.header("Connection") == "close")
        #expect(slow.isClosedByServer())
    }

    @Test func aConnectionThatSendsNothingIsClosedQuietlyAtTheHeaderReadTimeout() throws {
        let server = try ClockedServer()
        defer { server.stop() }
        let silent = try server.client()
        #expect(server.server.waitForConnection { $0.timeline.phase == .head })
        server.advance(by: ServerLimits().headerReadTimeout - Self.nanosecond)
        #expect(server.openConnections == 1)
        server.advance(by: Self.nanosecond)
        #expect(try silent.readToEnd() == [], "closed without a word: nothing was asked")
    }

    @Test func aBodyNotCompleteByTheBodyReadTimeoutGets408() throws {
        var limits = ServerLimits()
        limits.bodyReadTimeout = .milliseconds(300)
        let server = try ClockedServer(limits: limits)
        defer { server.stop() }
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nab")
        #expect(server.server.waitForConnection { $0.timeline.phase == .body })
        server.advance(by: .milliseconds(300) - Self.nanosecond)
        #expect(server.openConnections == 1)
        server.advance(by: Self.nanosecond)
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(response.bodyText == "request body not complete within 0.3 s\n")
        #expect(client.isClosedByServer())
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleTimeout() throws {
        let server = try ClockedServer()
        defer { server.stop() }
        let idleTimeout = ServerLimits().idleTimeout
        let client = try server.client()
        // Requests closer together than the timeout keep the connection open well past it: each wait
        // between requests starts afresh.
        for _ in 0..<4 {
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(server.server.waitForConnection { $0.timeline.phase == .idle })
            server.advance(by: idleTimeout - Self.nanosecond)
            #expect(server.openConnections == 1)
        }
        server.advance(by: Self.nanosecond)
        #expect(try client.readToEnd() == [], "closed quietly")
        #expect(server.openConnections == 0)
    }

    @Test func aPeerThatDoesNotReadIsClosedAtTheWriteTimeout() throws {
        let server = try ClockedServer()
        defer { server.stop() }
        let client = try server.client(receiveBuffer: 4096)
        try client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        // The kernel's buffers are full and the client reads nothing: the server waits for room.
        #expect(server.server.waitForConnection { $0.timeline.phase == .writing })
        server.advance(by: ServerLimits().writeTimeout - Self.nanosecond)
        #expect(server.openConnections == 1)
        server.advance(by: Self.nanosecond)
        #expect(server.openConnections == 0)
        let received = try client.readToEnd()
        #expect(received.count > 0)
        #expect(received.count < 64 << 20, "the server gave up before sending all \(64 << 20) bytes")
    }

    @Test func aDelayedAnswerHasNoDeadline() throws {
        let server = HTTPServer(loopCount: 1)
        let clock = ManualClock()
        server.clock = clock
        server.GET["/later"] = { _ in HTTPResponse.ok(.text("late")).delayed(by: .seconds(7200)) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(server.waitForConnection { $0.timeline.phase == .delayed })
        // Far past every timeout by the server's clock: the handler chose the wait, and it is kept.
        clock.advance(by: .seconds(3600))
        server.checkDeadlinesNow()
        #expect(server.openConnections == 1 && client.hasNothingToRead)
    }

    /// Issue 25: a delay runs on the server's clock, so its test steps time instead of waiting for it.
    @Test func aDelayIsAnsweredWhenTheServersClockReachesIt() throws {
        let server = HTTPServer(loopCount: 1)
        let clock = ManualClock()
        server.clock = clock
        server.GET["/later"] = { _ in HTTPResponse.ok(.text("late")).delayed(by: .seconds(30)) }
        server.GET["/now"] = { _ in .ok(.text("now")) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        try client.send("GET /later HTTP/1.1\r\nHost: a\r\n\r\nGET /now HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(server.waitForConnection { $0.timeline.phase == .delayed })
        clock.advance(by: .seconds(30) - .nanoseconds(1))
        server.checkDeadlinesNow()  // also lets anything the clock put on the loop's queue run first
        #expect(client.hasNothingToRead, "one nanosecond early")
        clock.advance(by: .nanoseconds(1))
        #expect(try client.readResponse().bodyText == "late")
        #expect(try client.readResponse().bodyText == "now", "the request behind it waited its turn")
        #expect(clock.waiting == 0)
    }
}

extension HTTPServer {
    /// How many connections the server holds open.
    var openConnections: Int { runningLoops.reduce(0) { sum, loop in sum + loop.queue.sync { loop.liveConnections } } }

    /// Runs every loop's deadline check now, on its queue (what the loop's timer does).
    func checkDeadlinesNow() {
        for loop in runningLoops { loop.queue.sync { loop.checkDeadlines() } }
    }

    /// Whether some open connection comes to satisfy `condition` within 10 s, asked on its loop's queue
    /// (between the loop's passes): waits for the server to have handled what the client sent.
    func waitForConnection(where condition: @escaping (Connection) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + 10
        while DispatchTime.now() < deadline {
            for loop in runningLoops where loop.queue.sync(execute: { loop.connections.contains { $0.map(condition) ?? false } }) {
                return true
            }
            sched_yield()  // not a sleep: gives the loop's thread the core on a busy machine
        }
        return false
    }
}
