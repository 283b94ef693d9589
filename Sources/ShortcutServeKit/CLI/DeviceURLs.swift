import ShortcutPlatform

/// Where a device reaches this machine's server: a phone on the same network through one of the machine's
/// LAN addresses, the Simulator (which shares the Mac's network) through loopback.
enum DeviceURLs {
    /// `http://ADDRESS:PORT` for each address a device on the network reaches (IPv4 first; `[…]` for IPv6)
    /// when the server listens on `listening`; none when it listens on loopback, or the list cannot be read.
    static func networkRoots(listeningOn listening: SocketAddress, port: UInt16) -> [String] {
        do {
            return try NetworkInterfaces.reachable(listeningOn: listening).map { "http://\($0.with(port: port))" }
        } catch {
            return []
        }
    }

    /// The roots a phone could use for a server on this machine at `port`, listening on every address:
    /// what the CLI shows when no `--base-url` says otherwise.
    static func networkRoots(port: UInt16) -> [String] {
        guard let any = SocketAddress(host: "::", port: 0) else { return [] }
        return networkRoots(listeningOn: any, port: port)
    }

    /// Where a phone reaches the server that `root` (a `--base-url`) names: `root` itself unless it names
    /// this machine's loopback (`127.0.0.1`, `::1`, `localhost`), which a phone cannot reach; then this
    /// machine's first network address at the same port. Nil when there is none.
    static func phoneRoot(for root: String) -> String? {
        isLoopback(root) ? networkRoots(port: port(of: root)).first : root
    }

    /// Whether a root URL's host is a loopback address or `localhost`.
    static func isLoopback(_ root: String) -> Bool {
        guard let scheme = root.firstRange(of: "://") else { return false }
        let authority = root[scheme.upperBound...].prefix { $0 != "/" }
        var host = authority[...]
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
        }
        if host.lowercased() == "localhost" { return true }
        return SocketAddress(host: String(host), port: 0)?.isLoopback ?? false
    }

    /// The port of a root URL (`http://127.0.0.1:9081` → 9081; 80 when it names none).
    static func port(of root: String) -> UInt16 {
        guard let scheme = root.firstRange(of: "://") else { return 80 }
        let authority = root[scheme.upperBound...].prefix { $0 != "/" }
        // After `]` for IPv6 literals, after the only colon otherwise.
        let afterHost = authority.lastIndex(of: "]").map { authority[authority.index(after: $0)...] } ?? authority
        guard let colon = afterHost.lastIndex(of: ":") else { return root.hasPrefix("https:") ? 443 : 80 }
        return UInt16(afterHost[afterHost.index(after: colon)...]) ?? 80
    }
}
