import Foundation
import ShortcutServe
import TestSupport
import Testing

/// Issue 22: a tunnel's client runs on this machine, so what it forwards arrives from loopback. A request
/// that carries a forwarding field counts as from the network: `/api/` and the routes that list every id
/// refuse it, unless `--expose-api` and the request shows the token.
@Suite struct ForwardedRequestTests {
    /// What each kind of proxy or tunnel adds (one field each), as a client would send it.
    static let forwardingFields: [(String, String)] = [
        ("Forwarded", "for=203.0.113.9;proto=https;host=tunnel.example"),
        ("X-Forwarded-For", "203.0.113.9"),
        ("X-Forwarded-Host", "tunnel.example"),
        ("X-Forwarded-Proto", "https"),
        ("X-Real-IP", "203.0.113.9"),
        ("CF-Connecting-IP", "203.0.113.9"),
        ("True-Client-IP", "203.0.113.9"),
        ("x-forwarded-for", "203.0.113.9"),  // names in any case
    ]

    static let mock = #"{"status": 200, "content": "pwned"}"#

    @Test(arguments: forwardingFields)
    func aForwardedRequestIsRefusedOnTheAPIAndTheListsThroughAnAllowedTunnelName(field: String, value: String) throws {
        let server = try AppServer(allowHosts: ["tunnel.example"])
        defer { server.stop() }
        let forwarded = [field: value]
        let canonical = try #require(HTTPRequest.forwardingFieldNames.first { $0.lowercased() == field.lowercased() })

        let post = try server.request("POST", "/api/mock", json: Self.mock, headers: forwarded, host: "tunnel.example")
        #expect(post.status == 403, "\(field): \(post.statusLine)")
        #expect(
            post.bodyText.hasPrefix("/api/ refuses a forwarded request (\(canonical)): it came through a proxy or tunnel"),
            "\(post.bodyText)")
        for (method, path) in [
            ("GET", "/api/mock"), ("GET", "/api/shortcuts"), ("GET", "/api/links"), ("DELETE", "/api/mock/x"),
            ("GET", "/api/links/match?url=https%3A%2F%2Fa.example%2F"),
        ] {
            #expect(try server.request(method, path, headers: forwarded, host: "tunnel.example").status == 403, "\(method) \(path)")
        }
        let index = try server.request("GET", "/", headers: forwarded, host: "tunnel.example")
        #expect(index.status == 403 && index.bodyText.hasPrefix("/ refuses a forwarded request (\(canonical))"), "\(index.bodyText)")
        #expect(try server.request("GET", "/w/all.mobileconfig", headers: forwarded, host: "tunnel.example").status == 403)

        // Nothing was written, and the same requests without the field are answered as before.
        let list = try server.request("GET", "/api/mock", host: "tunnel.example")
        #expect(list.status == 200 && !list.bodyText.contains("pwned"))
        #expect(try server.request("POST", "/api/mock", json: Self.mock, host: "tunnel.example").status == 201)
        #expect(try server.request("POST", "/api/mock", json: Self.mock).status == 201)
        #expect(try server.request("GET", "/", host: "tunnel.example").status == 200)
    }

    @Test func whatAPhoneOrApplesCDNNeedsStaysOpenThroughTheTunnel() throws {
        let server = try AppServer(allowHosts: ["tunnel.example"])
        defer { server.stop() }
        let created = try server.request("POST", "/api/shortcuts", json: #"{"title": "Scan", "url": "myapp://scan", "id": "scan"}"#)
        #expect(created.status == 201)
        let mock = try #require(try server.request("POST", "/api/mock", json: Self.mock).json?["id"]?.stringValue)
        let forwarded = ["X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"]
        for (path, status) in [
            ("/s/scan", 301), ("/p/scan", 200), ("/p/scan/manifest.webmanifest", 200), ("/p/scan/sw.js", 200),
            ("/w/scan.mobileconfig", 200), ("/w/all.mobileconfig?ids=scan", 200), ("/qr/scan.svg", 200),
            ("/v3/\(mock)", 200), ("/s", 301),
        ] {
            let response = try server.request("GET", path, headers: forwarded, host: "tunnel.example")
            #expect(response.status == status, "\(path): \(response.statusLine)")
        }
    }

    @Test func aNetworkPeerStillSeesTheIndexButNotTheAPI() throws {
        // The rule for a phone on the Wi-Fi is unchanged; a forwarding field from a network peer is refused too.
        let address = try NetworkAddress.first()
        let server = try AppServer(host: "0.0.0.0")
        defer { server.stop() }
        #expect(try server.request("GET", "/", host: "\(address):\(server.port)", connectingTo: address).status == 200)
        let api = try server.request("GET", "/api/mock", host: "\(address):\(server.port)", connectingTo: address)
        #expect(api.status == 403 && api.bodyText.contains("answer only this machine"))
        let forwarded = try server.request(
            "GET", "/", headers: ["X-Forwarded-For": "203.0.113.9"], host: "\(address):\(server.port)",
            connectingTo: address)
        #expect(forwarded.status == 403, "a proxy on the network forwards the internet too")
    }

    // MARK: --expose-api

    static let token = "b1f4c3a9e8d7f6a5b4c3d2e1f0a9b8c7"

    @Test func withExposeAPIAForwardedRequestNeedsTheBearerToken() throws {
        var options = ServerConfiguration()
        options.apiToken = Self.token
        let server = try AppServer(allowHosts: ["tunnel.example"], options: options)
        defer { server.stop() }
        let forwarded = ["X-Forwarded-For": "203.0.113.9"]
        let without = try server.request("POST", "/api/mock", json: Self.mock, headers: forwarded, host: "tunnel.example")
        #expect(without.status == 401 && without.header("WWW-Authenticate") == #"Bearer realm="shortcut-serve""#)
        #expect(without.bodyText.contains("Authorization: Bearer TOKEN") && without.bodyText.contains("no token"))
        // Same length, one byte off at the start and at the end; a prefix; a longer one; another scheme.
        let first = "c" + Self.token.dropFirst()
        let last = Self.token.dropLast() + "0"
        for wrong in [
            "Bearer \(first)", "Bearer \(last)", "Bearer \(Self.token.prefix(16))", "Bearer \(Self.token)0",
            "Basic \(Self.token)", "Bearer", "Bearer ", Self.token, "Bearer\(Self.token)",
        ] {
            let response = try server.request(
                "POST", "/api/mock", json: Self.mock, headers: forwarded.merging(["Authorization": wrong]) { $1 },
                host: "tunnel.example")
            #expect(response.status == 401, "\(wrong): \(response.statusLine)")
        }
        for right in ["Bearer \(Self.token)", "bearer \(Self.token)", "BEARER  \(Self.token)"] {
            let response = try server.request(
                "POST", "/api/mock", json: Self.mock, headers: forwarded.merging(["Authorization": right]) { $1 },
                host: "tunnel.example")
            #expect(response.status == 201, "\(right): \(response.statusLine)")
        }
        let index = try server.request(
            "GET", "/", headers: ["X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer \(Self.token)"],
            host: "tunnel.example")
        #expect(index.status == 200)
        // The token opens the source rule only: the Host guard and the Origin guard still hold.
        let withToken = forwarded.merging(["Authorization": "Bearer \(Self.token)"]) { $1 }
        #expect(try server.request("GET", "/api/mock", headers: withToken, host: "evil.example").status == 403)
        #expect(
            try server.request(
                "GET", "/api/mock", headers: withToken.merging(["Origin": "https://evil.example"]) { $1 },
                host: "tunnel.example"
            ).status == 403)
        // A request from this machine needs no token.
        #expect(try server.request("GET", "/api/mock").status == 200)
    }
}
