import ShortcutStubs
import Testing

@Suite("Response template limits, each at N and N+1")
struct TemplateLimitsTests {
    @Test("the defaults are the documented ones")
    func defaults() {
        let limits = TemplateLimits.standard
        #expect(limits.sourceBytes == 262_144)
        #expect(limits.nestingDepth == 32)
        #expect(limits.outputBytes == 4_194_304)
        #expect(limits.eachIterations == 100_000)
        #expect(limits.randomValueLength == 10_000)
        #expect(limits.workSteps == 1_500_000)
    }

    @Test("source bytes: the default limit accepts 256 KiB and refuses one byte more")
    func sourceBytes() throws {
        let atLimit = String(repeating: "a", count: 262_144)
        #expect(try ResponseTemplate(atLimit).source.utf8.count == 262_144)
        #expect(
            TemplateFixture.error(atLimit + "a")?.description
                == "template source is 262145 bytes; the limit is 262144 (TemplateLimits.sourceBytes)")
    }

    @Test("nesting depth: 32 nested blocks compile, 33 are refused at the 33rd")
    func nestingDepth() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{{#if true}}", count: depth) + "x" + String(repeating: "{{/if}}", count: depth)
        }
        #expect(try TemplateFixture.render(nested(32)) == "x")
        #expect(
            TemplateFixture.error(nested(33))?.description
                == "template line 1, column 385: blocks and subexpressions nest 33 deep; the limit is 32 (TemplateLimits.nestingDepth)")
    }

    @Test("nesting depth counts subexpressions too")
    func subexpressionDepth() throws {
        func nested(_ depth: Int) -> String {
            "{{not " + String(repeating: "(not ", count: depth) + "true" + String(repeating: ")", count: depth) + "}}"
        }
        let limits = TemplateLimits(nestingDepth: 3)
        #expect(try TemplateFixture.render(nested(3), limits: limits) == "true")
        #expect(
            TemplateFixture.error(nested(4), limits: limits)?.reason
                == "blocks and subexpressions nest 4 deep; the limit is 3 (TemplateLimits.nestingDepth)")
    }

    @Test("output bytes: exactly the limit renders, one byte more is refused while rendering")
    func outputBytes() throws {
        let limits = TemplateLimits(outputBytes: 10)
        #expect(try TemplateFixture.render("0123456789", limits: limits) == "0123456789")
        #expect(try TemplateFixture.render("{{#each parameters.items}}abc{{/each}}x", limits: limits) == "abcabcabcx")
        #expect(
            TemplateFixture.error("{{#each parameters.items}}abc{{/each}}xy", limits: limits)?.description
                == "rendered output reached 11 bytes; the limit is 10 (TemplateLimits.outputBytes)")
        #expect(
            TemplateFixture.error("0123456789{{parameters.greeting}}", limits: limits)?.description
                == "template line 1, column 11: rendered output reached 15 bytes; the limit is 10 (TemplateLimits.outputBytes)")
    }

    @Test("output bytes count escaped text as written")
    func outputCountsEscapes() throws {
        let limits = TemplateLimits(outputBytes: 5)
        let context: TemplateValue = ["v": "&"]
        #expect(try TemplateFixture.render("{{v}}", context: context, limits: limits) == "&amp;")
        #expect(
            TemplateFixture.error("{{v}}{{v}}", context: context, limits: limits)?.reason.hasPrefix("rendered output reached 10 bytes")
                == true)
    }

    @Test("the default output limit holds a 4 MiB body and refuses more")
    func defaultOutputLimit() throws {
        let context: TemplateValue = ["v": .string(String(repeating: "x", count: 4_194_304))]
        #expect(try TemplateFixture.render("{{v}}", context: context).utf8.count == 4_194_304)
        #expect(
            TemplateFixture.error("{{v}}.", context: context)?.reason
                == "rendered output reached 4194305 bytes; the limit is 4194304 (TemplateLimits.outputBytes)")
    }

    @Test("each iterations: all loops of one rendering together, N runs and N+1 is refused")
    func eachIterations() throws {
        let limits = TemplateLimits(eachIterations: 12)
        // 3 outer + 3 × 3 inner = 12.
        let twelve = "{{#each parameters.items}}{{#each ../parameters.items}}.{{/each}}{{/each}}"
        #expect(try TemplateFixture.render(twelve, limits: limits) == String(repeating: ".", count: 9))
        #expect(
            TemplateFixture.error(twelve + "{{#each parameters.items}}{{/each}}", limits: limits)?.description
                == "template line 1, column 78: {{#each}} ran 13 iterations in this rendering; "
                + "the limit is 12 (TemplateLimits.eachIterations)"
        )
        // Sections over lists count as loops too.
        #expect(
            TemplateFixture.error(twelve + "{{#parameters.items}}{{/parameters.items}}", limits: limits)?.reason.contains(
                "ran 13 iterations") == true)
    }

    @Test("each iterations: the default limit allows 100 000 and refuses 100 001")
    func defaultEachIterations() throws {
        let list = TemplateValue.list(Array(repeating: .null, count: 100_000))
        #expect(try TemplateFixture.render("{{#each list}}{{/each}}", context: ["list": list]) == "")
        #expect(
            TemplateFixture.error("{{#each list}}{{/each}}.{{#each one}}{{/each}}", context: ["list": list, "one": [1]])?.reason
                == "{{#each}} ran 100001 iterations in this rendering; the limit is 100000 (TemplateLimits.eachIterations)")
    }

    @Test("randomValue length: the limit is accepted and one more is refused when compiling or rendering")
    func randomValueLength() throws {
        #expect(try TemplateFixture.render("{{randomValue length=10000}}").count == 10_000)
        #expect(
            TemplateFixture.error("{{randomValue length=10001}}")?.description
                == "template line 1, column 3: randomValue length is 10001; the limit is 10000 (TemplateLimits.randomValueLength)")
        let limits = TemplateLimits(randomValueLength: 4)
        #expect(try TemplateFixture.render("{{randomValue length=n}}", context: ["n": 4], limits: limits).count == 4)
        #expect(
            TemplateFixture.error("{{randomValue length=n}}", context: ["n": 5], limits: limits)?.reason
                == "randomValue length is 5; the limit is 4 (TemplateLimits.randomValueLength)")
    }
}

@Suite("Response template scale")
struct TemplateScaleTests {
    @Test("a template of the largest size, one line of mustaches, compiles and renders")
    func largestSingleLineTemplate() throws {
        // 52 428 mustaches on one line: positions are computed in one pass, not from the line start each time.
        let source = String(repeating: "{{a}}", count: 262_144 / 5)
        let template = try ResponseTemplate(source)
        #expect(try template.render(["a": "x"]) == String(repeating: "x", count: 262_144 / 5))
        let error = TemplateFixture.error(String(repeating: "{{a}}", count: 50_000) + "{{nope 1}}")
        #expect(error?.position == TemplatePosition(offset: 250_002, line: 1, column: 250_003))
    }
}
