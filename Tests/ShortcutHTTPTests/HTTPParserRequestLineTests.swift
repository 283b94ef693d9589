import HTTPVocabulary
import ShortcutHTTP
import Testing

/// The request line: methods, targets and versions, byte by byte (harness: HTTPParserHarness.swift).
@Suite struct HTTPParserRequestLineTests {
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
}
