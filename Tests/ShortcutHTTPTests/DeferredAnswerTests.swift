import Foundation
import ShortcutHTTP
import ShortcutPlatform
import TestSupport
import Testing

/// Issue 25: a handler may block (`blocking`) or be `async throws` (`async`); either runs off the event
/// loop, so the loop answers others meanwhile, and its answer goes out in its connection's pipeline order.
@Suite struct DeferredAnswerTests {
    /// A gate a handler waits at (bounded, so a failing test cannot hang), and the order things happened in.
    final class Gate: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var log: [String] = []
        let entered = DispatchSemaphore(value: 0)
        func wait() { _ = semaphore.wait(timeout: .now() + 10) }
        func open() { semaphore.signal() }
        func note(_ text: String) { lock.withLock { log.append(text) } }
        var order: [String] { lock.withLock { log } }
    }

    static func get(_ path: String, _ extra: String = "") -> String { "GET \(path) HTTP/1.1\r\nHost: a\r\n\(extra)\r\n" }

    @Test func aBlockingHandlerDoesNotHoldItsLoop() throws {
        let gate = Gate()
        let server = HTTPServer(loopCount: 1)  // one loop: a handler blocking on it would hold every connection
        server.POST.blocking("/write") { _ in
            gate.entered.signal()
            gate.wait()
            return .ok(.text("written"))
        }
        server.GET["/s"] = { _ in .ok(.text("fast")) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let writer = try RawClient(port: port)
        try writer.send("POST /write HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)
        let reader = try RawClient(port: port)
        try reader.send(Self.get("/s"))
        #expect(try reader.readResponse().bodyText == "fast", "answered while the write blocks")
        gate.open()
        #expect(try writer.readResponse().bodyText == "written")
    }

    /// A burst of writes takes the CPU the loops leave, not the loops' share (`BlockingPool.serve`).
    @Test func blockingHandlersRunBelowTheLoopsPriority() throws {
        let server = HTTPServer(loopCount: 1)
        server.GET.blocking("/pool") { _ in .ok(.text(String(Platform.currentThreadPriority()))) }
        server.GET["/loop"] = { _ in .ok(.text(String(Platform.currentThreadPriority()))) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        try client.send(Self.get("/loop") + Self.get("/pool"))
        let loop = try #require(Int(try client.readResponse().bodyText))
        let pool = try #require(Int(try client.readResponse().bodyText))
        #expect(pool < loop, "a blocking handler's thread runs below its loop's")
        #if os(Linux)  // a nice value is inherited by a new thread; a Darwin thread's QoS need not be
            #expect(loop == Platform.currentThreadPriority(), "the loops keep the nice value of the thread that started them")
        #endif
    }

    /// The tests with `async` handlers read on threads of their own (`onOwnThread`): on Darwin the handler's task
    /// runs on Swift's pool, and a test blocked in a read on one of its threads could leave none for it.
    /// (On Linux, before `HandlerExecutor`, in a full run: 47 s, a timeout.)
    @Test func pipelinedAnswersKeepTheirOrderAroundDeferredOnes() async throws {
        let gate = Gate()
        let server = try TestServer { server in
            server.GET.blocking("/slow") { _ in
                gate.wait()
                gate.note("slow")
                return .ok(.text("1"))
            }
            server.GET["/fast"] = { _ in
                gate.note("fast")
                return .ok(.text("2"))
            }
            server.GET.async("/async") { _ in
                await Task.yield()
                gate.note("async")
                return .ok(.text("3"))
            }
        }
        defer { server.stop() }
        let bodies = try await onOwnThread {
            let client = try server.client()
            try client.send(Self.get("/slow") + Self.get("/fast") + Self.get("/async") + Self.get("/fast"))
            gate.open()
            return try (0..<4).map { _ in try client.readResponse().bodyText }
        }
        #expect(bodies == ["1", "2", "3", "2"])
        #expect(gate.order == ["slow", "fast", "async", "fast"], "a request behind a deferred one is not even parsed before it")
    }

    @Test func anAsyncHandlersErrorsAreAnswered() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk is on fire" } }
        let server = try TestServer { server in
            server.GET.async("/gone") { _ in throw HTTPResponseError(.error(.notFound, "no such thing")) }
            server.GET.async("/broken") { _ in throw Broken() }
            server.GET.async("/ok") { request in .ok(.text("hello " + (request.queryValue("n") ?? ""))) }
        }
        defer { server.stop() }
        let (gone, broken, head, after, inProcess) = try await onOwnThread {
            let client = try server.client()
            try client.send(Self.get("/gone"))
            let gone = try client.readResponse()
            try client.send(Self.get("/broken"))
            let broken = try client.readResponse()
            try client.send("HEAD /ok?n=x HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try client.readResponse(toHead: true)
            try client.send(Self.get("/ok?n=y"))
            let after = try client.readResponse()
            // In process, with no socket: the work is waited for.
            let inProcess = server.server.respond(to: HTTPRequest(method: .GET, target: "/ok?n=z"))
            return (gone, broken, head, after, inProcess.bodyText)
        }
        #expect(gone.status == 404 && gone.bodyText.hasPrefix("no such thing"))
        #expect(broken.status == 500 && broken.bodyText.hasPrefix("the handler failed: the disk is on fire"))
        #expect(head.status == 200 && head.header("Content-Length") == "7" && head.body.isEmpty)
        #expect(after.bodyText == "hello y", "the connection goes on after a HEAD")
        #expect(inProcess == "hello z")
    }

    @Test(arguments: ["loop", "blocking", "async"])
    func aStopFromAHandlerDoesNotWaitForItself(kind: String) async throws {
        let server = HTTPServer(loopCount: 1)
        let stop: @Sendable () -> HTTPResponse = {
            server.stopAndWait()
            return .ok(.text("stopping"))
        }
        switch kind {
        case "loop": server.GET["/stop"] = { _ in stop() }
        case "blocking": server.GET.blocking("/stop") { _ in stop() }
        default: server.GET.async("/stop") { _ in stop() }
        }
        let port = try server.start(0).port
        let (answer, closed) = try await onOwnThread {
            let client = try RawClient(port: port)
            try client.send(Self.get("/stop"))
            return (try client.readResponse(), client.isClosedByServer())
        }
        #expect(answer.bodyText == "stopping", "\(kind)")
        #expect(!server.isListening)
        #expect(closed, "the stop went on once the handler had answered")
    }
}
