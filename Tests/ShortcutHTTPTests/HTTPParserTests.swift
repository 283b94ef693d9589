import ShortcutHTTP
import Testing

// The parser's general behaviour: keep-alive, pipelining and what happens after an error (harness:
// HTTPParserHarness.swift; the request line, fields, framing, limits and pausing have suites of their own).

@Suite struct HTTPParserTests {
    static let keepAliveCases: [ParserCase] = [
        ParserCase("HTTP/1.1 is kept alive by default", "GET / HTTP/1.1\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase(
            "HTTP/1.1 with Connection: close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("Connection", "close")], keepAlive: false)])),
        ParserCase(
            "Connection options are case-insensitive and listed",
            "GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("Connection", "Upgrade, CLOSE")], keepAlive: false)])),
        ParserCase(
            "HTTP/1.0 closes by default", "GET / HTTP/1.0\r\n\r\n",
            .requests([.make(version: .http1_0, headers: [], keepAlive: false)])),
        ParserCase(
            "HTTP/1.0 with keep-alive", "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n",
            .requests([.make(version: .http1_0, headers: [("Connection", "Keep-Alive")], keepAlive: true)])),
        ParserCase(
            "HTTP/1.0 with keep-alive and close", "GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n",
            .requests([.make(version: .http1_0, headers: [("Connection", "keep-alive, close")], keepAlive: false)])),
        ParserCase(
            "HTTP/1.1 keep-alive token changes nothing", "GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("Connection", "keep-alive")])])),
    ]

    @Test(arguments: keepAliveCases)
    func keepAlive(_ row: ParserCase) { row.check() }

    @Test func pipelinedRequestsComeOutInOrderWithTheirBodies() {
        let input = bytes(
            "POST /one HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
                + "POST /two HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nde\r\n1\r\nf\r\n0\r\n\r\n"
                + "GET /three HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        #expect(outcome.error == nil)
        #expect(
            outcome.requests == [
                .make(method: "POST", target: "/one", headers: [("Host", "a"), ("Content-Length", "3")], body: "abc"),
                .make(
                    method: "POST", target: "/two", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")],
                    body: "def"),
                .make(target: "/three", headers: [("Host", "a"), ("Connection", "close")], keepAlive: false),
            ])
        #expect(!outcome.isMidRequest)
    }

    @Test func requestsBeforeAnErrorAreEmittedThenTheErrorIsThrown() {
        let input = bytes(
            "GET /ok HTTP/1.1\r\nHost: a\r\n\r\nGET /bad HTTP/1.1\r\n\r\nGET /never HTTP/1.1\r\nHost: a\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        #expect(outcome.requests == [.make(target: "/ok")])
        #expect(outcome.error == .missingHost)
    }

    @Test func afterAnErrorEveryParseCallRethrowsIt() throws {
        var parser = HTTPParser(limits: ServerLimits())
        var events = 0
        let bad = bytes("GET / HTTP/1.1\r\nHost : a\r\n\r\n")
        let good = bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        for input in [bad, good, good, []] {
            #expect(throws: HTTPParserError.whitespaceBeforeColon("Host")) {
                try input.withUnsafeBytes { raw in try parser.parse(raw) { _ in events += 1 } }
            }
        }
        #expect(events == 0)
        #expect(parser.isMidRequest)
        #expect(!parser.isReadingBody)
    }

    @Test func emptyInputChangesNothing() throws {
        var parser = HTTPParser(limits: ServerLimits())
        try [UInt8]().withUnsafeBytes { raw in try parser.parse(raw) { _ in Issue.record("no event expected") } }
        #expect(!parser.isMidRequest)
    }

    @Test func theParserReportsWhetherItHoldsPartOfARequest() throws {
        var parser = HTTPParser(limits: ServerLimits())
        func feed(_ text: String) throws {
            try bytes(text).withUnsafeBytes { raw in try parser.parse(raw) { _ in } }
        }
        try feed("POST / HTTP/1.1\r\nHost: a\r\n")
        #expect(parser.isMidRequest && !parser.isReadingBody)
        try feed("Content-Length: 2\r\n\r\nx")
        #expect(parser.isMidRequest && parser.isReadingBody)
        try feed("y")
        #expect(!parser.isMidRequest && !parser.isReadingBody)
    }

    @Test func errorsCarryTheirStatusAndAReasonNamingTheValue() {
        #expect(
            HTTPParserError.headerSectionTooLarge(size: 40211, limit: 32768).description
                == "request header section is 40211 bytes; the limit is 32768 (--max-header-bytes) (431)")
        #expect(
            HTTPParserError.invalidFieldValueByte(field: "X", byte: 0x7F).reason
                == "invalid byte 0x7F in the value of 'X'")
        #expect(HTTPParserError.unsupportedVersion("HTTP/2.0").status == .httpVersionNotSupported)
        #expect(HTTPParserError.unsupportedTransferCoding("gzip").status == .notImplemented)
        #expect(HTTPParserError.unsupportedExpectation("x").status == .expectationFailed)
        #expect(HTTPParserError.targetTooLong(length: 1, limit: 0).status == .uriTooLong)
        #expect(HTTPParserError.tooManyFields(count: 1, limit: 0).status == .requestHeaderFieldsTooLarge)
        #expect(HTTPParserError.bodyTooLarge(size: 1, limit: 0).status == .contentTooLarge)
        #expect(HTTPParserError.missingHost.status == .badRequest)
    }
}
