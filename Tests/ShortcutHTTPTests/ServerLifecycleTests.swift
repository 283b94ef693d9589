import Foundation
import ShortcutPlatform
import TestSupport
import Testing

@testable import ShortcutHTTP

/// Start, stop, restart, addresses, graceful shutdown.
@Suite struct ServerLifecycleTests {
    @Test func stopThenStartOnTheSamePort() throws {
        let first = HTTPServer(loopCount: 1)
        first.GET["/"] = { _ in .ok(.text("one")) }
        let port = try first.start(0).port
        let client = try RawClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "one")
        first.stopAndWait()
        #expect(client.isClosedByServer(), "idle connections are closed on stop")

        let second = HTTPServer(loopCount: 1)
        second.GET["/"] = { _ in .ok(.text("two")) }
        #expect(PortRebind.thisProcessHasClosed(port: port), "the listener is closed once stopAndWait returns")
        let restarted = try PortRebind.start(on: port, isAddressInUse: PortRebindTests.isAddressInUse) { try second.start(port) }
        #expect(restarted.port == port)
        defer { second.stopAndWait() }
        let again = try RawClient(port: port)
        try again.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try again.readResponse().bodyText == "two")
    }

    @Test func portInUseIsReported() throws {
        let first = HTTPServer()
        let port = try first.start(0).port
        defer { first.stopAndWait() }
        let second = HTTPServer()
        #expect(throws: SystemError.self) { try second.start(port) }
        do {
            try second.start(port)
        } catch let error as SystemError {
            #expect(error.isAddressInUse)
            #expect(error.description.contains("Address already in use"))
        }
    }

    @Test func servesIPv6Loopback() throws {
        let server = try TestServer(host: "::1") { $0.GET["/"] = { _ in .ok(.text("v6")) } }
        defer { server.stop() }
        #expect(server.server.address?.description == "[::1]:\(server.port)")
        let client = try RawClient(port: server.port, host: "::1")
        try client.send("GET / HTTP/1.1\r\nHost: [::1]\r\n\r\n")
        #expect(try client.readResponse().bodyText == "v6")
    }

    @Test func bindsLoopbackByDefault() throws {
        let server = HTTPServer()
        let address = try server.start()
        defer { server.stopAndWait() }
        #expect(address.host == "127.0.0.1")
        #expect(address.port != 0)
    }

    @Test func refusesAHostThatIsNotAnAddress() {
        #expect(throws: HTTPServerError.self) { try HTTPServer().start(0, host: "example.com") }
    }

    @Test func gracefulStopFinishesInFlightAnswers() throws {
        let server = try TestServer { server in
            server.GET["/slow"] = { _ in HTTPResponse.ok(.text("done")).delayed(by: .milliseconds(400)) }
            server.GET["/"] = { _ in .ok(.text("root")) }
        }
        let busy = try server.client()
        try busy.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
        let idle = try server.client()
        try idle.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        _ = try idle.readResponse()
        // Once the server has parsed the slow request, its answer is in flight.
        #expect(server.server.waitForConnection { $0.timeline.phase == .delayed })
        let stopped = DispatchSemaphore(value: 0)
        server.server.stop { stopped.signal() }
        #expect(idle.isClosedByServer(), "idle connections close at once")
        let response = try busy.readResponse()
        #expect(response.bodyText == "done")
        #expect(response.header("Connection") == "close")
        // Completion is due once the busy connection closes (at the latest after the 5 s grace period).
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        #expect(throws: (any Error).self) { try RawClient(port: server.port) }
    }

    @Test func routesAreFrozenCopiesAtStart() throws {
        var router = Router()
        router.add(.GET, "/a") { _ in .ok(.text("a")) }
        let frozen = router
        router.add(.GET, "/b") { _ in .ok(.text("b")) }
        if case .notFound = frozen.match(.GET, path: "/b") {} else { Issue.record("a copy must not see later routes") }
    }
}
