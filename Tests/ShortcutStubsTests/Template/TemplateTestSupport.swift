import ShortcutStubs

/// A deterministic generator (SplitMix64), so random helpers render the same text on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64 = 42) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum TemplateFixture {
    /// 2024-03-05T13:07:09.042Z, a Tuesday, day 65 of a leap year.
    static let instant: Int64 = 1_709_644_029_042

    /// `GET /contacts/123/addresses?…` matched by `urlPathTemplate: /contacts/{contactId}/addresses`.
    static let request = TemplateRequestModel(
        method: "GET",
        url: "/contacts/123/addresses?search=abc&things=1&things=2&things=3&q=a+b%26c&flag",
        host: "api.example.com",
        port: 8443,
        headers: [
            (name: "X-Request-Id", value: "r-1"),
            (name: "Accept", value: "text/plain"),
            (name: "Accept", value: "application/json"),
            (name: "Cookie", value: "session=s1; theme=dark"),
            (name: "X-Html", value: "<b>\"Tom\" & 'Jerry'</b>"),
        ],
        body: "{\"name\":\"Ann\"}",
        pathParameters: [("contactId", "123")],
        id: "e3b0c442"
    )

    static var context: TemplateValue {
        request.templateContext(parameters: ["greeting": "hello", "items": ["a", "b", "c"], "empty": []])
    }

    /// Compiles and renders `source` against the fixture request, a fixed clock and a seeded generator.
    static func render(
        _ source: String, context: TemplateValue = context, at instant: Int64 = instant, seed: UInt64 = 42,
        helpers: TemplateHelpers = .standard, limits: TemplateLimits = .standard
    ) throws(TemplateError) -> String {
        let template = try ResponseTemplate(source, helpers: helpers, limits: limits)
        var random = SeededRandom(seed: seed)
        return try template.render(context, clock: FixedTemplateClock(milliseconds: instant), random: &random)
    }

    /// The error compiling or rendering `source` gives, or nil when it succeeds.
    static func error(
        _ source: String, context: TemplateValue = context, helpers: TemplateHelpers = .standard,
        limits: TemplateLimits = .standard
    ) -> TemplateError? {
        do {
            _ = try render(source, context: context, helpers: helpers, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}
