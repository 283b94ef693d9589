import HTTPVocabulary
import ShortcutHTTP

/// Keeps other origins' pages off the `/api/` routes: a request a browser sends for a page of another
/// origin says so in `Origin` (always on POST, PUT and DELETE, and on every cross-origin fetch) and in
/// `Sec-Fetch-Site`. Such a request is refused with 403 before it reads or changes anything, whatever its
/// method: the API's answers carry no CORS headers, but a refused request also has no side effect.
///
/// A stored page played at `/v3/<id>` is sandboxed into an opaque origin (`PlayRoute.sandbox`), so its
/// requests say `Origin: null` and `Sec-Fetch-Site: cross-site`. Programs (curl, scripts) send neither
/// field and are not affected; nor are the server's own pages (same origin, or `Sec-Fetch-Site: none`
/// for an address typed in the browser).
enum OriginGuard {
    /// The 403 to send, or nil when the request may go on.
    static func refusal(for request: HTTPRequest) -> HTTPResponse? {
        if let site = request.headers["Sec-Fetch-Site"],
            site.equalsIgnoringASCIICase("cross-site") || site.equalsIgnoringASCIICase("same-site")
        {
            return refuse("it was sent for a page of another site (Sec-Fetch-Site: \(site.excerpt(maxBytes: 20)))")
        }
        guard let origin = request.headers["Origin"] else { return nil }
        if origin == "null" {
            return refuse(
                "it was sent for a page without an origin of its own (Origin: null: a sandboxed page, such as a stored page played at /v3/, or a local file)"
            )
        }
        guard isOwn(origin: origin, authority: request.authority) else {
            return refuse("it was sent for a page of another origin (Origin: \(origin.excerpt(maxBytes: 100)))")
        }
        return nil
    }

    /// Whether `origin` (`scheme://host[:port]`) is that of the server the request was addressed to. A
    /// `Host` without a port stands for the default port of the origin's scheme (a TLS proxy in front of
    /// the server may make it `https`).
    static func isOwn(origin: String, authority: String?) -> Bool {
        guard let authority, let colon = origin.firstIndex(of: ":"), origin[colon...].hasPrefix("://") else { return false }
        let scheme = origin[..<colon].lowercased()
        let defaultPort: Int
        switch scheme {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return false
        }
        let own: HTTPAuthority
        let theirs: HTTPAuthority
        do {
            own = try HTTPAuthority(parsing: authority)
            theirs = try HTTPAuthority(parsing: origin[origin.index(colon, offsetBy: 3)...])
        } catch {
            return false
        }
        return !theirs.host.isEmpty && theirs.host.lowercased() == own.host.lowercased()
            && (theirs.port ?? defaultPort) == (own.port ?? defaultPort)
    }

    private static func refuse(_ why: String) -> HTTPResponse {
        .error(.forbidden, "/api/ refuses this request: \(why); the API answers programs and this server's own pages")
    }
}
