import ShortcutPages
import Testing

@testable import ShortcutLinks

/// Landing links: the checks, the page's escaping, the banner, and the association built from links.
@Suite struct LandingLinkTests {
    static func link(
        _ title: String = "T", app: String = "myapp://x", fallback: String = "https://e.com/", universal: String? = nil,
        description: String? = nil, image: String? = nil, storeID: String? = nil, clip: String? = nil,
        appID: String? = nil
    ) throws -> LandingLink {
        try LandingLink(
            fields: .init(
                title: title, description: description, image: image, appURL: app, universalURL: universal,
                fallbackURL: fallback, appStoreID: storeID, appClipBundleID: clip, appID: appID))
    }

    @Test func everyProblemIsReportedAtOnceNamingItsField() {
        #expect(
            throws: LandingLink.Problems(all: [
                ShortcutPageError(field: "title", code: "error.required", reason: "title is empty; give 1 to 400 characters"),
                ShortcutPageError(field: "app_url", code: "error.scheme", reason: "app_url scheme 'javascript' is not allowed"),
                ShortcutPageError(field: "fallback_url", code: "error.required", reason: "fallback_url is required"),
            ])
        ) {
            try LandingLink(fields: .init(title: "  ", appURL: "javascript:alert(1)"))
        }
    }

    @Test func theFieldsRoundTrip() throws {
        let link = try Self.link(
            "Sale", universal: "https://e.com/a", description: "d", image: "https://e.com/i.png",
            storeID: "42", clip: "com.e.app.Clip", appID: "ABCDE12345.com.e.app")
        #expect(try LandingLink(fields: link.fields) == link)
        #expect(link.universalPath == "/a")
    }

    @Test func hostileValuesAreEscapedForWhereTheyGo() throws {
        let title = "</title><script>alert(1)</script>"
        let description = #""><img src=x onerror=alert(2)>"#
        let app = "myapp://x?a=\"'></script><script>alert(3)</script>"
        let link = try Self.link(
            title, app: app, description: description,
            storeID: "1")
        let page = LandingPage(link: link, pageURL: #"http://h"><script>alert(4)</script>/open/x"#, delayMilliseconds: 10)
        let html = page.html
        #expect(html.ranges(of: "<script").count == 1, "only the page's own script element")
        #expect(html.ranges(of: "</script").count == 1)
        #expect(!html.contains("<img"))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        #expect(html.contains(#"<meta property="og:description" content="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;">"#))
        #expect(
            html.contains(#"var appURL = "myapp://x?a=\"\u0027\u003e\u003c/script\u003e\u003cscript\u003ealert(3)\u003c/script\u003e";"#))
        #expect(html.contains(#"<a id="open" class="button" href="myapp://x?a=&quot;&#39;&gt;&lt;/script&gt;"#))
        #expect(html.contains(#"content="http://h&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;/open/x""#))
        #expect(html.contains("<script>\(page.script)</script>"), "the script hashed for the CSP is the one in the page")
    }

    @Test func theDelayIsClampedToItsRange() throws {
        #expect(LandingPage(link: try Self.link(), pageURL: "u", delayMilliseconds: -5).script.contains("var delay = 0;"))
        #expect(LandingPage(link: try Self.link(), pageURL: "u", delayMilliseconds: 10_000_000).script.contains("var delay = 60000;"))
    }

    @Test func theSmartAppBannerNeedsTheAppStoreID() throws {
        #expect(LandingPage.smartBannerContent(try Self.link()) == nil)
        #expect(!LandingPage(link: try Self.link(), pageURL: "u", delayMilliseconds: 0).html.contains("apple-itunes-app"))
        #expect(LandingPage.smartBannerContent(try Self.link(storeID: "42")) == "app-id=42, app-argument=myapp://x")
        #expect(
            LandingPage.smartBannerContent(try Self.link(universal: "https://e.com/a", storeID: "42", clip: "com.e.Clip"))
                == "app-id=42, app-clip-bundle-id=com.e.Clip, app-clip-display=card, app-argument=https://e.com/a")
    }

    @Test func theAssociationIsByteStableGroupedByAppAndChecked() throws {
        let links = [
            ("b", try Self.link(universal: "https://e.com/b", appID: "ZZZZZ99999.com.z")),
            ("a", try Self.link(universal: "https://e.com/a/%C3%A9", appID: "ABCDE12345.com.a")),
            ("c", try Self.link(universal: "https://e.com/b?q=1", appID: "ZZZZZ99999.com.z")),
            ("none", try Self.link()),
        ]
        let built = try #require(try LandingAssociation.build(links))
        #expect(
            String(decoding: built.bytes, as: UTF8.self)
                == #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.a"],"components":[{"/":"/a/%C3%A9","comment":"landing link a"}]},{"appIDs":["ZZZZZ99999.com.z"],"components":[{"/":"/b","comment":"landing link b, c"}]}]}}"#
        )
        #expect(try LandingAssociation.build(links.reversed())?.bytes == built.bytes)
        #expect(AASAChecker.check(built.bytes, file: "built").problems.isEmpty)
        #expect(built.matcher.trace(try LinkURL(parsing: "https://e.com/a/é")).app == "ABCDE12345.com.a")
        #expect(built.matcher.trace(try LinkURL(parsing: "https://e.com/b?x")).app == "ZZZZZ99999.com.z")
        #expect(built.matcher.trace(try LinkURL(parsing: "https://e.com/c")).app == nil)
        #expect(try LandingAssociation.build([("none", try Self.link())]) == nil, "no link names an app")
    }

    /// Links whose association is exactly `AssociationFileLimits.maxBytes` are served; one byte more is refused.
    @Test func theAssociationIsBuiltAtTheSizeLimitAndRefusedOneByteOver() throws {
        let limit = AssociationFileLimits.maxBytes
        func links(count: Int, padding: Int) throws -> [(id: String, link: LandingLink)] {
            try (0..<count).map { index in
                let path = "/\(index)-" + String(repeating: "p", count: 500 + (index == count - 1 ? padding : 0))
                return ("l\(index)", try Self.link(universal: "https://e.com" + path, appID: "ABCDE12345.com.a"))
            }
        }
        func size(_ count: Int) throws -> Int { try LandingAssociation.build(links(count: count, padding: 0))?.bytes.count ?? 0 }
        // Enough links to come within 900 bytes of the limit; the last one's path makes up the rest.
        let perLink = (try size(11) - size(1)) / 10
        var count = (limit - 900 - (try size(1))) / perLink + 1
        while try size(count) > limit - 900 { count -= 1 }
        while try size(count + 1) <= limit - 900 { count += 1 }
        let base = try size(count)
        #expect(base <= limit - 900 && limit - base < 900 + perLink + 10)
        let exact = try #require(try LandingAssociation.build(links(count: count, padding: limit - base)))
        #expect(exact.bytes.count == limit)
        #expect(throws: LandingAssociation.Failure.self) { try LandingAssociation.build(links(count: count, padding: limit - base + 1)) }
    }
}
