import Foundation
import ShortcutPages
import Testing

@Suite("Default page")
struct DefaultPageTests {
    let page = ShortcutPage.demo

    @Test(
        "the head has the web-app meta tags, with valid values",
        arguments: [
            #"<meta charset="utf-8">"#,
            #"<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">"#,
            #"<meta name="apple-mobile-web-app-capable" content="yes">"#,
            #"<meta name="mobile-web-app-capable" content="yes">"#,
            #"<meta name="apple-mobile-web-app-title" content="Add to Home Screen">"#,
            #"<meta name="apple-mobile-web-app-status-bar-style" content="default">"#,
            #"<meta name="color-scheme" content="light dark">"#,
            #"<title>Add to Home Screen</title>"#,
            #"<link rel="apple-touch-icon" href="data:image/png;base64,"#,
            "@media (prefers-color-scheme: dark)",
        ])
    func headTags(tag: String) {
        #expect(page.html.contains(tag))
    }

    @Test("the head comes first and the touch icon is the page's icon")
    func touchIcon() {
        #expect(page.html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(page.html.contains(#"<link rel="apple-touch-icon" href="\#(page.icon.dataURI)">"#))
    }

    @Test("the Content-Security-Policy allows only inline script and style and data: images")
    func contentSecurityPolicy() {
        #expect(
            page.html.contains(
                "content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:;"))
    }

    @Test("the screens and values carry the ids the browser tests look for")
    func ids() {
        let html = page.html
        #expect(html.contains(#"<main id="guide" class="screen">"#))
        #expect(html.contains(#"<main id="intermediate" class="screen intermediate" hidden>"#))
        #expect(html.contains(#"<a id="open" class="button" href="mkaddtohomescreen://page/view2">Open</a>"#))
        #expect(html.contains(#"<h1 id="title">Add to Home Screen</h1>"#))
        #expect(html.contains(#"<p id="app-name" class="app-name">Add to Home Screen</p>"#))
        #expect(html.contains(#"<img id="icon" class="app-icon" src="\#(page.icon.dataURI)""#))
        for id in ["guide", "intermediate", "open", "title", "app-name", "icon"] {
            #expect(Fixtures.count(#"id="\#(id)""#, in: html) == 1, "id \(id) appears once")
        }
    }

    @Test("without JavaScript the guide shows and the intermediate screen is hidden")
    func noScriptShowsGuide() throws {
        let guide = try #require(page.html.range(of: #"<main id="guide""#))
        let tag = page.html[guide.lowerBound...].prefix { $0 != ">" }
        #expect(!tag.contains("hidden"))
        #expect(page.html.contains("[hidden] { display: none !important; }"))
    }

    @Test("the guide says to tap Share then Add to Home Screen; the other screen says where it goes")
    func texts() {
        #expect(page.html.contains("Tap <strong>Share</strong>"))
        #expect(page.html.contains("<strong>Add to Home Screen</strong>"))
        #expect(page.html.contains("You are about to enter"))
    }

    @Test("the script detects standalone mode, opens the URL within a second, and reshows on return")
    func script() throws {
        let script = try #require(Fixtures.scripts(in: page.html).first)
        #expect(script.contains(#"var url = "mkaddtohomescreen://page/view2";"#))
        #expect(script.contains("window.navigator.standalone === true"))
        #expect(script.contains(#"window.matchMedia("(display-mode: standalone)").matches"#))
        #expect(script.contains("window.location.href = url;"))
        #expect(script.contains("window.setTimeout(openApp, delay)"))
        let delay = try #require(script.split(separator: "\n").first { $0.contains("var delay = ") })
        let milliseconds = try #require(Int(delay.filter(\.isNumber)))
        #expect((300...600).contains(milliseconds))
        #expect(script.contains(#"addEventListener("pageshow""#))
        #expect(script.contains(#"addEventListener("visibilitychange""#))
        #expect(script.contains("guide.hidden = standalone;"))
        #expect(script.contains("intermediate.hidden = !standalone;"))
    }

    @Test("the page is self-contained: nothing is loaded from the network")
    func selfContained() {
        let html = page.html.lowercased()
        #expect(!html.contains("http://"))
        #expect(!html.contains("https://"))
        #expect(!html.contains("//cdn"))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
        for attribute in ["src=", "href="] {
            for part in html.components(separatedBy: attribute).dropFirst() {
                let value = part.drop { $0 == "\"" || $0 == "'" }
                #expect(
                    value.hasPrefix("data:") || value.hasPrefix("mkaddtohomescreen:"), "\(attribute)\(part.prefix(30))")
            }
        }
    }

    @Test("the built-in icon is a valid 180×180 PNG with correct chunk CRCs")
    func builtInIconIsPNG() throws {
        let bytes = ShortcutIcon.builtIn.bytes
        #expect(ShortcutIcon.builtIn.format == .png)
        #expect(try ShortcutIcon(bytes: bytes) == .builtIn)
        let chunks = try #require(Fixtures.chunks(ofPNG: bytes))
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcMatches })
        let header = try #require(chunks.first).data
        #expect(header.count == 13)
        #expect(Fixtures.bigEndian32(header, at: 0) == 180)
        #expect(Fixtures.bigEndian32(header, at: 4) == 180)
        #expect(Array(header[8...]) == [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, adaptive filters, no interlace
    }
}
