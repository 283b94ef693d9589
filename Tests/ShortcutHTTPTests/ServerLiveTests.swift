import Foundation
import ShortcutHTTP
import TestSupport
import Testing

/// The server over real sockets on port 0, driven by a raw-bytes client.
@Suite struct ServerLiveTests {
    static let location = "data:text/html;base64,PCFkb2N0eXBlIGh0bWw+PHRpdGxlPkE8L3RpdGxlPg=="

    static func routes(_ server: HTTPServer) {
        server["/s"] = { _ in .movedPermanently(location) }
        server.GET["/p/:id"] = { request in .ok(.text("page \(request.params["id"] ?? "-")")) }
        server.POST["/echo"] = { request in .ok(.text("got \(request.body.count): \(request.bodyText)")) }
        server.GET["/bad-header"] = { _ in HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: x=1"]) }
        server.GET["/close"] = { _ in HTTPResponse.ok(.text("bye")).with(header: "Connection", "close") }
        server.GET["/peer"] = { request in .ok(.text(request.remoteAddress)) }
    }

    @Test func handlersSeeThePeerAddress() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client.fd, $0, &length) }
        }
        try client.send("GET /peer HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "127.0.0.1:\(UInt16(bigEndian: local.sin_port))")
    }

    @Test func answers301WithExactBytes() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.headWithoutDate == "HTTP/1.1 301 Moved Permanently\r\nLocation: \(Self.location)\r\nContent-Length: 0\r\n\r\n")
        let date = try #require(response.header("Date"))
        #expect(date.hasSuffix(" GMT") && date.count == 29)
    }

    /// `n` bytes that differ by position and by `n`, so a misplaced or repeated part cannot pass.
    static func pattern(_ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ n &+ $0 / 251) } }

    /// Large bodies leave from their own storage in a gathered write beside the header bytes (one at a
    /// time; others are copied): pipelined answers mixing both, read through a small receive buffer so the
    /// server's writes are partial and resumed at every offset, arrive whole and in order.
    @Test func pipelinedLargeAndSmallBodiesArriveWholeThroughPartialWrites() throws {
        let sizes = [10, 3_000_000, 2047, 2048, 2_000_000, 5, 700_000, 4096]
        // Made before the requests, so that a slow build (ThreadSanitizer) does not hold up the first answer.
        let bodies = Dictionary(uniqueKeysWithValues: (sizes + [3, 9000]).map { ($0, Self.pattern($0)) })
        let server = try TestServer { server in
            server.GET["/bytes/:n"] = { request in
                HTTPResponse(
                    status: .ok, headers: ["Content-Type": "application/octet-stream"],
                    body: bodies[Int(request.params["n"] ?? "") ?? 0] ?? [])
            }
        }
        defer { server.stop() }
        let client = try server.client(receiveBuffer: 4096)
        try client.send(
            sizes.map { "GET /bytes/\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined() + "HEAD /bytes/9000 HTTP/1.1\r\nHost: a\r\n\r\n")
        for size in sizes {
            let response = try client.readResponse()
            #expect(response.status == 200 && response.header("Content-Length") == "\(size)")
            #expect(response.body == bodies[size], "body of \(size) bytes")
        }
        let head = try client.readResponse(toHead: true)
        #expect(head.header("Content-Length") == "9000" && head.body.isEmpty)
        try client.send("GET /bytes/3 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().body == bodies[3], "nothing of the HEAD's body was sent")
    }

    /// `prepared()` serialises the status line and fields once; the bytes sent are those of the same
    /// response unprepared, and a later change of status or fields is sent, not the stale block.
    @Test func preparedResponsesSendTheSameBytesAndFollowChanges() throws {
        let plain = HTTPResponse.movedPermanently("/x").with(header: "X-A", "1")
        let prepared = plain.prepared()
        let bare = HTTPResponse(status: .ok, body: Array("hi".utf8)).prepared()
        let server = try TestServer { server in
            server["/plain"] = { _ in plain }
            server["/prepared"] = { _ in prepared }
            server["/added"] = { _ in prepared.with(header: "X-B", "2") }
            server["/replaced"] = { _ in
                var response = prepared
                response.headers["X-A"] = "3"
                return response
            }
            server["/status"] = { _ in
                var response = prepared
                response.status = .temporaryRedirect
                return response
            }
            server["/bare-added"] = { _ in bare.with(header: "X-C", "4") }
        }
        defer { server.stop() }
        let client = try server.client()
        func head(_ path: String) throws -> String {
            try client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
            return try client.readResponse().headWithoutDate
        }
        let expected = "HTTP/1.1 301 Moved Permanently\r\nLocation: /x\r\nX-A: 1\r\nContent-Length: 0\r\n\r\n"
        #expect(try head("/plain") == expected)
        #expect(try head("/prepared") == expected)
        #expect(try head("/added") == "HTTP/1.1 301 Moved Permanently\r\nLocation: /x\r\nX-A: 1\r\nX-B: 2\r\nContent-Length: 0\r\n\r\n")
        #expect(try head("/replaced") == "HTTP/1.1 301 Moved Permanently\r\nLocation: /x\r\nX-A: 3\r\nContent-Length: 0\r\n\r\n")
        #expect(try head("/status") == "HTTP/1.1 307 Temporary Redirect\r\nLocation: /x\r\nX-A: 1\r\nContent-Length: 0\r\n\r\n")
        #expect(try head("/bare-added") == "HTTP/1.1 200 OK\r\nX-C: 4\r\nContent-Length: 2\r\n\r\n")
    }

    @Test func keepsTheConnectionAliveForManyRequests() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        for index in 0..<20 {
            try client.send("GET /p/\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "page \(index)")
            #expect(response.header("Connection") == nil)
        }
    }

    @Test func answersPipelinedRequestsInOrder() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send(
            "GET /p/one HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /p/three HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "page one")
        #expect(try client.readResponse().bodyText == "got 5: hello")
        #expect(try client.readResponse().bodyText == "page three")
    }

    @Test func closesAfterConnectionClose() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /p/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /p/y HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Connection") == "close")
        #expect(response.bodyText == "page x")
        #expect(try client.readToEnd().isEmpty, "nothing after the closing response")
    }

    @Test func handlerMayAskToClose() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /close HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let plain = try server.client()
        try plain.send("GET /p/a HTTP/1.0\r\n\r\n")
        #expect(try plain.readResponse().header("Connection") == "close")
        #expect(plain.isClosedByServer())

        let kept = try server.client()
        try kept.send("GET /p/a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().header("Connection") == "keep-alive")
        try kept.send("GET /p/b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().bodyText == "page b")
    }

    @Test func headIsServedFromGetWithoutBody() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("HEAD /p/abc HTTP/1.1\r\nHost: a\r\n\r\nGET /p/z HTTP/1.1\r\nHost: a\r\n\r\n")
        // The HEAD answer carries the GET body's length but no body: the next bytes are the next response.
        let all = try { () throws -> String in
            var text = ""
            while !text.contains("page z") { text += String(decoding: try client.readChunk() ?? [], as: UTF8.self) }
            return text
        }()
        #expect(all.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(all.contains("Content-Length: 8\r\n"))
        #expect(!all.contains("page abc"))
        #expect(all.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /nope HTTP/1.1\r\nHost: a\r\n\r\n")
        let missing = try client.readResponse()
        #expect(missing.status == 404)
        #expect(missing.bodyText == "no route for GET /nope\n")
        try client.send("DELETE /p/1 HTTP/1.1\r\nHost: a\r\n\r\n")
        let wrong = try client.readResponse()
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, HEAD")
        #expect(wrong.header("Connection") == nil, "a 405 keeps the connection")
    }

    @Test func garbageGets400WithReasonThenClose() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        for garbage in [
            "\u{1}\u{2}\u{3} nonsense\r\n\r\n", "GET / HTTP/1.1\nHost: a\n\n", "GET /s HTTP/1.1\r\nHost : a\r\n\r\n",
            "GET /s HTTP/1.1\r\n\r\n", "GET /s HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
        ] {
            let client = try server.client()
            try client.send(garbage + "GET /s HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 400, "\(garbage.debugDescription)")
            #expect(response.header("Connection") == "close")
            #expect(!response.bodyText.isEmpty && response.bodyText.hasSuffix("\n"))
            #expect(try client.readToEnd().isEmpty, "no second answer after a framing error: \(garbage.debugDescription)")
        }
    }

    @Test func percentDecodesCapturesAndRefusesBadEscapes() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /p/a%20b%2Fc HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "page a b/c")
        try client.send("GET /p/a%zz HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 400)
    }

    @Test func expectContinueGets100BeforeTheBody() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.statusLine == "HTTP/1.1 100 Continue")
        try client.send("ping")
        #expect(try client.readResponse().bodyText == "got 4: ping")
    }

    @Test func chunkedBodiesAreDecoded() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send(
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\nX-T: 1\r\n\r\n")
        #expect(try client.readResponse().bodyText == "got 11: hello world")
    }

    @Test func headerWithCRLFFromAHandlerBecomes500() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /bad-header HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(!response.head.contains("Set-Cookie"))
        #expect(response.bodyText.contains("X-Evil"))
    }

    @Test func manyClientsAtOnceEachGetTheirOwnAnswers() throws {
        let server = try TestServer(Self.routes)
        defer { server.stop() }
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 32) { worker in
            do {
                let client = try server.client()
                for request in 0..<25 {
                    try client.send("GET /p/\(worker)-\(request) HTTP/1.1\r\nHost: a\r\n\r\n")
                    if try client.readResponse().bodyText != "page \(worker)-\(request)" { failures.increment() }
                }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
    }

    @Test func delayedAnswerDoesNotBlockOtherConnections() throws {
        let server = try TestServer { server in
            server.GET["/slow"] = { _ in HTTPResponse.ok(.text("slow")).delayed(by: .milliseconds(600)) }
            server.GET["/fast"] = { _ in .ok(.text("fast")) }
        }
        defer { server.stop() }
        let slow = try server.client()
        let started = secondsNow()
        try slow.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\nGET /fast HTTP/1.1\r\nHost: a\r\n\r\n")
        let other = try server.client()
        try other.send("GET /fast HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try other.readResponse().bodyText == "fast")
        // The other connection was answered during the delay: the slow one has nothing to read yet. (How
        // soon is a timing, measured by bench.sh, not bounded here.)
        var ready = pollfd(fd: slow.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0, "the delayed answer came before the other connection's")
        #expect(try slow.readResponse().bodyText == "slow")
        #expect(secondsNow() - started >= 0.6)
        #expect(try slow.readResponse().bodyText == "fast", "the pipelined request waited its turn")
    }
}

/// A counter safe to bump from several threads.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0  // guarded by lock
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// The redirect helpers send the right status lines (Swifter said "Moved Temporarily" for 307).
@Suite struct RedirectStatusLineTests {
    @Test(arguments: [
        ("/301", "HTTP/1.1 301 Moved Permanently"), ("/302", "HTTP/1.1 302 Found"), ("/303", "HTTP/1.1 303 See Other"),
        ("/307", "HTTP/1.1 307 Temporary Redirect"), ("/308", "HTTP/1.1 308 Permanent Redirect"),
        ("/599", "HTTP/1.1 599 "),
    ])
    func statusLines(path: String, line: String) throws {
        let server = try TestServer { server in
            server["/301"] = { _ in .movedPermanently("/a") }
            server["/302"] = { _ in .found("/a") }
            server["/303"] = { _ in .seeOther("/a") }
            server["/307"] = { _ in .temporaryRedirect("/a") }
            server["/308"] = { _ in .permanentRedirect("/a") }
            server["/599"] = { _ in .raw(599, ["X": "y"], Array("odd".utf8)) }
        }
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.statusLine == line)
        #expect(response.header("Content-Length") != nil)
    }
}
