import ShortcutPlatform

/// Where a device reaches this machine's server: a phone on the same network through one of the machine's
/// LAN addresses, the Simulator (which shares the Mac's network) through loopback.
package enum DeviceURLs {
    /// `http://ADDRESS:PORT` for each address a device on the network reaches (IPv4 first; `[…]` for IPv6)
    /// when the server listens on `listening` (`ipv6Only` as it was started: `::` then refuses IPv4); none
    /// when it listens on loopback, or the list cannot be read.
    package static func networkRoots(listeningOn listening: SocketAddress, ipv6Only: Bool = false, port: UInt16) -> [String] {
        do {
            return try NetworkInterfaces.reachable(listeningOn: listening, ipv6Only: ipv6Only).map { "http://\($0.with(port: port))" }
        } catch {
            return []
        }
    }

    /// The roots a phone could use for a server on this machine at `port`, whichever wildcard it listens
    /// on: what the CLI shows when no `--base-url` says otherwise. IPv4 first (what a URL typed or scanned
    /// on a phone most often reaches), then IPv6.
    package static func networkRoots(port: UInt16) -> [String] {
        guard let any = SocketAddress(host: "::", port: 0) else { return [] }
        return networkRoots(listeningOn: any, ipv6Only: false, port: port)
    }

    /// Where a phone reaches the server that `root` (a `--base-url`) names: `root` itself unless it names
    /// this machine's loopback (`127.0.0.1`, `::1`, `localhost`), which a phone cannot reach; then this
    /// machine's first network address at the same port. Nil when there is none.
    package static func phoneRoot(for root: String) -> String? {
        isLoopback(root) ? networkRoots(port: port(of: root)).first : root
    }

    /// Whether a root URL's host is a loopback address or `localhost`.
    package static func isLoopback(_ root: String) -> Bool {
        guard let authority = authority(of: root), !authority.isEmpty else { return false }
        return isLoopback(authority: authority)
    }

    /// The port of a root URL (`http://127.0.0.1:9081` → 9081; 80, or 443 for https, when it names none).
    package static func port(of root: String) -> UInt16 {
        let defaultPort: UInt16 = root.hasPrefix("https:") ? 443 : 80
        guard let authority = authority(of: root) else { return defaultPort }
        do {
            return try HTTPAuthority(parsing: authority).port.flatMap { UInt16(exactly: $0) } ?? defaultPort
        } catch {
            return defaultPort
        }
    }

    /// Whether `text` (a `Host`) names this machine's loopback: `localhost`, 127.0.0.0/8, `[::1]`. Empty
    /// (no `Host`: the link falls back to the bound address) counts as loopback too.
    package static func isLoopback(authority text: String) -> Bool {
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
    package static func isLoopback(peer text: String) -> Bool { isLoopback(authority: text) }

    /// What to say instead of a code when no address a phone can open is known.
    package static let loopbackOnlyReason =
        "the server listens on loopback only (127.0.0.1), which a phone cannot open: "
        + "start it with --host 0.0.0.0 for a phone on the same Wi-Fi, or --public-url https://NAME behind a tunnel"

    /// What the start, `add` and the index say of a phone on a plain-HTTP network address.
    package static let insecureOriginAdvice =
        "page-mode icons then need the server running. For icons that work while it is off, "
        + "install the web clip profile (/w/<id>.mobileconfig), or serve over HTTPS (a tunnel, tailscale serve, or a local CA "
        + "and a proxy; docs/phone.md: HTTPS for a phone) with --public-url https://NAME"

    /// `add`'s line for a phone address over plain HTTP.
    package static let insecureOriginLine = "note: over http:// a phone's page is not in a secure context: " + insecureOriginAdvice

    /// The authority of a root URL: what follows `://` up to the path.
    private static func authority(of root: String) -> String? {
        guard let scheme = root.firstRange(of: "://") else { return nil }
        return String(root[scheme.upperBound...].prefix { $0 != "/" })
    }
}
