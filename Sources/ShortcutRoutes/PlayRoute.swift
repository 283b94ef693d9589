import HTTPVocabulary
import ShortcutHTTP
import ShortcutRecords

/// `/v3/<id>` and `/v3/<id>/anything`, any method: the stored status, headers, `Content-Type` with its charset
/// and body, open to any origin (CORS) and to any host. `?mocky-delay=250ms|2s` holds the answer back without
/// blocking other connections.
///
/// Every answer is sandboxed (`Content-Security-Policy: sandbox …` without `allow-same-origin`): a stored
/// page runs in an opaque origin, so its scripts are not same-origin with `/api/` and cannot read or
/// change the store through it (the API also refuses requests whose `Origin` is not its own).
struct PlayRoute: Sendable {
    let mocks: MockService
    /// Finished answers per version of a page: its headers are assembled and checked once.
    let answers: ResponseCache

    static let maxDelay: Duration = .seconds(60)
    /// The sandbox of every play: scripts, forms, pop-ups (sandboxed too) and dialogs still work; the
    /// page's origin is opaque (no `allow-same-origin`), so no request it makes is same-origin with this
    /// server, and it has no cookies or storage of this origin.
    static let sandbox = "sandbox allow-scripts allow-forms allow-popups allow-modals"

    func install(on server: HTTPServer) {
        server["/v3/:id"] = play
        server["/v3/:id/**"] = play
    }

    func play(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == .OPTIONS, let preflight = PlayRoute.preflight(request) { return preflight }
        // A play is counted only when it is answered: a bad delay (400) is not one.
        let delay = request.queryValue("mocky-delay").map(PlayRoute.parseDelay) ?? .success(.zero)
        let isAnswered =
            switch delay {
            case .success: true
            case .failure: false
            }
        let id = request.params["id"] ?? ""
        let page: StoredPage
        switch isAnswered ? mocks.play(id) : mocks.page(id) {
        case .found(let found): page = found
        case .missing: return PlayRoute.withCORS(.error(.notFound, "no stored page '\(id.excerpt(maxBytes: 80))'"))
        case .damaged(let damage): return PlayRoute.withCORS(RecordDamageAnswer.response(damage))
        }
        switch delay {
        case .success(let delay): return answers.response(for: page, build: PlayRoute.answer).delayed(by: delay)
        case .failure(let error): return PlayRoute.withCORS(.badRequest(error.reason))
        }
    }

    /// The stored status, headers, `Content-Type` with its charset, and body, open to any origin, in the
    /// sandbox. A page's own `Content-Security-Policy` fields stay: a browser enforces every policy it is
    /// sent, so they can narrow what the page may do but not lift the sandbox.
    static func answer(_ page: StoredPage) -> HTTPResponse {
        // A record written before 1xx statuses were refused: sent as a final answer, it would leave the
        // client waiting for another one. Answered as what it is, a record the server cannot play.
        if let problem = PlayableStatus.statusProblem(page.status) {
            return withCORS(
                .error(
                    .internalServerError,
                    "stored page '\(page.id)' cannot be played: \(problem) (replace it with PUT /api/mock/\(page.id))"))
        }
        var fields = page.headers.filter { !$0.name.equalsIgnoringASCIICase("Content-Type") }
        fields.append(
            HTTPField(name: "Content-Type", value: page.charset.isEmpty ? page.contentType : "\(page.contentType); charset=\(page.charset)")
        )
        fields.append(HTTPField(name: "Access-Control-Allow-Origin", value: "*"))
        fields.append(HTTPField(name: "Access-Control-Expose-Headers", value: "*"))
        fields.append(HTTPField(name: "Content-Security-Policy", value: sandbox))
        return HTTPResponse(status: HTTPStatus(page.status), headers: HTTPHeaders(fields), body: page.body)
    }

    /// `250ms`, `2s`, `1.5s`, from 0 to 60 s.
    static func parseDelay(_ text: String) -> Result<Duration, DelayError> {
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms") ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : ("", 0)
        guard scale > 0, let value = Double(number), value.isFinite, value >= 0 else {
            return .failure(DelayError(reason: "mocky-delay '\(text.excerpt(maxBytes: 40))' must be a duration like 250ms or 2s"))
        }
        let milliseconds = value * scale
        guard milliseconds <= 60_000 else {
            return .failure(DelayError(reason: "mocky-delay '\(text.excerpt(maxBytes: 40))' is over the limit of 60s"))
        }
        return .success(Duration.milliseconds(Int64(milliseconds.rounded())))
    }

    /// Why a `mocky-delay` value was refused.
    struct DelayError: Error {
        let reason: String
    }

    /// A CORS preflight (OPTIONS with `Access-Control-Request-Method`): 204 allowing any origin and method.
    static func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.headers["Access-Control-Request-Method"] != nil else { return nil }
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
            "Access-Control-Max-Age": "86400",
            "Content-Security-Policy": sandbox,
        ]
        if let asked = request.headers["Access-Control-Request-Headers"], HTTPHeaders.isValidValue(asked) {
            headers["Access-Control-Allow-Headers"] = asked
        }
        return HTTPResponse(status: .noContent, headers: headers)
    }

    /// `response` (an error of the route) with the headers of every play: open to any origin, sandboxed.
    static func withCORS(_ response: HTTPResponse) -> HTTPResponse {
        var copy = response
        copy.headers["Access-Control-Allow-Origin"] = "*"
        copy.headers["Access-Control-Expose-Headers"] = "*"
        copy.headers["Content-Security-Policy"] = sandbox
        return copy
    }
}
