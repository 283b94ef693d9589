import ShortcutJSON
import ShortcutStubs
import Testing

@Suite("Response template paths over the request model")
struct ResponseTemplatePathTests {
    // The request model rows of WireMock's "The request model" documentation, on the fixture request.
    @Test(
        "each documented request path renders its value",
        arguments: [
            ("{{request.id}}", "e3b0c442"),
            ("{{{request.url}}}", "/contacts/123/addresses?search=abc&things=1&things=2&things=3&q=a+b%26c&flag"),
            ("{{request.path}}", "/contacts/123/addresses"),
            ("{{request.path.[0]}}", "contacts"),
            ("{{request.path.1}}", "123"),
            ("{{request.path.contactId}}", "123"),
            ("{{request.pathSegments.[2]}}", "addresses"),
            ("{{request.pathSegments}}", "/contacts/123/addresses"),
            ("{{request.query.search}}", "abc"),
            ("{{request.query.things}}", "1"),
            ("{{request.query.things.0}}", "1"),
            ("{{request.query.things.[1]}}", "2"),
            ("{{request.query.things.first}}", "1"),
            ("{{request.query.things.last}}", "3"),
            ("{{request.query.things.[-1]}}", "2"),
            ("{{{request.query.q}}}", "a b&c"),
            ("[{{request.query.flag}}]", "[]"),
            ("[{{request.query.missing}}]", "[]"),
            ("{{request.method}}", "GET"),
            ("{{request.host}}", "api.example.com"),
            ("{{request.port}}", "8443"),
            ("{{request.scheme}}", "http"),
            ("{{request.baseUrl}}", "http://api.example.com:8443"),
            ("{{request.headers.X-Request-Id}}", "r-1"),
            ("{{request.headers.x-request-id}}", "r-1"),
            ("{{request.headers.[X-Request-Id]}}", "r-1"),
            ("{{request.headers.Accept}}", "text/plain"),
            ("{{request.headers.accept.[1]}}", "application/json"),
            ("{{request.cookies.session}}", "s1"),
            ("{{request.cookies.theme.[0]}}", "dark"),
            ("{{{request.body}}}", "{\"name\":\"Ann\"}"),
            ("{{parameters.greeting}}", "hello"),
            ("{{parameters.items.[2]}}", "c"),
            ("{{request/method}}", "GET"),
        ])
    func documentedPath(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "each documented one-or-many access renders like WireMock's ListOrSingle",
        arguments: [
            ("{{request.query.things}}", "1"),
            ("{{request.query.things.0}}", "1"),
            ("{{request.query.things.first}}", "1"),
            ("{{request.query.things.1}}", "2"),
            ("{{request.query.things.[-1]}}", "2"),
            ("{{request.query.things.last}}", "3"),
            ("{{#each request.query.things}}{{this}};{{/each}}", "1;2;3;"),
            ("{{lookup request.query 'search'}}", "abc"),
        ])
    func oneOrMany(source: String, expected: String) throws {
        // The exact rows of WireMock's "Values that can be one or many", for /multi-query?things=1&things=2&things=3.
        let request = TemplateRequestModel(method: "GET", url: "/multi-query?things=1&things=2&things=3&search=abc")
        #expect(try TemplateFixture.render(source, context: request.templateContext()) == expected)
    }

    @Test(
        "paths inside blocks reach this, parents, the root and block parameters",
        arguments: [
            ("{{#each parameters.items}}{{this}}{{/each}}", "abc"),
            ("{{#each parameters.items}}{{.}}{{/each}}", "abc"),
            ("{{#each parameters.items}}{{@index}}={{this}} {{/each}}", "0=a 1=b 2=c "),
            ("{{#each parameters.items}}{{@index_1}}{{/each}}", "123"),
            ("{{#each parameters.items}}[{{@first}}|{{@last}}]{{/each}}", "[first|][|][|last]"),
            ("{{#each parameters.items}}{{this}}{{#unless @last}},{{/unless}}{{/each}}", "a,b,c"),
            ("{{#each parameters.items}}{{@odd}}{{@even}} {{/each}}", "even odd even "),
            ("{{#each parameters}}{{@key}} {{/each}}", "greeting items empty "),
            ("{{#each parameters.items}}{{request.method}}{{/each}}", "GETGETGET"),
            ("{{#each parameters.items}}{{../parameters.greeting}}{{/each}}", "hellohellohello"),
            ("{{#each parameters.items}}{{@root.request.method}}{{/each}}", "GETGETGET"),
            ("{{#each parameters.items as |item i|}}{{i}}:{{item}} {{/each}}", "0:a 1:b 2:c "),
            ("{{#with request.query}}{{search}}{{/with}}", "abc"),
            ("{{#with request.query as |q|}}{{q.search}}{{/with}}", "abc"),
            ("{{#with request}}{{this.method}}/{{./method}}{{/with}}", "GET/GET"),
            ("{{#with request.query}}[{{this.parameters.greeting}}]{{/with}}", "[]"),
            ("{{#with request.query}}[{{parameters.greeting}}]{{/with}}", "[hello]"),
            ("{{#each request.path}}<{{this}}>{{/each}}", "<contacts><123><addresses>"),
        ])
    func blockContexts(source: String, expected: String) throws {
        #expect(try TemplateFixture.render(source) == expected)
    }

    @Test(
        "values render as Handlebars writes them",
        arguments: [
            ("{{n}}", "8080"),
            ("{{x}}", "1.5"),
            ("{{t}}", "true"),
            ("{{f}}", "false"),
            ("[{{z}}]", "[]"),
            ("{{{list}}}", "[1,\"a\",null]"),
            ("{{{object}}}", "{\"k\":\"v\"}"),
            ("{{object.k}}", "v"),
            ("{{list.[1]}}", "a"),
            ("[{{list.[9]}}]", "[]"),
            ("[{{list.[-1]}}]", "[]"),
            ("[{{n.k}}]", "[]"),
        ])
    func renderedValues(source: String, expected: String) throws {
        let context: TemplateValue = ["n": 8080, "x": 1.5, "t": true, "f": false, "z": nil, "list": [1, "a", nil], "object": ["k": "v"]]
        #expect(try TemplateFixture.render(source, context: context) == expected)
    }

    @Test("literals render as themselves through a helper")
    func literals() throws {
        #expect(try TemplateFixture.render("{{lookup (eq 1 1) 'x'}}{{#if true}}t{{/if}}{{#if null}}n{{else}}e{{/if}}") == "te")
        #expect(try TemplateFixture.render("{{eq 'a' \"a\"}} {{eq -1.5 -1.5}} {{eq 1 '1'}}") == "true true false")
        #expect(try TemplateFixture.render("{{eq 'it\\'s' \"it's\"}}") == "true")
    }

    @Test("a JSON value converts with member order kept")
    func jsonConversion() throws {
        let json = try JSONParser.parse(Array("{\"b\":1,\"a\":[true,null,\"x\"]}".utf8))
        #expect(TemplateValue(json: json) == ["b": 1, "a": [true, nil, "x"]])
        #expect(TemplateValue(json: json).renderedText == "{\"b\":1,\"a\":[true,null,\"x\"]}")
    }

    @Test("the request model decodes the path and builds the base URL without a standard port")
    func requestModelDetails() throws {
        let request = TemplateRequestModel(
            method: "POST", url: "/a%20b/c?k=%E2%9C%93#frag", scheme: "https", host: "h", port: 443,
            headers: [(name: "cookie", value: "a=1"), (name: "Cookie", value: "a=2; b=\"q\"")])
        let source =
            "{{request.path}}|{{request.path.[0]}}|{{request.query.k}}|{{request.baseUrl}}|"
            + "{{request.cookies.a.[1]}}|{{{request.cookies.b}}}"
        #expect(try TemplateFixture.render(source, context: request.templateContext()) == "/a b/c|a b|✓|https://h|2|\"q\"")
    }
}
