import Foundation
import Testing

@testable import ShortcutPages

@Suite("Page templates")
struct PageTemplateTests {
    let icon = ShortcutIcon.builtIn

    /// The in-app template of the original article, as written there.
    static let legacy = #"""
        <meta name="apple-mobile-web-app-title" content="\(title)">
        <link rel="apple-touch-icon-precomposed" href="data:image/jpeg;base64,\(feature_icon)"/>
        <title>\(title)</title>
        <a id="redirect" href="\(urlToRedirect.absoluteString)"></a>
        """#

    @Test("a legacy template renders with the title, the raw base64 icon and the URL")
    func legacyTemplate() throws {
        let template = try PageTemplate(text: Self.legacy)
        let html = template.render(title: "Scan & Go", url: "myapp://page/view2?a=1&b=2", icon: icon, appName: "")
        #expect(html.contains(#"content="Scan &amp; Go""#))
        #expect(html.contains("<title>Scan &amp; Go</title>"))
        #expect(html.contains(#"href="data:image/jpeg;base64,\#(icon.base64)""#))
        #expect(html.contains(#"href="myapp://page/view2?a=1&amp;b=2""#))
        #expect(!html.contains("\\("))
    }

    @Test("a {{…}} template renders each slot, spaces inside the braces allowed")
    func bracedTemplate() throws {
        let template = try PageTemplate(
            text: "<img src=\"{{icon}}\"><h1>{{ title }}</h1><p>{{app_name}}</p><a href=\"{{url}}\">{{url}}</a>"
                + "<script>var u = {{url_js}};</script>")
        let html = template.render(title: "T<1>", url: "myapp://x?a=\"1\"", icon: icon, appName: "App 'A'")
        #expect(
            html == "<img src=\"\(icon.dataURI)\"><h1>T&lt;1&gt;</h1><p>App &#39;A&#39;</p>"
                + "<a href=\"myapp://x?a=&quot;1&quot;\">myapp://x?a=&quot;1&quot;</a>"
                + #"<script>var u = "myapp://x?a=\"1\"";</script>"#)
    }

    @Test("an empty app name renders as the title")
    func emptyAppNameIsTitle() throws {
        let template = try PageTemplate(text: "{{app_name}}")
        #expect(template.render(title: "Title", url: "myapp://x", icon: icon, appName: "") == "Title")
    }

    @Test(
        "templates with no known slot are refused",
        arguments: ["", "<html><body>Hello</body></html>", "{{ }}", "{title}", "\\(other)", "{{", "}}{{"])
    func refusesTemplateWithoutSlots(text: String) {
        #expect(error(text)?.code == "error.slot")
        #expect(error(text)?.field == "template")
    }

    @Test("an unknown {{name}} slot is refused and named")
    func refusesUnknownSlot() {
        let failure = error("<title>{{tilte}}</title><a href=\"{{url}}\">")
        #expect(failure?.code == "error.slot")
        #expect(failure?.reason.contains("{{tilte}}") == true)
    }

    @Test("braces that are not slot names stay as text")
    func otherBracesAreText() throws {
        let text = "<script>var a = {{x: 1}}; var b = '{{ 2 + 3 }}';</script>{{title}}"
        let template = try PageTemplate(text: text)
        #expect(
            template.render(title: "T", url: "myapp://x", icon: icon, appName: "")
                == text.replacingOccurrences(
                    of: "{{title}}", with: "T"))
    }

    @Test("a template over 1 MiB is refused")
    func sizeLimit() throws {
        let filler = String(repeating: "a", count: PageTemplate.maxBytes - 9)
        #expect(try PageTemplate(text: filler + "{{title}}").text.utf8.count == PageTemplate.maxBytes)
        #expect(error(filler + "{{title}}a")?.code == "error.size")
    }

    @Test("the default template parses with every slot it needs and no unknown one")
    func defaultTemplateSlots() throws {
        let parsed = PageTemplate.parse(DefaultTemplate.html)
        #expect(parsed.unknown.isEmpty)
        #expect(Set(PageTemplate.default.slots) == [.title, .icon, .url, .urlJS, .appName])
        #expect(try PageTemplate(text: DefaultTemplate.html).slots == PageTemplate.default.slots)
    }

    private func error(_ text: String) -> ShortcutPageError? { pageError { try PageTemplate(text: text) } }
}
