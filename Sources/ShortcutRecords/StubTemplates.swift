import ShortcutStubs

/// A stub that matched a request, with its compiled templates (nil: not templated).
package struct StubMatch: Sendable {
    package let mapping: StubMapping
    package let report: MatchReport
    package let templates: StubTemplates?
}

/// A templated response's body and header values, compiled when the stub is added.
package struct StubTemplates: Sendable {
    /// The body's template (`body` or `jsonBody`'s text); nil for a binary or file body or none.
    package let body: ResponseTemplate?
    /// Each header's value template, in the response's order.
    package let headers: [(name: String, value: ResponseTemplate)]

    init(_ response: ResponseDefinition) throws(TemplateError) {
        var helpers = TemplateHelpers.standard
        StubTemplateHelpers.register(in: &helpers)
        switch response.body {
        case .text(let text): body = try ResponseTemplate(text, helpers: helpers)
        case .json(let json): body = try ResponseTemplate(json.description, helpers: helpers)
        case .none, .binary, .file: body = nil
        }
        var headers: [(name: String, value: ResponseTemplate)] = []
        for field in response.headers { headers.append((field.name, try ResponseTemplate(field.value, helpers: helpers))) }
        self.headers = headers
    }
}
