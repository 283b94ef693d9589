/// One line of a match report: a part of the request pattern, whether the request satisfied it, and both
/// sides in words (`Header: Accept` — expected `contains "json"`, actual `text/html`).
package struct CriterionResult: Sendable, Equatable {
    /// The part of the request a criterion looks at (WireMock weighs them and names them in its diff).
    package enum Part: String, Sendable, Equatable {
        /// `method`.
        case method = "HTTP method"
        /// `url`, `urlPath`, `urlPattern`, `urlPathPattern` or `urlPathTemplate`.
        case url = "URL"
        /// One of `pathParameters`.
        case pathParameter = "Path parameter"
        /// One of `headers`.
        case header = "Header"
        /// `basicAuthCredentials`.
        case basicAuth = "Basic auth"
        /// One of `queryParameters`.
        case query = "Query"
        /// One of `formParameters`.
        case form = "Form data"
        /// One of `cookies`.
        case cookie = "Cookie"
        /// One of `bodyPatterns`.
        case body = "Body"
        /// `requiredScenarioState` of `scenarioName`: in a near-miss report only (the state is the server's,
        /// not the request's), and outside WireMock's distance, as in its diff.
        case scenario = "Scenario"
    }

    /// What a missing value reads as.
    package static let absent = "(absent)"
    /// What a body reads as when the request comes from a journal that did not keep it (whole).
    package static let bodyNotKept = "(not kept: the request journal keeps bodies only with --journal-bodies N)"
    /// How much of an actual value a report keeps.
    package static let shownCharacters = 1_000

    /// The part of the request.
    package var part: Part
    /// The label: "Method", "URL", "Header: Accept", "Query: expand", "Cookie: session", "Form: user", "Body",
    /// "Basic auth", "Path parameter: id".
    package var label: String
    /// Whether the request satisfied it.
    package var matched: Bool
    /// The matcher in words.
    package var expected: String
    /// What the request had, or "(absent)" (long values cut to `shownCharacters`).
    package var actual: String
    /// WireMock's distance for this criterion: 0 ... 1.
    package var distance: Double
    /// What else a reader needs: JSON differences, "regex gave up after N steps", "not JSON: ...".
    package var notes: [String]

    /// Makes a line; `actual` is shortened here.
    package init(part: Part, label: String, matched: Bool, expected: String, actual: String, distance: Double, notes: [String] = []) {
        self.part = part
        self.label = label
        self.matched = matched
        self.expected = expected
        self.actual = Quoted.shortened(actual, limit: CriterionResult.shownCharacters)
        self.distance = distance
        self.notes = notes
    }

    init(part: Part, label: String, expected: String, actual: String, _ result: ValueMatch) {
        self.init(
            part: part, label: label, matched: result.matched, expected: expected, actual: actual, distance: result.distance,
            notes: result.notes)
    }
}
