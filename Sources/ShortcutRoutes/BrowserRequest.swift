import ShortcutHTTP

/// Whether a browser sent a request for a page: every request a page makes with `fetch`, a form or a script
/// carries `Origin` (POST, PUT, DELETE and every cross-origin one) or the `Sec-Fetch-*` fields (each current
/// browser, on every request). Programs (curl, WireMock's clients, URLSession) send neither. An address typed
/// in the browser's bar is a navigation, not a page's request: `Sec-Fetch-Site: none`, which is let through.
enum BrowserRequest {
    /// The field that shows a page sent `request` (`Origin: https://a.example`), or nil.
    static func field(in request: HTTPRequest) -> String? {
        if let origin = request.headers["Origin"] { return "Origin: \(origin.excerpt(maxBytes: 80))" }
        if let site = request.headers["Sec-Fetch-Site"], !site.equalsIgnoringASCIICase("none") {
            return "Sec-Fetch-Site: \(site.excerpt(maxBytes: 20))"
        }
        for name in ["Sec-Fetch-Mode", "Sec-Fetch-Dest"] {
            if let value = request.headers[name], !value.equalsIgnoringASCIICase("navigate"), !value.equalsIgnoringASCIICase("document") {
                return "\(name): \(value.excerpt(maxBytes: 20))"
            }
        }
        return nil
    }
}
