import ShortcutStubs

/// Renders with the stub engine's helpers (`jsonPath` too) against a `POST /orders` whose body is given, and
/// says what the rendering cost: the work tests count steps and parses, never time.
enum TemplateWorkFixture {
    /// What one rendering gave: its output or its error, and its cost either way.
    struct Rendering {
        var output: String?
        var error: TemplateError?
        var work: TemplateWork
    }

    static let helpers: TemplateHelpers = {
        var helpers = TemplateHelpers.standard
        StubTemplateHelpers.register(in: &helpers)
        return helpers
    }()

    /// The issue's template: every item of the body, and for each the body's currency, read again.
    static let issueTemplate = "{{#each (jsonPath request.body '$.items')}}{{jsonPath @root.request.body '$.currency'}}{{/each}}"

    static func render(
        _ source: String, body: String = "", parameters: TemplateValue? = nil, limits: TemplateLimits = .standard
    ) throws(TemplateError) -> Rendering {
        let template = try ResponseTemplate(source, helpers: helpers, limits: limits)
        let context = TemplateRequestModel(method: "POST", url: "/orders", body: body).templateContext(parameters: parameters)
        var random = SeededRandom()
        var work = TemplateWork()
        do {
            let output = try template.render(
                context, clock: FixedTemplateClock(milliseconds: TemplateFixture.instant), random: &random, work: &work)
            return Rendering(output: output, error: nil, work: work)
        } catch {
            return Rendering(output: nil, error: error, work: work)
        }
    }

    /// `{"currency":"EUR","items":[{"n":0},{"n":1},…]}`, the issue's shape: about 11 bytes an item, so 100 000
    /// items make a 1 MiB body.
    static func orderBody(items: Int) -> String {
        var body = "{\"currency\":\"EUR\",\"items\":["
        for index in 0..<items {
            if index > 0 { body += "," }
            body += "{\"n\":\(index)}"
        }
        return body + "]}"
    }
}
