import ShortcutHTTP

/// Absolute links (`http://HOST:PORT/v3/<id>`) for API answers, pages and profiles: `--public-url` when it
/// is set; else, with `--trust-proxy`, the origin a proxy on this machine names (`PublicOrigin.forwarded`);
/// else the authority the request was addressed to (its `Host`, or its absolute-form target), or the
/// address the server is bound to.
struct LinkBuilder: Sendable {
    let fallbackAuthority: @Sendable () -> String
    /// `--public-url`, as an origin (`PublicOrigin.parse`); nil: the request's own.
    var publicRoot: String?
    /// `--trust-proxy`: a loopback proxy's forwarding fields name the origin. Never by default: anyone
    /// may send those fields.
    var trustsProxy = false

    init(fallbackAuthority: @escaping @Sendable () -> String, publicRoot: String? = nil, trustsProxy: Bool = false) {
        self.fallbackAuthority = fallbackAuthority
        self.publicRoot = publicRoot
        self.trustsProxy = trustsProxy
    }

    /// The origin links for `request` start with, when it is not the request's own: the public URL, or the
    /// trusted proxy's; nil otherwise.
    func chosenRoot(for request: HTTPRequest) -> String? {
        publicRoot ?? (trustsProxy ? PublicOrigin.forwarded(by: request) : nil)
    }

    func root(for request: HTTPRequest) -> String {
        if let chosen = chosenRoot(for: request) { return chosen }
        let authority = request.authority.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackAuthority()
        return "http://\(authority)"
    }

    func absolute(_ path: String, for request: HTTPRequest) -> String { root(for: request) + path }
}
