import Foundation
import TestSupport
import Testing

/// A stored page cannot act on the API: every play is sandboxed into an opaque origin, `/api/` refuses
/// requests sent for another origin's page (`Origin: null` included), a shortcut's page cannot be rewritten
/// through the mock API, and the demo shortcut cannot be replaced through the API at all.
@Suite struct StoredPageIsolationTests {
    static let sandbox = "sandbox allow-scripts allow-forms allow-popups allow-modals"

    @Test func everyPlayIsSandboxedAndAPagesOwnPolicyIsKept() throws {
        let server = try AppServer()
        defer { server.stop() }
        let plain = try #require(
            try server.request("POST", "/api/mock", json: #"{"content": "<script>1</script>"}"#).json?["id"]?.stringValue)
        let played = try server.request("GET", "/v3/\(plain)/deeper?x=1")
        #expect(played.headers.filter { $0.0 == "Content-Security-Policy" }.map(\.1) == [Self.sandbox])
        let own = try #require(
            try server.request(
                "POST", "/api/mock",
                json:
                    #"{"content": "x", "headers": {"Content-Security-Policy": "sandbox allow-scripts allow-same-origin; default-src 'self'"}}"#
            ).json?["id"]?.stringValue)
        let both = try server.request("GET", "/v3/\(own)")
        // Both policies are sent and a browser enforces each: the page's cannot lift the sandbox.
        #expect(
            both.headers.filter { $0.0 == "Content-Security-Policy" }.map(\.1)
                == ["sandbox allow-scripts allow-same-origin; default-src 'self'", Self.sandbox])
        let missing = try server.request("GET", "/v3/nothing-here")
        #expect(missing.status == 404 && missing.header("Content-Security-Policy") == Self.sandbox)
        let preflight = try server.request("OPTIONS", "/v3/\(plain)", headers: ["Origin": "null", "Access-Control-Request-Method": "PUT"])
        #expect(preflight.status == 204 && preflight.header("Content-Security-Policy") == Self.sandbox)
    }

    /// Every API route, with what a browser sends for a page of another origin: each is refused with 403
    /// before it reads or writes anything.
    @Test(arguments: [
        ["Origin": "null"], ["Origin": "http://evil.example"], ["Origin": "http://localhost:8080"],
        ["Origin": "https://localhost.evil.example"],
        ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"], ["Origin": "null", "Sec-Fetch-Site": "cross-site"],
    ])
    func theAPIRefusesRequestsSentForOtherOriginsPages(headers: [String: String]) throws {
        let server = try AppServer()
        defer { server.stop() }
        let id = try #require(
            try server.request("POST", "/api/mock", json: #"{"content": "secret", "secret": "k"}"#).json?["id"]?.stringValue)
        let routes: [(String, String, String?)] = [
            ("GET", "/api/mock", nil), ("GET", "/api/mock/\(id)", nil), ("GET", "/api/mock/\(id)/stats", nil),
            ("POST", "/api/mock", #"{"content": "new"}"#), ("PUT", "/api/mock/\(id)", #"{"content": "changed", "secret": "k"}"#),
            ("POST", "/api/mock/\(id)/check", #"{"secret": "k"}"#), ("DELETE", "/api/mock/\(id)", #"{"secret": "k"}"#),
            ("GET", "/api/shortcuts", nil), ("GET", "/api/shortcuts/demo", nil),
            ("POST", "/api/shortcuts", #"{"title": "T", "url": "https://evil.example/", "id": "evil"}"#),
        ]
        for (method, path, json) in routes {
            let response = try server.request(method, path, json: json, headers: headers)
            #expect(response.status == 403, "\(method) \(path) with \(headers): \(response.statusLine)")
            #expect(response.bodyText.hasPrefix("/api/ refuses this request: "), "\(response.bodyText)")
        }
        let items = try #require(try server.request("GET", "/api/mock").json?.arrayValue, "no list")
        #expect(items.count == 1, "nothing was created")
        #expect(try server.request("GET", "/v3/\(id)").bodyText == "secret", "nothing was changed or deleted")
    }

    @Test(arguments: [
        ("localhost", ["Origin": "http://localhost"]), ("localhost:9081", ["Origin": "http://LOCALHOST:9081"]),
        ("localhost", ["Origin": "http://localhost:80"]), ("127.0.0.1:9081", ["Origin": "http://127.0.0.1:9081"]),
        ("[::1]:9081", ["Origin": "http://[::1]:9081"]), ("localhost", ["Origin": "https://localhost"]),
        ("localhost", ["Sec-Fetch-Site": "same-origin"]), ("localhost", ["Sec-Fetch-Site": "none"]), ("localhost", [:]),
    ])
    func theAPIAnswersProgramsAndItsOwnPages(host: String, headers: [String: String]) throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request("POST", "/api/mock", json: #"{"content": "c"}"#, headers: headers, host: host)
        #expect(created.status == 201, "\(created.bodyText)")
        #expect(try server.request("GET", "/api/mock", headers: headers, host: host).status == 200)
    }

    @Test(arguments: ["demo", "Demo", "DEMO"])
    func theDemoIdIsReservedFromTheAPI(id: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        let shortcut = try server.request(
            "POST", "/api/shortcuts", json: #"{"title": "Hijack", "url": "https://evil.example/", "id": "\#(id)"}"#)
        #expect(shortcut.status == 422)
        #expect(shortcut.json?["errors"]?[".id"]?.stringValue == "error.reserved", "\(shortcut.bodyText)")
        #expect(shortcut.json?["reasons"]?[".id"]?.stringValue?.contains("shortcut-serve add --id demo") == true)
        let mock = try server.request("POST", "/api/mock", json: #"{"content": "x", "id": "\#(id)"}"#)
        #expect(mock.status == 422 && mock.json?["errors"]?[".id"]?.stringValue == "error.reserved")
        #expect(try server.request("GET", "/s").header("Location") == "/p/demo")
        let page = try server.request("GET", "/p/demo").bodyText
        #expect(page.contains("mkaddtohomescreen://page/view2") && !page.contains("evil.example"))
        #expect(try server.request("GET", "/api/mock").json == .array([]))
    }

    @Test func theCommandLineMayReplaceTheDemo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ss-demo-\(UUID().uuidString)")
        let added = try ServeBinary.run(["add", "--title", "Mine", "--open", "myapp://mine", "--id", "demo", "--store", directory.path])
        #expect(added.status == 0, "\(added.stderr)")
        let server = try AppServer(directory: directory)
        defer { server.stop() }
        #expect(try server.request("GET", "/p/demo").bodyText.contains("myapp://mine"))
    }

    @Test func aShortcutsPageCannotBeRewrittenThroughTheMockAPI() throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("POST", "/api/shortcuts", json: #"{"title": "Scan", "url": "myapp://scan", "id": "scan", "secret": "k"}"#)
        let before = try server.request("GET", "/p/scan").bodyText
        let put = try server.request("PUT", "/api/mock/scan", json: #"{"content": "<script>fetch('/api/mock')</script>", "secret": "k"}"#)
        #expect(put.status == 409)
        #expect(put.json?["errors"]?[".id"]?.stringValue == "error.kind", "\(put.bodyText)")
        #expect(try server.request("GET", "/p/scan").bodyText == before)
        #expect(try server.request("DELETE", "/api/mock/scan", json: #"{"secret": "k"}"#).status == 204, "its owner may still delete it")
    }
}
