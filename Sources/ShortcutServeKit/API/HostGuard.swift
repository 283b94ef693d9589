import ShortcutHTTP

/// The DNS-rebinding guard of `/` and the `/api/` routes (as webpack-dev-server's `allowedHosts`): a page on
/// another site can point its own name at 127.0.0.1, but its requests still carry that name as their
/// authority (`Host`, or the absolute-form target, which replaces it). Answered: IP addresses (a rebinding
/// page is reached through a name; a page whose origin is an address of this server is this server's),
/// `localhost`, the `--host` address and names given with `--allow-host`; other names get 403.
struct HostGuard: Sendable {
    private let allowed: Set<String>

    init(listenHost: String, extraNames: [String]) {
        var names: Set<String> = ["localhost"]
        names.insert(HostGuard.normalized(listenHost))
        for name in extraNames { names.insert(HostGuard.normalized(name)) }
        allowed = names
    }

    /// A name as compared: the host of `text` when it is an authority (so `--allow-host a.example:8443`
    /// names `a.example`), lowercased, without the final dot of a fully qualified name.
    static func normalized(_ text: String) -> String {
        let host: String
        do {
            host = try HTTPAuthority(parsing: text).host
        } catch {
            host = text  // not an authority (`::1` without brackets): compared as given
        }
        var name = host.lowercased()[...]
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// Whether a request addressed to `authority` may be answered.
    func allows(_ authority: HTTPAuthority) -> Bool {
        switch authority.kind {
        case .ipv4, .ipLiteral: true
        case .name: allowed.contains(HostGuard.normalized(authority.host))
        }
    }

    /// The answer to send instead of the route's (400 or 403), or nil when the request may go on.
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        // HTTP/1.0 requests may lack Host; browsers always send it, so a missing Host is no rebinding attempt.
        guard let text = request.authority else { return nil }
        let authority: HTTPAuthority
        do {
            authority = try HTTPAuthority(parsing: text)
        } catch {
            // The parser refuses these first; a request made in code may still carry one.
            return .badRequest("invalid Host '\(text.excerpt(maxBytes: 100))': \(error.reason)")
        }
        guard !allows(authority) else { return nil }
        let name = authority.host.excerpt(maxBytes: 100)
        return .error(.forbidden, "host '\(name)' is not allowed on / and /api/ (DNS-rebinding guard); start the server with --allow-host \(name) to allow it")
    }

    /// `handler`, answered only for allowed hosts.
    func guarding(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request in refusal(for: request) ?? handler(request) }
    }

    /// `handler`, answered only for allowed hosts, for requests not sent by another origin's page
    /// (`OriginGuard`), and only to this machine: the `/api/` routes.
    func guardingAPI(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request in
            HostGuard.peerRefusal(for: request) ?? refusal(for: request) ?? OriginGuard.refusal(for: request) ?? handler(request)
        }
    }

    /// Registers each `(method, pattern, handler)` on `server`, guarded as `guardingAPI`: an API's route table.
    func installAPI(_ routes: [(HTTPMethod, String, HTTPHandler)], on server: HTTPServer) {
        for (method, pattern, handler) in routes { server.routes(method)[pattern] = guardingAPI(handler) }
    }

    /// 403 for a request from another machine. With `--host 0.0.0.0` the pages answer the network, but the
    /// API writes the store: a device on the Wi-Fi could otherwise change what every shortcut opens. (The
    /// Host check cannot tell: an address in `Host` is allowed, and any peer may send one.)
    static func peerRefusal(for request: HTTPRequest) -> HTTPResponse? {
        guard !DeviceLinks.isLoopback(peer: request.remoteAddress) else { return nil }
        return .error(.forbidden, "the /api/ routes answer only this machine (loopback); this request came from \(request.remoteAddress.excerpt(maxBytes: 60))")
    }
}
