import ShortcutPlatform
import Testing

@testable import ShortcutUpstream

/// The answer reader without a socket: whole, one byte at a time, and split at every offset.
@Suite struct UpstreamAnswerReaderTests {
    static let url = "http://up.example/x"

    static func read(
        _ source: ScriptedByteSource, method: String = "GET", limits: UpstreamLimits = UpstreamLimits()
    ) throws(UpstreamFailure) -> UpstreamResponse {
        var reader = UpstreamAnswerReader(source: source, limits: limits, url: url)
        return try reader.readAnswer(method: method)
    }

    struct Good: Sendable, CustomTestStringConvertible {
        let name: String
        let raw: String
        var method = "GET"
        let status: Int
        let headers: [String]
        let body: String
        var testDescription: String { name }
    }

    static let good: [Good] = [
        Good(
            name: "content-length", raw: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: a b \r\n\r\nhelloIGNORED", status: 200,
            headers: ["Content-Length: 5", "X-A: a b"], body: "hello"),
        Good(
            name: "chunked with extensions and trailers",
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n01 \r\n!\r\n0\r\nX-T: 1\r\nX-U: 2\r\n\r\n",
            status: 200, headers: [], body: "hello!"),
        Good(
            name: "Transfer-Encoding overrides and removes Content-Length",
            raw: "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n", status: 200,
            headers: [], body: "ok"),
        Good(name: "until close", raw: "HTTP/1.0 200 OK\r\nX: y\r\n\r\nto the end", status: 200, headers: ["X: y"], body: "to the end"),
        Good(
            name: "bare LF line ends", raw: "HTTP/1.1 200 OK\nContent-Length: 2\n\nok", status: 200, headers: ["Content-Length: 2"],
            body: "ok"),
        Good(
            name: "no reason phrase", raw: "HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n", status: 404, headers: ["Content-Length: 0"],
            body: ""),
        Good(
            name: "interim answers skipped",
            raw: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\n\r\nz",
            status: 200, headers: [], body: "z"),
        Good(name: "204 has no body", raw: "HTTP/1.1 204 No Content\r\n\r\nJUNK", status: 204, headers: [], body: ""),
        Good(
            name: "304 has no body", raw: "HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n", status: 304,
            headers: ["Content-Length: 9"], body: ""),
        Good(
            name: "HEAD has no body", raw: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", method: "HEAD", status: 200,
            headers: ["Content-Length: 1000"], body: ""),
        Good(
            name: "a repeated equal Content-Length", raw: "HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok", status: 200,
            headers: ["Content-Length: 2, 2"], body: "ok"),
    ]

    static func check(_ response: UpstreamResponse, _ row: Good) {
        #expect(response.status == row.status, "\(row.name)")
        #expect(response.headers.map { "\($0.name): \($0.value)" } == row.headers, "\(row.name)")
        #expect(String(decoding: response.body, as: UTF8.self) == row.body, "\(row.name)")
    }

    @Test(arguments: good) func aWellFormedAnswerReadsTheSameWholeAndByteByByte(_ row: Good) throws {
        Self.check(try Self.read(ScriptedByteSource(row.raw), method: row.method), row)
        Self.check(try Self.read(ScriptedByteSource(row.raw, step: 1), method: row.method), row)
    }

    @Test func everySplitPointOfAChunkedAnswerGivesTheSameAnswer() throws {
        let row = Self.good[1]
        for split in 0...row.raw.utf8.count {
            Self.check(try Self.read(ScriptedByteSource(row.raw, split: split)), row)
        }
    }

    @Test func theReasonPhraseIsKept() throws {
        #expect(try Self.read(ScriptedByteSource("HTTP/1.1 418 I'm a teapot\r\n\r\n")).reason == "I'm a teapot")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let raw: String
        let kind: UpstreamFailure.Kind
        let message: String
        var testDescription: String { message }
    }

    static let bad: [Bad] = [
        Bad(raw: "", kind: .connectionClosed, message: "http://up.example/x closed the connection without answering"),
        Bad(
            raw: "SSH-2.0-OpenSSH_9.6\r\n", kind: .malformedAnswer,
            message: "http://up.example/x answered no HTTP response (it began \"SSH-2.0-OpenSSH_9.6\")"),
        Bad(raw: "HTTP/2 200\r\n\r\n", kind: .malformedAnswer, message: "answered no HTTP response"),
        Bad(raw: "HTTP/1.1 200 OK\r\nX: a\r\n folded\r\n\r\n", kind: .malformedAnswer, message: "has a folded header line (obs-fold"),
        Bad(raw: "HTTP/1.1 200 OK\r\nX : a\r\n\r\n", kind: .malformedAnswer, message: "has a header name that is not a token: \"X \""),
        Bad(raw: "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", kind: .malformedAnswer, message: "has a header line without a colon"),
        Bad(raw: "HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n", kind: .malformedAnswer, message: "has byte 0x0D in the value of X"),
        Bad(raw: "HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n", kind: .malformedAnswer, message: "has an invalid Content-Length: \"1x\""),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", kind: .malformedAnswer,
            message: "invalid Content-Length: \"1, 2\""),
        Bad(raw: "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", kind: .malformedAnswer, message: "invalid Content-Length"),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", kind: .malformedAnswer,
            message: "this client decodes chunked only"),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nz\r\n", kind: .malformedAnswer,
            message: "malformed chunk-size line: \"z\""),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", kind: .malformedAnswer,
            message: "chunk longer than its size line"),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", kind: .connectionClosed,
            message: "middle of its chunked body (after 2 bytes)"),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: 1\r\n", kind: .connectionClosed,
            message: "middle of its chunked body"),
        Bad(
            raw: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", kind: .connectionClosed,
            message: "after 3 of the 10 body bytes it announced"),
        Bad(raw: "HTTP/1.1 200 OK\r\nX: y", kind: .connectionClosed, message: "closed the connection in the middle of its header section"),
        Bad(raw: "HTTP/1.1 101 Switching Protocols\r\n\r\n", kind: .malformedAnswer, message: "switched protocols (101)"),
        Bad(raw: "HTTP/1.1 100 Continue\r\n\r\n", kind: .connectionClosed, message: "closed the connection after an interim answer"),
        Bad(raw: "HTTP/1.1 099 Low\r\n\r\n", kind: .malformedAnswer, message: "has the status 99, below 100"),
    ]

    @Test(arguments: bad) func aMalformedOrCutAnswerIsAFailureThatSaysWhy(_ row: Bad) {
        for step in [Int.max, 1] {
            let failure = #expect(throws: UpstreamFailure.self) { try Self.read(ScriptedByteSource(row.raw, step: step)) }
            #expect(failure?.kind == row.kind)
            #expect(failure?.description.contains(row.message) == true, "\(failure?.description ?? "no failure")")
        }
    }

    @Test func aReadThatTimesOutIsATimeoutNamingTheURLAndTheSeconds() {
        let source = ScriptedByteSource("HTTP/1.1 200 OK\r\n", endError: Errno.wouldBlock)
        let failure = #expect(throws: UpstreamFailure.self) { try Self.read(source, limits: UpstreamLimits(timeoutSeconds: 3)) }
        #expect(failure == UpstreamFailure(.timedOut, "http://up.example/x did not answer within 3 s"))
    }

    // MARK: Limits at N and N+1

    /// An answer whose head (status line to blank line) is exactly `size` bytes.
    static func answer(headBytes size: Int) -> String {
        let fixed = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX: \r\n\r\n"
        return "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX: " + String(repeating: "p", count: size - fixed.utf8.count) + "\r\n\r\n"
    }

    @Test func aHeadOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let limits = UpstreamLimits(maxHeadBytes: 200)
        for step in [Int.max, 1] {
            #expect(try Self.read(ScriptedByteSource(Self.answer(headBytes: 200), step: step), limits: limits).status == 200)
            let failure = #expect(throws: UpstreamFailure.self) {
                try Self.read(ScriptedByteSource(Self.answer(headBytes: 201), step: step), limits: limits)
            }
            #expect(failure == UpstreamFailure(.tooLarge, "the answer from http://up.example/x has a header section over 200 bytes"))
        }
    }

    @Test func interimAnswersCountTowardsTheHeadLimit() {
        let raw = "HTTP/1.1 100 Continue\r\n\r\n" + Self.answer(headBytes: 200)
        let failure = #expect(throws: UpstreamFailure.self) {
            try Self.read(ScriptedByteSource(raw), limits: UpstreamLimits(maxHeadBytes: 200))
        }
        #expect(failure?.kind == .tooLarge)
    }

    /// A body of `size` bytes in each framing.
    static func answers(bodyBytes size: Int) -> [String] {
        let body = String(repeating: "b", count: size)
        let half = size / 2
        return [
            "HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n\(body)",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(String(half, radix: 16))\r\n\(body.prefix(half))\r\n"
                + "\(String(size - half, radix: 16))\r\n\(body.dropFirst(half))\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\n\r\n\(body)",
        ]
    }

    @Test func aBodyOfExactlyTheLimitIsReadAndOneByteMoreIsRefusedInEveryFraming() throws {
        let limits = UpstreamLimits(maxBodyBytes: 64)
        for raw in Self.answers(bodyBytes: 64) {
            #expect(try Self.read(ScriptedByteSource(raw), limits: limits).body.count == 64)
        }
        for raw in Self.answers(bodyBytes: 65) {
            let failure = #expect(throws: UpstreamFailure.self) { try Self.read(ScriptedByteSource(raw, step: 7), limits: limits) }
            #expect(failure?.kind == .tooLarge)
            #expect(failure?.description.hasPrefix("the answer from http://up.example/x has a body over 64 bytes") == true)
        }
    }

    @Test func aContentLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() {
        let raw = "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n"
        let failure = #expect(throws: UpstreamFailure.self) { try Self.read(ScriptedByteSource(raw)) }
        #expect(
            failure?.description
                == "the answer from http://up.example/x has a body over 10485760 bytes (its Content-Length is 99999999999999999999999)")
    }

    @Test func aChunkSizeLineOverTheHeadLimitIsRefused() {
        let raw = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 300) + "\r\nx\r\n0\r\n\r\n"
        let failure = #expect(throws: UpstreamFailure.self) {
            try Self.read(ScriptedByteSource(raw), limits: UpstreamLimits(maxHeadBytes: 256))
        }
        #expect(failure?.description == "the answer from http://up.example/x has a chunk-size line over 256 bytes")
    }
}
