import Foundation
import ShortcutServe
import ShortcutStore
import TestSupport
import Testing

/// mocky's API: create, play, update, delete, secrets, validation, delay, CORS. Answered in process
/// (`AppRoutes`) but for the tests of what only the wire does: HEAD's framing, a delay, a restart.
@Suite struct MockAPITests {
    static let create =
        #"{"status": 201, "content": "<h1>hi</h1>", "content_type": "text/html", "charset": "UTF-8", "headers": {"X-One": "1", "X-Two": "2"}, "secret": "s3cret", "name": "greeting"}"#

    @Test func createThenPlayWithEveryMethod() throws {
        let server = try AppServer()
        defer { server.stop() }
        let created = try server.request("POST", "/api/mock", json: Self.create)
        #expect(created.status == 201)
        let body = try #require(created.json)
        let id = try #require(body["id"]?.stringValue)
        #expect(body["secret"]?.stringValue == "s3cret")
        #expect(body["link"]?.stringValue == "http://localhost/v3/\(id)")
        #expect(body["expireAt"] == .null)
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            let played = try server.request(method, "/v3/\(id)")
            #expect(played.status == 201, "\(method)")
            #expect(played.bodyText == "<h1>hi</h1>")
            #expect(played.header("Content-Type") == "text/html; charset=UTF-8")
            #expect(played.headers.map(\.0).prefix(2) == ["X-One", "X-Two"], "stored headers keep their order")
            #expect(played.header("Access-Control-Allow-Origin") == "*")
        }
        let deep = try server.request("GET", "/v3/\(id)/any/thing?x=1")
        #expect(deep.bodyText == "<h1>hi</h1>")
        let head = try server.request("HEAD", "/v3/\(id)")
        #expect(head.status == 201 && head.body.isEmpty && head.header("Content-Length") == "11")

        let shown = try #require(try server.request("GET", "/api/mock/\(id)").json)
        #expect(shown["content"]?.stringValue == "<h1>hi</h1>")
        #expect(shown["status"] == .number(201))
        #expect(shown["contentType"]?.stringValue == "text/html")
        #expect(shown["headers"]?["X-Two"]?.stringValue == "2")

        let stats = try #require(try server.request("GET", "/api/mock/\(id)/stats").json)
        #expect(stats["totalAccess"] == .number(7))
        #expect(stats["lastAccessAt"]?.stringValue != nil)
    }

    @Test func updateAndDeleteNeedTheSecret() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let id = try #require(try server.request("POST", "/api/mock", json: Self.create).json?["id"]?.stringValue)
        #expect(try server.request("PUT", "/api/mock/\(id)").status == 404, "no body: 404, as mocky")
        let wrong = try server.request("PUT", "/api/mock/\(id)", json: #"{"content": "x", "secret": "nope"}"#)
        #expect(wrong.status == 404 && wrong.bodyText == "no record '\(id)' or wrong secret\n", "the words of a missing record")
        let none = try server.request("DELETE", "/api/mock/\(id)", json: "{}")
        #expect(none.status == 404 && none.bodyText == "no record '\(id)' or wrong secret\n")
        #expect(try server.request("POST", "/api/mock/\(id)/check", json: #"{"secret": "nope"}"#).bodyText == "false")
        #expect(try server.request("POST", "/api/mock/\(id)/check", json: #"{"secret": "s3cret"}"#).bodyText == "true")

        #expect(try server.request("GET", "/v3/\(id)").bodyText == "<h1>hi</h1>", "played (and its answer cached) before the update")
        let updated = try server.request(
            "PUT", "/api/mock/\(id)", json: #"{"content": "new", "status": 200, "content_type": "text/plain", "secret": "s3cret"}"#)
        #expect(updated.status == 204)
        let played = try server.request("GET", "/v3/\(id)")
        #expect(played.bodyText == "new" && played.header("Content-Type") == "text/plain; charset=UTF-8")

        #expect(try server.request("DELETE", "/api/mock/\(id)", json: #"{"secret": "s3cret"}"#).status == 204)
        #expect(try server.request("GET", "/v3/\(id)").status == 404)
        #expect(try server.request("GET", "/api/mock/\(id)").status == 404)
        #expect(try server.request("DELETE", "/api/mock/\(id)", json: #"{"secret": "s3cret"}"#).status == 404)
    }

    @Test func generatesASecretWhenNoneIsGiven() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let body = try #require(try server.request("POST", "/api/mock", json: #"{"content": "a"}"#).json)
        let secret = try #require(body["secret"]?.stringValue)
        #expect(secret.count >= 16)
        let id = try #require(body["id"]?.stringValue)
        #expect(try server.request("POST", "/api/mock/\(id)/check", json: #"{"secret": "\#(secret)"}"#).bodyText == "true")
    }

    @Test(arguments: [
        (#"{"status": 99}"#, ".status", "error.min"),
        (#"{"status": 1000}"#, ".status", "error.max"),
        (#"{"status": "200"}"#, ".status", "error.expected.jsnumber"),
        (#"{"secret": "\#(String(repeating: "s", count: 65))"}"#, ".secret", "error.maxLength"),
        (#"{"name": "\#(String(repeating: "n", count: 401))"}"#, ".name", "error.maxLength"),
        (#"{"content_type": "\#(String(repeating: "t", count: 201))"}"#, ".content_type", "error.maxLength"),
        (#"{"expiration": "2days"}"#, ".expiration", "error.invalid"),
        (#"{"headers": {"X-A": "a\r\nSet-Cookie: x"}}"#, ".headers", "error.invalid"),
        (#"{"headers": {"Bad Name": "a"}}"#, ".headers", "error.invalid"),
        (#"{"id": "../etc"}"#, ".id", "error.invalid"),
    ])
    func invalidFieldsGet422(json: String, field: String, code: String) throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let response = try server.request("POST", "/api/mock", json: json)
        #expect(response.status == 422)
        #expect(response.json?["errors"]?[field]?.stringValue == code, "\(response.bodyText)")
        #expect(response.json?["reasons"]?[field]?.stringValue?.isEmpty == false)
    }

    @Test func contentAtTheLimitIsStoredAndOneMoreIsRefused() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        // 1,000,001 characters and the JSON around them still fit the 1 MiB body limit, so the field rule decides.
        let exact = try server.request("POST", "/api/mock", json: #"{"content": "\#(String(repeating: "x", count: 1_000_000))"}"#)
        #expect(exact.status == 201)
        let over = try server.request("POST", "/api/mock", json: #"{"content": "\#(String(repeating: "x", count: 1_000_001))"}"#)
        #expect(over.status == 422)
        #expect(over.json?["errors"]?[".content"]?.stringValue == "error.maxLength")
    }

    @Test func bodiesThatAreNotJSONGet415Or400() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let plain = try server.request("POST", "/api/mock", json: "{}", headers: ["Content-Type": "text/plain"])
        #expect(plain.status == 415)
        #expect(plain.bodyText.hasPrefix("the body must be JSON"))
        let missing = try server.request("POST", "/api/mock")
        #expect(missing.status == 415)
        let malformed = try server.request("POST", "/api/mock", json: #"{"content": }"#)
        #expect(malformed.status == 400)
        #expect(malformed.bodyText == "malformed JSON at byte 12: unexpected character '}'\n")
    }

    @Test func mockyDelayHoldsTheAnswerWithoutBlockingOthers() throws {
        let server = try AppServer()
        defer { server.stop() }
        let id = try #require(try server.request("POST", "/api/mock", json: #"{"content": "late"}"#).json?["id"]?.stringValue)
        let slow = try server.client()
        let started = secondsNow()
        try slow.send("GET /v3/\(id)?mocky-delay=500ms HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try server.request("GET", "/v3/\(id)").bodyText == "late")
        // Answered while the delayed one has nothing to read yet (how soon: bench.sh --timings).
        var ready = pollfd(fd: slow.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0, "the delayed answer came before the other request's")
        #expect(try slow.readResponse().bodyText == "late")
        #expect(secondsNow() - started >= 0.5)
        for bad in ["61s", "-1s", "abc", "5", "1e9ms"] {
            let response = try server.request("GET", "/v3/\(id)?mocky-delay=\(bad)")
            #expect(response.status == 400, "\(bad)")
            #expect(response.bodyText.contains("mocky-delay"))
        }
        // The two answered plays count; the five refused ones do not. An unknown id is 404 whatever the delay.
        #expect(try server.request("GET", "/api/mock/\(id)/stats").json?["totalAccess"] == .number(2))
        #expect(try server.request("GET", "/v3/unknown?mocky-delay=abc").status == 404)
    }

    @Test func corsPreflightOnPlayRoutesButNotOnTheAPI() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let id = try #require(try server.request("POST", "/api/mock", json: #"{"content": "c"}"#).json?["id"]?.stringValue)
        let preflight = try server.request(
            "OPTIONS", "/v3/\(id)",
            headers: [
                "Origin": "https://example.com", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "x-custom",
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") == true)
        #expect(preflight.header("Access-Control-Allow-Headers") == "x-custom")
        let api = try server.request("GET", "/api/mock/\(id)", headers: ["Origin": "https://example.com"])
        #expect(api.status == 403, "another origin's page is refused (OriginGuard)")
        #expect(api.headers.allSatisfy { !$0.0.lowercased().hasPrefix("access-control") })
        let program = try server.request("GET", "/api/mock/\(id)")
        #expect(program.status == 200)
        #expect(program.headers.allSatisfy { !$0.0.lowercased().hasPrefix("access-control") })
    }

    @Test func apiAnswersOnlyLoopbackAndAllowedHosts() throws {
        let server = try AppRoutes(allowHosts: ["tunnel.example"])
        defer { server.stop() }
        for host in ["localhost", "127.0.0.1", "[::1]", "localhost:9081", "127.0.0.1:1234", "tunnel.example", "TUNNEL.example:443"] {
            #expect(try server.request("GET", "/api/mock", host: host).status == 200, "\(host)")
        }
        let remote = try server.request("GET", "/api/mock", peer: "192.0.2.7:40000")
        #expect(remote.status == 403 && remote.bodyText.contains("192.0.2.7"), "the peer check runs in process too")
        let rebound = try server.request("GET", "/api/mock", host: "evil.example")
        #expect(rebound.status == 403)
        #expect(rebound.bodyText.contains("evil.example"))
        #expect(try server.request("POST", "/api/shortcuts", json: "{}", host: "evil.example").status == 403)
        let id = try #require(try server.request("POST", "/api/mock", json: #"{"content": "c"}"#).json?["id"]?.stringValue)
        #expect(try server.request("GET", "/v3/\(id)", host: "evil.example").status == 200, "play routes stay open")
    }

    @Test func everythingIsServedAgainAfterARestart() throws {
        let first = try AppServer()
        let id = try #require(try first.request("POST", "/api/mock", json: Self.create).json?["id"]?.stringValue)
        _ = try first.request("GET", "/v3/\(id)")
        first.stop(removeFiles: false)
        let second = try AppServer(directory: first.directory)
        defer { second.stop() }
        let played = try second.request("GET", "/v3/\(id)")
        #expect(played.status == 201 && played.bodyText == "<h1>hi</h1>")
        #expect(try second.request("POST", "/api/mock/\(id)/check", json: #"{"secret": "s3cret"}"#).bodyText == "true")
        #expect(try second.request("GET", "/api/mock/\(id)/stats").json?["totalAccess"] == .number(2))
    }

    @Test func listsRecordsForProgramsAndPeople() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        _ = try server.request("POST", "/api/mock", json: #"{"content": "a", "name": "<b>first</b>", "id": "first"}"#)
        let list = try server.request("GET", "/api/mock")
        let items = try #require(list.json?.arrayValue, "not a list: \(list.bodyText)")
        #expect(items.contains { $0["id"]?.stringValue == "first" })
        let index = try server.request("GET", "/")
        #expect(index.status == 200)
        #expect(index.bodyText.contains("&lt;b&gt;first&lt;/b&gt;"))
        #expect(!index.bodyText.contains("<b>first</b>"))
        #expect(index.bodyText.contains("/v3/first"))
    }

    /// Issue 28: the case rule through the API, also for a twin that only the disk knows of (written by
    /// another process this server has not listed yet).
    @Test func aCaseTwinIsA409AlsoWhenOnlyTheDiskKnowsIt() throws {
        let app = try AppServer()
        defer { app.stop() }
        #expect(try app.request("POST", "/api/mock", json: #"{"content": "a", "id": "abc"}"#).status == 201)
        let twin = try app.request("POST", "/api/mock", json: #"{"content": "b", "id": "ABC"}"#)
        #expect(twin.status == 409 && twin.bodyText.contains("ids ignore case"), "\(twin.bodyText)")
        let other = try PageStore(directory: app.directory)
        try other.create(
            StoredPage(
                id: "report-7", name: "", status: 200, contentType: "text/html", charset: "UTF-8", headers: [],
                body: Array("x".utf8), secret: nil, createdAt: Date(), expiresAt: nil, metadata: ["kind": "mock"]))
        let onDisk = try app.request("POST", "/api/mock", json: #"{"content": "c", "id": "REPORT-7"}"#)
        #expect(onDisk.status == 409, "\(onDisk.statusLine) \(onDisk.bodyText)")
    }
}
