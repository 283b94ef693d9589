import Foundation
import TestSupport
import Testing

@testable import ShortcutHTTP

/// Issue 41: a response may be a network failure (`ResponseDelivery.fault`) or arrive slowly
/// (`.dribble`). Each fault is read here as a client's socket sees it; each touches its own connection only.
@Suite struct ResponseDeliveryTests {
    static func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n" }

    static func faulted(_ fault: ConnectionFault) -> HTTPResponse {
        var response = HTTPResponse.ok(.text("never sent"))
        response.delivery = .fault(fault)
        return response
    }

    static func server() throws -> TestServer {
        try TestServer { server in
            server.GET["/ok"] = { _ in .ok(.text("fine")) }
            for fault in ConnectionFault.allCases {
                server.GET["/" + fault.rawValue] = { _ in faulted(fault) }
            }
        }
    }

    @Test func anEmptyResponseClosesWithoutAByte() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try server.client()
        try client.send(Self.get("/EMPTY_RESPONSE"))
        let (bytes, reset) = try client.readToEndNotingReset()
        #expect(bytes.isEmpty && !reset, "a plain close (FIN), nothing before it: got \(bytes.count) bytes, reset \(reset)")
    }

    @Test func aConnectionResetSendsRST() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try server.client()
        try client.send(Self.get("/CONNECTION_RESET_BY_PEER"))
        let (bytes, reset) = try client.readToEndNotingReset()
        #expect(bytes.isEmpty && reset, "ECONNRESET, not EOF: got \(bytes.count) bytes, reset \(reset)")
    }

    @Test func aMalformedChunkIsAStatusLineThenNoChunkThenClose() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try server.client()
        try client.send(Self.get("/MALFORMED_RESPONSE_CHUNK"))
        let (bytes, reset) = try client.readToEndNotingReset()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text == "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(decoding: ConnectionFault.malformedChunk, as: UTF8.self))
        #expect(!reset)
        // What follows the head is no chunk size: a client's chunked decoder fails on it.
        let chunk = text.components(separatedBy: "\r\n\r\n")[1]
        #expect(!(chunk.first?.isHexDigit ?? true))
    }

    @Test func randomDataIsNoStatusLineThenClose() throws {
        let server = try Self.server()
        defer { server.stop() }
        var seen = Set<[UInt8]>()
        for _ in 0..<3 {
            let client = try server.client()
            try client.send(Self.get("/RANDOM_DATA_THEN_CLOSE"))
            let (bytes, reset) = try client.readToEndNotingReset()
            #expect(bytes.count == ConnectionFault.randomByteCount && !reset)
            #expect(bytes.first.map { $0 != UInt8(ascii: "H") } ?? false, "never the start of a status line")
            seen.insert(bytes)
        }
        #expect(seen.count == 3, "random, not a fixed string")
    }

    @Test func answersBeforeAFaultGoOutAndOtherConnectionsGoOn() throws {
        let server = try Self.server()
        defer { server.stop() }
        let other = try server.client()
        try other.send(Self.get("/ok"))
        #expect(try other.readResponse().bodyText == "fine")
        let client = try server.client()
        // Pipelined: the first answer is whole, then the connection ends; nothing after the fault is answered.
        try client.send(Self.get("/ok") + Self.get("/EMPTY_RESPONSE") + Self.get("/ok"))
        #expect(try client.readResponse().bodyText == "fine")
        let (rest, _) = try client.readToEndNotingReset()
        #expect(rest.isEmpty)
        // The fault touched only its own connection: the other keeps its keep-alive connection.
        try other.send(Self.get("/ok"))
        #expect(try other.readResponse().bodyText == "fine")
    }

    @Test func aFaultAfterADelayWaitsOnTheLoopsClock() throws {
        let clock = ManualClock()
        let server = HTTPServer(logsRequests: false, loopCount: 1)
        server.clock = clock
        server.GET["/late"] = { _ in Self.faulted(.connectionResetByPeer).delayed(by: .milliseconds(300)) }
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        try client.send(Self.get("/late"))
        try waitUntil("the delay is scheduled") { clock.waiting == 1 }
        clock.advance(by: .milliseconds(299))
        #expect(clock.waiting == 1, "not due yet")
        clock.advance(by: .milliseconds(1))
        let (bytes, reset) = try client.readToEndNotingReset()
        #expect(bytes.isEmpty && reset)
    }

    /// The head at once; then one piece every `over / pieces` on the loop's clock; the last at `over`.
    /// A one-loop server on `clock` whose `/slow` dribbles `body` in `pieces` over `duration`, and whose `/ok`
    /// answers "fine".
    static func dribbling(_ body: String, pieces: Int, over duration: Duration, clock: ManualClock) -> HTTPServer {
        let server = HTTPServer(logsRequests: false, loopCount: 1)
        server.clock = clock
        server.GET["/slow"] = { _ in
            var response = HTTPResponse.ok(.text(body))
            response.delivery = .dribble(pieces: pieces, over: duration)
            return response
        }
        server.GET["/ok"] = { _ in .ok(.text("fine")) }
        return server
    }

    @Test func aDribbledBodyArrivesInPiecesOnTheLoopsClock() throws {
        let clock = ManualClock()
        let server = Self.dribbling("abcdefgh", pieces: 4, over: .milliseconds(400), clock: clock)
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        // A second request pipelined behind it is answered after the last piece, in order.
        try client.send(Self.get("/slow") + Self.get("/ok"))
        let head = try client.readResponse(toHead: true)
        #expect(head.status == 200 && head.header("Content-Length") == "8")
        var received: [String] = []
        for _ in 0..<4 {
            try waitUntil("the next piece is scheduled") { clock.waiting == 1 }
            clock.advance(by: .milliseconds(99))
            #expect(clock.waiting == 1, "a piece waits its whole interval")
            clock.advance(by: .milliseconds(1))
            received.append(String(decoding: try #require(try client.readChunk()), as: UTF8.self))
        }
        // The pipelined answer follows the last piece at once (in the same read, or the next).
        let last = received.removeLast()
        #expect(received == ["ab", "cd", "ef"] && last.hasPrefix("gh"), "\(received) \(last)")
        let rest = last.count > 2 ? last : String(decoding: try #require(try client.readChunk()), as: UTF8.self)
        #expect(rest.hasSuffix("\r\n\r\nfine"), "\(rest)")
    }

    @Test func aDribbleOfMorePiecesThanBytesSendsAByteAPiece() throws {
        let clock = ManualClock()
        let server = Self.dribbling("xy", pieces: 50, over: .milliseconds(100), clock: clock)
        let port = try server.start(0).port
        defer { server.stopAndWait() }
        let client = try RawClient(port: port)
        try client.send(Self.get("/slow"))
        _ = try client.readResponse(toHead: true)
        var pieces: [String] = []
        for _ in 0..<2 {
            try waitUntil("the next piece is scheduled") { clock.waiting == 1 }
            clock.advance(by: .milliseconds(50))
            pieces.append(String(decoding: try #require(try client.readChunk()), as: UTF8.self))
        }
        #expect(pieces == ["x", "y"])
    }

    @Test func aDribbleToAHEADRequestIsJustTheHead() throws {
        let server = try TestServer { server in
            server.HEAD["/slow"] = { _ in
                var response = HTTPResponse.ok(.text("abc"))
                response.delivery = .dribble(pieces: 3, over: .seconds(60))
                return response
            }
        }
        defer { server.stop() }
        let client = try server.client()
        try client.send("HEAD /slow HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try client.readResponse(toHead: true)
        #expect(head.status == 200 && head.header("Content-Length") == "3")
    }
}

/// Waits (bounded: 5 s) for `condition`, failing with `what` if it never holds.
func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    let deadline = DispatchTime.now() + 5
    while !condition() {
        guard DispatchTime.now() < deadline else { throw RawClient.Failure(description: "timed out waiting until \(what)") }
        sched_yield()  // not a sleep: a bounded poll of a condition the server sets
    }
}
