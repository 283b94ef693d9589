import ShortcutHTTP

/// The DNS-rebinding check of `AccessGuard` (`/`, `/w/all.mobileconfig` and the `/api/` routes) (as webpack-dev-server's `allowedHosts`): a page on
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
        return .error(
            .forbidden,
            "host '\(name)' is not allowed on / and /api/ (DNS-rebinding guard); start the server with --allow-host \(name) to allow it")
    }
}
