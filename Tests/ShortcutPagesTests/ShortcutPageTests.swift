import Foundation
import HTTPVocabulary
import ShortcutPages
import Testing

@Suite("Shortcut page")
struct ShortcutPageTests {
    static let hostile = [
        "</title><script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onmouseover='alert(1)",
        "</script><script>alert(1)</script>", "a\u{2028}b\u{2029}c", "<!--", "&lt;already&gt;",
    ]

    @Test("a hostile title appears only escaped", arguments: hostile)
    func escapesTitle(title: String) throws {
        let page = try ShortcutPage(title: title, url: "myapp://page/view2", appName: "App")
        expectOnlyEscaped(title, in: page.html)
        #expect(page.html.contains("<title>\(Escape.html(title))</title>"))
        #expect(page.html.contains(#"content="\#(Escape.html(title))""#))
    }

    @Test("a hostile app name appears only escaped", arguments: hostile)
    func escapesAppName(name: String) throws {
        let page = try ShortcutPage(title: "Title", url: "myapp://page/view2", appName: name)
        expectOnlyEscaped(name, in: page.html)
        #expect(page.html.contains(#"<p id="app-name" class="app-name">\#(Escape.html(name))</p>"#))
    }

    @Test(
        "the URL cannot break out of the script or the attribute",
        arguments: [
            "myapp://x?q=</script><script>alert(1)</script>", "myapp://x\"+alert(1)+\"", "myapp://x'};alert(1);//",
            "myapp://x\\\";alert(1)//", "myapp://x?<!--<script>", "myapp://x?a=1&b=2",
        ])
    func urlStaysInsideScript(url: String) throws {
        let page = try ShortcutPage(title: "Title", url: url)
        let scripts = Fixtures.scripts(in: page.html)
        #expect(scripts.count == 1)
        #expect(Fixtures.count("<script", in: page.html) == 1)
        #expect(Fixtures.count("</script", in: page.html) == 1)
        let script = try #require(scripts.first)
        let line = try #require(script.split(separator: "\n").first { $0.contains("var url = ") })
        let literal = line.trimmingCharacters(in: .whitespaces).dropFirst("var url = ".count).dropLast()
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == url)
        #expect(page.html.contains(#"<a id="open" class="button" href="\#(Escape.html(url))">Open</a>"#))
        if url.contains("\"") { #expect(!page.html.contains(url)) }
    }

    @Test("values are trimmed and the app name defaults to the title")
    func trimsAndDefaults() throws {
        let page = try ShortcutPage(title: "  Scan \n", url: " myapp://scan ")
        #expect(page.title == "Scan")
        #expect(page.url == "myapp://scan")
        #expect(page.appName == "Scan")
        #expect(page.icon == .builtIn)
        #expect(try ShortcutPage(title: "T", url: "myapp://x", appName: "   ").appName == "T")
        #expect(try ShortcutPage(title: "T", url: "myapp://x", appName: " App ").appName == "App")
    }

    @Test("the title may have 100 characters but not 101, counted as a reader sees them")
    func titleLimit() throws {
        #expect(try ShortcutPage(title: String(repeating: "a", count: 100), url: "myapp://x").title.count == 100)
        #expect(try ShortcutPage(title: String(repeating: "👩‍👩‍👧", count: 100), url: "myapp://x").title.count == 100)
        let failure = error { try ShortcutPage(title: String(repeating: "a", count: 101), url: "myapp://x") }
        #expect(
            failure
                == ShortcutPageError(
                    field: "title", code: "error.maxLength",
                    reason: "title is 101 characters; the limit is 100"))
    }

    @Test("title and app name are also limited in bytes: 4096, not a character of 4097 bytes")
    func textByteLimits() throws {
        // One character (a grapheme cluster): a letter and 2,048 combining acute accents, 4,097 bytes.
        let heavy = "a" + String(repeating: "\u{301}", count: 2048)
        let atLimit = "a" + String(repeating: "\u{301}", count: 2047) + "b"  // 4,096 bytes, 2 characters
        #expect(try ShortcutPage(title: atLimit, url: "myapp://x").title.utf8.count == 4096)
        #expect(try ShortcutPage(title: "T", url: "myapp://x", appName: atLimit).appName.utf8.count == 4096)
        #expect(
            error { try ShortcutPage(title: heavy, url: "myapp://x") }
                == ShortcutPageError(field: "title", code: "error.maxLength", reason: "title is 4097 bytes; the limit is 4096"))
        #expect(
            error { try ShortcutPage(title: "T", url: "myapp://x", appName: heavy) }
                == ShortcutPageError(field: "app_name", code: "error.maxLength", reason: "app_name is 4097 bytes; the limit is 4096"))
        #expect(ShortcutPage.maxTitleBytes == 4096 && ShortcutPage.maxAppNameBytes == 4096)
    }

    @Test("the app name may have 100 characters but not 101")
    func appNameLimit() throws {
        let name = String(repeating: "n", count: 100)
        #expect(try ShortcutPage(title: "T", url: "myapp://x", appName: name).appName == name)
        let failure = error { try ShortcutPage(title: "T", url: "myapp://x", appName: name + "n") }
        #expect(failure?.field == "app_name")
        #expect(failure?.code == "error.maxLength")
    }

    @Test(
        "bad titles and app names are refused with the field and code",
        arguments: [
            ("", nil, "title", "error.required"), (" \n\t ", nil, "title", "error.required"),
            ("a\nb", nil, "title", "error.character"), ("a\u{0}b", nil, "title", "error.character"),
            ("a\u{1B}[31m", nil, "title", "error.character"), ("T", "a\rb", "app_name", "error.character"),
            ("T", "x\u{7F}", "app_name", "error.character"),
        ] as [(String, String?, String, String)])
    func refusesBadText(title: String, appName: String?, field: String, code: String) {
        let failure = error { try ShortcutPage(title: title, url: "myapp://x", appName: appName) }
        #expect(failure?.field == field)
        #expect(failure?.code == code)
    }

    @Test("a bad URL is refused by the page as by AppURL")
    func refusesBadURL() {
        #expect(error { try ShortcutPage(title: "T", url: "javascript:alert(1)") }?.code == "error.scheme")
        #expect(error { try ShortcutPage(title: "T", url: "page/view2") }?.field == "url")
    }

    @Test("the data URI decodes back to the HTML")
    func dataURIRoundTrip() throws {
        let page = try ShortcutPage(title: "日本語 & emoji 😀", url: "myapp://x", appName: "\u{2028}")
        let prefix = "data:text/html;base64,"
        #expect(page.dataURI.hasPrefix(prefix))
        let decoded = try #require(Data(base64Encoded: String(page.dataURI.dropFirst(prefix.count))))
        #expect(String(decoding: decoded, as: UTF8.self) == page.html)
        #expect(DataURI.html("<p>é</p>") == "data:text/html;base64,PHA+w6k8L3A+")
        #expect(DataURI.encode([0xFF, 0xD8, 0xFF], mediaType: "image/jpeg") == "data:image/jpeg;base64,/9j/")
    }

    @Test("a custom template and icon are used")
    func customTemplateAndIcon() throws {
        let icon = try ShortcutIcon(bytes: Fixtures.jpeg(count: 10))
        let template = try PageTemplate(text: "<title>{{title}}</title><img src=\"{{icon}}\"><a href=\"{{url}}\">")
        let page = try ShortcutPage(title: "T", url: "myapp://x", icon: icon, template: template)
        #expect(page.html == "<title>T</title><img src=\"\(icon.dataURI)\"><a href=\"myapp://x\">")
    }

    @Test("the demo page is the article's example with the built-in icon")
    func demo() throws {
        let demo = ShortcutPage.demo
        #expect(demo.title == "Add to Home Screen")
        #expect(demo.url == "mkaddtohomescreen://page/view2")
        #expect(demo.icon == .builtIn)
        #expect(demo.appName == "Add to Home Screen")
        let validated = try ShortcutPage(title: demo.title, url: demo.url)
        #expect(validated.html == demo.html)
        #expect(demo.html.contains(#"href="mkaddtohomescreen://page/view2""#))
    }

    private func expectOnlyEscaped(_ value: String, in html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let escaped = Escape.html(value)
        #expect(html.contains(escaped), sourceLocation: sourceLocation)
        if escaped != value {
            #expect(!html.contains(value), sourceLocation: sourceLocation)
        }
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}"), sourceLocation: sourceLocation)
        #expect(Fixtures.count("<script", in: html) == 1, sourceLocation: sourceLocation)
    }

    private func error(_ body: () throws -> ShortcutPage) -> ShortcutPageError? { pageError(body) }
}

@Suite("Shortcut page with a large icon")
struct LargeIconPageTests {
    @Test("a page with a 256 KiB icon renders and encodes, the icon base64 written once per slot")
    func largeIcon() throws {
        let icon = try ShortcutIcon(bytes: Fixtures.png(count: ShortcutIcon.maxBytes))
        let page = try ShortcutPage(title: "Big", url: "myapp://big", icon: icon)
        #expect(Fixtures.count(icon.dataURI, in: page.html) == 2)  // touch icon and <img id="icon">
        #expect(page.dataURI.utf8.count == "data:text/html;base64,".utf8.count + (page.html.utf8.count + 2) / 3 * 4)
    }
}
