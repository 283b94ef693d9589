import Foundation
import Testing

/// Shortcuts over HTTP: create, deliver by 301 in both modes, the stored page, list, delete. Answered in
/// process (`AppRoutes`) but for the first run's demo, which goes over a real socket.
@Suite struct ShortcutAPITests {
    @Test func firstRunServesTheDemoShortcut() throws {
        let server = try AppServer()
        defer { server.stop() }
        let redirect = try server.request("GET", "/s")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/p/demo")
        let page = try server.request("GET", "/p/demo")
        #expect(page.status == 200)
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.bodyText.contains("mkaddtohomescreen://page/view2"))
        #expect(page.bodyText.contains("Add to Home Screen"))
    }

    @Test func dataModeRedirectsToTheSamePageAsADataURI() throws {
        let server = try AppRoutes(mode: .data)
        defer { server.stop() }
        let redirect = try server.request("GET", "/s")
        let location = try #require(redirect.header("Location"))
        #expect(location.hasPrefix("data:text/html;base64,"))
        let decoded = try #require(Data(base64Encoded: String(location.dropFirst("data:text/html;base64,".count))))
        #expect(String(decoding: decoded, as: UTF8.self) == (try server.request("GET", "/p/demo")).bodyText)
    }

    @Test func createsAShortcutAndDeliversItInItsMode() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let created = try server.request(
            "POST", "/api/shortcuts",
            json: #"{"title": "Scan", "url": "myapp://page/scan", "app_name": "My App", "id": "scan", "secret": "k"}"#)
        #expect(created.status == 201, "\(created.bodyText)")
        let body = try #require(created.json)
        #expect(body["id"]?.stringValue == "scan")
        #expect(body["shortcut"]?.stringValue == "http://localhost/s/scan")
        #expect(body["page"]?.stringValue == "http://localhost/p/scan")
        #expect(try server.request("GET", "/s/scan").header("Location") == "/p/scan")
        let page = try server.request("GET", "/p/scan")
        #expect(page.bodyText.contains("myapp://page/scan") && page.bodyText.contains("Scan"))
        #expect(try server.request("GET", "/v3/scan").bodyText == page.bodyText, "the stored page is a record of the store")

        _ = try server.request("POST", "/api/shortcuts", json: #"{"title": "Old iOS", "url": "myapp://old", "id": "old", "mode": "data"}"#)
        #expect(try server.request("GET", "/s/old").header("Location")?.hasPrefix("data:text/html;base64,") == true)

        let shown = try #require(try server.request("GET", "/api/shortcuts/scan").json)
        #expect(shown["url"]?.stringValue == "myapp://page/scan" && shown["app_name"]?.stringValue == "My App")
        let items = try #require(try server.request("GET", "/api/shortcuts").json?.arrayValue, "no list")
        #expect(Set(items.compactMap { $0["id"]?.stringValue }) == ["scan", "old"])
        let index = try server.request("GET", "/").bodyText
        #expect(index.contains("myapp://page/scan") && index.contains("<img") && index.contains("/s/scan"))

        #expect(try server.request("DELETE", "/api/shortcuts/scan", json: #"{"secret": "no"}"#).status == 404)
        #expect(try server.request("DELETE", "/api/shortcuts/scan", json: #"{"secret": "k"}"#).status == 204)
        #expect(try server.request("GET", "/s/scan").status == 404)
    }

    @Test(arguments: [
        (#"{"url": "myapp://x"}"#, ".title"),
        (#"{"title": "T"}"#, ".url"),
        (#"{"title": "T", "url": "javascript:alert(1)"}"#, ".url"),
        (#"{"title": "T", "url": "data:text/html,x"}"#, ".url"),
        (#"{"title": "T", "url": "myapp://a\r\nb"}"#, ".url"),
        (#"{"title": "\#(String(repeating: "t", count: 101))", "url": "myapp://x"}"#, ".title"),
        (#"{"title": "T", "url": "myapp://x", "icon": "R0lGODlhAQABAAAAACw="}"#, ".icon"),
        (#"{"title": "T", "url": "myapp://x", "mode": "fax"}"#, ".mode"),
        (#"{"title": "T", "url": "myapp://x", "id": "a/b"}"#, ".id"),
    ])
    func invalidFieldsGet422WithTheField(json: String, field: String) throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let response = try server.request("POST", "/api/shortcuts", json: json)
        #expect(response.status == 422, "\(response.bodyText)")
        #expect(response.json?["errors"]?[field] != nil, "\(response.bodyText)")
        #expect(response.json?["reasons"]?[field]?.stringValue?.isEmpty == false)
    }

    @Test func aTakenIdIsAConflict() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let json = #"{"title": "T", "url": "myapp://x", "id": "same"}"#
        #expect(try server.request("POST", "/api/shortcuts", json: json).status == 201)
        #expect(try server.request("POST", "/api/shortcuts", json: json).status == 409)
    }

    @Test func hostileTitleIsEscapedInThePageAndTheIndex() throws {
        let server = try AppRoutes()
        defer { server.stop() }
        let title = #"</title><script>alert(1)</script>"#
        _ = try server.request("POST", "/api/shortcuts", json: #"{"title": "\#(title)", "url": "myapp://x", "id": "evil"}"#)
        #expect(!(try server.request("GET", "/p/evil").bodyText.contains("<script>alert(1)")))
        #expect(!(try server.request("GET", "/").bodyText.contains("<script>alert(1)")))
    }
}
