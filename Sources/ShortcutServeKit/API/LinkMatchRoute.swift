import ShortcutHTTP
import ShortcutLinks

/// `GET /api/links/match?url=…`: which app the `--aasa` file opens a URL in, and why, as JSON (the
/// trace `shortcut-serve links match` prints). Loopback only, like every /api/ route.
struct LinkMatchRoute: Sendable {
    let files: AssociationFiles

    func install(on server: HTTPServer, guard hostGuard: HostGuard) {
        server.GET["/api/links/match"] = hostGuard.guardingAPI { [self] request in respond(request) }
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard let aasa = files.aasa else {
            return .error(.notFound, "no apple-app-site-association to match against: start shortcut-serve with --aasa FILE")
        }
        guard let text = request.queryValue("url"), !text.isEmpty else {
            return .badRequest("give the URL to match: /api/links/match?url=https%3A%2F%2Fexample.com%2Fpath")
        }
        do {
            return API.json(aasa.matcher.trace(try LinkURL(parsing: text)).json)
        } catch {
            return .badRequest("url: \(error)")
        }
    }
}
