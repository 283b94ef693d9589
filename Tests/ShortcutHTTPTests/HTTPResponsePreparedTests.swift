import Testing

@testable import ShortcutHTTP

/// `prepared()` keeps a serialised head that is current by construction: any change of status or fields,
/// on the value or on a copy, drops it, so the writer never sends a stale one (issue 10).
@Suite struct HTTPResponsePreparedTests {
    /// What the writer puts on the wire, with a fixed Date line.
    static func wire(_ response: HTTPResponse) -> String {
        var out: [UInt8] = []
        ResponseWriter.append(
            response, to: &out, isHead: false, keepAlive: true, echoKeepAlive: false,
            date: Array("Date: D\r\n".utf8))
        return String(decoding: out, as: UTF8.self)
    }

    static let base = HTTPResponse(status: .movedPermanently, headers: ["Location": "/p/demo", "X-A": "1"])

    @Test func preparedSendsTheSameBytesAsUnprepared() {
        let prepared = Self.base.prepared()
        #expect(prepared.preparedByteCount > 0)
        #expect(Self.wire(prepared) == Self.wire(Self.base))
        #expect(
            Self.wire(prepared) == "HTTP/1.1 301 Moved Permanently\r\nLocation: /p/demo\r\nX-A: 1\r\nDate: D\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func aChangedStatusIsSent() {
        var response = Self.base.prepared()
        response.status = .found
        #expect(response.preparedByteCount == 0)
        #expect(Self.wire(response).hasPrefix("HTTP/1.1 302 Found\r\nLocation: /p/demo\r\n"))
    }

    @Test func aChangedHeaderValueIsSent() {
        var response = Self.base.prepared()
        response.headers["Location"] = "/p/another-page"
        #expect(Self.wire(response).contains("Location: /p/another-page\r\n"))
    }

    /// Same length, same number of fields: nothing but the bytes differ.
    @Test func aSameLengthHeaderChangeIsSent() {
        var response = Self.base.prepared()
        response.headers["X-A"] = "2"
        #expect(Self.wire(response).contains("X-A: 2\r\n"))
        #expect(!Self.wire(response).contains("X-A: 1"))
    }

    /// A copy changed after preparing: the copy sends its change, the original its prepared head.
    @Test func aCopyThenModifiedSendsItsOwnHead() {
        let prepared = Self.base.prepared()
        var copy = prepared
        copy.headers.add(name: "X-B", value: "3")
        #expect(Self.wire(copy).contains("X-A: 1\r\nX-B: 3\r\n"))
        #expect(Self.wire(prepared) == Self.wire(Self.base))
        #expect(prepared.preparedByteCount > 0)
        #expect(prepared.with(header: "X-C", "4").preparedByteCount == 0)
    }

    @Test func aBodyChangeKeepsTheHeadAndSendsTheNewLength() {
        var response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("hi".utf8)).prepared()
        response.body = Array("hello".utf8)
        #expect(response.preparedByteCount > 0, "the head does not hold the length")
        #expect(Self.wire(response).hasSuffix("Content-Length: 5\r\n\r\nhello"))
    }
}
