import ShortcutStubs
import Testing

@Suite("The template helper registry")
struct TemplateHelperRegistryTests {
    /// A stand-in for the `jsonPath` helper the stub engine registers: `{{fakePath request.body 'name'}}`.
    private static let fakePath = TemplateHelper(
        form: .inline, arguments: 2...2, options: ["default"],
        check: { literals throws(TemplateError) in
            if case .string(let path)? = literals.arguments[1], path.isEmpty {
                throw TemplateError("fakePath: the path is empty")
            }
        },
        apply: { call throws(TemplateError) in
            guard call.argument(0).renderedText.contains(call.argument(1).renderedText) else {
                return call.option("default") ?? .null
            }
            return .string("found " + call.argument(1).renderedText)
        })

    private static var helpers: TemplateHelpers {
        var helpers = TemplateHelpers.standard
        helpers.register("fakePath", fakePath)
        return helpers
    }

    @Test("the standard set has WireMock's core helpers")
    func standardNames() {
        #expect(
            TemplateHelpers.standard.names == [
                "and", "each", "eq", "gt", "gte", "if", "lookup", "lt", "lte", "neq", "not", "now", "or", "randomValue", "unless", "with",
            ])
        #expect(TemplateHelpers().names.isEmpty)
    }

    @Test("a registered helper is called inline, in a subexpression and with options")
    func registeredHelper() throws {
        #expect(try TemplateFixture.render("{{fakePath request.body 'name'}}", helpers: Self.helpers) == "found name")
        #expect(try TemplateFixture.render("{{fakePath request.body 'zip' default='none'}}", helpers: Self.helpers) == "none")
        #expect(try TemplateFixture.render("{{#if (fakePath request.body 'name')}}yes{{/if}}", helpers: Self.helpers) == "yes")
    }

    @Test("a helper not registered is refused; its check runs when compiling")
    func unregisteredAndChecked() {
        #expect(TemplateFixture.error("{{fakePath request.body 'name'}}")?.reason == "unknown helper 'fakePath'")
        #expect(
            TemplateFixture.error("{{fakePath request.body ''}}", helpers: Self.helpers)?.description
                == "template line 1, column 3: fakePath: the path is empty")
        #expect(
            TemplateFixture.error("{{fakePath request.body 'a' fallback=1}}", helpers: Self.helpers)?.reason
                == "'fakePath' has no option 'fallback' (it takes default)")
    }

    @Test("a helper's failure while rendering is placed at its call")
    func runtimeFailure() {
        var helpers = TemplateHelpers()
        helpers.register(
            "fail", TemplateHelper(form: .inline, arguments: 0...0) { _ throws(TemplateError) in throw TemplateError("fail: no") })
        #expect(TemplateFixture.error("ab\n cd {{fail}}", helpers: helpers)?.description == "template line 2, column 7: fail: no")
    }

    @Test("a registered block helper can render its body, its inverse and capture text")
    func customBlockHelper() throws {
        var helpers = TemplateHelpers()
        helpers.register(
            "upper",
            TemplateHelper(form: .block, arguments: 0...0) { call throws(TemplateError) in
                .string(try call.renderBody().uppercased())
            })
        helpers.register(
            "twice",
            TemplateHelper(form: .block, arguments: 1...1) { call throws(TemplateError) in
                guard call.argument(0).isTruthy else {
                    try call.appendInverse()
                    return .null
                }
                for index in 0..<2 {
                    try call.countIteration()
                    try call.appendBody(context: call.argument(0), data: [("n", .number(Double(index)))], blockParameters: [.number(7)])
                }
                return .null
            })
        let context: TemplateValue = ["name": "ann"]
        #expect(try TemplateFixture.render("{{#upper}}hi {{name}}{{/upper}}", context: context, helpers: helpers) == "HI ANN")
        #expect(
            try TemplateFixture.render("{{#twice name as |p|}}{{this}}{{@n}}{{p}};{{/twice}}", context: context, helpers: helpers)
                == "ann07;ann17;")
        #expect(try TemplateFixture.render("{{#twice missing}}x{{else}}none{{/twice}}", context: context, helpers: helpers) == "none")
        #expect(
            TemplateFixture.error(
                "{{#twice name}}x{{/twice}}", context: context, helpers: helpers, limits: TemplateLimits(eachIterations: 1))?.reason
                == "{{#each}} ran 2 iterations in this rendering; the limit is 1 (TemplateLimits.eachIterations)")
    }

    @Test("a helper may replace a standard one")
    func replaceStandard() throws {
        var helpers = TemplateHelpers.standard
        helpers.register("now", TemplateHelper(form: .inline, arguments: 0...0) { _ throws(TemplateError) in "frozen" })
        #expect(try TemplateFixture.render("{{now}}", helpers: helpers) == "frozen")
    }

    @Test("a helper name wins over a context member of the same name, as in Handlebars")
    func helperWinsOverPath() throws {
        #expect(try TemplateFixture.render("{{now format='yyyy'}}|{{this.now}}", context: ["now": "member"]) == "2024|member")
    }
}
