import ShortcutHTTP

/// The DNS-rebinding guard of the `/api/` routes (as webpack-dev-server's `allowedHosts`): a page on another
/// site can point its own name at 127.0.0.1, but its requests still carry that name in `Host`. Only loopback
/// names, the `--host` address and names given with `--allow-host` are answered; others get 403.
struct HostGuard: Sendable {
    private let allowed: Set<String>

    init(listenHost: String, extraNames: [String]) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        names.insert(HostGuard.hostName(listenHost))
        for name in extraNames { names.insert(HostGuard.hostName(name)) }
        allowed = names
    }

    /// The name part of a `Host` value, lowercased, without port or IPv6 brackets.
    static func hostName(_ value: String) -> String {
        var text = Substring(value.lowercased())
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return String(text) }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if let colon = text.lastIndex(of: ":"), text.filter({ $0 == ":" }).count == 1 { text = text[..<colon] }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }

    /// The 403 to send, or nil when the request may go on.
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        // HTTP/1.0 requests may lack Host; browsers always send it, so a missing Host is no rebinding attempt.
        guard let host = request.headers["Host"] else { return nil }
        let name = HostGuard.hostName(host)
        guard !allowed.contains(name) else { return nil }
        return .error(.forbidden, "Host '\(host.prefix(100))' is not allowed on /api/ routes (DNS-rebinding guard); start the server with --allow-host \(name.prefix(100)) to allow it")
    }

    /// `handler`, answered only for allowed hosts.
    func guarding(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { [self] request in refusal(for: request) ?? handler(request) }
    }
}
