import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords
import ShortcutStubs

/// Stubs at the app's own paths: asked before the built-in routes for every path but `/__admin/…`, as in
/// WireMock (a stub may shadow `/s`, `/p/…`, `/api/…`: said at start, at creation and in the listing; the
/// command line reaches the routes it needs under `/__admin/shortcut-serve/`, which no stub takes), and, when
/// no route matches either, the 404
/// with the near-miss report (the closest stubs, each criterion matched or not with expected and actual):
/// text for curl, JSON when the client accepts it, and one line on the journal and standard error.
///
/// With no stubs a request costs one lock and a count (`StubService.isEmpty`): `/s` stays as fast.
struct StubServing: Sendable {
    let stubs: StubService
    /// Where a near-miss line goes (standard error in the binary); nil: nowhere.
    let report: (@Sendable (String) -> Void)?

    /// Whether `path` belongs to the admin API, which no stub may answer (WireMock reserves only `/__admin/`:
    /// an app's own `/api/…` is stubbable).
    static func isReserved(_ path: String) -> Bool {
        path == "/__admin" || path.hasPrefix("/__admin/")
    }

    /// Where the built-in routes the command line uses are mounted again, out of every stub's reach
    /// (`/__admin/shortcut-serve/api/requests` is `/api/requests`).
    static let builtInMount = "/__admin/shortcut-serve"

    func install(on server: HTTPServer) {
        server.beforeRoutes = { [self] request in answer(&request) }
        server.beforeRoutesGate = stubs.active
        server.unmatchedHandler = { [self] request in unmatched(request) }
    }

    /// The matching stub's answer, or nil to go on to the routes.
    func answer(_ request: inout HTTPRequest) -> HTTPResponse? {
        guard !Self.isReserved(request.path), !stubs.isEmpty else { return nil }
        let stubRequest = Self.stubRequest(request)
        guard let match = stubs.match(stubRequest) else { return nil }
        request.route = "stub " + match.mapping.id
        return StubAnswer.response(for: match, to: stubRequest, request: request, stubs: stubs)
    }

    /// 404 for a request no route and no stub answers: with the near-miss report when stubs exist. The report
    /// is made on the server's blocking threads, not on the loop: its work is bounded
    /// (`NearMissCandidates`), but a flood of unmatched requests must not delay a matched one.
    func unmatched(_ request: HTTPRequest) -> HTTPResponse {
        let plain = HTTPResponse.error(.notFound, "no route for \(request.method) \(request.path.prefix(200))")
        guard !Self.isReserved(request.path), !stubs.isEmpty else { return plain }
        return .madeOffTheLoop { [self] in nearMissAnswer(request) }
    }

    /// The 404 with the near-miss report (text, or JSON when the client accepts it).
    private func nearMissAnswer(_ request: HTTPRequest) -> HTTPResponse {
        let stubRequest = Self.stubRequest(request)
        let nearMisses = stubs.nearMisses(for: stubRequest)
        let closest = nearMisses.nearMisses.first.map { " (closest: \($0.mapping.name ?? $0.mapping.id))" } ?? ""
        report?("no stub matched \(request.method) \(request.target.prefix(200))\(closest)")
        let wantsJSON = request.headers["Accept"].map { $0.contains("application/json") } ?? false
        if wantsJSON {
            return HTTPResponse(
                status: .notFound, headers: ["Content-Type": "application/json"],
                body: Array(nearMisses.jsonValue(includeCriteria: true).description.utf8)
            ).noted("no stub matched")
        }
        let text = "No stub matched \(request.method) \(request.target.prefix(200))\n\n" + nearMisses.text + "\n"
        return HTTPResponse(status: .notFound, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
            .noted("no stub matched")
    }

    /// The request as the matcher reads it.
    static func stubRequest(_ request: HTTPRequest) -> StubRequest {
        StubRequest(
            method: request.method.rawValue, target: request.target, headers: request.headers.fields.map { ($0.name, $0.value) },
            body: request.body)
    }
}
