import ShortcutHTTP

/// The origin a phone reaches the server at, when it is not the authority a request came in on:
/// `--public-url` (a tunnel's name, `tailscale serve`, a TLS proxy with a local CA), or, with
/// `--trust-proxy`, what a proxy on this machine says in `X-Forwarded-Proto` / `X-Forwarded-Host` or RFC
/// 7239's `Forwarded`. Written `scheme://host[:port]`, without a trailing slash.
package enum PublicOrigin {
    /// Why `text` cannot be a `--public-url`, or nil when it can: `http` or `https`, a host (name, IPv4
    /// address or bracketed IPv6) and an optional port, and no path beyond `/`, query or user.
    package static func problem(_ text: String) -> String? {
        guard parse(text) != nil else {
            return
                "takes http:// or https://, a host and an optional port, and no path, query or user (e.g. https://mac.tail1234.ts.net), not '\(text.excerpt(maxBytes: 80))'"
        }
        return nil
    }

    /// `text` as an origin (`https://a.example:8443`; the scheme and host lowercased, a default port left
    /// out), or nil when it is not one.
    package static func parse(_ text: String) -> String? {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") { scheme = "http" } else { return nil }
        var rest = text.dropFirst(scheme.count + 3)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ \\".contains($0) }) else { return nil }
        return origin(scheme: scheme, authority: String(rest))
    }

    /// The `host[:port]` of an origin `parse` made (`https://a.example:8443` → `a.example:8443`).
    static func authority(of origin: String) -> String { String(origin.drop { $0 != "/" }.dropFirst(2)) }

    /// The origin a proxy on this machine names for `request` with `--trust-proxy`: `Forwarded`'s first
    /// `proto` and `host`, else `X-Forwarded-Proto` and `X-Forwarded-Host` (their first values); nil when
    /// the peer is not this machine, or the fields are missing or malformed (the request's own then holds).
    static func forwarded(by request: HTTPRequest) -> String? {
        guard DeviceURLs.isLoopback(peer: request.remoteAddress) else { return nil }
        var proto: String?
        var host: String?
        if let forwarded = request.headers["Forwarded"] {
            let first = forwarded.split(separator: ",", maxSplits: 1).first ?? ""
            for pair in first.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { trimmed($0, also: "\"") }
                guard parts.count == 2 else { continue }
                switch parts[0].lowercased() {
                case "proto": proto = parts[1]
                case "host": host = parts[1]
                default: break
                }
            }
        }
        proto = proto ?? request.headers["X-Forwarded-Proto"].map(firstValue)
        host = host ?? request.headers["X-Forwarded-Host"].map(firstValue)
        guard let proto = proto?.lowercased(), proto == "http" || proto == "https" else { return nil }
        return origin(scheme: proto, authority: host ?? request.authority ?? "")
    }

    private static func firstValue(_ list: String) -> String {
        trimmed(list.split(separator: ",", maxSplits: 1).first ?? "")
    }

    /// `text` without the spaces and tabs (and `also`) around it.
    private static func trimmed(_ text: Substring, also: Character? = nil) -> String {
        let outer = { (c: Character) in c == " " || c == "\t" || c == also }
        return String(text.drop(while: outer).reversed().drop(while: outer).reversed())
    }

    private static func origin(scheme: String, authority text: String) -> String? {
        guard !text.isEmpty, let authority = try? HTTPAuthority(parsing: text), !authority.host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = authority.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        let host = authority.kind == .ipLiteral ? "[\(authority.host.lowercased())]" : authority.host.lowercased()
        return "\(scheme)://\(host)\(port)"
    }
}
