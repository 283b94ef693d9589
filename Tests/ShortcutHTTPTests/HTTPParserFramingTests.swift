import ShortcutHTTP
import Testing

/// Message framing (RFC 9112 §6, §7): Content-Length, Transfer-Encoding, chunks and trailers, Expect,
/// and the request-smuggling shapes, where two parsers disagreeing about a body's end lets a second
/// request hide inside the first.
@Suite struct HTTPParserFramingTests {
    /// `POST /` with `Host: a`, the given extra field lines (each ending in CRLF) and the rest.
    static func post(_ fields: String, _ rest: String = "", version: String = "1.1") -> String {
        "POST / HTTP/\(version)\r\nHost: a\r\n\(fields)\r\n\(rest)"
    }

    static func posted(_ fields: [(String, String)], _ body: String, keepAlive: Bool = true) -> ParsedRequest {
        .make(method: "POST", headers: [("Host", "a")] + fields, body: body, keepAlive: keepAlive)
    }

    static let contentLengthCases: [ParserCase] = [
        ParserCase(
            "a body", post("Content-Length: 5\r\n", "hello"), .requests([posted([("Content-Length", "5")], "hello")])),
        ParserCase("zero", post("Content-Length: 0\r\n"), .requests([posted([("Content-Length", "0")], "")])),
        ParserCase(
            "leading zeros", post("Content-Length: 003\r\n", "abc"),
            .requests([posted([("Content-Length", "003")], "abc")])),
        ParserCase(
            "name in any case", post("cONTENT-lENGTH: 2\r\n", "ab"),
            .requests([posted([("cONTENT-lENGTH", "2")], "ab")])),
        ParserCase(
            "OWS around the value", post("Content-Length: \t2 \r\n", "ab"),
            .requests([posted([("Content-Length", "2")], "ab")])),
        ParserCase(
            "identical duplicates (RFC 9110 §8.6)", post("Content-Length: 2\r\nContent-Length: 2\r\n", "ab"),
            .requests([posted([("Content-Length", "2"), ("Content-Length", "2")], "ab")])),
        ParserCase(
            "an identical comma list", post("Content-Length: 2, 2\r\n", "ab"),
            .requests([posted([("Content-Length", "2, 2")], "ab")])),
        ParserCase(
            "differing duplicates", post("Content-Length: 2\r\nContent-Length: 3\r\n", "abc"),
            .error(.differingContentLengths)),
        ParserCase(
            "a differing comma list", post("Content-Length: 5, 6\r\n", "hello!"), .error(.differingContentLengths)),
        ParserCase("an empty list item", post("Content-Length: 2,\r\n", "ab"), .error(.invalidContentLength(""))),
        ParserCase("empty", post("Content-Length:\r\n"), .error(.invalidContentLength(""))),
        ParserCase("plus sign", post("Content-Length: +5\r\n", "hello"), .error(.invalidContentLength("+5"))),
        ParserCase("minus sign", post("Content-Length: -1\r\n"), .error(.invalidContentLength("-1"))),
        ParserCase("space inside", post("Content-Length: 4 2\r\n"), .error(.invalidContentLength("4 2"))),
        ParserCase("hex", post("Content-Length: 0x5\r\n", "hello"), .error(.invalidContentLength("0x5"))),
        ParserCase("a decimal point", post("Content-Length: 1.0\r\n", "a"), .error(.invalidContentLength("1.0"))),
        ParserCase("letters", post("Content-Length: notdigits\r\n"), .error(.invalidContentLength("notdigits"))),
        ParserCase(
            "beyond Int64", post("Content-Length: 1000000000000000000000\r\n"),
            .error(.bodyTooLarge(size: Int.max, limit: 1024 * 1024))),
        ParserCase(
            "Int64.max", post("Content-Length: 9223372036854775807\r\n"),
            .error(.bodyTooLarge(size: Int.max, limit: 1024 * 1024))),
        ParserCase(
            "10 GB", post("Content-Length: 10000000000\r\n"),
            .error(.bodyTooLarge(size: 10_000_000_000, limit: 1024 * 1024))),
        ParserCase(
            "many leading zeros are still small", post("Content-Length: 0000000000000000000000001\r\n", "x"),
            .accepts(1)),
        ParserCase("a body still arriving", post("Content-Length: 5\r\n", "hel"), .waits),
        ParserCase(
            "a GET may have a body", "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx",
            .requests([.make(headers: [("Host", "a"), ("Content-Length", "1")], body: "x")])),
        ParserCase(
            "HTTP/1.0 with a body", post("Content-Length: 2\r\n", "ab", version: "1.0"),
            .requests([
                .make(
                    method: "POST", version: .http1_0, headers: [("Host", "a"), ("Content-Length", "2")], body: "ab",
                    keepAlive: false)
            ])),
    ]

    @Test(arguments: contentLengthCases)
    func contentLength(_ row: ParserCase) { row.check() }

    static let chunked = ("Transfer-Encoding", "chunked")

    static let transferEncodingCases: [ParserCase] = [
        ParserCase(
            "chunked", post("Transfer-Encoding: chunked\r\n", "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"),
            .requests([posted([chunked], "hello world")])),
        ParserCase(
            "upper-case hex sizes and leading zeros",
            post("Transfer-Encoding: chunked\r\n", "0A\r\n0123456789\r\n000\r\n\r\n"),
            .requests([posted([chunked], "0123456789")])),
        ParserCase(
            "coding in any case", post("Transfer-Encoding: Chunked\r\n", "1\r\nx\r\n0\r\n\r\n"),
            .requests([posted([("Transfer-Encoding", "Chunked")], "x")])),
        ParserCase(
            "extensions", post("Transfer-Encoding: chunked\r\n", "5;a=b;c;d=\"q\\\"x\" ;e = f\r\nhello\r\n0;z\r\n\r\n"),
            .requests([posted([chunked], "hello")])),
        ParserCase(
            "trailers are read and dropped",
            post("Transfer-Encoding: chunked\r\n", "1\r\nx\r\n0\r\nT: 1\r\nU: 2\r\n\r\n"),
            .requests([posted([chunked], "x")])),
        ParserCase(
            "an empty chunked body", post("Transfer-Encoding: chunked\r\n", "0\r\n\r\n"),
            .requests([posted([chunked], "")])),
        ParserCase("gzip, chunked", post("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n"), .status(501)),
        ParserCase(
            "gzip then chunked in two fields",
            post("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"),
            .error(.unsupportedTransferCoding("gzip"))),
        ParserCase(
            "chunked, gzip", post("Transfer-Encoding: chunked, gzip\r\n", "0\r\n\r\n"),
            .error(.chunkedNotFinal("chunked, gzip"))),
        ParserCase(
            "gzip alone", post("Transfer-Encoding: gzip\r\n", "0\r\n\r\n"), .error(.unsupportedTransferCoding("gzip"))),
        ParserCase(
            "identity", post("Transfer-Encoding: identity\r\n", "0\r\n\r\n"),
            .error(.unsupportedTransferCoding("identity"))),
        ParserCase("chunked twice", post("Transfer-Encoding: chunked, chunked\r\n", "0\r\n\r\n"), .status(400)),
        ParserCase("empty", post("Transfer-Encoding:\r\n", "0\r\n\r\n"), .status(400)),
        ParserCase("an empty list item", post("Transfer-Encoding: ,chunked\r\n", "0\r\n\r\n"), .status(400)),
        ParserCase(
            "in HTTP/1.0", post("Transfer-Encoding: chunked\r\n", "0\r\n\r\n", version: "1.0"),
            .error(.transferEncodingInHTTP10)),
        ParserCase(
            "with Content-Length", post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"),
            .error(.contentLengthWithTransferEncoding)),
        ParserCase(
            "with Content-Length after it", post("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", "0\r\n\r\n"),
            .error(.contentLengthWithTransferEncoding)),
        ParserCase("a body still arriving", post("Transfer-Encoding: chunked\r\n", "5\r\nhel"), .waits),
        ParserCase("no last chunk yet", post("Transfer-Encoding: chunked\r\n", "1\r\nx\r\n"), .waits),
        ParserCase("trailers still arriving", post("Transfer-Encoding: chunked\r\n", "0\r\nT: 1\r\n"), .waits),
    ]

    @Test(arguments: transferEncodingCases)
    func transferEncoding(_ row: ParserCase) { row.check() }

    static let chunkErrorCases: [ParserCase] = [
        ParserCase("an empty size line", post("Transfer-Encoding: chunked\r\n", "\r\n"), .status(400)),
        ParserCase(
            "a size that is not hex", post("Transfer-Encoding: chunked\r\n", "g\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase("a signed size", post("Transfer-Encoding: chunked\r\n", "+1\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase("a 0x prefix", post("Transfer-Encoding: chunked\r\n", "0x1\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "a space inside the size", post("Transfer-Encoding: chunked\r\n", "1 0\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "whitespace after the size without an extension (RFC 9112 §7.1.1 allows BWS only before ;)",
            post("Transfer-Encoding: chunked\r\n", "a \r\n0123456789\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "a size overflowing Int64", post("Transfer-Encoding: chunked\r\n", "FFFFFFFFFFFFFFFFF1\r\nx\r\n0\r\n\r\n"),
            .status(413)),
        ParserCase("an empty extension", post("Transfer-Encoding: chunked\r\n", "1;\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "a control byte in an extension", post("Transfer-Encoding: chunked\r\n", "1;\u{01}\r\nx\r\n0\r\n\r\n"),
            .status(400)),
        ParserCase(
            "an unterminated quoted extension", post("Transfer-Encoding: chunked\r\n", "1;a=\"b\r\nx\r\n0\r\n\r\n"),
            .status(400)),
        ParserCase(
            "an escaped control byte in a quoted extension",
            post("Transfer-Encoding: chunked\r\n", "1;a=\"\\\u{01}\"\r\nx\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "whitespace after an extension name without a value",
            post("Transfer-Encoding: chunked\r\n", "1;a \r\nx\r\n0\r\n\r\n"), .accepts(1)),
        ParserCase(
            "an extension without a value", post("Transfer-Encoding: chunked\r\n", "1;a=\r\nx\r\n0\r\n\r\n"),
            .status(400)),
        ParserCase(
            "a bare LF after the size", post("Transfer-Encoding: chunked\r\n", "1\nx\r\n0\r\n\r\n"),
            .error(.bareLineFeed)),
        ParserCase(
            "a bare CR after the size", post("Transfer-Encoding: chunked\r\n", "1\rx\r\n0\r\n\r\n"), .status(400)),
        ParserCase(
            "data not followed by CRLF", post("Transfer-Encoding: chunked\r\n", "3\r\nabcX\r\n0\r\n\r\n"),
            .error(.malformedChunk("chunk data is not followed by CRLF"))),
        ParserCase(
            "data followed by a bare LF", post("Transfer-Encoding: chunked\r\n", "3\r\nabc\n0\r\n\r\n"),
            .error(.malformedChunk("chunk data is not followed by CRLF"))),
        ParserCase(
            "data followed by CR and not LF", post("Transfer-Encoding: chunked\r\n", "3\r\nabc\rX0\r\n\r\n"),
            .error(.malformedChunk("chunk data is not followed by CRLF"))),
        ParserCase(
            "data longer than its size", post("Transfer-Encoding: chunked\r\n", "3\r\nfoo\r\n\r\n"), .status(400)),
        ParserCase(
            "a bad trailer", post("Transfer-Encoding: chunked\r\n", "0\r\nT : 1\r\n\r\n"),
            .error(.whitespaceBeforeColon("T"))),
        ParserCase(
            "a folded trailer", post("Transfer-Encoding: chunked\r\n", "0\r\nT: 1\r\n 2\r\n\r\n"),
            .error(.obsoleteLineFolding)),
        ParserCase(
            "a bare LF in the trailers", post("Transfer-Encoding: chunked\r\n", "0\r\n\n"), .error(.bareLineFeed)),
    ]

    @Test(arguments: chunkErrorCases)
    func chunkErrors(_ row: ParserCase) { row.check() }

    static let expectCases: [ParserCase] = [
        ParserCase(
            "another expectation", post("Expect: something\r\nContent-Length: 1\r\n", "x"),
            .error(.unsupportedExpectation("something"))),
        ParserCase(
            "another expectation without a body", "GET / HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\n\r\n", .status(417)),
        ParserCase(
            "100-continue in any case, with a body",
            post("Expect: 100-Continue\r\nContent-Length: 1\r\n", "x"),
            .requests([posted([("Expect", "100-Continue"), ("Content-Length", "1")], "x")])),
    ]

    @Test(arguments: expectCases)
    func expect(_ row: ParserCase) { row.check() }

    /// The events of a parser fed `pieces` one call each.
    static func events(_ pieces: [String]) throws -> [ParseOutcome.Event] {
        var parser = HTTPParser(limits: ServerLimits())
        var events: [ParseOutcome.Event] = []
        for piece in pieces {
            try bytes(piece).withUnsafeBytes { raw in
                try parser.parse(raw) { event in
                    switch event {
                    case .request(let request, let keepAlive, _):
                        events.append(.request(ParsedRequest(request, keepAlive: keepAlive)))
                    case .continueExpected:
                        events.append(.continueExpected)
                    }
                }
            }
        }
        return events
    }

    /// The journal keeps each request's head as received, handed on with the request: the bytes of that
    /// head alone (not its body, not the next request's), whichever way the bytes came and with or without a
    /// body (whose head the parser copies, since its bytes are gone by the time the body is in).
    @Test func eachRequestIsHandedOnWithItsHeadAsReceived() {
        let first = "GET /a?x=1 HTTP/1.1\r\nHost: a\r\nX-Tab:\tv \r\n\r\n"
        let second = "POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n"
        let third = "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        let input = "\r\n" + first + second + "hello" + third + "2\r\nhi\r\n0\r\n\r\n" + "GET /d HTTP/1.1\r\nHost: a\r\n\r\n"
        let outcome = ParserHarness.parseEveryWay(Array(input.utf8))
        #expect(outcome.error == nil && outcome.requests.map(\.path) == ["/a", "/b", "/c", "/d"])
        #expect(
            outcome.heads.map { String(decoding: $0, as: UTF8.self) } == [
                first, second, third, "GET /d HTTP/1.1\r\nHost: a\r\n\r\n",
            ], "from the request line on: the empty lines before it are not part of it")

        // Without `keepsHeads` (no journal) a request with a body is handed on without one: no copy.
        var parser = HTTPParser()
        var heads: [Int] = []
        _ = ParserHarness.send(Array((second + "hello").utf8)[...], to: &parser) { event in
            if case .request(_, _, let head) = event { heads.append(head.bytes.count) }
        }
        #expect(heads == [0])
    }

    @Test func continueIsExpectedWhenTheHeadArrivesWithoutTheBody() throws {
        let head = Self.post("Expect: 100-continue\r\nContent-Length: 2\r\n")
        let request = Self.posted([("Expect", "100-continue"), ("Content-Length", "2")], "ab")
        #expect(try Self.events([head, "ab"]) == [.continueExpected, .request(request)])
        #expect(try Self.events([head + "a", "b"]) == [.continueExpected, .request(request)])
    }

    @Test func continueIsNotExpectedWhenTheBodyIsAlreadyThere() throws {
        let request = Self.posted([("Expect", "100-continue"), ("Content-Length", "2")], "ab")
        #expect(
            try Self.events([Self.post("Expect: 100-continue\r\nContent-Length: 2\r\n", "ab")]) == [.request(request)])
    }

    @Test func continueIsExpectedForAChunkedBody() throws {
        let head = Self.post("Expect: 100-continue\r\nTransfer-Encoding: chunked\r\n")
        let request = Self.posted([("Expect", "100-continue"), Self.chunked], "x")
        #expect(try Self.events([head, "1\r\nx\r\n0\r\n\r\n"]) == [.continueExpected, .request(request)])
        #expect(try Self.events([head + "1\r\nx\r\n0\r\n\r\n"]) == [.request(request)])
    }

    @Test func continueIsNotExpectedWithoutABody() throws {
        let request = ParsedRequest.make(headers: [("Host", "a"), ("Expect", "100-continue")])
        #expect(try Self.events(["GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n"]) == [.request(request)])
        let empty = Self.posted([("Expect", "100-continue"), ("Content-Length", "0")], "")
        #expect(try Self.events([Self.post("Expect: 100-continue\r\nContent-Length: 0\r\n")]) == [.request(empty)])
    }

    @Test func continueIsIgnoredInHTTP10() throws {
        // RFC 9110 §10.1.1: a server that receives 100-continue in an HTTP/1.0 request MUST ignore it.
        let head = Self.post("Expect: 100-continue\r\nContent-Length: 1\r\n", version: "1.0")
        let events = try Self.events([head, "x"])
        #expect(events.count == 1)
        #expect(!events.contains(.continueExpected))
    }

    static let smugglingCases: [ParserCase] = [
        ParserCase(
            "CL.TE", post("Content-Length: 6\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\nG"),
            .error(.contentLengthWithTransferEncoding)),
        ParserCase(
            "TE.CL", post("Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", "8\r\nSMUGGLED\r\n0\r\n\r\n"),
            .error(.contentLengthWithTransferEncoding)),
        ParserCase(
            "TE.TE xchunked", post("Transfer-Encoding: xchunked\r\n", "0\r\n\r\n"),
            .error(.unsupportedTransferCoding("xchunked"))),
        ParserCase(
            "TE.TE xchunked with CL", post("Transfer-Encoding: xchunked\r\nContent-Length: 4\r\n", "0\r\n\r\n"),
            .status(400)),
        ParserCase(
            "TE.TE leading space in the value is OWS: still chunked",
            post("Transfer-Encoding:  chunked\r\n", "1\r\nx\r\n0\r\n\r\n"), .requests([posted([chunked], "x")])),
        ParserCase(
            "TE.TE space before the colon", post("Transfer-Encoding : chunked\r\nContent-Length: 4\r\n", "0\r\n\r\n"),
            .error(.whitespaceBeforeColon("Transfer-Encoding"))),
        ParserCase(
            "TE.TE folded value", post("Transfer-Encoding:\r\n chunked\r\n", "0\r\n\r\n"), .status(400)),
        ParserCase(
            "TE.TE chunked then another field",
            post("Transfer-Encoding: chunked\r\nTransfer-Encoding: x\r\n", "0\r\n\r\n"),
            .error(.chunkedNotFinal("chunked, x"))),
        ParserCase(
            "TE.TE vertical tab", post("Transfer-Encoding: \u{0B}chunked\r\n", "0\r\n\r\n"),
            .error(.invalidFieldValueByte(field: "Transfer-Encoding", byte: 0x0B))),
        ParserCase(
            "TE.TE chunkedchunked", post("Transfer-Encoding: chunkedchunked\r\n", "0\r\n\r\n"), .status(501)),
        ParserCase(
            "CL.CL differing", post("Content-Length: 3\r\nContent-Length: 4\r\n", "abc"),
            .error(.differingContentLengths)),
        ParserCase(
            "CL with a hidden second request",
            post("Content-Length: 4 \r\nContent-Length: 40\r\n", "GET /x HTTP/1.1\r\n"),
            .error(.differingContentLengths)),
        ParserCase(
            "bare LF hides a Content-Length",
            "GET / HTTP/1.1\r\nHost: a\r\nDummy: x\nContent-Length: 23\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",
            .error(.bareLineFeed)),
        ParserCase(
            "bare CR hides a Transfer-Encoding", post("X: y\rTransfer-Encoding: chunked\r\n", "1\r\nA\r\n0\r\n\r\n"),
            .status(400)),
        ParserCase(
            "a field line starting with a space hides a Content-Length",
            "POST / HTTP/1.1\r\nHost: a\r\nFoo: bar\r\n Content-Length: 38\r\n\r\nGET /bye HTTP/1.1\r\nHost: a\r\n\r\n",
            .error(.obsoleteLineFolding)),
        ParserCase(
            "a chunk size line smuggling a bare CR",
            post("Transfer-Encoding: chunked\r\n", "5\r\r;ABCD\r\n34\r\nE\r\n0\r\n\r\n"),
            .status(400)),
    ]

    @Test(arguments: smugglingCases)
    func smuggling(_ row: ParserCase) { row.check() }
}
