import Testing

@testable import ShortcutPages

@Suite("App URL validation")
struct AppURLTests {
    @Test(
        "absolute URLs with a well-formed, harmless scheme are accepted unchanged",
        arguments: [
            "myapp://page/view2", "mkaddtohomescreen://x", "https://example.com/a?b=c", "tel:+1", "a+b.c-d:x",
            "mkaddtohomescreen://page/view2", "myapp://search?q=caf%C3%A9&x=<y>", "Z:x", "myapp:x", "http://h",
        ])
    func accepts(url: String) throws {
        #expect(try AppURL.validate(url) == url)
    }

    /// Issue 26, point 5: `myapp:` and `http://` were accepted, and made an icon that opens nothing.
    @Test(
        "a scheme with nothing after it, or a web URL without a server, is refused",
        arguments: ["myapp:", "myapp://", "http://", "https://", "HTTP://", "https:///path", "http://:80/x", "https://?q", "http:"])
    func refusesEmptyTargets(url: String) {
        #expect(throws: ShortcutPageError.self) { try AppURL.validate(url) }
        do {
            _ = try AppURL.validate(url)
        } catch {
            #expect(error.code == ShortcutPageError.format && error.reason.hasPrefix("url '"), "\(error.reason)")
        }
    }

    @Test("surrounding spaces are trimmed")
    func trimsSpaces() throws {
        #expect(try AppURL.validate("  myapp://page/view2 ") == "myapp://page/view2")
    }

    @Test(
        "script, data and file schemes are refused whatever their case or hidden characters",
        arguments: [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)",
            "java\tscript:alert(1)", "java\nscript:alert(1)", "\u{1}javascript:alert(1)", "javascript\u{0}:alert(1)",
            "jav\u{200B}ascript:alert(1)", "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PGgxPg==",
            "vbscript:msgbox(1)", "VBScript:msgbox(1)", "file:///etc/passwd", "FILE:///etc/passwd",
        ])
    func refusesDangerousSchemes(url: String) {
        #expect(throws: ShortcutPageError.self) { try AppURL.validate(url) }
        #expect(code(of: url) == "error.scheme")
    }

    @Test("the refusal names the scheme")
    func refusalNamesScheme() {
        #expect(reason(of: "JavaScript:alert(1)") == "url scheme 'javascript' is not allowed")
    }

    @Test(
        "relative or malformed schemes are refused",
        arguments: ["page/view2", "/page/view2", "//host/path", "://x", "1abc:x", "-a:x", "my_app://x", "my app://x"]
            .map { ($0, $0.contains(" ") ? "error.character" : "error.scheme") })
    func refusesMissingOrMalformedScheme(url: String, code expected: String) {
        #expect(code(of: url) == expected)
    }

    @Test(
        "control characters and whitespace are refused anywhere",
        arguments: [
            "myapp://page\n/view2", "myapp://page/view2\n", "myapp://page\r\nSet-Cookie: a=b", "myapp://a\rb",
            "myapp://a\u{0}b", "myapp://a b", "myapp://a\tb", "myapp://a\u{7F}b", "myapp://a\u{85}b",
            "myapp://a\u{A0}b", "myapp://a\u{2028}b", "myapp://a\u{202E}b", "\nmyapp://x",
        ])
    func refusesControlsAndWhitespace(url: String) {
        #expect(code(of: url) == "error.character")
    }

    @Test("the character refusal names the character and its offset")
    func characterReasonNamesOffset() {
        #expect(reason(of: "myapp://a\nb")?.contains("a line feed (U+000A) at offset 9") == true)
    }

    @Test("empty and space-only URLs are required errors", arguments: ["", "   "])
    func refusesEmpty(url: String) {
        #expect(code(of: url) == "error.required")
    }

    @Test("the URL may have 2048 bytes but not 2049")
    func lengthLimit() throws {
        let atLimit = "myapp://" + String(repeating: "a", count: ShortcutPage.maxURLBytes - 8)
        #expect(atLimit.utf8.count == 2048)
        #expect(try AppURL.validate(atLimit) == atLimit)
        #expect(code(of: atLimit + "a") == "error.maxLength")
        #expect(reason(of: atLimit + "a") == "url is 2049 bytes; the limit is 2048")
    }

    @Test("the length limit counts UTF-8 bytes, not characters")
    func lengthCountsBytes() {
        let url = "myapp://" + String(repeating: "é", count: 1021)  // 8 + 2042 bytes
        #expect(code(of: url) == "error.maxLength")
    }

    @Test("every error names the url field")
    func errorsNameField() {
        for url in ["", "javascript:x", "a b:x", "nope"] {
            #expect(throws: ShortcutPageError.self) { try AppURL.validate(url) }
            #expect(field(of: url) == "url")
        }
    }

    private func error(of url: String) -> ShortcutPageError? { pageError { try AppURL.validate(url) } }

    private func code(of url: String) -> String? { error(of: url)?.code }
    private func reason(of url: String) -> String? { error(of: url)?.reason }
    private func field(of url: String) -> String? { error(of: url)?.field }
}
