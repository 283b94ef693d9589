import ShortcutHTTP
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

    /// The roots a phone could use for a server on this machine at `port`, whichever wildcard it listens
    /// on: what the CLI shows when no `--base-url` says otherwise. IPv4 first (what a URL typed or scanned
    /// on a phone most often reaches).
    static func networkRoots(port: UInt16) -> [String] {
        ["0.0.0.0", "::"].compactMap { SocketAddress(host: $0, port: 0) }.flatMap { networkRoots(listeningOn: $0, port: port) }
    }

    /// Where a phone reaches the server that `root` (a `--base-url`) names: `root` itself unless it names
    /// this machine's loopback (`127.0.0.1`, `::1`, `localhost`), which a phone cannot reach; then this
    /// machine's first network address at the same port. Nil when there is none.
    static func phoneRoot(for root: String) -> String? {
        isLoopback(root) ? networkRoots(port: port(of: root)).first : root
    }

    /// Whether a root URL's host is a loopback address or `localhost`.
    static func isLoopback(_ root: String) -> Bool {
        guard let authority = authority(of: root), !authority.isEmpty else { return false }
        return DeviceLinks.isLoopback(authority: authority)
    }

    /// The port of a root URL (`http://127.0.0.1:9081` → 9081; 80, or 443 for https, when it names none).
    static func port(of root: String) -> UInt16 {
        let defaultPort: UInt16 = root.hasPrefix("https:") ? 443 : 80
        guard let authority = authority(of: root) else { return defaultPort }
        do {
            return try HTTPAuthority(parsing: authority).port.flatMap { UInt16(exactly: $0) } ?? defaultPort
        } catch {
            return defaultPort
        }
    }

    /// The authority of a root URL: what follows `://` up to the path.
    private static func authority(of root: String) -> String? {
        guard let scheme = root.firstRange(of: "://") else { return nil }
        return String(root[scheme.upperBound...].prefix { $0 != "/" })
    }
}
