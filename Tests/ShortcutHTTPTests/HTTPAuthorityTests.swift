import Testing

@testable import ShortcutHTTP

/// The authority a request names: parsed strictly as `uri-host [":" port]`, and taken from an absolute-form
/// target when there is one (RFC 9112 §3.2.2), which the parser holds to the same rule.
@Suite struct HTTPAuthorityTests {
    @Test func partsOfEachKindOfHost() throws {
        let name = try HTTPAuthority(parsing: "Example.COM:8080")
        #expect(name == HTTPAuthority(host: "Example.COM", kind: .name, port: 8080))
        #expect(try HTTPAuthority(parsing: "127.0.0.1") == HTTPAuthority(host: "127.0.0.1", kind: .ipv4, port: nil))
        #expect(try HTTPAuthority(parsing: "127.0.0.01").kind == .name, "a leading zero makes it a reg-name (RFC 3986 dec-octet)")
        #expect(try HTTPAuthority(parsing: "[::1]:9081") == HTTPAuthority(host: "::1", kind: .ipLiteral, port: 9081))
        #expect(try HTTPAuthority(parsing: "[fe80::1%25en0]").host == "fe80::1%25en0")
        #expect(try HTTPAuthority(parsing: "localhost:") == HTTPAuthority(host: "localhost", kind: .name, port: nil))
        #expect(try HTTPAuthority(parsing: "") == HTTPAuthority(host: "", kind: .name, port: nil))
        #expect(try HTTPAuthority(parsing: "a:0").port == 0)
        #expect(try HTTPAuthority(parsing: "a:65535").port == 65535)
    }

    /// IPv6 text forms (RFC 4291 §2.2 as RFC 3986's grammar writes them), each against the parser.
    @Test func ipv6Forms() {
        let valid = [
            "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1::2:3:4:5:6:7",
            "::1.2.3.4", "::ffff:10.0.0.1", "1:2:3:4:5:6:1.2.3.4", "ABCD:ef01::", "fe80::1%25eth0",
        ]
        let invalid = [
            "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7", ":1::", "1::2::3", "1:::2", "1.2.3.4::",
            "::1.2.3", "::01.2.3.4", "::256.1.1.1", "1:2:3:4:5:6:7:1.2.3.4", "12345::", "::g", ":", "1:",
            "fe80::1%eth0", "fe80::1%25", "fe80::1%25a/b",
        ]
        for text in valid {
            #expect((try? HTTPAuthority(parsing: "[\(text)]"))?.kind == .ipLiteral, "[\(text)] is an IPv6 address")
        }
        for text in invalid {
            #expect(throws: HTTPAuthority.Failure.self, "[\(text)] is not") { try HTTPAuthority(parsing: "[\(text)]") }
        }
    }

    @Test(arguments: [
        ("[::1]evil.example", "text after the IP-literal: 'evil.example'"),
        ("localhost:80,evil.example", "port '80,evil.example' is not digits"),
        ("[localhost]", "'[localhost]' is not an IPv6 address"),
        ("[v1.]", "'[v1.]' is not an IPv6 address or IPvFuture"),
        ("[::1", "no ']' closes the IP-literal"),
        (":80", "no host before the port"),
        ("a:65536", "port '65536' is above 65535"),
        ("a:1234567890123456789012345", "port '1234567890123456789012345' is above 65535"),
        // A byte that is not a digit is named first, even after digits that are already too many.
        ("a:99999x", "port '99999x' is not digits"),
        ("a%4", "'%' in the host is not followed by two hex digits"),
        ("a b", "byte 0x20 cannot stand in a host name"),
        ("é", "byte 0xC3 cannot stand in a host name"),
    ])
    func malformedAuthoritiesSayWhy(text: String, reason: String) {
        #expect(throws: HTTPAuthority.Failure(reason: reason)) { try HTTPAuthority(parsing: text) }
    }

    @Test func anAbsoluteFormTargetNamesTheAuthority() throws {
        let absolute = HTTPRequest(method: .GET, target: "http://Evil.example:81/api/mock?x=1", headers: ["Host": "localhost"])
        #expect(absolute.authority == "Evil.example:81")
        #expect(HTTPRequest(method: .GET, target: "https://a.example", headers: ["Host": "b"]).authority == "a.example")
        #expect(HTTPRequest(method: .GET, target: "http://a.example?q", headers: ["Host": "b"]).authority == "a.example")
        #expect(HTTPRequest(method: .GET, target: "/x", headers: ["Host": "localhost:9081"]).authority == "localhost:9081")
        #expect(HTTPRequest(method: .GET, target: "/x", version: .http1_0).authority == nil)
        #expect(HTTPRequest(method: .GET, target: "http://u:p@a.example/", headers: ["Host": "b"]).authority == "a.example")
    }

    /// The parser refuses an absolute-form target whose authority is malformed, empty or carries userinfo,
    /// whatever the Host field says.
    static let absoluteFormCases: [ParserCase] =
        [
            "http://[::1]evil.example/", "http://localhost:80,evil.example/", "http://[localhost]/", "http:///x", "http://",
            "http://:80/", "http://a:99999/", "http://u@localhost/", "http://u:p@localhost/", "https://a%zz/",
        ].map { ParserCase("target \($0)", "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n", .status(400)) }
        + [
            "http://example.com", "http://example.com:8080/p?q=1", "HTTPS://[::1]:443/", "http://a?x", "http://127.0.0.1:9081/api",
        ].map { ParserCase("target \($0)", "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n", .accepts(1)) }

    @Test(arguments: absoluteFormCases)
    func absoluteForm(_ row: ParserCase) { row.check() }

    @Test func absoluteFormReasons() {
        var parser = HTTPParser()
        let bytes = Array("GET http://u@a/ HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        #expect(throws: HTTPParserError.invalidTarget("userinfo ('…@') in the authority 'u@a' is not accepted")) {
            try bytes.withUnsafeBytes { buffer in try parser.parse(buffer) { _ in } }
        }
        var second = HTTPParser()
        let empty = Array("GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        #expect(throws: HTTPParserError.invalidTarget("the authority '': no host")) {
            try empty.withUnsafeBytes { buffer in try second.parse(buffer) { _ in } }
        }
    }
}
