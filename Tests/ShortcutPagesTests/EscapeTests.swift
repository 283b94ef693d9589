import Foundation
import HTTPVocabulary
import Testing

@Suite("Escaping")
struct EscapeTests {
    @Test(
        "HTML escaping replaces the five special characters and line separators",
        arguments: [
            ("plain", "plain"), ("a & b", "a &amp; b"), ("<b>", "&lt;b&gt;"),
            ("\"q\" 'a'", "&quot;q&quot; &#39;a&#39;"),
            ("x\u{2028}y\u{2029}", "x&#x2028;y&#x2029;"), ("&amp;", "&amp;amp;"), ("日本 😀", "日本 😀"),
        ])
    func html(input: String, expected: String) {
        #expect(Escape.html(input) == expected)
    }

    @Test(
        "JavaScript strings escape what could end the string or the script",
        arguments: [
            ("myapp://x", #""myapp://x""#), ("</script>", #""\u003c/script\u003e""#), ("a\"b", #""a\"b""#),
            ("a\\b", #""a\\b""#), ("a'b", #""a\u0027b""#), ("a&b", #""a\u0026b""#), ("<!--", #""\u003c!--""#),
            ("\u{2028}\u{2029}", #""\u2028\u2029""#), ("\n\r\t\u{0}\u{7F}", #""\n\r\t\u0000\u007f""#),
        ])
    func javaScript(input: String, expected: String) {
        #expect(Escape.javaScriptString(input) == expected)
    }

    @Test(
        "JavaScript strings are valid JSON that decodes back to the input",
        arguments: [
            "myapp://x?a=1&b=<2>", "\"'\\/", "</script><script>alert(1)</script>", "\u{2028}x\u{2029}", "é😀\u{1}",
        ])
    func javaScriptIsJSON(input: String) throws {
        let literal = Escape.javaScriptString(input)
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == input)
        for raw in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!literal.contains(raw)) }
    }
}
