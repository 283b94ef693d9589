import Foundation
import ShortcutServe
import Testing

/// WireMock's request log and near misses over the journal (`/__admin/requests…`, `/__admin/near-misses…`).
@Suite struct StubRequestsAPITests {
    static func server() throws -> AppServer {
        var options = ServerConfiguration()
        options.journal.bodyBytes = 4096
        return try AppServer(options: options)
    }

    @Test func countFindAndTheLogSeeTheAppsRequestsNotTheAdminCalls() throws {
        let server = try Self.server()
        defer { server.stop() }
        let login = #"{"request": {"method": "POST", "urlPath": "/v1/login"}, "response": {"status": 200, "body": "ok"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: login).status == 201)
        #expect(try server.request("POST", "/v1/login", json: #"{"user": "ana"}"#).status == 200)
        #expect(try server.request("POST", "/v1/login", json: #"{"user": "bo"}"#).status == 200)
        #expect(try server.request("GET", "/v1/nothing").status == 404)

        let count = try server.request("POST", "/__admin/requests/count", json: #"{"method": "POST", "url": "/v1/login"}"#)
        #expect(count.json?["count"] == .number(2), "\(count.bodyText)")
        let byBody = try server.request(
            "POST", "/__admin/requests/count",
            json: #"{"method": "POST", "urlPath": "/v1/login", "bodyPatterns": [{"matchesJsonPath": "$[?(@.user == 'bo')]"}]}"#)
        #expect(byBody.json?["count"] == .number(1), "\(byBody.bodyText)")
        let found = try server.request("POST", "/__admin/requests/find", json: #"{"method": "ANY", "urlPath": "/v1/login"}"#)
        let requests = try #require(found.json?["requests"]?.arrayValue, "no requests array: \(found.bodyText)")
        #expect(requests.count == 2)
        let first = try #require(requests.first)
        #expect(first["url"] == .string("/v1/login") && first["method"] == .string("POST"))
        #expect(first["absoluteUrl"] == .string("http://localhost/v1/login"))
        #expect(first["browserProxyRequest"] == .bool(false))
        if case .string(let date)? = first["loggedDateString"] { #expect(date.hasSuffix("Z")) } else { Issue.record("no loggedDateString") }
        if case .object = first["headers"] {} else { Issue.record("headers is not a name → string map: \(first)") }

        let log = try server.request("GET", "/__admin/requests")
        #expect(log.json?["meta"]?["total"] == .number(3), "the app's three requests, no admin call: \(log.bodyText)")
        #expect(try server.request("GET", "/__admin/requests?limit=1").json?["meta"]?["total"] == .number(1))
        #expect(try server.request("GET", "/__admin/requests?since=2999-01-01T00:00:00Z").json?["meta"]?["total"] == .number(0))
        #expect(try server.request("GET", "/__admin/requests?since=yesterday").status == 400)
        let unmatched = try server.request("GET", "/__admin/requests/unmatched")
        let misses = try #require(unmatched.json?["requests"]?.arrayValue, "no requests array: \(unmatched.bodyText)")
        #expect(misses.count == 1 && misses.first?["url"] == .string("/v1/nothing"))
        let near = try server.request("GET", "/__admin/requests/unmatched/near-misses")
        #expect(near.bodyText.contains("\"nearMisses\"") && near.bodyText.contains("/v1/login"), "\(near.bodyText)")

        #expect(try server.request("DELETE", "/__admin/requests").status == 200)
        #expect(
            try server.request("POST", "/__admin/requests/count", json: #"{"method": "ANY", "urlPathPattern": "/.*"}"#).json?["count"]
                == .number(0))
    }

    @Test func nearMissesForALoggedRequestAndForAPattern() throws {
        let server = try Self.server()
        defer { server.stop() }
        let stub = #"{"request": {"method": "GET", "url": "/v1/items?page=1"}, "response": {"body": "items"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        let forRequest = try server.request("POST", "/__admin/near-misses/request", json: #"{"url": "/v1/items?page=2", "method": "GET"}"#)
        #expect(forRequest.status == 200)
        #expect(forRequest.bodyText.contains("\"distance\""), "\(forRequest.bodyText)")
        #expect(try server.request("GET", "/v1/items?page=3").status == 404)
        let forPattern = try server.request(
            "POST", "/__admin/near-misses/request-pattern", json: #"{"method": "GET", "url": "/v1/items?page=4"}"#)
        #expect(forPattern.bodyText.contains("/v1/items?page=3"), "\(forPattern.bodyText)")
        let refused = try server.request("POST", "/__admin/requests/count", json: #"{"url": "/a", "urlPath": "/b"}"#)
        #expect(refused.status == 422, "\(refused.bodyText)")
    }
}
