import Testing

@testable import ShortcutHTTP

// The parser's harness (feed modes, outcomes, fixtures) and its general behaviour: how bytes are fed,
// the request line, keep-alive, pipelining and what happens after an error. Modelled on SwiftNIO's
// HTTPDecoderTest: every case is parsed whole, dripped one byte at a time and split at every offset,
// and all of them must agree.

// MARK: - Harness

/// A request reduced to what the parser decided, so that outcomes compare with `==`.
struct ParsedRequest: Equatable, Sendable, CustomStringConvertible {
    var method: String
    var target: String
    var path: String
    var query: String?
    var version: HTTPVersion
    var headers: [HTTPField]
    var body: [UInt8]
    var keepAlive: Bool

    init(_ request: HTTPRequest, keepAlive: Bool) {
        method = request.method.rawValue
        target = request.target
        path = request.path
        query = request.query
        version = request.version
        headers = request.headers.fields
        body = request.body
        self.keepAlive = keepAlive
    }

    /// A fixture: `GET /` over HTTP/1.1 with `Host: a`, no body, kept alive, unless told otherwise.
    static func make(
        method: String = "GET", target: String = "/", path: String? = nil, query: String? = nil,
        version: HTTPVersion = .http1_1, headers: [(String, String)] = [("Host", "a")], body: String = "",
        keepAlive: Bool = true
    ) -> ParsedRequest {
        var request = HTTPRequest(method: HTTPMethod(method), target: target, version: version)
        request.path = path ?? request.path
        request.query = query ?? request.query
        request.headers = HTTPHeaders(headers)
        request.body = Array(body.utf8)
        return ParsedRequest(request, keepAlive: keepAlive)
    }

    var description: String {
        let fields = headers.map { "\($0.name.prefix(40)): \($0.value.prefix(40))" }
        return "\(method.prefix(40)) \(target.prefix(80)) \(version) \(fields) body \(body.count) bytes, "
            + "keepAlive \(keepAlive)"
    }
}

/// What a parser made of some bytes: its events in order, then the error it threw (nil when none).
struct ParseOutcome: Equatable, CustomStringConvertible {
    enum Event: Equatable, CustomStringConvertible {
        case request(ParsedRequest)
        case continueExpected

        var description: String {
            switch self {
            case .request(let request): "request(\(request))"
            case .continueExpected: "continueExpected"
            }
        }
    }

    var events: [Event] = []
    var error: HTTPParserError?
    /// Whether the parser still held part of a request when the bytes ran out.
    var isMidRequest = false

    var requests: [ParsedRequest] {
        events.compactMap { event in
            if case .request(let request) = event { request } else { nil }
        }
    }

    /// What must not depend on how the bytes were split. `100 Continue` is only asked for when the body
    /// has not arrived with the head, and a size limit hit before a line ended reports the bytes seen so
    /// far; the requests, the error's kind and its status must be the same however the bytes came.
    var splitIndependent: ParseOutcome {
        var copy = self
        copy.events.removeAll { $0 == .continueExpected }
        switch error {
        case .targetTooLong(_, let limit): copy.error = .targetTooLong(length: 0, limit: limit)
        case .headerSectionTooLarge(_, let limit): copy.error = .headerSectionTooLarge(size: 0, limit: limit)
        default: break
        }
        return copy
    }

    var description: String {
        "\(events)" + (error.map { " then \($0)" } ?? "") + (isMidRequest ? " (waiting for more)" : "")
    }
}

/// How bytes reach the parser.
enum Feed: CustomStringConvertible {
    /// All bytes in one call.
    case whole
    /// One byte per call.
    case drip
    /// Two calls: the bytes before `at`, then the rest.
    case split(at: Int)

    var description: String {
        switch self {
        case .whole: "whole"
        case .drip: "one byte at a time"
        case .split(let offset): "split at \(offset)"
        }
    }
}

extension ServerLimits {
    /// Small limits that keep the limit tests fast: target 64, header section 256, 8 fields, body 32.
    static func make(target: Int = 64, headerBytes: Int = 256, fields: Int = 8, body: Int = 32) -> ServerLimits {
        var limits = ServerLimits()
        limits.maxRequestTargetBytes = target
        limits.maxHeaderBytes = headerBytes
        limits.maxHeaderCount = fields
        limits.maxBodyBytes = body
        return limits
    }
}

enum ParserHarness {
    /// Runs a fresh parser over `bytes` fed as `feed`, stopping at the first error.
    static func parse(_ bytes: [UInt8], limits: ServerLimits = ServerLimits(), feed: Feed = .whole) -> ParseOutcome {
        var parser = HTTPParser(limits: limits)
        var outcome = ParseOutcome()
        let pieces: [ArraySlice<UInt8>] =
            switch feed {
            case .whole: [bytes[...]]
            case .drip: bytes.indices.map { bytes[$0...$0] }
            case .split(let offset): [bytes[..<offset], bytes[offset...]]
            }
        for piece in pieces {
            let thrown = send(piece, to: &parser) { event in
                switch event {
                case .request(let request, let keepAlive):
                    outcome.events.append(.request(ParsedRequest(request, keepAlive: keepAlive)))
                case .continueExpected:
                    outcome.events.append(.continueExpected)
                }
            }
            if let thrown {
                outcome.error = thrown
                break
            }
        }
        outcome.isMidRequest = outcome.error == nil && parser.isMidRequest
        return outcome
    }

    /// Feeds `piece` to `parser`; returns the error it threw, if any.
    static func send(
        _ piece: ArraySlice<UInt8>, to parser: inout HTTPParser, _ emit: (HTTPParser.Event) -> Void
    ) -> HTTPParserError? {
        piece.withUnsafeBytes { raw -> HTTPParserError? in
            do throws(HTTPParserError) {
                try parser.parse(raw, emit)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Parses `bytes` whole, dripped and split at every offset (or at `maxSplits` spread offsets for big
    /// inputs), records an issue for every feed whose outcome differs from the whole one, and returns that.
    static func parseEveryWay(
        _ bytes: [UInt8], limits: ServerLimits = ServerLimits(), maxSplits: Int = 2048, drip: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        let whole = parse(bytes, limits: limits)
        let expected = whole.splitIndependent
        var feeds: [Feed] = drip ? [.drip] : []
        if bytes.count > 1 {
            let step = max(1, (bytes.count - 1) / maxSplits)
            feeds += stride(from: 1, to: bytes.count, by: step).map { Feed.split(at: $0) }
        }
        for feed in feeds {
            let outcome = parse(bytes, limits: limits, feed: feed).splitIndependent
            if outcome != expected {
                Issue.record(
                    "fed \(feed): \(outcome)\nwhole: \(expected)\ninput: \(shown(bytes))",
                    sourceLocation: sourceLocation)
                return whole
            }
        }
        return whole
    }

    /// The bytes as text, with CR, LF and other controls escaped, cut to a readable length.
    static func shown(_ bytes: [UInt8], limit: Int = 300) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x20..<0x7F: text += String(UnicodeScalar(byte))
            default: text += "\\x" + String(byte, radix: 16)
            }
        }
        return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
    }
}

/// The bytes of `text` (UTF-8; every test request is ASCII unless it says otherwise).
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// What a table case expects.
enum Expected: Sendable, CustomStringConvertible {
    /// These requests, in order, and no error.
    case requests([ParsedRequest])
    /// This many requests and no error (when their content is not the point).
    case accepts(Int)
    /// No request and this exact error.
    case error(HTTPParserError)
    /// No request and an error with this status.
    case status(Int)
    /// No request, no error: the parser waits for more bytes.
    case waits

    var description: String {
        switch self {
        case .requests(let requests): "\(requests.count) request(s)"
        case .accepts(let count): "\(count) request(s)"
        case .error(let error): "\(error)"
        case .status(let status): "status \(status)"
        case .waits: "waiting"
        }
    }
}

/// One row of a parser table: a name, the raw request and what it must give.
struct ParserCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var expected: Expected
    var limits = ServerLimits()
    /// How many split offsets to try at most (spread over the input), and whether to drip it.
    var maxSplits = 2048
    var drip = true

    init(_ name: String, _ input: String, _ expected: Expected, limits: ServerLimits = ServerLimits()) {
        self.init(name, bytes(input), expected, limits: limits)
    }

    init(_ name: String, _ input: [UInt8], _ expected: Expected, limits: ServerLimits = ServerLimits()) {
        self.name = name
        self.input = input
        self.expected = expected
        self.limits = limits
    }

    var testDescription: String { name }

    /// Parses every way and checks the outcome against `expected`.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = ParserHarness.parseEveryWay(
            input, limits: limits, maxSplits: maxSplits, drip: drip, sourceLocation: sourceLocation)
        let context = Comment(rawValue: "\(name): got \(outcome)")
        switch expected {
        case .requests(let requests):
            #expect(outcome.error == nil, context, sourceLocation: sourceLocation)
            #expect(outcome.requests == requests, context, sourceLocation: sourceLocation)
        case .accepts(let count):
            #expect(outcome.error == nil, context, sourceLocation: sourceLocation)
            #expect(outcome.requests.count == count, context, sourceLocation: sourceLocation)
        case .error(let error):
            #expect(outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.error == error, context, sourceLocation: sourceLocation)
        case .status(let status):
            #expect(outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.error?.status.code == status, context, sourceLocation: sourceLocation)
        case .waits:
            #expect(outcome.error == nil && outcome.requests.isEmpty, context, sourceLocation: sourceLocation)
            #expect(outcome.isMidRequest, context, sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Tests

@Suite struct HTTPParserTests {
    static let requestLineCases: [ParserCase] = [
        ParserCase("GET origin-form", "GET / HTTP/1.1\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase(
            "path and query split at the first ?", "GET /a/b?x=1?y HTTP/1.1\r\nHost: a\r\n\r\n",
            .requests([.make(target: "/a/b?x=1?y", path: "/a/b", query: "x=1?y")])),
        ParserCase(
            "HEAD", "HEAD /h HTTP/1.1\r\nHost: a\r\n\r\n", .requests([.make(method: "HEAD", target: "/h")])),
        ParserCase(
            "an extension method is a token", "PURGE /x HTTP/1.1\r\nHost: a\r\n\r\n",
            .requests([.make(method: "PURGE", target: "/x")])),
        ParserCase(
            "methods are case-sensitive and kept as sent", "get / HTTP/1.1\r\nHost: a\r\n\r\n",
            .requests([.make(method: "get")])),
        ParserCase(
            "absolute-form", "GET http://example.com:8080/p?q=1 HTTP/1.1\r\nHost: example.com\r\n\r\n",
            .requests([
                .make(
                    target: "http://example.com:8080/p?q=1", path: "/p", query: "q=1",
                    headers: [("Host", "example.com")])
            ])),
        ParserCase(
            "absolute-form without a path", "GET HTTPS://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n",
            .requests([.make(target: "HTTPS://example.com", path: "/", headers: [("Host", "example.com")])])),
        ParserCase(
            "asterisk-form for OPTIONS", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
            .requests([.make(method: "OPTIONS", target: "*", path: "*")])),
        ParserCase(
            "asterisk-form for GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n",
            .error(.invalidTarget("'*' is only for OPTIONS"))),
        ParserCase("a longer asterisk target", "OPTIONS *x HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase(
            "authority-form (CONNECT is not served)", "CONNECT example.com:443 HTTP/1.1\r\nHost: a\r\n\r\n",
            .status(400)),
        ParserCase("relative path", "GET ../etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase(
            "HTTP/1.0", "GET / HTTP/1.0\r\n\r\n",
            .requests([.make(version: .http1_0, headers: [], keepAlive: false)])),
        ParserCase("HTTP/1.2 is served as 1.1", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase("HTTP/1.9 is served as 1.1", "GET / HTTP/1.9\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", .error(.unsupportedVersion("HTTP/2.0"))),
        ParserCase("HTTP/0.9 version", "GET / HTTP/0.9\r\n\r\n", .status(505)),
        ParserCase("HTTP/0.9 style (no version)", "GET /\r\n\r\n", .error(.malformedRequestLine("no HTTP version"))),
        ParserCase("lower-case version", "GET / http/1.1\r\nHost: a\r\n\r\n", .error(.malformedVersion("http/1.1"))),
        ParserCase("two-digit minor", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("other protocol", "GET / RTSP/1.0\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("garbage after the version", "GET / HTTP/1.1 x\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("trailing space after the version", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .status(400)),
        ParserCase(
            "two spaces after the method", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",
            .error(.malformedRequestLine("empty request-target or two spaces"))),
        ParserCase("two spaces before the version", "GET /  HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("space in the target", "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase(
            "tab as separator", "GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", .error(.invalidMethodByte(0x09))),
        ParserCase(
            "leading space", " GET / HTTP/1.1\r\nHost: a\r\n\r\n", .error(.malformedRequestLine("no method"))),
        ParserCase("method only", "GET\r\n\r\n", .error(.malformedRequestLine("no request-target"))),
        ParserCase("empty method", "/ HTTP/1.1\r\nHost: a\r\n\r\n", .status(400)),
        ParserCase("invalid method byte", "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .error(.invalidMethodByte(0x28))),
        ParserCase("NUL in the target", [UInt8]("GET /\0 HTTP/1.1\r\nHost: a\r\n\r\n".utf8), .status(400)),
        ParserCase("DEL in the target", "GET /\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", .error(.invalidTargetByte(0x7F))),
        ParserCase("request line ends in a bare LF", "GET / HTTP/1.1\nHost: a\r\n\r\n", .error(.bareLineFeed)),
        ParserCase("request line ends in a bare CR", "GET / HTTP/1.1\rHost: a\r\n\r\n", .status(400)),
        ParserCase(
            "one leading CRLF is ignored", "\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase(
            "two leading CRLFs are ignored", "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", .requests([.make()])),
        ParserCase("a leading bare LF", "\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", .error(.bareLineFeed)),
        ParserCase("an incomplete request line", "GET / HTTP/1.1", .waits),
        ParserCase("an incomplete head", "GET / HTTP/1.1\r\nHost: a\r\n", .waits),
    ]

    @Test(arguments: requestLineCases)
    func requestLine(_ row: ParserCase) { row.check() }

    @Test(arguments: 0...255)
    func everyByteInTheTarget(_ value: Int) {
        let byte = UInt8(value)
        let input = bytes("GET /a") + [byte] + bytes("b HTTP/1.1\r\nHost: a\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        if byte > 0x20 && byte < 0x7F {
            #expect(outcome.error == nil && outcome.requests.first?.target == "/a\(UnicodeScalar(byte))b")
        } else if byte == 0x0A {
            #expect(outcome.error == .bareLineFeed)
        } else if byte == 0x20 {
            #expect(outcome.error == .malformedVersion("b HTTP/1.1"))
        } else {
            #expect(outcome.error == .invalidTargetByte(byte))
        }
    }

    @Test(arguments: 0...255)
    func everyByteInTheMethod(_ value: Int) {
        let byte = UInt8(value)
        let input = [UInt8(ascii: "G"), byte] + bytes("T / HTTP/1.1\r\nHost: a\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        if HTTPSyntax.isTokenByte(byte) {
            #expect(outcome.requests.first?.method == "G\(UnicodeScalar(byte))T")
        } else if byte == 0x0A {
            #expect(outcome.error == .bareLineFeed)
        } else {
            #expect(outcome.error?.status == .badRequest && outcome.requests.isEmpty)
        }
    }

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
                == "request header section is 40211 bytes; the limit is 32768 (431)")
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
