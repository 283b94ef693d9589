import ShortcutStubs
import Testing

@Suite("Response template escaping, comments and whitespace control")
struct ResponseTemplateEscapingTests {
    @Test(
        "double braces escape each of Handlebars' seven characters",
        arguments: [
            ("&", "&amp;"),
            ("<", "&lt;"),
            (">", "&gt;"),
            ("\"", "&quot;"),
            ("'", "&#x27;"),
            ("`", "&#x60;"),
            ("=", "&#x3D;"),
            ("plain text/é/😀", "plain text/é/😀"),
        ])
    func escapedCharacter(raw: String, escaped: String) throws {
        let context: TemplateValue = ["v": .string(raw)]
        #expect(try TemplateFixture.render("{{v}}", context: context) == escaped)
        #expect(try TemplateFixture.render("{{{v}}}", context: context) == raw)
        #expect(try TemplateFixture.render("{{& v}}", context: context) == raw)
        #expect(try TemplateFixture.render("{{~{v}~}}", context: context) == raw)
    }

    @Test("a header value with markup is escaped by {{ }} and kept by {{{ }}}")
    func headerMarkup() throws {
        #expect(try TemplateFixture.render("{{request.headers.X-Html}}") == "&lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;")
        #expect(try TemplateFixture.render("{{{request.headers.X-Html}}}") == "<b>\"Tom\" & 'Jerry'</b>")
    }

    @Test("a JSON body copies request values raw only with triple braces")
    func jsonBody() throws {
        let source = "{\"echo\": {{{request.body}}}, \"quoted\": \"{{request.body}}\"}"
        #expect(try TemplateFixture.render(source) == "{\"echo\": {\"name\":\"Ann\"}, \"quoted\": \"{&quot;name&quot;:&quot;Ann&quot;}\"}")
    }

    @Test("helper results are escaped by {{ }} too, and block output is not escaped again")
    func helperResults() throws {
        let context: TemplateValue = ["v": "a&b"]
        #expect(try TemplateFixture.render("{{lookup this 'v'}}", context: context) == "a&amp;b")
        #expect(try TemplateFixture.render("{{{lookup this 'v'}}}", context: context) == "a&b")
        #expect(try TemplateFixture.render("{{#if v}}{{v}}&{{{v}}}{{/if}}", context: context) == "a&amp;b&a&b")
    }

    @Test(
        "escaped mustaches and comments",
        arguments: [
            ("\\{{request.method}}", "{{request.method}}"),
            ("a\\{{x}}b{{request.method}}", "a{{x}}bGET"),
            ("\\{{{raw}}}", "{{{raw}}}"),
            ("\\{{x", "\\{{x"),
            ("a{{! a comment }}b", "ab"),
            ("a{{!-- has }} inside --}}b", "ab"),
            ("a{{!--}}--}}b", "ab"),
            ("a {{~! stripped ~}} b", "ab"),
            ("a {{~!-- stripped --~}} b", "ab"),
            ("x\\y{{request.method}}", "x\\yGET"),
        ])
    func escapesAndComments(source: String, expected: String) throws {
        if source == "\\{{x" {
            #expect(
                TemplateFixture.error(source)?.description
                    == "template line 1, column 2: unclosed mustache: no '}}' before the end of the template")
            return
        }
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "tilde strips whitespace, newlines included, on its side only",
        arguments: [
            ("a  {{~request.method}}  b", "aGET  b"),
            ("a  {{request.method~}}  b", "a  GETb"),
            ("a \n {{~request.method~}} \n b", "aGETb"),
            ("[\n  {{~#each parameters.items~}}\n  {{this}}\n{{~/each~}}\n]", "[abc]"),
            ("{{#if true~}}   yes   {{~else~}}   no   {{~/if}}", "yes"),
        ])
    func whitespaceControl(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test("lines holding only a block tag keep their whitespace, as in Handlebars.java")
    func standaloneLinesKept() throws {
        #expect(try TemplateFixture.render("[\n{{#if true}}\nx\n{{/if}}\n]") == "[\n\nx\n\n]")
    }

    @Test("a template without mustaches is constant and renders as itself")
    func constantTemplate() throws {
        let template = try ResponseTemplate("{\"ok\": true}")
        #expect(template.isConstant)
        #expect(try template.render(.null) == "{\"ok\": true}")
        #expect(try !ResponseTemplate("{{request.url}}").isConstant)
        #expect(try ResponseTemplate("a{{! only a comment }}b").isConstant)
    }
}
