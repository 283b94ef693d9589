import HTTPVocabulary
import ShortcutHTTP
import Testing

/// Field lines: every byte value in names and values, CRLF strictness (RFC 9112 §2.2, §5) and Host
/// (RFC 9112 §3.2).
@Suite struct HTTPParserFieldTests {
    @Test(arguments: 0...255)
    func everyByteInAFieldName(_ value: Int) {
        let byte = UInt8(value)
        let input = bytes("GET / HTTP/1.1\r\nHost: a\r\nX") + [byte] + bytes("Y: v\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        let fields = outcome.requests.first?.headers.dropFirst().map { [$0.name, $0.value] }
        switch byte {
        case _ where HTTPSyntax.isTokenByte(byte):
            #expect(fields == [["X\(UnicodeScalar(byte))Y", "v"]])
        case UInt8(ascii: ":"):
            // The first colon ends the name; the rest is value.
            #expect(fields == [["X", "Y: v"]])
        case 0x20, 0x09:
            // RFC 9112 §5.1: no whitespace between the name and the colon.
            #expect(outcome.error == .whitespaceBeforeColon("X"))
        case 0x0A:
            #expect(outcome.error == .bareLineFeed)
        default:
            #expect(outcome.error == .invalidFieldNameByte(byte))
        }
        if !HTTPSyntax.isTokenByte(byte) && byte != UInt8(ascii: ":") { #expect(outcome.requests.isEmpty) }
    }

    @Test(arguments: 0...255)
    func everyByteInAFieldValue(_ value: Int) {
        let byte = UInt8(value)
        let input = bytes("GET / HTTP/1.1\r\nHost: a\r\nX: a") + [byte] + bytes("b\r\n\r\n")
        let outcome = ParserHarness.parseEveryWay(input)
        switch byte {
        case 0x09, 0x20...0x7E, 0x80...0xFF:
            // VCHAR, SP, HTAB and obs-text (RFC 9110 §5.5); obs-text is kept as received, decoded as UTF-8.
            #expect(outcome.error == nil)
            #expect(outcome.requests.first?.headers.last?.value == String(decoding: [0x61, byte, 0x62], as: UTF8.self))
        case 0x0A:
            #expect(outcome.error == .bareLineFeed)
        default:
            // NUL, the other controls, a bare CR and DEL.
            #expect(outcome.error == .invalidFieldValueByte(field: "X", byte: byte))
        }
    }

    /// The names the parser answers with shared constants keep the spelling received, in every casing.
    @Test(arguments: [
        "Host", "Accept", "Cookie", "Origin", "Referer", "User-Agent", "Connection", "Content-Type", "Authorization",
        "Cache-Control", "Sec-Fetch-Mode", "Accept-Encoding", "Accept-Language", "X-Custom", "Content-Lengthy",
    ])
    func aFieldNameIsKeptAsReceived(_ name: String) {
        for spelling in [name, name.lowercased(), name.uppercased()] {
            let value = spelling.lowercased() == "host" ? "a" : "v"
            let host = spelling.lowercased() == "host" ? "" : "Host: a\r\n"
            let outcome = ParserHarness.parseEveryWay(bytes("GET / HTTP/1.1\r\n\(host)\(spelling): \(value)\r\n\r\n"))
            #expect(outcome.requests.first?.headers.last?.name == spelling)
            #expect(outcome.requests.first?.headers.last?.value == value)
        }
    }

    static let lineCases: [ParserCase] = [
        ParserCase(
            "optional whitespace around the value is trimmed", "GET / HTTP/1.1\r\nHost: a\r\nX: \t v w \t\r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("X", "v w")])])),
        ParserCase(
            "no whitespace after the colon", "GET / HTTP/1.1\r\nHost:a\r\nX:v\r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("X", "v")])])),
        ParserCase(
            "an empty value", "GET / HTTP/1.1\r\nHost: a\r\nX:\r\nY: \r\n\r\n",
            .requests([.make(headers: [("Host", "a"), ("X", ""), ("Y", "")])])),
        ParserCase(
            "repeated fields keep their order", "GET / HTTP/1.1\r\nA: 1\r\nHost: a\r\nA: 2\r\n\r\n",
            .requests([.make(headers: [("A", "1"), ("Host", "a"), ("A", "2")])])),
        ParserCase("bare LF ends a field line", "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", .error(.bareLineFeed)),
        ParserCase("bare LF ends the head", "GET / HTTP/1.1\r\nHost: a\r\n\n", .error(.bareLineFeed)),
        ParserCase("bare LF everywhere", "GET / HTTP/1.1\nHost: a\n\n", .error(.bareLineFeed)),
        ParserCase(
            "bare CR inside a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n",
            .error(.invalidFieldValueByte(field: "X", byte: 0x0D))),
        ParserCase(
            "bare CR ends a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\r\n\r\n",
            .error(.invalidFieldValueByte(field: "X", byte: 0x0D))),
        ParserCase(
            "CR CR LF before the end of the head", "GET / HTTP/1.1\r\nHost: a\r\n\r\r\n\r\n",
            .error(.invalidFieldNameByte(0x0D))),
        ParserCase(
            "obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", .error(.obsoleteLineFolding)),
        ParserCase(
            "obs-fold with a tab", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n\tb\r\n\r\n", .error(.obsoleteLineFolding)),
        ParserCase(
            "whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", .error(.obsoleteLineFolding)),
        ParserCase(
            "space before the colon", "GET / HTTP/1.1\r\nHost: a\r\nX : v\r\n\r\n",
            .error(.whitespaceBeforeColon("X"))),
        ParserCase(
            "tab before the colon", "GET / HTTP/1.1\r\nHost: a\r\nX\t: v\r\n\r\n", .error(.whitespaceBeforeColon("X"))),
        ParserCase(
            "space inside a name", "GET / HTTP/1.1\r\nHost: a\r\nA space: v\r\n\r\n",
            .error(.whitespaceBeforeColon("A"))),
        ParserCase("a line without a colon", "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .status(400)),
        ParserCase("an empty name", "GET / HTTP/1.1\r\nHost: a\r\n: v\r\n\r\n", .status(400)),
        ParserCase("an empty name alone", "GET / HTTP/1.1\r\nHost: a\r\n:\r\n\r\n", .status(400)),
        ParserCase(
            "invalid name characters", "GET / HTTP/1.1\r\nHost: a\r\nFo@: v\r\n\r\n",
            .error(.invalidFieldNameByte(0x40))),
        ParserCase(
            "brackets in a name", "GET / HTTP/1.1\r\nHost: a\r\n[X]: v\r\n\r\n", .error(.invalidFieldNameByte(0x5B))),
    ]

    @Test(arguments: lineCases)
    func fieldLines(_ row: ParserCase) { row.check() }

    static let hostCases: [ParserCase] = [
        ParserCase("missing on HTTP/1.1", "GET / HTTP/1.1\r\nX: y\r\n\r\n", .error(.missingHost)),
        ParserCase(
            "optional on HTTP/1.0", "GET / HTTP/1.0\r\n\r\n",
            .requests([.make(version: .http1_0, headers: [], keepAlive: false)])),
        ParserCase(
            "present on HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\n\r\n",
            .requests([.make(version: .http1_0, keepAlive: false)])),
        ParserCase("duplicate", "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", .error(.duplicateHost)),
        ParserCase("duplicate in other case", "GET / HTTP/1.1\r\nHost: a\r\nhOST: b\r\n\r\n", .error(.duplicateHost)),
        ParserCase("duplicate on HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", .error(.duplicateHost)),
        ParserCase(
            "empty (RFC 9112 §3.2 allows it when the target has no authority)", "GET / HTTP/1.1\r\nHost:\r\n\r\n",
            .requests([.make(headers: [("Host", "")])])),
        ParserCase(
            "name and port", "GET / HTTP/1.1\r\nhost: Example.COM:8080\r\n\r\n",
            .requests([.make(headers: [("host", "Example.COM:8080")])])),
        ParserCase(
            "IPv6 literal with a zone", "GET / HTTP/1.1\r\nHost: [::1%25en0]:80\r\n\r\n",
            .requests([.make(headers: [("Host", "[::1%25en0]:80")])])),
        ParserCase(
            "sub-delims and underscore", "GET / HTTP/1.1\r\nHost: a_b-c.d~!$&'()*+,;=\r\n\r\n",
            .requests([.make(headers: [("Host", "a_b-c.d~!$&'()*+,;=")])])),
        ParserCase(
            "a space inside", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
            .error(.invalidHost("a b", reason: "byte 0x20 cannot stand in a host name"))),
        ParserCase(
            "a brace", "GET / HTTP/1.1\r\nHost: {\r\n\r\n", .error(.invalidHost("{", reason: "'{' cannot stand in a host name"))),
        ParserCase(
            "a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .error(.invalidHost("a/b", reason: "'/' cannot stand in a host name"))),
        ParserCase(
            "user info", "GET / HTTP/1.1\r\nHost: u@a\r\n\r\n", .error(.invalidHost("u@a", reason: "'@' cannot stand in a host name"))),
        ParserCase(
            "text after an IP-literal", "GET / HTTP/1.1\r\nHost: [::1]evil.example\r\n\r\n",
            .error(.invalidHost("[::1]evil.example", reason: "text after the IP-literal: 'evil.example'"))),
        ParserCase(
            "a list in the port", "GET / HTTP/1.1\r\nHost: localhost:80,evil.example\r\n\r\n",
            .error(.invalidHost("localhost:80,evil.example", reason: "port '80,evil.example' is not digits"))),
        ParserCase(
            "a name in brackets", "GET / HTTP/1.1\r\nHost: [localhost]\r\n\r\n",
            .error(.invalidHost("[localhost]", reason: "'[localhost]' is not an IPv6 address"))),
        ParserCase(
            "a port over 65535", "GET / HTTP/1.1\r\nHost: a:65536\r\n\r\n",
            .error(.invalidHost("a:65536", reason: "port '65536' is above 65535"))),
        ParserCase(
            "a control byte", "GET / HTTP/1.1\r\nHost: \u{06}\r\n\r\n",
            .error(.invalidFieldValueByte(field: "Host", byte: 6))),
        ParserCase("obs-text", [UInt8]("GET / HTTP/1.1\r\nHost: ".utf8) + [0xFF] + bytes("\r\n\r\n"), .status(400)),
    ]

    @Test(arguments: hostCases)
    func host(_ row: ParserCase) { row.check() }

    /// Host is `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2): a reg-name, an IPv4 address or an
    /// IP-literal, then nothing but an optional port of digits. Anything else is a 400 (RFC 9112 §3.2).
    static let strictHostCases: [ParserCase] =
        [
            "[::1]evil.example", "[::1]:80evil", "localhost:80,evil.example", "localhost:80:80", "localhost:8o",
            "localhost:-1", "localhost: 80", ":80", "::1", "[localhost]", "[127.0.0.1]", "[::1", "::1]", "[]", "[:::1]",
            "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7]", "[1::2::3]", "[12345::1]", "[::g]", "[::1%en0]", "[::1%25]",
            "[::1%25a!b]", "[v1]", "[v.x]", "[vg.x]", "a%2", "a%zz", "a]", "a[", "a:99999", "a:65536", "a\\b",
            "a\"b", "a<b", "a^b", "a|b", "a`b",
        ].map { ParserCase("Host \($0)", "GET / HTTP/1.1\r\nHost: \($0)\r\n\r\n", .status(400)) }
        + [
            "localhost", "LOCALHOST:9081", "localhost.", "127.0.0.1", "127.0.0.1:0", "0.0.0.0=5000", "a:", "a:065535",
            "[::1]", "[::1]:80", "[::1]:", "[::]", "[1::]", "[::ffff:127.0.0.1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6::8]",
            "[1:2:3:4:5:6:1.2.3.4]", "[fe80::1%25en0]", "[fe80::1%25%41]", "[v1.x:y]", "[V7f.a!b]", "xn--bcher-kva.example",
            "a%41b", "under_score", "256.1.1.1", "",
        ].map { ParserCase("Host \($0)", "GET / HTTP/1.1\r\nHost: \($0)\r\n\r\n", .accepts(1)) }

    @Test(arguments: strictHostCases)
    func strictHost(_ row: ParserCase) { row.check() }
}
