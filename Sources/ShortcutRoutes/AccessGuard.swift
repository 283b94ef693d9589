import ShortcutHTTP

/// Who may use the routes that list every id (`/`, `/w/all.mobileconfig`) and the `/api/` routes, which
/// write the store. One guard, asked once per request before the route's handler, in this order:
///
/// 1. the source (`RequestSource`): the API answers this machine only, not a phone on the Wi-Fi; a request
///    forwarded by a proxy or tunnel is refused on both (403), unless the server runs with `--expose-api`,
///    when it must carry `Authorization: Bearer TOKEN` (401 without it or with another token);
/// 2. the authority (`HostGuard`): no name but the allowed ones (DNS rebinding);
/// 3. on the API, the browser's word (`OriginGuard`): no page of another origin.
///
/// The pages, plays, profiles of named ids, QR codes and well-known files answer everyone: an id is the
/// capability, as on mocky.
struct AccessGuard: Sendable {
    let hosts: HostGuard
    /// `--expose-api`'s token; nil: forwarded requests are refused on the guarded routes.
    let forwardedToken: APIToken?
    /// `--admin-from-browsers`: `/__admin/` takes what a browser page sends, as `/api/` does (same origin only).
    let adminFromBrowsers: Bool

    init(hosts: HostGuard, forwardedToken: APIToken? = nil, adminFromBrowsers: Bool = false) {
        self.hosts = hosts
        self.forwardedToken = forwardedToken
        self.adminFromBrowsers = adminFromBrowsers
    }

    /// The answer to send instead of a listing route's (400, 401 or 403), or nil when the request may go on.
    func listingRefusal(for request: HTTPRequest) -> HTTPResponse? {
        sourceRefusal(for: request, isAPI: false) ?? hosts.refusal(for: request)
    }

    /// The answer to send instead of an `/api/` route's (400, 401 or 403), or nil when the request may go on.
    func apiRefusal(for request: HTTPRequest) -> HTTPResponse? {
        sourceRefusal(for: request, isAPI: true) ?? hosts.refusal(for: request) ?? OriginGuard.refusal(for: request)
    }

    /// The answer to send instead of a request-journal route's (`/api/requests`), or nil when the request may
    /// go on: this machine only, never a forwarded request (not even with `--expose-api`'s token: the journal
    /// holds what every client sent), then the Host and Origin rules of the API.
    func journalRefusal(for request: HTTPRequest) -> HTTPResponse? {
        switch RequestSource(request) {
        case .thisMachine:
            return hosts.refusal(for: request) ?? OriginGuard.refusal(for: request)
        case .network(let peer):
            return .error(
                .forbidden, "the request journal answers only this machine (loopback); this request came from \(peer.excerpt(maxBytes: 60))"
            )
        case .forwarded(let field):
            return .error(
                .forbidden,
                "the request journal never answers a forwarded request (\(field)), even with --expose-api: it holds what every client sent"
            )
        }
    }

    /// The answer to send instead of a `/__admin/` route's, or nil when the request may go on: the API's rules,
    /// and no request a browser page sent, whatever its origin (`BrowserRequest`), unless `adminFromBrowsers`.
    /// A stub answers at the server's own origin, so a stub's HTML page (a template that writes request data
    /// raw, a proxied page) is same-origin with `/__admin/`: only a refusal of every page keeps such a page
    /// from changing stubs. WireMock's clients are programs, which send neither `Origin` nor `Sec-Fetch-*`.
    func adminRefusal(for request: HTTPRequest) -> HTTPResponse? {
        guard !adminFromBrowsers, let field = BrowserRequest.field(in: request) else { return apiRefusal(for: request) }
        return .error(
            .forbidden,
            "/__admin/ refuses requests a browser page sends (\(field)): a page, even this server's own or a stub's, "
                + "could change stubs; start the server with --admin-from-browsers to allow same-origin pages")
    }

    /// The answer to send instead of a `/__admin/` route that reads the request journal: the journal's rules
    /// (`journalRefusal`: this machine only, never forwarded, whatever `--expose-api` allows), then the admin
    /// API's (`adminRefusal`).
    func adminJournalRefusal(for request: HTTPRequest) -> HTTPResponse? {
        journalRefusal(for: request) ?? adminRefusal(for: request)
    }

    /// `handler` behind `listingRefusal`: `/`.
    func guardingListing(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request in listingRefusal(for: request) ?? handler(request) }
    }

    /// `handler` behind `apiRefusal`.
    func guardingAPI(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request in apiRefusal(for: request) ?? handler(request) }
    }

    /// Registers each `(method, pattern, handler)` on `server` behind `apiRefusal`: an API's route table.
    /// Installs `routes` behind the API's rules. A route that may write (any method but GET) runs on the
    /// server's blocking threads: a store write waits for a cross-process `flock` (the CLI, a second server)
    /// and makes two `fsync`s, which on an event loop would hold every other connection of that loop. Reads
    /// answer from the store's memory on the loop.
    func installAPI(_ routes: [(HTTPMethod, String, HTTPHandler)], on server: HTTPServer) {
        for (method, pattern, handler) in routes {
            if method == .GET {
                server.routes(method)[pattern] = guardingAPI(handler)
            } else {
                server.routes(method).blocking(pattern, guardingAPI(handler))
            }
        }
    }

    private func sourceRefusal(for request: HTTPRequest, isAPI: Bool) -> HTTPResponse? {
        switch RequestSource(request) {
        case .thisMachine:
            return nil
        case .network(let peer):
            // With `--host 0.0.0.0` the pages answer the network, but the API writes the store: a device on
            // the Wi-Fi could otherwise change what every shortcut opens. (The Host check cannot tell: an
            // address in `Host` is allowed, and any peer may send one.) A phone may see the index.
            guard isAPI else { return nil }
            return .error(
                .forbidden, "the /api/ routes answer only this machine (loopback); this request came from \(peer.excerpt(maxBytes: 60))")
        case .forwarded(let field):
            let routes = isAPI ? "/api/" : request.path.excerpt(maxBytes: 40)
            guard let token = forwardedToken else {
                let what = isAPI ? "the API answers only this machine" : "it lists every id, so it answers only this machine"
                let opening =
                    isAPI ? "; start the server with --expose-api --api-token TOKEN to allow it with Authorization: Bearer TOKEN" : ""
                return .error(
                    .forbidden, "\(routes) refuses a forwarded request (\(field)): it came through a proxy or tunnel; \(what)\(opening)")
            }
            guard !token.authorizes(request) else { return nil }
            let missing = request.headers.contains("Authorization") ? "another token" : "no token"
            return HTTPResponse.error(
                .unauthorized,
                "\(routes) answers a forwarded request (\(field)) only with Authorization: Bearer TOKEN (--api-token); this one has \(missing)"
            )
            .with(header: "WWW-Authenticate", #"Bearer realm="shortcut-serve""#)
        }
    }
}
