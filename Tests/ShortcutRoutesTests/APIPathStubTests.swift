import Foundation
import ShortcutServe
import Testing

/// Issue 48, point 1: an app's whole URL space is stubbable but `/__admin/`, as in WireMock. Many apps keep
/// their API under `/api/`: those stubs serve, and where no stub matches, the built-in routes answer as
/// before. A stub that shadows a built-in route is said; the command line's routes stay reachable under
/// `/__admin/shortcut-serve/`.
@Suite struct APIPathStubTests {
    @Test func aStubUnderAPIServesAndAnUnmatchedOneGetsTheNearMissReport() throws {
        let server = try AppServer()
        defer { server.stop() }
        let stub =
            #"{"request": {"method": "GET", "urlPathTemplate": "/api/v1/users/{id}"}, "response": {"jsonBody": {"id": "{{request.path.id}}"}, "transformers": ["response-template"]}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: stub).status == 201)
        let user = try server.request("GET", "/api/v1/users/42")
        #expect(user.status == 200 && user.json?["id"] == .string("42"), "\(user.status) \(user.bodyText)")
        let miss = try server.request("GET", "/api/v1/teams/7")
        #expect(miss.status == 404 && miss.bodyText.contains("/api/v1/users/{id}"), "a near-miss report, not 'no route': \(miss.bodyText)")
    }

    @Test func theBuiltInAPIAnswersWhereNoStubMatches() throws {
        let server = try AppServer()
        defer { server.stop() }
        #expect(
            try server.request(
                "POST", "/__admin/mappings", json: #"{"request": {"urlPath": "/api/v1/ping"}, "response": {"body": "pong"}}"#
            ).status == 201)
        #expect(try server.request("GET", "/api/v1/ping").bodyText == "pong")
        let mock = try server.request("POST", "/api/mock", json: #"{"content": "<p>hi</p>"}"#)
        #expect(mock.status == 201, "\(mock.bodyText)")
        #expect(try server.request("GET", "/api/mock").status == 200)
    }

    @Test func aStubThatShadowsABuiltInRouteIsSaidAndTheCommandLinesRoutesStayReachable() throws {
        let server = try AppServer()
        defer { server.stop() }
        let shadow =
            #"{"id": "7b1b0c9e-0000-4000-8000-000000000001", "request": {"urlPathPattern": "/api/.*"}, "response": {"body": "stub"}}"#
        #expect(try server.request("POST", "/__admin/mappings", json: shadow).status == 201)
        #expect(try server.request("GET", "/api/requests").bodyText == "stub")
        #expect(try server.request("GET", "/api/mock").bodyText == "stub")
        let listing = try server.request("GET", "/__admin/mappings")
        #expect(listing.bodyText.contains("shadowedRoutes") && listing.bodyText.contains("/api/mock"), "\(listing.bodyText)")
        let journal = try server.request("GET", "/__admin/shortcut-serve/api/requests")
        #expect(journal.status == 200 && journal.bodyText.hasPrefix(#"{"requests":"#), "\(journal.status) \(journal.bodyText.prefix(200))")
        #expect(journal.bodyText.contains("/api/mock"), "the journal kept the stubbed request")
        #expect(try server.request("GET", "/__admin/shortcut-serve/api/probes").status == 200)
        #expect(try server.request("GET", "/__admin/mappings").status == 200, "no stub answers /__admin/")
    }
}
