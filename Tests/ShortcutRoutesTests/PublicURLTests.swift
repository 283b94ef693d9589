import Foundation
import ShortcutServe
import TestSupport
import Testing

/// Issue 24, item 1: `--public-url` is the address every link, code and profile uses, and `--trust-proxy`
/// takes it from a proxy on this machine; a forwarding field from anyone else names nothing.
@Suite struct PublicURLTests {
    static let scan = #"{"title":"Scan","url":"myapp://scan","id":"scan"}"#

    static func server(publicURL: String? = nil, trustsProxy: Bool = false) throws -> AppServer {
        var options = ServerConfiguration()
        options.publicURL = publicURL
        options.trustsProxy = trustsProxy
        return try AppServer(options: options)
    }

    @Test func everyLinkCodeAndProfileHoldsThePublicURL() throws {
        let server = try Self.server(publicURL: "https://mac.tail1234.ts.net")
        defer { server.stop() }
        let created = try server.request("POST", "/api/shortcuts", json: Self.scan)
        #expect(created.status == 201)
        #expect(created.json?["page"]?.stringValue == "https://mac.tail1234.ts.net/p/scan")
        #expect(created.json?["profile"]?.stringValue == "https://mac.tail1234.ts.net/w/scan.mobileconfig")
        let mock = try server.request("POST", "/api/mock", json: #"{"content": "c"}"#)
        #expect(mock.json?["link"]?.stringValue?.hasPrefix("https://mac.tail1234.ts.net/v3/") == true)
        let code = try server.request("GET", "/qr/scan.svg")
        #expect(String(decoding: try ZBarReader.decode(svg: code.bodyText), as: UTF8.self) == "https://mac.tail1234.ts.net/s/scan")
        let index = try server.request("GET", "/").bodyText
        #expect(index.contains("<figcaption>https://mac.tail1234.ts.net/s/scan</figcaption>"))
        #expect(!index.contains("id=\"insecure-origin\""), "https: a secure context")
        let profile = try server.request("GET", "/w/scan.mobileconfig?target=page").bodyText
        #expect(profile.contains("<string>https://mac.tail1234.ts.net/p/scan</string>"))
        // Its name passes the DNS-rebinding guard of /, as an --allow-host name does.
        #expect(try server.request("GET", "/", host: "mac.tail1234.ts.net").status == 200)
        #expect(try server.request("GET", "/", host: "other.example").status == 403)
    }

    @Test func aTrustedProxyNamesTheOriginOfWhatItForwards() throws {
        let server = try Self.server(trustsProxy: true)
        defer { server.stop() }
        _ = try server.request("POST", "/api/shortcuts", json: Self.scan)
        let cases: [([String: String], String)] = [
            (["X-Forwarded-Proto": "https", "X-Forwarded-Host": "tunnel.example"], "https://tunnel.example/s/scan"),
            (["X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "a.example:8443, b.example"], "https://a.example:8443/s/scan"),
            (["Forwarded": #"for=203.0.113.9;proto=https;host="tunnel.example""#], "https://tunnel.example/s/scan"),
            (["X-Forwarded-Proto": "https"], "https://mac.example/s/scan"),  // the Host stands for the name
        ]
        for (fields, expected) in cases {
            let code = try server.request("GET", "/qr/scan.svg", headers: fields, host: "mac.example")
            #expect(String(decoding: try ZBarReader.decode(svg: code.bodyText), as: UTF8.self) == expected, "\(fields)")
        }
        // Malformed fields name nothing: the request's own authority holds.
        for fields in [
            ["X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "x.example"],
            ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "a.example/path"],
        ] {
            let code = try server.request("GET", "/qr/scan.svg", headers: fields, host: "mac.example")
            #expect(String(decoding: try ZBarReader.decode(svg: code.bodyText), as: UTF8.self) == "http://mac.example/s/scan", "\(fields)")
        }
        // The tunnel rule holds: a forwarded request is from the network, so the API refuses it.
        #expect(try server.request("GET", "/api/mock", headers: ["X-Forwarded-Proto": "https"]).status == 403)
    }

    @Test func withoutTrustProxyForwardingFieldsNameNothing() throws {
        let server = try Self.server()
        defer { server.stop() }
        _ = try server.request("POST", "/api/shortcuts", json: Self.scan)
        let code = try server.request(
            "GET", "/qr/scan.svg", headers: ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"],
            host: "mac.example")
        #expect(String(decoding: try ZBarReader.decode(svg: code.bodyText), as: UTF8.self) == "http://mac.example/s/scan")
    }
}
