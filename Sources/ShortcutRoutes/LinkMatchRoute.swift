import ShortcutHTTP
import ShortcutLinks

/// `GET /api/links/match?url=…`: which app the `--aasa` file (else the one built from the links) opens a
/// URL in, and why, as JSON (the trace `shortcut-serve links match` prints). Loopback only, like every
/// /api/ route.
struct LinkMatchRoute: Sendable {
    let aasa: AASASource

    func install(on server: HTTPServer, guard access: AccessGuard) {
        server.GET["/api/links/match"] = access.guardingAPI { [self] request in respond(request) }
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        let matcher: LinkMatcher
        switch aasa.current() {
        case .success(let built?): matcher = built.matcher
        case .success(nil): return .error(.notFound, AASASource.missingReason)
        case .failure(let failure): return .error(.internalServerError, failure.description)
        }
        guard let text = request.queryValue("url"), !text.isEmpty else {
            return .badRequest("give the URL to match: /api/links/match?url=https%3A%2F%2Fexample.com%2Fpath")
        }
        do {
            return API.json(matcher.trace(try LinkURL(parsing: text)).json)
        } catch {
            return .badRequest("url: \(error)")
        }
    }
}
