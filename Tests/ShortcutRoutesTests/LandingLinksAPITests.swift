import Foundation
import HTTPVocabulary
import ShortcutLinks
import ShortcutServe
import ShortcutStore
import TestSupport
import Testing

@testable import ShortcutRecords

/// Landing links over HTTP on a real server (port 0, temp store): the API, `/open/<id>`, the store.
@Suite struct LandingLinksAPITests {

    /// A body with `fields` over the required ones (given values replace them).
    static func body(_ fields: [String: Any]) throws -> String {
        var all: [String: Any] = ["title": "T", "app_url": "myapp://x", "fallback_url": "https://example.com/"]
        for (key, value) in fields { all[key] = value }
        return String(decoding: try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func createShowListOpenDelete() throws {
        let app = try AppServer()
        defer { app.stop() }
        let created = try app.request("POST", "/api/links", json: SampleInputs.promoLink)
        #expect(created.status == 201, "\(created.bodyText)")
        let body = try #require(created.json)
        #expect(body["id"] == .string("promo"))
        #expect(body["link"] == .string("http://localhost/open/promo"))
        #expect(body["secret"] == .string("k"))
        #expect(body["app_store_id"] == .string("123456789"))
        #expect(body["image"] == .null)

        let shown = try app.request("GET", "/api/links/promo")
        #expect(shown.status == 200)
        #expect(shown.json?["fallback_url"] == .string("https://example.com/promo"))
        #expect(shown.json?["secret"] == nil, "the secret is said once, at creation")
        let items = try #require(try app.request("GET", "/api/links").json?.arrayValue, "no list")
        #expect(items.map { $0["id"] } == [.string("promo")])

        let page = try app.request("GET", "/open/promo")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Cache-Control") == "no-store")
        #expect(
            page.bodyText.contains(
                #"<meta name="apple-itunes-app" content="app-id=123456789, app-clip-bundle-id=com.example.app.Clip, app-clip-display=card, app-argument=https://example.com/promo/1">"#
            ))
        #expect(page.bodyText.contains(#"<meta property="og:url" content="http://localhost/open/promo">"#))
        #expect(page.bodyText.contains("var delay = 1500;"))

        #expect(try app.request("DELETE", "/api/links/promo", json: #"{"secret": "no"}"#).status == 404)
        #expect(try app.request("DELETE", "/api/links/promo", json: #"{"secret": "k"}"#).status == 204)
        let gone = try app.request("GET", "/open/promo")
        #expect(gone.status == 404)
        #expect(gone.bodyText == "no link 'promo'\n")
        #expect(try app.request("GET", "/api/links/promo").status == 404)
    }

    @Test func theCSPAllowsExactlyThePageScript() throws {
        let app = try AppServer()
        defer { app.stop() }
        _ = try app.request("POST", "/api/links", json: SampleInputs.promoLink)
        let page = try app.request("GET", "/open/promo")
        let policy = try #require(page.header("Content-Security-Policy"))
        let text = page.bodyText
        let start = try #require(text.range(of: "<script>"))
        let end = try #require(text.range(of: "</script>"))
        let script = String(text[start.upperBound..<end.lowerBound])
        let hash = Data(SHA256.hash(Array(script.utf8))).base64EncodedString()
        #expect(
            policy
                == "default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        #expect(text.components(separatedBy: "<script").count == 2, "one script element")
    }

    @Test func aTakenIdIs409AndReservedOrInvalidIdsAre422() throws {
        let app = try AppServer()
        defer { app.stop() }
        #expect(try app.request("POST", "/api/links", json: SampleInputs.promoLink).status == 201)
        let again = try app.request("POST", "/api/links", json: SampleInputs.promoLink)
        #expect(again.status == 409)
        #expect(
            again.json?["reasons"]?[".id"] == .string(#"id "promo" is taken"#),
            "the command line's words (LandingLinksCLITests): one message for a taken id")
        let twin = try app.request("POST", "/api/links", json: try Self.body(["id": "PROMO"]))
        #expect(twin.status == 409 && twin.bodyText.contains("ids ignore case"))
        let shortcutTaken = try app.request("POST", "/api/shortcuts", json: #"{"title": "S", "url": "myapp://s", "id": "promo"}"#)
        #expect(shortcutTaken.status == 409, "links and shortcuts share the store's ids")
        let match = try app.request("POST", "/api/links", json: try Self.body(["id": "match"]))
        #expect(match.status == 422)
        #expect(match.json?["errors"]?[".id"] == .string("error.reserved"))
        let bad = try app.request("POST", "/api/links", json: try Self.body(["id": "../x"]))
        #expect(bad.status == 422 && bad.json?["errors"]?[".id"] == .string("error.invalid"))
        let generated = try app.request("POST", "/api/links", json: try Self.body([:]))
        #expect(generated.status == 201)
        #expect(generated.json?["id"]?.stringValue.map(PageID.isValid) == true)
    }

    @Test(
        arguments: ["app_url", "fallback_url", "universal_url", "image"],
        ["javascript:alert(1)", "JaVa\tScRiPt:alert(1)", "data:text/html,<p>x", "vbscript:x", "file:///etc/passwd"])
    func nonNavigableSchemesAre422(field: String, url: String) throws {
        let app = try AppServer()
        defer { app.stop() }
        let answer = try app.request("POST", "/api/links", json: try Self.body([field: url]))
        #expect(answer.status == 422)
        #expect(answer.json?["errors"]?[".\(field)"] == .string("error.scheme"))
        #expect(answer.json?["reasons"]?[".\(field)"]?.stringValue?.hasPrefix("\(field) scheme '") == true)
    }

    @Test func missingAndMistypedFieldsAre422WithAReasonEach() throws {
        let app = try AppServer()
        defer { app.stop() }
        let empty = try app.request("POST", "/api/links", json: "{}")
        #expect(empty.status == 422)
        #expect(
            empty.json?["reasons"]
                == .object([
                    (".title", .string("title is required")), (".app_url", .string("app_url is required")),
                    (".fallback_url", .string("fallback_url is required")),
                ]))
        let typed = try app.request("POST", "/api/links", json: try Self.body(["title": 3, "app_store_id": "12a"]))
        #expect(typed.json?["reasons"]?[".title"] == .string("title must be a string, not a number"))
        #expect(typed.json?["errors"]?[".app_store_id"] == .string("error.format"))
        let http = try app.request("POST", "/api/links", json: try Self.body(["universal_url": "http://example.com/a"]))
        #expect(
            http.json?["reasons"]?[".universal_url"]
                == .string("universal_url must be https: iOS opens universal links only from https, not 'http'"))
        let clip = try app.request("POST", "/api/links", json: try Self.body(["app_clip_bundle_id": "com.example.Clip"]))
        #expect(clip.json?["errors"]?[".app_clip_bundle_id"] == .string("error.required"))
        let appID = try app.request("POST", "/api/links", json: try Self.body(["app_id": "abc.x"]))
        #expect(appID.json?["errors"]?[".app_id"] == .string("error.format"))
        let notJSON = try app.request("POST", "/api/links", json: "{", headers: [:])
        #expect(notJSON.status == 400)
        let plain = try app.request("POST", "/api/links", json: "{}", headers: ["Content-Type": "text/plain"])
        #expect(plain.status == 415)
    }

    /// Each field at its limit is taken, one byte more is refused naming the field, its size and the limit.
    @Test(arguments: [
        ("title", LandingLink.maxTitleBytes, ""), ("description", LandingLink.maxDescriptionBytes, ""),
        ("app_url", LandingLink.maxURLBytes, "myapp://"), ("fallback_url", LandingLink.maxURLBytes, "https://e.com/"),
        ("universal_url", LandingLink.maxURLBytes, "https://e.com/"), ("image", LandingLink.maxURLBytes, "https://e.com/"),
        ("app_store_id", LandingLink.maxAppStoreIDBytes, ""), ("app_clip_bundle_id", LandingLink.maxBundleIDBytes, "com."),
        ("app_id", LandingLink.maxBundleIDBytes, "ABCDE12345.com."),
    ])
    func everyFieldIsTakenAtItsLimitAndRefusedOneByteOver(field: String, limit: Int, prefix: String) throws {
        // `prefix` then a filler that is valid in the field (a digit for the App Store id) up to `n` bytes.
        func make(_ n: Int) -> String { prefix + String(repeating: field == "app_store_id" ? "7" : "x", count: n - prefix.utf8.count) }
        let app = try AppServer()
        defer { app.stop() }
        // The fields some others need (the App Clip needs the app's id; the app ID a universal link).
        let extra: [String: Any] = ["app_store_id": "1", "universal_url": "https://e.com/u"]
        let atLimit = make(limit)
        let over = make(limit + 1)
        #expect(atLimit.utf8.count == limit && over.utf8.count == limit + 1)
        let taken = try app.request("POST", "/api/links", json: try Self.body(extra.merging([field: atLimit]) { $1 }))
        #expect(taken.status == 201, "\(field) at \(limit) bytes: \(taken.bodyText)")
        #expect(taken.json?[field] == .string(atLimit))
        let refused = try app.request("POST", "/api/links", json: try Self.body(extra.merging([field: over]) { $1 }))
        #expect(refused.status == 422)
        let reason = refused.json?["reasons"]?[".\(field)"]?.stringValue ?? ""
        if field == "app_store_id" {
            #expect(reason == "app_store_id is the app's App Store id: 1 to \(limit) digits, not '\(over)'")
        } else {
            #expect(reason == "\(field) is \(limit + 1) bytes; the limit is \(limit)", "\(refused.bodyText)")
        }
    }

    @Test(arguments: [
        ("abc", 400), ("-1", 400), ("", 400), ("1.5", 400), ("60001", 400), ("99999999999999999999", 400), ("60000", 200), ("0", 200),
        ("250", 200),
    ])
    func theDelayIsMillisecondsUpToItsLimit(text: String, status: Int) throws {
        let app = try AppServer()
        defer { app.stop() }
        _ = try app.request("POST", "/api/links", json: SampleInputs.promoLink)
        let page = try app.request("GET", "/open/promo?delay=\(text)")
        #expect(page.status == status)
        if status == 200 {
            #expect(page.bodyText.contains("var delay = \(Int(text) ?? -1);"))
        } else {
            #expect(page.bodyText == "delay is a whole number of milliseconds from 0 to 60000, not '\(text)'\n")
        }
    }

    @Test func theAPIIsLoopbackAndHostGuardedButTheLandingPageAnswersAnyHost() throws {
        let app = try AppServer()
        defer { app.stop() }
        let foreign = try app.request("POST", "/api/links", json: SampleInputs.promoLink, host: "evil.example")
        #expect(foreign.status == 403)
        let fromPage = try app.request("POST", "/api/links", json: SampleInputs.promoLink, headers: ["Origin": "https://evil.example"])
        #expect(fromPage.status == 403)
        #expect(try app.request("POST", "/api/links", json: SampleInputs.promoLink).status == 201)
        let open = try app.request("GET", "/open/promo", host: "phone.example:9081")
        #expect(open.status == 200)
        #expect(open.bodyText.contains(#"<meta property="og:url" content="http://phone.example:9081/open/promo">"#))
    }

    @Test func linksSurviveARestartAndAnInvalidOrDamagedRecordIsReportedNotServed() throws {
        let first = try AppServer()
        #expect(try first.request("POST", "/api/links", json: SampleInputs.promoLink).status == 201)
        first.stop(removeFiles: false)
        // A record written by hand (or by another program) with a javascript: app URL.
        let store = try PageStore(directory: first.directory)
        let metadata = ["kind": "link", "title": "x", "app_url": "javascript:alert(1)", "fallback_url": "https://e.com"]
        _ = try store.create(StoredPage(id: "edited", name: "x", contentType: "application/json", body: [], metadata: metadata))
        store.flush()
        try Data("not a record".utf8).write(to: first.directory.appendingPathComponent("pages/torn.page"))

        let again = try AppServer(directory: first.directory)
        defer { again.stop() }
        let page = try again.request("GET", "/open/promo")
        #expect(page.status == 200 && page.bodyText.contains("myapp://promo/1"))
        let edited = try again.request("GET", "/open/edited")
        #expect(edited.status == 500)
        #expect(edited.bodyText == "link 'edited' in the store is invalid: app_url scheme 'javascript' is not allowed\n")
        #expect(try again.request("GET", "/open/torn").status == 404)
        let items = try #require(try again.request("GET", "/api/links").json?.arrayValue, "no list")
        #expect(items.map { $0["id"] } == [.string("promo")])
        #expect(again.app.records.store.problems.contains { $0.contains("torn.page") })
    }
}
