import ShortcutHTTP
import Testing

/// Every limit at N (accepted) and N + 1 (refused with its status), with small limits so that each case
/// can be parsed every way, and once at the real defaults.
@Suite struct HTTPParserLimitTests {
    static let small = ServerLimits.make(target: 64, headerBytes: 256, fields: 8, body: 32)

    /// A GET whose field lines (each with its CRLF) add up to exactly `size` bytes, in `count` fields.
    static func head(headerBytes size: Int, fields count: Int = 2, target: String = "/") -> String {
        var lines = ["Host: a\r\n"]
        for index in 1..<count - 1 { lines.append("F\(index): v\r\n") }
        let used = lines.reduce(0) { $0 + $1.utf8.count }
        let last = size - used - "X: \r\n".utf8.count
        precondition(last >= 0, "no room for \(count) fields in \(size) bytes")
        lines.append("X: " + String(repeating: "x", count: last) + "\r\n")
        return "GET \(target) HTTP/1.1\r\n" + lines.joined() + "\r\n"
    }

    static func target(_ length: Int) -> String { "/" + String(repeating: "t", count: length - 1) }

    static func chunked(_ sizes: [Int], trailers: String = "") -> String {
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + sizes.map { String($0, radix: 16) + "\r\n" + String(repeating: "b", count: $0) + "\r\n" }.joined()
            + "0\r\n" + trailers + "\r\n"
    }

    static func fixed(_ length: Int) -> String {
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n" + String(repeating: "b", count: length)
    }

    /// A chunked request whose last-chunk line (`0;eee…` and CRLF) is `length` bytes long.
    static func chunkLine(_ length: Int) -> String {
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0;"
            + String(repeating: "e", count: length - 4) + "\r\n\r\n"
    }

    static let cases: [ParserCase] = [
        ParserCase("target at the limit", "GET \(target(64)) HTTP/1.1\r\nHost: a\r\n\r\n", .accepts(1), limits: small),
        ParserCase(
            "target one over", "GET \(target(65)) HTTP/1.1\r\nHost: a\r\n\r\n",
            .error(.targetTooLong(length: 65, limit: 64)), limits: small),
        ParserCase(
            "a target far over, with no line end yet", "GET \(target(500))", .status(414), limits: small),
        ParserCase(
            "a long method makes the request line too long however it arrives",
            String(repeating: "M", count: 200) + " / HTTP/1.1\r\nHost: a\r\n\r\n", .status(414), limits: small),
        ParserCase(
            "an invalid byte early in an over-long request line",
            "GET /\u{01}" + String(repeating: "t", count: 200) + " HTTP/1.1\r\nHost: a\r\n\r\n", .status(414),
            limits: small),
        ParserCase("header section at the limit", head(headerBytes: 256), .accepts(1), limits: small),
        ParserCase(
            "header section one over", head(headerBytes: 257), .error(.headerSectionTooLarge(size: 257, limit: 256)),
            limits: small),
        ParserCase(
            "header section at the limit with a long target and leading CRLF",
            "\r\n" + head(headerBytes: 256, target: target(64)), .accepts(1), limits: small),
        ParserCase(
            "a field line over the limit that ends in a bare LF",
            "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "x", count: 300) + "\nY: 1\r\n\r\n", .status(431),
            limits: small),
        ParserCase(
            "a header section far over, with no end yet", "GET / HTTP/1.1\r\nX: " + String(repeating: "x", count: 500),
            .status(431), limits: small),
        ParserCase("fields at the limit", head(headerBytes: 100, fields: 8), .accepts(1), limits: small),
        ParserCase(
            "fields one over", head(headerBytes: 100, fields: 9), .error(.tooManyFields(count: 9, limit: 8)),
            limits: small),
        ParserCase("body at the limit", fixed(32), .accepts(1), limits: small),
        ParserCase("body one over", fixed(33), .error(.bodyTooLarge(size: 33, limit: 32)), limits: small),
        ParserCase("chunked body at the limit", chunked([16, 16]), .accepts(1), limits: small),
        ParserCase(
            "chunked body one over", chunked([16, 17]), .error(.bodyTooLarge(size: 33, limit: 32)), limits: small),
        ParserCase("one chunk over", chunked([33]), .error(.bodyTooLarge(size: 33, limit: 32)), limits: small),
        ParserCase(
            "trailers at the header limit", chunked([1], trailers: "T: " + String(repeating: "t", count: 251) + "\r\n"),
            .accepts(1), limits: small),
        ParserCase(
            "trailers one over", chunked([1], trailers: "T: " + String(repeating: "t", count: 252) + "\r\n"),
            .status(431), limits: small),
        ParserCase("a chunk-size line of 4096 bytes with its CRLF", chunkLine(4096), .accepts(1), limits: small),
        ParserCase(
            "a chunk-size line of 4097 bytes", chunkLine(4097), .error(.malformedChunk("chunk-size line too long")),
            limits: small),
    ]

    @Test(arguments: cases)
    func limit(_ row: ParserCase) { row.check() }

    /// The defaults at N and N + 1, parsed whole and split at a few offsets (dripping 1 MiB is slow).
    @Test func theDefaultLimits() {
        let defaults = ServerLimits()
        #expect(defaults.maxRequestTargetBytes == 8192)
        #expect(defaults.maxHeaderBytes == 32768)
        #expect(defaults.maxHeaderCount == 100)
        #expect(defaults.maxBodyBytes == 1_048_576)
        let cases: [(String, Expected)] = [
            ("GET \(Self.target(8192)) HTTP/1.1\r\nHost: a\r\n\r\n", .accepts(1)),
            ("GET \(Self.target(8193)) HTTP/1.1\r\nHost: a\r\n\r\n", .error(.targetTooLong(length: 8193, limit: 8192))),
            (Self.head(headerBytes: 32768), .accepts(1)),
            (Self.head(headerBytes: 32769), .error(.headerSectionTooLarge(size: 32769, limit: 32768))),
            (Self.head(headerBytes: 2000, fields: 100), .accepts(1)),
            (Self.head(headerBytes: 2000, fields: 101), .error(.tooManyFields(count: 101, limit: 100))),
            (Self.fixed(1_048_576), .accepts(1)),
            (Self.fixed(1_048_577), .error(.bodyTooLarge(size: 1_048_577, limit: 1_048_576))),
            (Self.chunked([524_288, 524_288]), .accepts(1)),
            (Self.chunked([524_288, 524_289]), .error(.bodyTooLarge(size: 1_048_577, limit: 1_048_576))),
        ]
        for (input, expected) in cases {
            var row = ParserCase("\(input.prefix(40))… at the defaults", input, expected, limits: defaults)
            row.maxSplits = 8
            row.drip = input.utf8.count < 100_000
            row.check()
        }
    }
}
