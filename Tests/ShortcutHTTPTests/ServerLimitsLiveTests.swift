import Foundation
import ShortcutHTTP
import TestSupport
import Testing

/// Each limit and timeout of `ServerLimits`, over real sockets, at its edge.
@Suite struct ServerLimitsLiveTests {
    static func routes(_ server: HTTPServer) {
        server.GET["/"] = { _ in .ok(.text("root")) }
        server.POST["/echo"] = { request in .ok(.text("\(request.body.count)")) }
        server.GET["/big"] = { _ in .ok(HTTPBody(bytes: [UInt8](repeating: 0x61, count: 64 << 20), contentType: "text/plain")) }
    }

    @Test func bodyOverTheLimitGets413BeforeItIsSent() throws {
        var limits = ServerLimits()
        limits.maxBodyBytes = 1000
        let server = try TestServer(limits: limits, Self.routes)
        defer { server.stop() }
        let atLimit = try server.client()
        try atLimit.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "x", count: 1000))
        #expect(try atLimit.readResponse().bodyText == "1000")

        let over = try server.client()
        // Only the head is sent: the answer must not wait for the body.
        try over.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1001\r\n\r\n")
        let response = try over.readResponse()
        #expect(response.status == 413)
        #expect(response.bodyText == "request body is 1001 bytes; the limit is 1000 (--max-body-bytes)\n")
        #expect(over.isClosedByServer())

        let chunked = try server.client()
        try chunked.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n" + String(repeating: "x", count: 1000)
                + "\r\n1\r\n")
        #expect(try chunked.readResponse().status == 413)
    }

    @Test func headerSectionAndTargetLimitsAtTheirEdges() throws {
        var limits = ServerLimits()
        limits.maxHeaderBytes = 1024
        limits.maxRequestTargetBytes = 512
        limits.maxHeaderCount = 10
        let server = try TestServer(limits: limits, Self.routes)
        defer { server.stop() }
        // "Host: a\r\n" is 9 bytes; one more field fills the section to exactly the limit.
        let filler = "X: " + String(repeating: "v", count: 1024 - 9 - 5) + "\r\n"
        let exact = try server.client()
        try exact.send("GET / HTTP/1.1\r\nHost: a\r\n\(filler)\r\n")
        #expect(try exact.readResponse().status == 200)
        let over = try server.client()
        try over.send("GET / HTTP/1.1\r\nHost: a\r\nX: v\(filler)\r\n")
        #expect(try over.readResponse().status == 431)

        let longest = "/" + String(repeating: "a", count: 511)
        let target = try server.client()
        try target.send("GET \(longest) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try target.readResponse().status == 404)
        let tooLong = try server.client()
        try tooLong.send("GET \(longest)a HTTP/1.1\r\nHost: a\r\n\r\n")
        let refused = try tooLong.readResponse()
        #expect(refused.status == 414)
        #expect(refused.bodyText == "request-target is 513 bytes; the limit is 512 (ServerLimits.maxRequestTargetBytes)\n")

        let fields = (1...9).map { "F\($0): x\r\n" }.joined()
        let tenFields = try server.client()
        try tenFields.send("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n")
        #expect(try tenFields.readResponse().status == 200)
        let eleven = try server.client()
        try eleven.send("GET / HTTP/1.1\r\nHost: a\r\n\(fields)F10: x\r\n\r\n")
        #expect(try eleven.readResponse().status == 431)
    }

    @Test func connectionsBeyondTheLimitGet503AndTheOthersKeepWorking() throws {
        var limits = ServerLimits()
        limits.maxConnections = 2
        let server = try TestServer(limits: limits, Self.routes)
        defer { server.stop() }
        let first = try server.client()
        let second = try server.client()
        for client in [first, second] {
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        let third = try server.client()
        let refused = try third.readResponse()
        #expect(refused.status == 503)
        #expect(refused.bodyText == "server is at its limit of 2 connections (--max-connections); try again\n")
        #expect(third.isClosedByServer())
        try first.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try first.readResponse().status == 200, "existing connections keep working")

        // Once one closes, a new connection is served again (the server notices the close asynchronously).
        try second.send("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        _ = try second.readResponse()
        #expect(second.isClosedByServer())
        let deadline = secondsNow() + 5
        var served = false
        while !served && secondsNow() < deadline {
            let fresh = try server.client()
            try fresh.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            served = try fresh.readResponse().status == 200
        }
        #expect(served)
    }

    /// The one timeout test on the real clock: the loop's Dispatch timer fires and the deadline passes by
    /// itself (`ServerTimeoutTests` steps a manual clock through every timeout's edges). Nothing here
    /// measures time: the client waits, with a generous socket timeout, for what the server sends.
    @Test func theRealTimerAnswersASlowHeadWith408AndCloses() throws {
        var limits = ServerLimits()
        limits.headerReadTimeout = .milliseconds(300)
        let server = try TestServer(limits: limits, Self.routes)
        defer { server.stop() }
        let slow = try server.client(timeout: 30)
        try slow.send("GET / HTTP/1.1\r\nHost: a\r\n")
        let response = try slow.readResponse()
        #expect(response.status == 408)
        #expect(response.bodyText == "request header section not complete within 0.3 s\n")
        #expect(try slow.readToEnd() == [], "then closed")
    }
}
