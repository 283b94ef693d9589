import Foundation
import Testing

/// Landing links, shortcuts and mocks in one store, over HTTP (in process, `AppRoutes`): each API lists and
/// changes only its own kind, says what a record of another kind is (409 `error.kind`), and the index shows
/// each kind in its own section.
@Suite struct RecordKindAPITests {
    static let spring =
        #"{"id": "spring", "title": "<b>Spring</b> sale", "app_url": "myapp://sale", "fallback_url": "https://example.com/", "secret": "k"}"#

    /// A store with the link `spring` (secret `k`), the mock `m` (`ms`) and the shortcut `s` (`ss`).
    static func threeKinds() throws -> AppRoutes {
        let server = try AppRoutes()
        #expect(try server.request("POST", "/api/links", json: spring).status == 201)
        #expect(try server.request("POST", "/api/mock", json: #"{"content": "m", "id": "m", "secret": "ms"}"#).status == 201)
        #expect(
            try server.request("POST", "/api/shortcuts", json: #"{"title": "S", "url": "myapp://s", "id": "s", "secret": "ss"}"#).status
                == 201)
        return server
    }

    @Test func theMockListLeavesLinksOut() throws {
        let server = try Self.threeKinds()
        defer { server.stop() }
        let items = try #require(try server.request("GET", "/api/mock").json?.arrayValue, "no list")
        #expect(Set(items.compactMap { $0["id"]?.stringValue }) == ["m", "s"])
        #expect(Set(items.compactMap { $0["kind"]?.stringValue }) == ["mock", "shortcut"])
        let links = try #require(try server.request("GET", "/api/links").json?.arrayValue, "no list")
        #expect(links.map { $0["id"] } == [.string("spring")])
    }

    @Test(
        arguments: [
            ("GET", "/api/mock/spring", nil),
            ("GET", "/api/mock/spring/stats", nil),
            ("POST", "/api/mock/spring/check", #"{"secret": "k"}"#),
            ("PUT", "/api/mock/spring", #"{"secret": "k", "content": "taken over"}"#),
            ("DELETE", "/api/mock/spring", #"{"secret": "k"}"#),
        ] as [(String, String, String?)])
    func everyMockCallOnALinkIs409NamingIt(method: String, path: String, json: String?) throws {
        let server = try Self.threeKinds()
        defer { server.stop() }
        let answer = try server.request(method, path, json: json)
        #expect(answer.status == 409, "\(answer.bodyText)")
        #expect(answer.json?["errors"]?[".id"]?.stringValue == "error.kind")
        #expect(
            answer.json?["reasons"]?[".id"]?.stringValue == "'spring' is a landing link, not a mock (see shortcut-serve links show spring)")
        let link = try server.request("GET", "/api/links/spring")
        #expect(link.status == 200 && link.json?["app_url"] == .string("myapp://sale"), "the link is untouched")
        #expect(try server.request("GET", "/open/spring").status == 200)
    }

    @Test func aWrongSecretStillLearnsNothing() throws {
        let server = try Self.threeKinds()
        defer { server.stop() }
        #expect(try server.request("DELETE", "/api/mock/spring", json: #"{"secret": "no"}"#).status == 404)
        #expect(try server.request("PUT", "/api/mock/spring", json: #"{"secret": "no", "content": "x"}"#).status == 404)
        #expect(try server.request("DELETE", "/api/links/m", json: #"{"secret": "no"}"#).status == 404)
    }

    @Test func theLinksAPISaysWhatAnotherKindIsAndLeavesIt() throws {
        let server = try Self.threeKinds()
        defer { server.stop() }
        let shortcut = try server.request("GET", "/api/links/s")
        #expect(shortcut.status == 409)
        #expect(shortcut.json?["reasons"]?[".id"]?.stringValue == "'s' is a shortcut, not a landing link (see shortcut-serve show s)")
        let mock = try server.request("DELETE", "/api/links/m", json: #"{"secret": "ms"}"#)
        #expect(mock.status == 409 && mock.json?["errors"]?[".id"]?.stringValue == "error.kind")
        #expect(try server.request("GET", "/v3/m").status == 200)
        // The landing page answers the network: another kind is no link there, not a 409.
        #expect(try server.request("GET", "/open/s").status == 404)
        // A link's own delete still works with its secret.
        #expect(try server.request("DELETE", "/api/links/spring", json: #"{"secret": "k"}"#).status == 204)
    }

    @Test func theIndexShowsLinksInTheirOwnSectionEscaped() throws {
        let server = try Self.threeKinds()
        defer { server.stop() }
        let index = try server.request("GET", "/").bodyText
        let pages = try #require(
            index.range(of: "<h2>Stored pages (1)</h2>"), "the stored pages' section is missing or miscounted: \(index)")
        let links = try #require(index.range(of: "<h2>Landing links (1)</h2>"), "the links' section is missing or miscounted: \(index)")
        #expect(pages.upperBound < links.lowerBound)
        let storedPages = String(index[pages.upperBound..<links.lowerBound])
        #expect(storedPages.contains("/v3/m") && !storedPages.contains("spring"), "a link is not a stored page")
        let linkSection = String(index[links.upperBound...])
        #expect(linkSection.contains(#"<td>&lt;b&gt;Spring&lt;/b&gt; sale</td><td><a href="/open/spring">/open/spring</a></td>"#))
        #expect(!index.contains("<b>Spring</b>"))
    }

    @Test func anEmptyStoreSaysHowToMakeALink() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let index = try server.request("GET", "/").bodyText
        #expect(index.contains("<h2>Landing links (0)</h2><p>None yet. Make one with <code>shortcut-serve links add"))
    }
}
