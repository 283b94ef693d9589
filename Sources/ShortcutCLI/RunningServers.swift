import ShortcutHTTP
import ShortcutPlatform
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A running server as its store's registry (`ServerRegistry`) describes it, so that `add`, `qr`, `open`, `profile`
/// and `links add` print the addresses it really serves instead of guessing `http://127.0.0.1:9081`.
struct RunningServer: Equatable, Sendable {
    let pid: Int32
    /// Where it listens, as `listening on` says (`http://127.0.0.1:9081`).
    let url: String
    /// `--public-url`, if given.
    let publicURL: String?
    /// `http://ADDRESS:PORT` for each network address a phone reaches it at (none on loopback only).
    let networkRoots: [String]

    /// What links printed for this server start with: its public URL, else where it listens.
    var baseURL: String { publicURL ?? url }
    /// What a phone opens: the public URL, else the first network address; nil on loopback only.
    var phoneRoot: String? { publicURL ?? networkRoots.first }

    /// The URL this machine reaches a server listening on `address` at: a wildcard address (`0.0.0.0`, `::`)
    /// is reached through loopback.
    static func localURL(of address: HTTPServerAddress) -> String {
        let host: String
        switch address.host {
        case "0.0.0.0": host = "127.0.0.1"
        case "::": host = "[::1]"
        default: host = address.isIPv6 ? "[\(address.host)]" : address.host
        }
        return "http://\(host):\(address.port)"
    }

    init(pid: Int32, url: String, publicURL: String?, networkRoots: [String]) {
        self.pid = pid
        self.url = url
        self.publicURL = publicURL
        self.networkRoots = networkRoots
    }
}

/// The running servers of one store (`ServerRegistry`: the store's `servers.json`): each server adds itself
/// once it listens and removes itself when it stops; an entry whose process is gone (a crash, a kill -9) is
/// skipped by readers and dropped by the next server that writes.
enum RunningServers {
    /// Adds `server` to `store`'s registry.
    static func announce(_ server: RunningServer, in store: URL) throws {
        try RecordStore.announce(
            .init(pid: server.pid, url: server.url, publicURL: server.publicURL, network: server.networkRoots), in: store)
    }

    /// Removes the server `pid` from `store`'s registry.
    static func withdraw(pid: Int32, in store: URL) { RecordStore.withdraw(pid: pid, in: store) }

    /// The servers whose process still runs, by pid, or why the registry cannot be trusted (then no
    /// server, and no address may be guessed in their place: a loopback-only server would be announced at
    /// a network address).
    static func registry(in store: URL) -> (servers: [RunningServer], problem: String?) {
        let listing = RecordStore.runningServers(in: store)
        let servers = listing.servers.map { RunningServer(pid: $0.pid, url: $0.url, publicURL: $0.publicURL, networkRoots: $0.network) }
        return (servers, listing.problem.map { "\($0); the running servers' addresses are unknown until a server starts or stops" })
    }

    /// The servers whose process still runs, by pid (none when the registry is damaged: see `registry`).
    static func live(in store: URL) -> [RunningServer] { registry(in: store).servers }

    /// The base URL a command uses when no `--base-url` is given: the one live server's, the first of
    /// several (a note names them all and says `--base-url` chooses), or the default port on loopback.
    static func defaultBaseURL(store path: String?, note: (String) -> Void = { standardError("note: \($0)\n") }) -> String {
        let (servers, problem) = registry(in: storeURL(path))
        if let problem { note("\(problem): links use \(StoreCommand.defaultBaseURL) (--base-url chooses)") }
        guard let first = servers.first else { return StoreCommand.defaultBaseURL }
        if servers.count > 1 {
            note(
                "\(servers.count) servers use this store: "
                    + servers.map { "\($0.baseURL) (pid \($0.pid))" }.joined(separator: ", ") + "; links use the first; --base-url chooses")
        }
        return first.baseURL
    }

    static func storeURL(_ path: String?) -> URL { StoreCommand.directory(path) }
}

/// Where a phone opens the server whose links start at `root`: the one decision `add` (its `on your network:`
/// line) and `qr ID` (its code) share, from the store's registry of running servers.
enum PhoneAddress: Equatable {
    /// The running server's own: its public URL, or a network address it listens on.
    case running(root: String, server: RunningServer)
    /// No server of the store runs at `root`: this machine's network address at its port (or `root` itself when
    /// it is not loopback), where a server must listen for the phone.
    case guessed(root: String)
    /// The server running at `root` listens on loopback only: no address a phone opens.
    case loopbackOnly(root: String)
    /// The registry cannot be trusted (`problem`): no address may be taken from it, nor guessed in its place.
    case unknown(problem: String)
    /// This machine has no network address.
    case none

    /// The address for `root` (a `--base-url`, or the running server's), as `registry` (`RunningServers.registry`)
    /// says.
    static func find(for root: String, in registry: (servers: [RunningServer], problem: String?)) -> PhoneAddress {
        if let problem = registry.problem { return .unknown(problem: problem) }
        let running = registry.servers.first { StoreCommand.root(of: $0.baseURL) == root }
        if let running {
            guard let phone = running.phoneRoot else { return .loopbackOnly(root: root) }
            return .running(root: phone, server: running)
        }
        return DeviceURLs.phoneRoot(for: root).map { .guessed(root: $0) } ?? .none
    }

    /// What is said of a server on loopback only, which a phone cannot open.
    static func loopbackOnly(_ root: String) -> String {
        "the server at \(root) listens on loopback only, which a phone cannot open "
            + "(start it with --host 0.0.0.0, or --public-url https://NAME behind a tunnel)"
    }

    /// What is said when the registry cannot be trusted.
    static func unknown(_ problem: String) -> String { "\(problem) (--base-url names the address a phone opens)" }
}
