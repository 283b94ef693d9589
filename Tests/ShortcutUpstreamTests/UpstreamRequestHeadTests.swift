import Testing

@testable import ShortcutUpstream

/// The request as it goes on the wire: the client's fields less the hop-by-hop ones, its own Host,
/// Content-Length and Connection.
@Suite struct UpstreamRequestHeadTests {
    static func head(_ request: UpstreamRequest) throws -> String {
        String(decoding: try request.encoded(for: UpstreamURL(parsing: request.url)), as: UTF8.self)
    }

    @Test func hopByHopFieldsAndThoseConnectionNamesAreDroppedAndHostIsTheUpstreams() throws {
        let request = UpstreamRequest(
            method: "POST", url: "http://up.example:8080/p?q=1",
            headers: [
                ("Host", "mock.local:9081"), ("connection", "keep-alive, X-Hop ,x-other"), ("Keep-Alive", "timeout=5"),
                ("Proxy-Connection", "keep-alive"), ("TE", "trailers"), ("Trailer", "X-T"), ("Transfer-Encoding", "chunked"),
                ("Upgrade", "h2c"), ("X-Hop", "1"), ("X-Other", "2"), ("X-Kept", "yes"), ("Content-Length", "99"), ("Accept", "*/*"),
                ("X-Kept", "twice"),
            ], body: Array("abc".utf8))
        #expect(
            try Self.head(request)
                == "POST /p?q=1 HTTP/1.1\r\nHost: up.example:8080\r\nX-Kept: yes\r\nAccept: */*\r\nX-Kept: twice\r\n"
                + "Content-Length: 3\r\nConnection: close\r\n\r\nabc")
    }

    @Test(
        arguments: [
            ("GET", "", nil), ("HEAD", "", nil), ("DELETE", "", nil), ("POST", "", "0"), ("PUT", "", "0"), ("PATCH", "", "0"),
            ("GET", "x", "1"), ("DELETE", "xy", "2"),
        ] as [(String, String, String?)])
    func contentLengthIsSentWithABodyOrForAMethodThatMeansOne(method: String, body: String, length: String?) throws {
        let head = try Self.head(UpstreamRequest(method: method, url: "http://h/", body: Array(body.utf8)))
        #expect(head.hasPrefix("\(method) / HTTP/1.1\r\nHost: h\r\n"))
        #expect(head.contains("Content-Length:") == (length != nil))
        if let length { #expect(head.contains("\r\nContent-Length: \(length)\r\n")) }
    }

    @Test(arguments: [
        ("X-A", "a\r\nInjected: 1", "request header 1 (X-A): byte 0x0D at offset 1 of the value is a control character"),
        ("X-A", "a\nb", "request header 1 (X-A): byte 0x0A at offset 1 of the value"),
        ("X\r\nB", "v", "request header 1 (X\\x0D\\x0AB): byte 0x0D at offset 1 of the name is not a token character"),
        ("", "v", "request header 1 (): the name is empty"),
    ])
    func aFieldThatWouldSplitTheRequestIsRefused(name: String, value: String, message: String) {
        let request = UpstreamRequest(method: "GET", url: "http://h/", headers: [(name, value)])
        let failure = #expect(throws: UpstreamFailure.self) { try Self.head(request) }
        #expect(failure?.kind == .invalidRequest)
        #expect(failure?.description.contains("cannot send to http://h/ : \(message)") == true, "\(failure?.description ?? "no failure")")
    }

    @Test func aMethodThatIsNotATokenIsRefused() {
        let failure = #expect(throws: UpstreamFailure.self) {
            try Self.head(UpstreamRequest(method: "GET /x HTTP/1.1\r\n", url: "http://h/"))
        }
        #expect(failure?.description.hasPrefix("cannot send to http://h/ : the method") == true)
    }
}
