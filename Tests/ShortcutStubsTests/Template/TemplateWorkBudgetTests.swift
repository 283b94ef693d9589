import ShortcutStubs
import Testing

@Suite("The work budget of one rendering (TemplateLimits.workSteps), at N and N+1")
struct TemplateWorkBudgetTests {
    private static let loop = "{{#each parameters.items}}x{{/each}}"
    private static let items: TemplateValue = ["items": [1, 2, 3]]

    @Test("a text costs a node; a loop its node, call, path steps, and per item an iteration and its body")
    func documentedCosts() throws {
        #expect(try TemplateWorkFixture.render("abc").work.steps == TemplateWorkCost.node)
        // node 4 + call 16 + `parameters` and `items` 3 each + 3 × (iteration 12 + text node 4) = 74.
        let rendering = try TemplateWorkFixture.render(Self.loop, parameters: Self.items)
        #expect(rendering.output == "xxx")
        #expect(rendering.work.steps == 74)
    }

    @Test("exactly the limit renders; one step more is refused, naming the limit")
    func edge() throws {
        let limits = TemplateLimits(workSteps: 78)
        // A text node of 31 bytes costs a node; one of 32 bytes also costs a step for its bytes.
        let atLimit = try TemplateWorkFixture.render(Self.loop + String(repeating: "-", count: 31), parameters: Self.items, limits: limits)
        #expect(atLimit.output == "xxx" + String(repeating: "-", count: 31))
        #expect(atLimit.work.steps == 78)
        let over = try TemplateWorkFixture.render(Self.loop + String(repeating: "-", count: 32), parameters: Self.items, limits: limits)
        #expect(over.output == nil)
        #expect(over.error?.description == "rendering reached 79 work steps; the limit is 78 (TemplateLimits.workSteps)")
    }

    @Test("helpers' work counts too: the issue's loop renders at its exact cost and is refused one step below")
    func edgeWithJSONPath() throws {
        let body = TemplateWorkFixture.orderBody(items: 50)
        let template = TemplateWorkFixture.issueTemplate
        let cost = try TemplateWorkFixture.render(template, body: body, limits: TemplateLimits(workSteps: .max)).work.steps
        let atLimit = try TemplateWorkFixture.render(template, body: body, limits: TemplateLimits(workSteps: cost))
        #expect(atLimit.output == String(repeating: "EUR", count: 50))
        #expect(atLimit.work.steps == cost)
        let below = try TemplateWorkFixture.render(template, body: body, limits: TemplateLimits(workSteps: cost - 1))
        #expect(below.output == nil)
        #expect(below.error?.reason == "rendering reached \(cost) work steps; the limit is \(cost - 1) (TemplateLimits.workSteps)")
    }

    @Test("a JSONPath scan stops where the budget ends, not at its own limit of a million nodes")
    func scanStopsAtTheBudget() throws {
        let document = "[" + (0..<2_000).map { "{\"x\":\($0)}" }.joined(separator: ",") + "]"
        let parameters: TemplateValue = ["document": .string(document)]
        // The same parse and compile (a 4-byte path), but a path that visits one node.
        let before = try TemplateWorkFixture.render("{{jsonPath parameters.document '$.zz'}}", parameters: parameters).work.steps
        let limit = before + 1_000
        let scan = try TemplateWorkFixture.render(
            "{{jsonPath parameters.document '$..x'}}", parameters: parameters, limits: TemplateLimits(workSteps: limit))
        #expect(scan.output == nil)
        #expect(
            scan.error?.description
                == "template line 1, column 3: rendering reached \(limit + 1) work steps; the limit is \(limit) (TemplateLimits.workSteps)")
    }

    @Test("a JSON parse is counted, and refused, before it is done")
    func parseIsCountedFirst() throws {
        let body = TemplateWorkFixture.orderBody(items: 100)
        let parse = TemplateWorkCost.parse(Array(body.utf8))
        let rendering = try TemplateWorkFixture.render(
            "{{jsonPath request.body '$.currency'}}", body: body, limits: TemplateLimits(workSteps: parse))
        #expect(rendering.error?.reason.hasSuffix("the limit is \(parse) (TemplateLimits.workSteps)") == true)
        #expect(rendering.work.documentsParsed == 0)
    }

    @Test("a parse costs more per value than per byte: a 1 MiB string is cheap, 1 MiB of small arrays is not")
    func parseCostFollowsValues() {
        let string = TemplateWorkCost.parse(Array(("\"" + String(repeating: "x", count: 1_048_574) + "\"").utf8))
        let arrays = TemplateWorkCost.parse(Array(("[" + Array(repeating: "[[[[1]]]]", count: 104_857).joined(separator: ",") + "]").utf8))
        #expect(string == 131_080)
        #expect(arrays > 10 * string)
        #expect(arrays > TemplateLimits.standard.workSteps)
    }
}
