import Foundation
import ShortcutJSON
import ShortcutServe
import Testing

/// Issue 27: the request journal through the product's routes, on a real server and raw sockets:
/// `GET/DELETE /api/requests`, `/api/requests/wait`, who may read it, what it keeps of hostile input, and
/// what the routes recognise.
@Suite struct RequestJournalRouteTests {
    static func journal(_ server: AppServer, _ query: String = "") throws -> JSONValue {
        let answer = try server.request("GET", "/api/requests" + query)
        #expect(answer.status == 200, "\(answer.statusLine) \(answer.bodyText)")
        return try #require(answer.json)
    }

    static func entries(_ listing: JSONValue) -> [JSONValue] {
        if case .array(let items)? = listing["requests"] { return items }
        return []
    }

    static func targets(_ listing: JSONValue) -> [String] { entries(listing).compactMap { $0["target"]?.stringValue } }

    @Test func aRequestIsListedWithItsRouteStatusSizesAndHeaders() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request("POST", "/api/mock", json: #"{"status": 200, "content": "hello"}"#)
        let id = try #require(created.json?["id"]?.stringValue)
        let play = try server.request(
            "GET", "/v3/\(id)?x=1", headers: ["Authorization": "Bearer abc123", "User-Agent": "MyApp/1 CFNetwork"])
        #expect(play.status == 200)

        let listing = try Self.journal(server)
        let entries = Self.entries(listing)
        #expect(Self.targets(listing) == ["/api/mock", "/v3/\(id)?x=1"], "oldest first; the journal's own reads are not in it")
        let entry = try #require(entries.last)
        #expect(entry["method"]?.stringValue == "GET" && entry["path"]?.stringValue == "/v3/\(id)")
        #expect(entry["route"]?.stringValue == "/v3/:id")
        #expect(entry["status"] == .number(200) && entry["response_bytes"] == .number(5))
        #expect(entry["user_agent"]?.stringValue == "MyApp/1 CFNetwork")
        #expect(entry["peer"]?.stringValue?.hasPrefix("127.0.0.1:") == true)
        #expect(entry["time"]?.stringValue?.hasSuffix("Z") == true)
        let headers = try #require(entry["headers"]?.arrayValue, "headers are [name, value] pairs")
        #expect(headers.contains(.array([.string("Authorization"), .string("Bearer [redacted]")])))
        #expect(!play.bodyText.isEmpty && !listing.description.contains("abc123"), "the token is not in the journal")
        #expect(entries.first?["request_bytes"] == .number(Double(#"{"status": 200, "content": "hello"}"#.utf8.count)))
        #expect(entries.first?["body"] == nil, "bodies are kept only with --journal-bodies")
        #expect(listing["last_sequence"] == .number(2) && listing["kept"] == .number(2) && listing["max_entries"] == .number(1000))
        if case .number(let bytes)? = listing["bytes"] { #expect(bytes > 0) } else { Issue.record("bytes charged") }
    }

    /// A head whose bytes are gone by the time the answer is written is kept all the same: a request with a
    /// body (the parser copies its head), answered by deferred work (a store write), and a delayed answer
    /// (`mocky-delay`).
    @Test func requestsAnsweredLaterKeepTheirHeads() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request(
            "POST", "/api/mock", json: #"{"status": 200, "content": "later"}"#, headers: ["X-Trace": "posted", "Cookie": "s=1"])
        let id = try #require(created.json?["id"]?.stringValue)
        let delayed = try server.request("GET", "/v3/\(id)?mocky-delay=20ms", headers: ["X-Trace": "delayed"])
        #expect(delayed.status == 200 && delayed.bodyText == "later")
        let entries = Self.entries(try Self.journal(server))
        #expect(entries.map { $0["target"]?.stringValue } == ["/api/mock", "/v3/\(id)?mocky-delay=20ms"])
        let traces = entries.map { entry -> String? in
            guard case .array(let headers)? = entry["headers"] else { return nil }
            for case .array(let pair) in headers where pair.first == .string("X-Trace") { return pair.last?.stringValue }
            return nil
        }
        #expect(traces == ["posted", "delayed"])
        #expect(!entries.description.contains("s=1"), "the cookie of the copied head is replaced too")
    }

    @Test func eachFilterOverHTTPAndABadOneIsA400() throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("GET", "/s")
        _ = try server.request("GET", "/v3/missing")
        _ = try server.request("POST", "/api/mock", json: #"{"status": 201}"#)
        _ = try server.request("GET", "/v3/other")
        #expect(Self.targets(try Self.journal(server, "?path=/v3/")) == ["/v3/missing", "/v3/other"])
        #expect(Self.targets(try Self.journal(server, "?method=POST")) == ["/api/mock"])
        #expect(Self.targets(try Self.journal(server, "?status=4xx")) == ["/v3/missing", "/v3/other"])
        #expect(Self.targets(try Self.journal(server, "?status=301")) == ["/s"])
        #expect(Self.targets(try Self.journal(server, "?since=2")) == ["/api/mock", "/v3/other"])
        #expect(Self.targets(try Self.journal(server, "?path=%2Fv3%2F&limit=1")) == ["/v3/other"])
        for (query, reason) in [
            ("?status=4x", "status must be a code (404) or a class (4xx)"), ("?since=-1", "since must be a sequence number"),
            ("?limit=0", "limit must be 1 to 100000"), ("?path=v3", "path must start with /"), ("?colour=red", "unknown parameter colour"),
            ("?method=G%20T", "method must be a method name"),
        ] {
            let refused = try server.request("GET", "/api/requests" + query)
            #expect(refused.status == 400 && refused.bodyText.hasPrefix(reason), "\(query): \(refused.bodyText)")
        }
    }

    @Test func deleteClearsAndTheJournalBoundHoldsThroughTheServer() throws {
        var options = ServerConfiguration()
        options.journal.maxEntries = 3
        let server = try AppServer(options: options)
        defer { server.stop() }
        for index in 1...4 { _ = try server.request("GET", "/v3/r\(index)") }
        let listing = try Self.journal(server)
        #expect(Self.targets(listing) == ["/v3/r2", "/v3/r3", "/v3/r4"] && listing["dropped"] == .number(1))
        #expect(try server.request("DELETE", "/api/requests").status == 204)
        let cleared = try Self.journal(server)
        #expect(Self.entries(cleared).isEmpty && cleared["bytes"] == .number(0) && cleared["last_sequence"] == .number(4))
    }

    @Test func waitAnswersOnTheNthRequestAnd408AtItsTimeout() throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("GET", "/v3/profile")
        let since = try #require(Self.journal(server)["last_sequence"]).description
        let waiter = try server.client()
        try waiter.send("GET /api/requests/wait?path=/v3/profile&count=2&since=\(since)&timeout=60 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        // The wait is pending on the server before the awaited requests go: it answers on the second.
        let journal = try #require(server.app.journal)
        // Bounded: a wait that never registers fails here with a message instead of hanging the suite.
        let deadline = DispatchTime.now() + 10
        while journal.pendingWaits != 1 {
            try #require(DispatchTime.now() < deadline, "the wait never became pending on the server within 10 s")
            sched_yield()  // not a sleep: a bounded poll of a condition the server sets
        }
        _ = try server.request("GET", "/v3/profile")
        _ = try server.request("GET", "/v3/legacy")
        // Each answer went out after its entry was recorded: one of two has arrived, so it still waits.
        #expect(journal.pendingWaits == 1)
        _ = try server.request("GET", "/v3/profile?second")
        let answer = try waiter.readResponse()
        #expect(answer.status == 200, "\(answer.bodyText)")
        #expect(Self.targets(try #require(answer.json)) == ["/v3/profile", "/v3/profile?second"])

        let late = try server.request("GET", "/api/requests/wait?path=/never&timeout=0.2")
        #expect(late.status == 408)
        #expect(late.json?["error"]?.stringValue == "0 of 1 matching requests arrived within 0.2 s", "\(late.bodyText)")
        for (query, reason) in [
            ("timeout=61", "timeout must be 0 to 60 seconds"), ("timeout=nan", "timeout must be 0 to 60 seconds"),
            ("count=0", "count must be 1 to 1000"), ("count=1001", "count must be 1 to 1000"),
        ] {
            let refused = try server.request("GET", "/api/requests/wait?" + query)
            #expect(refused.status == 400 && refused.bodyText.hasPrefix(reason), "\(query): \(refused.bodyText)")
        }
        let own = Self.entries(try Self.journal(server, "?path=/api/requests"))
        #expect(own.allSatisfy { $0["status"] == .number(400) }, "answered waits and reads are not journaled; refused ones are")
    }

    @Test func onlyThisMachineReadsTheJournalNeverATunnelNorThePhone() throws {
        var options = ServerConfiguration()
        options.apiToken = "a-token-of-32-characters-or-more-0123456789"
        let server = try AppServer(allowHosts: ["tunnel.example"], options: options)
        defer { server.stop() }
        _ = try server.request("GET", "/s", headers: ["Authorization": "Bearer something-secret"])
        let token = ["Authorization": "Bearer \(options.apiToken!)", "X-Forwarded-For": "203.0.113.9"]
        for (method, path) in [("GET", "/api/requests"), ("DELETE", "/api/requests"), ("GET", "/api/requests/wait?timeout=0")] {
            let forwarded = try server.request(method, path, headers: token, host: "tunnel.example")
            #expect(forwarded.status == 403, "\(method) \(path) through a tunnel, even with the API token: \(forwarded.statusLine)")
            #expect(forwarded.bodyText.hasPrefix("the request journal never answers a forwarded request (X-Forwarded-For)"))
            #expect(!forwarded.bodyText.contains("/s"))
            let rebinding = try server.request(method, path, host: "attacker.example")
            #expect(rebinding.status == 403, "DNS rebinding: \(rebinding.bodyText)")
            let page = try server.request(method, path, headers: ["Origin": "https://attacker.example"])
            #expect(page.status == 403, "another origin's page: \(page.bodyText)")
        }
        // The token opens the rest of the API through the tunnel; not the journal.
        #expect(try server.request("GET", "/api/mock", headers: token, host: "tunnel.example").status == 200)
        // A phone on the Wi-Fi (a network peer) is refused too.
        let phone = server.server.respond(
            to: HTTPRequest(
                method: .GET, target: "/api/requests", headers: ["Host": "192.168.1.20:9081"], remoteAddress: "192.168.1.30:50000"))
        #expect(
            phone.status.code == 403
                && String(decoding: phone.body, as: UTF8.self).hasPrefix("the request journal answers only this machine"))
        // And the journal kept what was tried, still without the secret.
        let listing = try Self.journal(server)
        #expect(Self.entries(listing).contains { $0["status"] == .number(403) && $0["path"]?.stringValue == "/api/requests" })
        #expect(!listing.description.contains("something-secret") && !listing.description.contains(options.apiToken!))
    }

    @Test func hostileInputIsStoredInertAndPrintedWithControlsWrittenOut() throws {
        var options = ServerConfiguration()
        options.limits.maxHeaderBytes = 80 * 1024
        let server = try AppServer(options: options)
        defer { server.stop() }
        let long = String(repeating: "A", count: 64 * 1024)
        // C1 controls arrive as UTF-8 in a field value (the parser refuses C0 controls and DEL outright);
        // U+009B is a terminal's CSI, U+202E reverses the text after it.
        let client = try server.client()
        try client.send(
            Array("GET /v3/%3Cscript%3Ealert(1)%3C/script%3E?q=<b>\"' HTTP/1.1\r\nHost: localhost\r\nX-Long: \(long)\r\n".utf8)
                + Array("User-Agent: evil\u{9B}2J\u{202E}txt.exe <img src=x onerror=alert(1)>\r\n\r\n".utf8))
        #expect(try client.readResponse().status == 404)
        let refused = try server.client()
        try refused.send(Array("GET /s HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u{1B}[31m\r\n\r\n".utf8))
        #expect(try refused.readResponse().status == 400)

        let answer = try server.request("GET", "/api/requests")
        #expect(answer.header("Content-Type") == "application/json" && answer.header("X-Content-Type-Options") == "nosniff")
        #expect(!answer.bodyText.contains("<") && !answer.bodyText.contains("\u{1B}"), "markup and ESC are escaped in the JSON")
        let entries = Self.entries(try #require(answer.json))
        let hostile = try #require(entries.first)
        #expect(hostile["target"]?.stringValue == "/v3/%3Cscript%3Ealert(1)%3C/script%3E?q=<b>\"'")
        #expect(hostile["user_agent"]?.stringValue == "evil\u{9B}2J\u{202E}txt.exe <img src=x onerror=alert(1)>", "kept as sent, as data")
        let headers = try #require(hostile["headers"]?.arrayValue, "headers are [name, value] pairs")
        let longField = headers.compactMap(\.arrayValue).first { $0.first?.stringValue == "X-Long" }
        let cut = try #require(longField?.last?.stringValue, "X-Long is kept, cut")
        #expect(cut == String(repeating: "A", count: 256) + "… [65536 bytes]")
        #expect(entries.last?["method"]?.stringValue == "-" && entries.last?["reason"]?.stringValue?.contains("0x1B") == true)
    }

    @Test func bodiesAreKeptWithJournalBodiesAsTextOrBase64() throws {
        var options = ServerConfiguration()
        options.journal.bodyBytes = 8
        let server = try AppServer(options: options)
        defer { server.stop() }
        _ = try server.request("POST", "/api/mock", json: #"{"status": 200, "content": "long body"}"#)
        let client = try server.client()
        try client.send(Array("PUT /v3/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\n".utf8) + [0xFF, 0x00, 0x41, 0x42])
        _ = try client.readResponse()
        let entries = Self.entries(try Self.journal(server))
        #expect(entries.first?["body"]?.stringValue == #"{"status"# && entries.first?["body_cut"] == .bool(true))
        #expect(entries.last?["body"]?.stringValue == "/wBBQg==" && entries.last?["body_encoding"]?.stringValue == "base64")
        #expect(entries.last?["body_cut"] == .bool(false))
    }

    @Test func withTheJournalOffItsRoutesSaySo() throws {
        var options = ServerConfiguration()
        options.journal.maxEntries = 0
        let server = try AppServer(options: options)
        defer { server.stop() }
        _ = try server.request("GET", "/s")
        for (method, path) in [("GET", "/api/requests"), ("DELETE", "/api/requests"), ("GET", "/api/requests/wait")] {
            let answer = try server.request(method, path)
            #expect(answer.status == 404 && answer.bodyText.hasPrefix("the request journal is off (--journal 0)"), "\(answer.bodyText)")
        }
        #expect(server.app.journal == nil && server.server.journal == nil)
    }

    @Test(arguments: [
        ("/.well-known/apple-app-site-association", "AASA-Bot/1.0.0", "AASA fetch by Apple's CDN (AASA-Bot)"),
        (
            "/apple-app-site-association", "swcd (unknown version) CFNetwork/1494.0.7 Darwin/23.4.0",
            "AASA fetch by a device (swcd: developer mode or a managed domain)"
        ),
        ("/.well-known/apple-app-site-association", "curl/8.5.0", "AASA fetch by another client, not Apple's"),
        ("/.well-known/assetlinks.json", "Google-Digital-Asset-Links/1.0", "assetlinks fetch by Google (Digital Asset Links)"),
        (
            "/.well-known/assetlinks.json", "Dalvik/2.1.0 (Linux; U; Android 11; Pixel 5 Build/RQ3A)",
            "assetlinks fetch by an Android device"
        ),
        (
            "/p/demo", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
            "standalone launch: an iOS agent without Safari/ (a home-screen web app, or an app's web view)"
        ),
        (
            "/w/demo.mobileconfig",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
            "web clip profile download"
        ),
    ])
    func theJournalAndTheLogNameWhatTheyRecognise(path: String, agent: String, note: String) throws {
        let server = try AppServer()
        defer { server.stop() }
        _ = try server.request("GET", path, headers: ["User-Agent": agent])
        let entry = try #require(Self.entries(try Self.journal(server)).first)
        #expect(entry["note"]?.stringValue == note, "\(path) by \(agent)")
    }

    @Test func safariOpeningAPageIsNoLaunch() throws {
        let server = try AppServer()
        defer { server.stop() }
        let safari =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        _ = try server.request("GET", "/p/demo", headers: ["User-Agent": safari])
        _ = try server.request("GET", "/p/demo")
        #expect(Self.entries(try Self.journal(server)).allSatisfy { $0["note"] == .null })
    }
}
