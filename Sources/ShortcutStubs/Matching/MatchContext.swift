import ShortcutJSON

/// One request while it is matched against many stubs: what several matchers need (the body as text, as
/// JSON, as form fields) is computed once, on first use. Confined to the matching call that made it.
final class MatchContext {
    let request: StubRequest

    init(_ request: StubRequest) { self.request = request }

    /// The body as text, nil when empty (WireMock gives string matchers a missing value for an empty body).
    private(set) lazy var bodyText: String? = request.body.isEmpty ? nil : request.bodyText

    /// The body parsed as JSON.
    private(set) lazy var bodyJSON: Result<JSONValue, JSONParser.Failure> = request.bodyJSON()

    /// The form fields.
    private(set) lazy var formParameters: [NamedValue] = request.formParameters

    /// `text` parsed as JSON: the body's cached parse when `text` is the body, else a fresh one.
    func json(of text: String) -> Result<JSONValue, JSONParser.Failure> {
        if let body = bodyText, body.utf8.elementsEqual(text.utf8) { return bodyJSON }
        do {
            return .success(try JSONParser.parse(Array(text.utf8), maxDepth: 64))
        } catch {
            return .failure(error)
        }
    }
}
