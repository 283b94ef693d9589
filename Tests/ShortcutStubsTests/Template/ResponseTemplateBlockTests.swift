import Testing

@Suite("Response template block helpers")
struct ResponseTemplateBlockTests {
    @Test(
        "if and unless follow Handlebars truthiness",
        arguments: [
            ("{{#if request.query.search}}yes{{else}}no{{/if}}", "yes"),
            ("{{#if request.query.missing}}yes{{else}}no{{/if}}", "no"),
            ("{{#if parameters.empty}}yes{{else}}no{{/if}}", "no"),
            ("{{#if parameters.items}}yes{{else}}no{{/if}}", "yes"),
            ("{{#if parameters}}yes{{/if}}", "yes"),
            ("{{#if 0}}yes{{else}}no{{/if}}", "no"),
            ("{{#if 0 includeZero=true}}yes{{else}}no{{/if}}", "yes"),
            ("{{#if ''}}yes{{else}}no{{/if}}", "no"),
            ("{{#if 'false'}}yes{{else}}no{{/if}}", "yes"),
            ("{{#if false}}yes{{^}}no{{/if}}", "no"),
            ("{{#unless request.query.missing}}absent{{else}}present{{/unless}}", "absent"),
            ("{{#unless request.query.search}}absent{{else}}present{{/unless}}", "present"),
            ("{{#if false}}a{{else if request.query.search}}b{{else}}c{{/if}}", "b"),
            ("{{#if false}}a{{else if false}}b{{else}}c{{/if}}", "c"),
            ("{{#if false}}a{{else if false}}b{{else if true}}c{{/if}}", "c"),
            ("{{#if false}}a{{else unless false}}b{{/if}}", "b"),
        ])
    func conditionals(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "each iterates lists, one-or-many values and objects, and takes else when empty",
        arguments: [
            ("{{#each parameters.items}}{{this}}{{/each}}", "abc"),
            ("{{#each request.query.things}}{{this}}{{/each}}", "123"),
            ("{{#each request.headers}}{{@key}};{{/each}}", "X-Request-Id;Accept;Cookie;X-Html;"),
            ("{{#each parameters.empty}}x{{else}}empty{{/each}}", "empty"),
            ("{{#each request.query.missing}}x{{else}}none{{/each}}", "none"),
            ("{{#each 'text'}}x{{else}}scalar{{/each}}", "scalar"),
            (
                "{{#each parameters.items}}{{#each ../parameters.items}}{{../this}}{{this}} {{/each}}{{/each}}",
                "aa ab ac ba bb bc ca cb cc "
            ),
            ("{{#each parameters.items}}{{#each ../parameters.items}}{{@index}}{{/each}}|{{@index}} {{/each}}", "012|0 012|1 012|2 "),
        ])
    func each(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "eq and the other comparisons work as blocks with else and inline",
        arguments: [
            ("{{#eq request.method 'GET'}}get{{else}}other{{/eq}}", "get"),
            ("{{#eq request.method 'POST'}}post{{else}}other{{/eq}}", "other"),
            ("{{#eq request.query.things '1'}}first{{/eq}}", "first"),
            ("{{#eq request.query.things.[1] '2'}}second{{/eq}}", "second"),
            ("{{#eq request.port 8443}}port{{/eq}}", "port"),
            ("{{#eq request.port '8443'}}string{{else}}types differ{{/eq}}", "types differ"),
            ("{{#if (eq request.method 'GET')}}yes{{/if}}", "yes"),
            ("{{eq request.method 'GET'}}", "true"),
            ("{{eq request.method 'PUT'}}", "false"),
            ("{{eq request.method 'GET' yes='Y' no='N'}}", "Y"),
            ("{{neq request.method 'GET' yes='Y' no='N'}}", "N"),
            ("{{#neq request.method 'PUT'}}not put{{/neq}}", "not put"),
            ("{{gt 3 2}} {{gte 2 2}} {{lt 1 2}} {{lte 3 2}}", "true true true false"),
            ("{{gt 'b' 'a'}} {{lt 'B' 'a'}}", "true true"),
            ("{{#gt request.port 1000}}high{{else}}low{{/gt}}", "high"),
            (
                "{{and true 1 'x'}} {{and true 0}} {{or false '' 'x'}} {{or false null}} {{not ''}} {{not 'x'}}",
                "true false true false true false"
            ),
            ("{{#and request.query.search request.headers.Accept}}both{{/and}}", "both"),
            ("{{#if (and (eq request.method 'GET') (not request.query.missing))}}nested{{/if}}", "nested"),
        ])
    func comparisons(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "Mustache sections iterate lists, enter objects and skip falsy values",
        arguments: [
            ("{{#parameters.items}}{{this}}{{/parameters.items}}", "abc"),
            ("{{#request.query}}{{search}}{{/request.query}}", "abc"),
            ("{{#request.query.missing}}x{{else}}no{{/request.query.missing}}", "no"),
            ("{{^request.query.missing}}absent{{/request.query.missing}}", "absent"),
            ("{{^request.query.search}}absent{{else}}present{{/request.query.search}}", "present"),
            ("{{#request.query.search}}[{{this}}]{{/request.query.search}}", "[abc]"),
            ("{{#request.query.things}}{{@index}}{{/request.query.things}}", "012"),
        ])
    func sections(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test("blocks nest with else at every level")
    func nesting() throws {
        let source =
            "{{#each parameters.items as |item|}}{{#if @first}}[{{else}},{{/if}}"
            + "{{#eq item 'b'}}\"B\"{{else}}\"{{item}}\"{{/eq}}{{#if @last}}]{{/if}}{{/each}}"
        // Quotes written in the template are text, not values: they are never escaped.
        #expect(try TemplateFixture.render(source) == "[\"a\",\"B\",\"c\"]")
    }

    @Test("ordering refuses to compare a number with a string, at the helper's position")
    func orderingMismatch() {
        #expect(
            TemplateFixture.error("x\n  {{gt 1 'a'}}")?.description
                == "template line 2, column 5: 'gt' compares two numbers or two strings, not a number with a string")
    }
}
