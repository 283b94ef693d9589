import Foundation
import ShortcutServe
import Testing

/// The DNS-rebinding guard over real sockets: the authority is parsed strictly (400 when malformed), an
/// absolute-form target's authority is the one judged, and `/` (which lists every id) is guarded as `/api/` is.
@Suite struct HostGuardLiveTests {
    @Test(arguments: ["[::1]evil.example", "localhost:80,evil.example", "[localhost]", "localhost:9081:1", "[::1]:80evil"])
    func lenientHostsAreMalformed(host: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        for path in ["/api/mock", "/"] {
            let response = try server.request("GET", path, host: host)
            #expect(response.status == 400, "\(path) Host \(host): \(response.statusLine)")
            #expect(response.bodyText.hasPrefix("invalid Host '\(host)': "), "\(response.bodyText)")
        }
    }

    @Test func anAbsoluteFormTargetNamesTheHostThatIsJudged() throws {
        let server = try AppServer()
        defer { server.stop() }
        let rebound = try server.request("GET", "http://evil.example/api/mock", host: "localhost")
        #expect(rebound.status == 403, "the target's authority replaces Host (RFC 9112 §3.2.2)")
        #expect(rebound.bodyText.contains("'evil.example'"))
        #expect(try server.request("GET", "http://localhost:9081/api/mock", host: "evil.example").status == 200)
        let created = try server.request("POST", "http://127.0.0.1:1234/api/mock", json: #"{"content": "c"}"#, host: "localhost")
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(created.json?["link"]?.stringValue == "http://127.0.0.1:1234/v3/\(id)", "links use the same authority")
        #expect(try server.request("GET", "http://[::1evil/api/mock", host: "localhost").status == 400)
        #expect(try server.request("GET", "http://user@localhost/api/mock", host: "localhost").status == 400)
    }

    @Test func theIndexIsGuardedLikeTheAPI() throws {
        let server = try AppServer(allowHosts: ["tunnel.example"])
        defer { server.stop() }
        _ = try server.request("POST", "/api/mock", json: #"{"content": "c", "id": "secret-page", "name": "private"}"#)
        let rebound = try server.request("GET", "/", host: "evil.example:9081")
        #expect(rebound.status == 403)
        #expect(!rebound.bodyText.contains("secret-page") && !rebound.bodyText.contains("private"))
        for host in ["localhost", "localhost.:9081", "127.0.0.1:9081", "[::1]:9081", "tunnel.example", "192.168.1.20:9081", "[fe80::1]"] {
            let index = try server.request("GET", "/", host: host)
            #expect(index.status == 200 && index.bodyText.contains("secret-page"), "\(host)")
        }
    }

    @Test func theProfileOfEveryShortcutIsGuardedAndOneOfNamedIdsIsNot() throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("POST", "/api/shortcuts", json: #"{"title": "Private", "url": "myapp://private", "id": "private-one"}"#)
        let rebound = try server.request("GET", "/w/all.mobileconfig", host: "evil.example")
        #expect(rebound.status == 403 && !rebound.bodyText.contains("private-one"))
        #expect(try server.request("GET", "/w/all.mobileconfig").bodyText.contains("myapp://private"))
        #expect(
            try server.request("GET", "/w/all.mobileconfig?ids=private-one", host: "evil.example").status == 200,
            "an id it knows, as /p/<id>")
        #expect(try server.request("GET", "/w/private-one.mobileconfig", host: "evil.example").status == 200)
    }

    @Test func ipAddressesAreAnsweredOnTheAPIAndNamesAreNot() throws {
        // A rebinding page reaches the server through a name it controls; a page whose origin is one of
        // this machine's addresses is served by this machine. So any IP address passes, names only if allowed.
        let server = try AppServer()
        defer { server.stop() }
        for host in ["10.0.0.7:9081", "0.0.0.0", "[2001:db8::1]:9081", "127.0.0.2"] {
            #expect(try server.request("GET", "/api/mock", host: host).status == 200, "\(host)")
        }
        for host in ["printer.local", "127.0.0.1.nip.io", "0x7f.1", "2130706433", "local%68ost", ""] {
            #expect(try server.request("GET", "/api/mock", host: host).status == 403, "\(host)")
        }
    }

    @Test func playsStayOpenToEveryHost() throws {
        let server = try AppServer()
        defer { server.stop() }
        let id = try #require(try server.request("POST", "/api/mock", json: #"{"content": "c"}"#).json?["id"]?.stringValue)
        let played = try server.request("GET", "/v3/\(id)", host: "evil.example")
        #expect(played.status == 200 && played.header("Access-Control-Allow-Origin") == "*")
        #expect(try server.request("GET", "/s", host: "evil.example").status == 301)
    }
}
