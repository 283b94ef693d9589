import SwifterCompat
import TestSupport
import Testing

/// `stop()` frees the port before it returns (Swifter's stayed bound: issue #211).
@Suite struct StartStopTests {
    @Test func hundredStartStopCyclesOnOnePort() throws {
        // A port below the kernel's ephemeral range (Linux: 32768-60999): there, while it is free between two
        // cycles, no client socket of the tests running beside this one is given it as its local port (one
        // was, once: bind failed with EADDRINUSE).
        let first = HttpServer()
        var port: UInt16 = 0
        for candidate in (20_000..<32_000).shuffled().prefix(200) {
            do {
                try first.start(UInt16(candidate), forceIPv4: true)
                port = UInt16(candidate)
                break
            } catch {
                continue  // taken: try another
            }
        }
        try #require(port != 0, "no free port from 20000 to 31999")
        first.stop()
        for cycle in 0..<100 {
            // A new server every other cycle: the port must be free for any process, not just this object.
            let server = cycle % 2 == 0 ? first : HttpServer()
            server["/c"] = { _ in .ok(.text("\(cycle)")) }
            // Each step names its cycle: a failure in a full run (once, in CI) must say where it happened.
            do {
                try PortRebind.start(on: port, isAddressInUse: Self.isAddressInUse) { try server.start(port, forceIPv4: true) }
                #expect(try server.port() == Int(port), "cycle \(cycle)")
                #expect(PortRebind.thisProcessListens(on: port) != false, "cycle \(cycle): the check sees the listener")
                let client = try RawClient(port: port)
                try client.send("GET /c HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.bodyText == "\(cycle)", "cycle \(cycle): \(response.statusLine)")
                server.stop()
                #expect(PortRebind.thisProcessHasClosed(port: port), "cycle \(cycle): the listener is open after stop()")
                #expect(client.isClosedByServer(), "cycle \(cycle): open connections are closed by stop()")
            } catch {
                Issue.record("cycle \(cycle): \(error)")
                return server.stop()
            }
        }
        #expect(PortRebind.thisProcessHasClosed(port: port), "nothing listens after the last stop()")
    }

    /// SwifterCompat's spelling of EADDRINUSE.
    static func isAddressInUse(_ error: Error) -> Bool {
        guard case SocketError.bindFailed(let message) = error else { return false }
        return message == "Address already in use"
    }

    /// `stop()` called by a handler cannot wait for that handler, so it returns before the port is free; a
    /// `stop()` or `start()` made afterwards, outside any handler, must wait for that stop to finish: as
    /// after any `stop()`, the port is then free for the next `start`.
    @Test func aStopFromAHandlerIsFinishedByTheNextStopOrStart() throws {
        let server = HttpServer()
        server["/stop"] = { _ in
            server.stop()
            return .ok(.text("stopping"))
        }
        try server.start(0, forceIPv4: true)
        try server.start(0, forceIPv4: true)  // started already: nothing happens, as in Swifter
        let port = UInt16(try server.port())
        for round in 0..<2 {
            let client = try RawClient(port: port)
            try client.send("GET /stop HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().bodyText == "stopping")
            #expect(server.state == .stopped)
            if round == 0 { server.stop() }  // round 1: `start` alone must wait
            try PortRebind.start(on: port, isAddressInUse: Self.isAddressInUse) { try server.start(port, forceIPv4: true) }
            #expect(try server.port() == Int(port))
        }
        server.stop()
        server.stop()
        HttpServer().stop()  // never started
    }
}
