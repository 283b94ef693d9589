import Testing

@testable import ShortcutStubs

@Suite("Response template errors: one line each, with line and column")
struct TemplateErrorTests {
    @Test(
        "each compile error says where and why",
        arguments: [
            ("{\n  \"a\": {{jsonPathh request.body '$.a'}}", "template line 2, column 10: unknown helper 'jsonPathh'"),
            (
                "{{#each parameters.items}}\n{{this}}",
                "template line 1, column 1: unclosed {{#each}}: no {{/each}} before the end of the template"
            ),
            (
                "x\n{{#each parameters.items}}{{else}}",
                "template line 2, column 1: unclosed {{#each}}: no {{/each}} before the end of the template"
            ),
            ("{{#if a}}\n  {{#each b}}{{/if}}", "template line 2, column 14: {{/if}} does not close {{#each}} opened at line 2, column 3"),
            ("{{/each}}", "template line 1, column 1: {{/each}} closes no open block"),
            ("a{{else}}", "template line 1, column 2: {{else}} outside a block"),
            ("a{{^}}", "template line 1, column 2: {{^}} (else) outside a block"),
            ("{{#if a}}1{{else}}2{{else}}3{{/if}}", "template line 1, column 20: a second {{else}} in {{#if}}"),
            ("{{request.url", "template line 1, column 1: unclosed mustache: no '}}' before the end of the template"),
            ("{{{request.url", "template line 1, column 1: unclosed mustache: no '}}}' before the end of the template"),
            ("{{{request.url}}", "template line 1, column 1: '{{{' must be closed by '}}}'"),
            ("é{{! never closed", "template line 1, column 2: unclosed comment: no '}}' before the end of the template"),
            ("{{!-- never closed }}", "template line 1, column 1: unclosed comment: no '--}}' before the end of the template"),
            ("{{eq 'a}}", "template line 1, column 6: unterminated string literal"),
            ("{{}}", "template line 1, column 1: empty mustache"),
            ("{{ 'text' }}", "template line 1, column 4: a mustache must start with a helper name or a path"),
            ("{{request.path x}}", "template line 1, column 3: unknown helper 'request.path'"),
            ("{{#request.query x}}{{/request.query}}", "template line 1, column 4: unknown helper 'request.query'"),
            ("{{eq (nope 1) 2}}", "template line 1, column 7: unknown helper 'nope'"),
            ("{{eq ('x') 2}}", "template line 1, column 7: a subexpression must start with a helper name"),
            ("{{eq (not 1 2}}", "template line 1, column 6: unclosed '(': no ')' before the end of the mustache"),
            ("{{eq (not 1) 2)}}", "template line 1, column 15: unexpected ')'"),
            ("{{eq a 'b' = 1}}", "template line 1, column 12: unexpected '='"),
            ("{{eq a = b}}", "template line 1, column 3: 'eq' takes exactly 2 arguments, got 0"),
            ("{{eq a b c=}}", "template line 1, column 11: expected a value after '='"),
            ("{{eq a yes='y' b}}", "template line 1, column 16: positional argument after the options (key=value must come last)"),
            ("{{eq a b yes='y' yes='n'}}", "template line 1, column 18: option 'yes' is given twice"),
            ("{{each parameters.items}}", "template line 1, column 3: 'each' is a block helper: write {{#each …}} … {{/each}}"),
            ("{{eq (if a) 1}}", "template line 1, column 7: 'if' is a block helper and cannot be a subexpression"),
            ("{{#now}}{{/now}}", "template line 1, column 4: 'now' cannot open a block: write {{now …}}"),
            ("{{#if a b}}{{/if}}", "template line 1, column 4: 'if' takes exactly 1 argument, got 2"),
            ("{{#each}}{{/each}}", "template line 1, column 4: 'each' takes exactly 1 argument, got 0"),
            ("{{and}}", "template line 1, column 3: 'and' takes at least 1 argument, got 0"),
            ("{{#if a foo=1}}{{/if}}", "template line 1, column 4: 'if' has no option 'foo' (it takes includeZero)"),
            ("{{#each a}}{{/each b}}", "template line 1, column 20: unexpected argument"),
            ("{{#each a as |x}}{{/each}}", "template line 1, column 1: block parameters 'as |…|' need a closing '|'"),
            ("{{#each a as ||}}{{/each}}", "template line 1, column 15: 'as | |' names no block parameter"),
            ("{{#each a as |x.y|}}{{/each}}", "template line 1, column 15: a block parameter must be a plain name"),
            ("{{/}}", "template line 1, column 1: {{/…}} needs the name of the block it closes"),
            ("{{a.}}", "template line 1, column 5: expected a name after '.' in the path"),
            ("{{a.[b}}", "template line 1, column 5: unclosed '[' in a path"),
            ("{{@}}", "template line 1, column 4: expected a name in the path"),
            ("{{a ! b}}", "template line 1, column 5: unexpected '!' in a mustache"),
            ("{{#}}{{/}}", "template line 1, column 1: a block must open with a helper name or a path"),
            ("{{#'x'}}{{/x}}", "template line 1, column 1: a block must open with a helper name or a path"),
            ("{{eq a | b}}", "template line 1, column 8: unexpected '|'"),
            ("{{a/}}", "template line 1, column 5: expected a name after '/' in the path"),
            ("{{> partial}}", "template line 1, column 1: partials ({{> name}}) are not supported"),
            ("{{#> layout}}{{/layout}}", "template line 1, column 1: partial blocks ({{#> name}}) are not supported"),
            ("{{{{raw}}}}x{{{{/raw}}}}", "template line 1, column 1: raw blocks ({{{{raw}}}} … {{{{/raw}}}}) are not supported"),
            ("{{= <% %> =}}", "template line 1, column 1: changing delimiters ({{= <% %> =}}) is not supported"),
            ("{{* decorator}}", "template line 1, column 1: decorators ({{* name}}) are not supported"),
            ("{{#* inline}}{{/inline}}", "template line 1, column 1: decorators ({{#* name}}) are not supported"),
        ])
    func compileError(source: String, message: String) {
        #expect(TemplateFixture.error(source)?.description == message)
    }

    @Test("the position counts characters, not bytes, and lines from 1")
    func positionInCharacters() {
        let error = TemplateFixture.error("ééé\n😀 {{nope x}}")
        #expect(error?.position == TemplatePosition(offset: 14, line: 2, column: 5))
        #expect(error?.description == "template line 2, column 5: unknown helper 'nope'")
    }

    @Test("an error without a place reads as its reason")
    func positionless() {
        #expect(TemplateError("something").description == "something")
        #expect(
            TemplateError("x").placed(at: TemplatePosition(offset: 0, line: 1, column: 1)).description == "template line 1, column 1: x")
        let placed = TemplateError("x", at: TemplatePosition(offset: 3, line: 2, column: 2))
        #expect(placed.placed(at: TemplatePosition(offset: 0, line: 1, column: 1)) == placed)
    }

    @Test("a name that is no helper, without arguments, is a path even when nothing has it")
    func missingPathIsEmpty() throws {
        #expect(try TemplateFixture.render("[{{nothing}}][{{#nothing}}x{{/nothing}}]") == "[][]")
    }
}

@Suite("Response template robustness")
struct TemplateRobustnessTests {
    private static let sample =
        "{{!-- c --}}{\"a\": \"{{~request.headers.[X-Id]~}}\", \"b\": ["
        + "{{#each (lookup request 'query') as |v k|}}{{#if @first}}{{else}},{{/if}}\"{{k}}={{{v.[0]}}}\"{{/each}}],\n"
        + "\"c\": \"{{now offset='now -2 months' format=\"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\" timezone='GMT+2'}}\",\n"
        + "\"d\": \"{{randomValue length=8 type='HEXADECIMAL' uppercase=true}}\", \\{{x}} "
        + "{{#eq (not a) true}}é😀{{^}}{{../x}}{{/eq}} {{& @root.z}}}"

    @Test("every prefix of a template compiles and renders, or is refused with a position")
    func everyPrefix() throws {
        #expect(try !TemplateFixture.render(Self.sample).isEmpty)
        let characters = Array(Self.sample)
        for length in 0...characters.count {
            let prefix = String(characters[..<length])
            if let error = TemplateFixture.error(prefix) {
                #expect(error.position != nil, "\(prefix)")
            }
        }
    }

    @Test("random single-character edits never trap")
    func mutations() {
        var random = SeededRandom(seed: 99)
        let alphabet = Array("{}#/^!~&|=()'\"@.[]- \nax0")
        for _ in 0..<3000 {
            var characters = Array(Self.sample)
            for _ in 0..<3 {
                let position = Int(random.next(upperBound: UInt64(characters.count)))
                switch random.next(upperBound: UInt64(3)) {
                case 0: characters.remove(at: position)
                case 1: characters.insert(alphabet[Int(random.next(upperBound: UInt64(alphabet.count)))], at: position)
                default: characters[position] = alphabet[Int(random.next(upperBound: UInt64(alphabet.count)))]
                }
            }
            _ = TemplateFixture.error(String(characters))
        }
    }
}
