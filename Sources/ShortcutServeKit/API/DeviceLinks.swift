import ShortcutHTTP
import ShortcutPlatform

/// Where a phone reaches a shortcut: the root URL a QR code or a link for a phone starts with. The
/// public URL (`--public-url`, or a trusted proxy's origin) when there is one; else the authority the
/// request came in on, when it is one a phone can use (a page opened on the phone links back to the
/// phone's view of the server); for a request to loopback, this machine's first network address when the
/// server listens on the network; else none: a code for 127.0.0.1 would open nothing on a phone.
struct DeviceLinks: Sendable {
    let links: LinkBuilder
    /// `http://ADDRESS:PORT` for each network address the running server is reachable at (none on loopback).
    let networkRoots: @Sendable () -> [String]

    /// What to say instead of a code when no address a phone can open is known.
    static let loopbackOnlyReason =
        "the server listens on loopback only (127.0.0.1), which a phone cannot open: "
        + "start it with --host 0.0.0.0 for a phone on the same Wi-Fi, or --public-url https://NAME behind a tunnel"

    func phoneRoot(for request: HTTPRequest) -> String? {
        if let chosen = links.chosenRoot(for: request) { return chosen }
        let own = links.absolute("", for: request)
        guard DeviceLinks.isLoopback(authority: request.authority ?? "") else { return own }
        return networkRoots().first
    }

    /// Whether `text` (a `Host`) names this machine's loopback: `localhost`, 127.0.0.0/8, `[::1]`. Empty
    /// (no `Host`: the link falls back to the bound address) counts as loopback too.
    static func isLoopback(authority text: String) -> Bool {
        guard !text.isEmpty else { return true }
        do {
            let authority = try HTTPAuthority(parsing: text)
            switch authority.kind {
            case .name: return authority.host.lowercased() == "localhost" || authority.host.lowercased() == "localhost."
            case .ipv4, .ipLiteral:
                let host = authority.host.hasPrefix("[") ? String(authority.host.dropFirst().dropLast()) : authority.host
                return SocketAddress(host: host, port: 0)?.isLoopback ?? false
            }
        } catch {
            return false
        }
    }

    /// Whether a peer address (`127.0.0.1:50312`, `[::1]:50312`, as connections record it) is loopback.
    /// Empty (a request made in code, not over a socket) counts as local. A peer is written as an
    /// authority, so the Host rule reads it.
    static func isLoopback(peer text: String) -> Bool { isLoopback(authority: text) }
}
