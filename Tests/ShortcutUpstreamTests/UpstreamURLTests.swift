import Testing

@testable import ShortcutUpstream

/// Absolute http:// URLs split into host, port, Host field and request target.
@Suite struct UpstreamURLTests {
    @Test(arguments: [
        ("http://example.com", "example.com", 80, "example.com", "/"),
        ("HTTP://Example.com:8080/a/b?c=d#frag", "Example.com", 8080, "Example.com:8080", "/a/b?c=d"),
        ("http://127.0.0.1:9/", "127.0.0.1", 9, "127.0.0.1:9", "/"),
        ("http://[::1]:8443/x", "[::1]", 8443, "[::1]:8443", "/x"),
        ("http://[::1]", "[::1]", 80, "[::1]", "/"),
        ("http://host:/p", "host", 80, "host:", "/p"),
        ("http://host?q", "host", 80, "host", "/?q"),
        ("http://my_host.local/%20", "my_host.local", 80, "my_host.local", "/%20"),
    ])
    func anHTTPURLIsSplitIntoWhatTheRequestNeeds(url: String, host: String, port: Int, authority: String, target: String) throws {
        let parsed = try UpstreamURL(parsing: url)
        #expect(parsed.host == host)
        #expect(Int(parsed.port) == port)
        #expect(parsed.authority == authority)
        #expect(parsed.target == target)
    }

    @Test(arguments: [
        ("ftp://x/", "cannot send to ftp://x/ : it is not an absolute http:// URL"),
        ("/relative", "cannot send to /relative : it is not an absolute http:// URL"),
        ("http:/x", "cannot send to http:/x : it is not an absolute http:// URL"),
        ("http:///path", "cannot send to http:///path : the URL has no host"),
        ("http://user:pw@x/", "cannot send to http://user:pw@x/ : the URL has user information (user@host), which is not sent"),
        ("http://x:0/", "cannot send to http://x:0/ : the port \"0\" is not a number from 1 to 65535"),
        ("http://x:65536/", "cannot send to http://x:65536/ : the port \"65536\" is not a number from 1 to 65535"),
        ("http://x:8a/", "cannot send to http://x:8a/ : the port \"8a\" is not a number from 1 to 65535"),
        ("http://[::1/", "cannot send to http://[::1/ : the IPv6 address has no closing ]"),
        ("http://[example.com]/", "cannot send to http://[example.com]/ : [example.com] is not an IPv6 address"),
        ("http://[::1]x/", "cannot send to http://[::1]x/ : the IPv6 address is followed by \"x\", not by :port"),
        ("http://a b/", "cannot send to http://a b/ : the host \"a b\" holds \" \", which a host name cannot"),
        ("http://x/a b", "cannot send to http://x/a b : the path holds byte 0x20, which a request target cannot (percent-encode it)"),
        ("http://x/\r\nX: 1", "the path holds byte 0x0D"),
    ])
    func aURLThisClientCannotSendToIsRefusedSayingWhy(url: String, message: String) {
        let failure = #expect(throws: UpstreamFailure.self) { try UpstreamURL(parsing: url) }
        #expect(failure?.kind == .invalidRequest)
        #expect(failure?.description.contains(message) == true, "\(failure?.description ?? "no failure")")
    }

    @Test(arguments: ["https://example.com/", "HTTPS://example.com:8443/x"])
    func anHTTPSURLIsLeftToAnotherLayer(url: String) {
        let failure = #expect(throws: UpstreamFailure.self) { try UpstreamURL(parsing: url) }
        #expect(failure?.kind == .httpsNotHandled)
        #expect(
            failure?.description
                == "cannot send to \(url) : https upstreams need the macOS build (URLSession); this Linux build has no TLS client "
                + "(use an http:// upstream, or a TLS-terminating proxy in front of it)")
    }
}
