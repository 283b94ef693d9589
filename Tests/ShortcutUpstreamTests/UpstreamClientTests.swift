import ShortcutPlatform
import Testing

@testable import ShortcutUpstream

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client against a real upstream on loopback (`LoopbackUpstream`): what goes on the wire, and each way
/// an answer is framed, limited or missing.
@Suite struct UpstreamClientTests {
    static func get(_ upstream: LoopbackUpstream, method: String = "GET", limits: UpstreamLimits = UpstreamLimits()) throws(UpstreamFailure)
        -> UpstreamResponse
    {
        try UpstreamClient(limits: limits).send(UpstreamRequest(method: method, url: "http://127.0.0.1:\(upstream.port)/p"))
    }

    static func text(_ response: UpstreamResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func aContentLengthBodyIsReadWithTheStatusAndFields() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
        let response = try Self.get(upstream)
        #expect(response.status == 201)
        #expect(response.reason == "Created")
        #expect(response.headers.map(\.name) == ["Content-Type", "Content-Length"])
        #expect(response.value(of: "content-type") == "text/plain")
        #expect(Self.text(response) == "hello")
        #expect(upstream.requestText() == "GET /p HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nConnection: close\r\n\r\n")
    }

    @Test func aChunkedBodyIsDecodedAndItsTrailersAndTransferEncodingDropped() throws {
        let upstream = try LoopbackUpstream(
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n"
                + "5\r\nhello\r\n1;name=value\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n")
        let response = try Self.get(upstream)
        #expect(Self.text(response) == "hello 0123456789")
        #expect(response.headers.map(\.name) == ["X-A"])
    }

    @Test func aBodyWithoutLengthIsReadUntilTheUpstreamCloses() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 200 OK\r\nX-A: 1\r\n\r\nuntil the end\r\n")
        #expect(Self.text(try Self.get(upstream)) == "until the end\r\n")
    }

    @Test func aHeadAnswerHasNoBodyWhateverItsContentLength() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
        let response = try Self.get(upstream, method: "HEAD")
        #expect(response.body.isEmpty)
        #expect(response.value(of: "Content-Length") == "1000")
        #expect(upstream.requestText().hasPrefix("HEAD /p HTTP/1.1\r\n"))
    }

    @Test func a204HasNoBodyEvenWhenBytesFollowIt() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\nnot a body")
        let response = try Self.get(upstream)
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
    }

    @Test func aHeaderSectionOfTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let limits = UpstreamLimits(maxHeadBytes: 1024)
        let fits = try LoopbackUpstream(answer: UpstreamAnswerReaderTests.answer(headBytes: 1024))
        #expect(try Self.get(fits, limits: limits).status == 200)
        let over = try LoopbackUpstream(answer: UpstreamAnswerReaderTests.answer(headBytes: 1025))
        let failure = #expect(throws: UpstreamFailure.self) { try Self.get(over, limits: limits) }
        #expect(
            failure == UpstreamFailure(.tooLarge, "the answer from http://127.0.0.1:\(over.port)/p has a header section over 1024 bytes"))
    }

    @Test func aBodyOfTheLimitIsReadAndOneByteMoreIsRefusedInEveryFraming() throws {
        let limits = UpstreamLimits(maxBodyBytes: 100_000)
        for raw in UpstreamAnswerReaderTests.answers(bodyBytes: 100_000) {
            #expect(try Self.get(LoopbackUpstream(answer: raw), limits: limits).body.count == 100_000)
        }
        for raw in UpstreamAnswerReaderTests.answers(bodyBytes: 100_001) {
            let upstream = try LoopbackUpstream(answer: raw)
            let failure = #expect(throws: UpstreamFailure.self) { try Self.get(upstream, limits: limits) }
            #expect(failure?.kind == .tooLarge)
            #expect(
                failure?.description.hasPrefix("the answer from http://127.0.0.1:\(upstream.port)/p has a body over 100000 bytes") == true)
        }
    }

    @Test func aRefusedConnectionIsAFailureNamingTheURL() throws {
        let (port, fd) = try LoopbackUpstream.refusingPort()
        defer { close(fd) }
        let url = "http://127.0.0.1:\(port)/"
        let failure = #expect(throws: UpstreamFailure.self) { try UpstreamClient().send(UpstreamRequest(method: "GET", url: url)) }
        #expect(failure == UpstreamFailure(.unreachable, "cannot reach \(url) : connection refused"))
    }

    @Test func theAddressesAreTriedInOrderUntilOneConnects() throws {
        let (refusing, fd) = try LoopbackUpstream.refusingPort()
        defer { close(fd) }
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        let addresses = try [refusing, upstream.port].map { try #require(SocketAddress(host: "127.0.0.1", port: $0)) }
        let socket = try UpstreamClient().connect(toFirstOf: addresses, url: "http://up/")
        defer { socket.close() }
        #expect(try socket.localAddress().isLoopback)
        try socket.sendAll(Array("GET / HTTP/1.1\r\nHost: up\r\n\r\n".utf8))
        #expect(upstream.requestText() == "GET / HTTP/1.1\r\nHost: up\r\n\r\n", "the second address took the connection")
    }

    @Test func whenEveryAddressRefusesTheFailureNamesThemAll() throws {
        let (first, firstFD) = try LoopbackUpstream.refusingPort()
        defer { close(firstFD) }
        let (second, secondFD) = try LoopbackUpstream.refusingPort()
        defer { close(secondFD) }
        let addresses = try [first, second].map { try #require(SocketAddress(host: "127.0.0.1", port: $0)) }
        let failure = #expect(throws: UpstreamFailure.self) { try UpstreamClient().connect(toFirstOf: addresses, url: "http://up/") }
        #expect(
            failure
                == UpstreamFailure(
                    .unreachable, "cannot reach http://up/ : connection refused (tried 127.0.0.1:\(first), 127.0.0.1:\(second))"))
    }

    @Test func anUpstreamThatNeverAnswersTimesOut() throws {
        let upstream = try LoopbackUpstream(.silent)
        let failure = #expect(throws: UpstreamFailure.self) { try Self.get(upstream, limits: UpstreamLimits(timeoutSeconds: 1)) }
        #expect(failure == UpstreamFailure(.timedOut, "http://127.0.0.1:\(upstream.port)/p did not answer within 1 s"))
        // The request was whole before the silence: the timeout is the answer's.
        #expect(upstream.requestText().hasSuffix("\r\n\r\n"))
    }

    @Test func anUpstreamThatClosesWithoutAnsweringIsAFailure() throws {
        let upstream = try LoopbackUpstream(.answer([]))
        let failure = #expect(throws: UpstreamFailure.self) { try Self.get(upstream) }
        #expect(
            failure == UpstreamFailure(.connectionClosed, "http://127.0.0.1:\(upstream.port)/p closed the connection without answering"))
    }

    @Test func hopByHopFieldsAreDroppedAndHostReplacedOnTheWire() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        let request = UpstreamRequest(
            method: "PUT", url: "http://127.0.0.1:\(upstream.port)/stub?x=1",
            headers: [
                ("Host", "mock.local"), ("Connection", "keep-alive, X-Hop"), ("Keep-Alive", "timeout=5"),
                ("Proxy-Connection", "keep-alive"),
                ("TE", "trailers"), ("Trailer", "X-T"), ("Transfer-Encoding", "chunked"), ("Upgrade", "h2c"), ("X-Hop", "1"),
                ("Content-Length", "99"), ("Accept", "*/*"),
            ], body: Array("{\"a\":1}".utf8))
        _ = try UpstreamClient().send(request)
        #expect(
            upstream.requestText()
                == "PUT /stub?x=1 HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nAccept: */*\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{\"a\":1}"
        )
    }

    @Test func aHostNameIsResolved() throws {
        let upstream = try LoopbackUpstream(answer: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        let response = try UpstreamClient().send(UpstreamRequest(method: "GET", url: "http://localhost:\(upstream.port)/"))
        #expect(Self.text(response) == "ok")
        #expect(upstream.requestText().contains("\r\nHost: localhost:\(upstream.port)\r\n"))
    }

    @Test(.enabled(if: LoopbackUpstream.canListenOnIPv6Loopback, "this machine cannot listen on ::1"))
    func anIPv6LiteralIsReached() throws {
        let upstream = try LoopbackUpstream(host: "::1", .answer(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nv6".utf8)))
        let response = try UpstreamClient().send(UpstreamRequest(method: "GET", url: "http://[::1]:\(upstream.port)/six"))
        #expect(Self.text(response) == "v6")
        #expect(upstream.requestText().hasPrefix("GET /six HTTP/1.1\r\nHost: [::1]:\(upstream.port)\r\n"))
    }

    #if !canImport(Darwin)  // Apple platforms send it through URLSession
        @Test func anHTTPSURLIsRefusedOnLinuxSayingWhy() {
            let failure = #expect(throws: UpstreamFailure.self) {
                try UpstreamClient().send(UpstreamRequest(method: "GET", url: "https://127.0.0.1:1/"))
            }
            #expect(failure?.kind == .httpsNotHandled)
            #expect(
                failure?.description
                    == "cannot send to https://127.0.0.1:1/ : https upstreams need the macOS build (URLSession); this Linux build has no "
                    + "TLS client (use an http:// upstream, or a TLS-terminating proxy in front of it)")
        }
    #endif

    @Test func aFieldWithCRLFIsRefusedBeforeAnythingIsSent() {
        let request = UpstreamRequest(method: "GET", url: "http://127.0.0.1:1/", headers: [("X-A", "1\r\nX-Injected: 2")])
        let failure = #expect(throws: UpstreamFailure.self) { try UpstreamClient().send(request) }
        #expect(failure?.kind == .invalidRequest)
    }
}
