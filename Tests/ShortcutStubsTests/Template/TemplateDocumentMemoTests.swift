import ShortcutStubs
import Testing

/// Issue 47: `jsonPath` parsed its document on every call, so a loop over a 1 MiB body's items parsed the body
/// once per item, minutes per request on an event loop.
@Suite("Response templates parse a document once per rendering")
struct TemplateDocumentMemoTests {
    @Test("the issue's template over 10 000 items renders every one, the body parsed once")
    func issueTemplateParsesTheBodyOnce() throws {
        let body = TemplateWorkFixture.orderBody(items: 10_000)
        let rendering = try TemplateWorkFixture.render(TemplateWorkFixture.issueTemplate, body: body)
        #expect(rendering.error == nil)
        #expect(rendering.output == String(repeating: "EUR", count: 10_000))
        #expect(rendering.work.documentsParsed == 1)
        // Parsed once per item, the parses alone would cost more than a hundred times the whole budget.
        #expect(TemplateWorkCost.parse(Array(body.utf8)) * 10_000 > 100 * TemplateLimits.standard.workSteps)
    }

    @Test("1 000 items: the issue's template and one that also reads each item render exactly")
    func modestBodyRendersExactly() throws {
        let body = TemplateWorkFixture.orderBody(items: 1_000)
        let template = try ResponseTemplate(TemplateWorkFixture.issueTemplate, helpers: TemplateWorkFixture.helpers)
        let context = TemplateRequestModel(method: "POST", url: "/orders", body: body).templateContext()
        #expect(try template.render(context) == String(repeating: "EUR", count: 1_000))

        let both = "{{#each (jsonPath request.body '$.items')}}{{n}} {{jsonPath @root.request.body '$.currency'}},{{/each}}"
        let rendering = try TemplateWorkFixture.render(both, body: body)
        #expect(rendering.output == (0..<1_000).map { "\($0) EUR," }.joined())
        #expect(rendering.work.documentsParsed == 1)
    }

    @Test("the issue's 1 MiB body of 100 000 items is refused by the work budget, parsed once on the way")
    func issueBodyIsRefusedByTheBudget() throws {
        let body = TemplateWorkFixture.orderBody(items: 100_000)
        #expect(body.utf8.count > 1_048_576)
        let rendering = try TemplateWorkFixture.render(TemplateWorkFixture.issueTemplate, body: body)
        #expect(rendering.output == nil)
        #expect(rendering.error?.reason.hasSuffix("work steps; the limit is 1500000 (TemplateLimits.workSteps)") == true)
        #expect(rendering.work.documentsParsed == 1)
    }

    @Test("two documents read in turn are each parsed once")
    func alternatingDocuments() throws {
        let documents: TemplateValue = .list((0..<10).map { .string("{\"a\":\($0 % 2)}") })
        let rendering = try TemplateWorkFixture.render(
            "{{#each parameters.documents}}{{jsonPath this '$.a'}}{{/each}}", parameters: ["documents": documents])
        #expect(rendering.output == "0101010101")
        #expect(rendering.work.documentsParsed == 2)
    }

    @Test("more documents than the rendering keeps still read correctly")
    func manyDocuments() throws {
        let documents: TemplateValue = .list((0..<30).map { .string("{\"a\":\($0 % 6)}") })
        let rendering = try TemplateWorkFixture.render(
            "{{#each parameters.documents}}{{jsonPath this '$.a'}}{{/each}}", parameters: ["documents": documents])
        #expect(rendering.output == String(repeating: "012345", count: 5))
    }

    @Test("a body that is not JSON is found so once, and renders nothing each time")
    func bodyThatIsNotJSON() throws {
        let rendering = try TemplateWorkFixture.render(
            "{{#each parameters.items}}[{{jsonPath @root.request.body '$.a'}}]{{/each}}", body: "{\"a\": 1, oops",
            parameters: ["items": [1, 2, 3]])
        #expect(rendering.output == "[][][]")
        #expect(rendering.work.documentsParsed == 1)
    }

    @Test("a list or object handed to jsonPath is written out as JSON and read")
    func valueAsDocument() throws {
        let rendering = try TemplateWorkFixture.render(
            "{{#each (jsonPath request.body '$.items')}}{{jsonPath this '$.n'}}.{{/each}}", body: TemplateWorkFixture.orderBody(items: 3))
        #expect(rendering.output == "0.1.2.")
        #expect(rendering.work.documentsParsed == 4)
    }
}
