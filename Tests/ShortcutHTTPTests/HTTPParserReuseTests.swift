import ShortcutHTTP
import Testing

/// The parser reads each head into the storage of the request before it once that request's handler has
/// let go of it (`HTTPRequest.reuse`): nothing of the earlier request may show through, and a request still
/// held is never written over.
@Suite struct HTTPParserReuseTests {
    static let heads = [
        "GET /first?x=1 HTTP/1.1\r\nHost: a\r\nAccept: */*\r\nX-One: 1\r\n\r\n",
        "HEAD /second HTTP/1.0\r\nHost: b\r\n\r\n",
        "GET /third HTTP/1.1\r\nHost: c\r\nX-Two: 2\r\n\r\n",
        "GET /fourth HTTP/1.1\r\nHost: d\r\n\r\n",
    ]

    /// What a handler would see of a request, as plain values (holding none of its storage).
    static func seen(_ request: HTTPRequest) -> String {
        let fields = request.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "\(request.method.rawValue) \(request.target) \(request.path) \(request.query ?? "-") \(request.version.minor) [\(fields)]"
    }

    static let expected = [
        "GET /first?x=1 /first x=1 1 [Host=a,Accept=*/*,X-One=1]",
        "HEAD /second /second - 0 [Host=b]",
        "GET /third /third - 1 [Host=c,X-Two=2]",
        "GET /fourth /fourth - 1 [Host=d]",
    ]

    @Test func aRequestLetGoOfLeavesNothingInTheNext() throws {
        var parser = HTTPParser()
        var seen: [String] = []
        for head in Self.heads {
            try bytes(head).withUnsafeBytes { raw in
                try parser.parse(raw) { event in
                    if case .request(let request, _, _) = event { seen.append(Self.seen(request)) }
                }
            }
        }
        #expect(seen == Self.expected)
    }

    @Test func aRequestStillHeldIsNotWrittenOver() throws {
        var parser = HTTPParser()
        var held: [HTTPRequest] = []
        for head in Self.heads {
            try bytes(head).withUnsafeBytes { raw in
                try parser.parse(raw) { event in
                    if case .request(let request, _, _) = event { held.append(request) }
                }
            }
        }
        #expect(held.map(Self.seen) == Self.expected)
    }
}
