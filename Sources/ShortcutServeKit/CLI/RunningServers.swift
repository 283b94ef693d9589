#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutJSON
import ShortcutPlatform
import ShortcutStore

/// A running server as its store's `run/<pid>.json` describes it, so that `add`, `qr`, `open`, `profile`
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
    static func localURL(of address: SocketAddress) -> String {
        let host: String
        switch address.host {
        case "0.0.0.0": host = "127.0.0.1"
        case "::": host = "[::1]"
        default: host = address.isIPv6 ? "[\(address.host)]" : address.host
        }
        return "http://\(host):\(address.port)"
    }

    var json: JSONValue {
        .object([
            ("pid", .number(Double(pid))), ("url", .string(url)), ("public_url", publicURL.map(JSONValue.string) ?? .null),
            ("network", .array(networkRoots.map(JSONValue.string))),
        ])
    }

    init(pid: Int32, url: String, publicURL: String?, networkRoots: [String]) {
        self.pid = pid
        self.url = url
        self.publicURL = publicURL
        self.networkRoots = networkRoots
    }

    /// A server from its file's JSON; nil for anything else (the file is then ignored).
    init?(json: JSONValue) {
        guard case .number(let pid)? = json["pid"], let pid = Int32(exactly: pid), case .string(let url)? = json["url"] else { return nil }
        var publicURL: String?
        if case .string(let text)? = json["public_url"] { publicURL = text }
        var roots: [String] = []
        if case .array(let items)? = json["network"] {
            for case .string(let root) in items { roots.append(root) }
        }
        self.init(pid: pid, url: url, publicURL: publicURL, networkRoots: roots)
    }
}

/// The running servers of one store: each writes `run/<pid>.json` once it listens and removes it when it
/// stops; a file whose process is gone (a crash, a kill -9) is ignored and removed by the next reader.
enum RunningServers {
    static let folderName = "run"
    /// The largest file read: a server writes a few hundred bytes.
    static let maxFileBytes = 16 << 10

    static func folder(of store: URL) -> URL { store.appendingPathComponent(folderName) }

    /// Writes `server`'s file in `store` (whole or not at all: a temp file renamed into place).
    static func announce(_ server: RunningServer, in store: URL) throws {
        let folder = folder(of: store)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(server.json.description.utf8).write(to: folder.appendingPathComponent("\(server.pid).json"), options: .atomic)
    }

    /// Removes the file of the server `pid`.
    static func withdraw(pid: Int32, in store: URL) {
        try? FileManager.default.removeItem(at: folder(of: store).appendingPathComponent("\(pid).json"))
    }

    /// The servers whose process still runs, by pid; files of gone processes are removed.
    static func live(in store: URL) -> [RunningServer] {
        let folder = folder(of: store)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var servers: [RunningServer] = []
        for name in names where name.hasSuffix(".json") {
            let file = folder.appendingPathComponent(name)
            guard let pid = Int32(name.dropLast(5)), pid > 0 else { continue }
            guard Platform.isProcessRunning(pid) else {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            guard let data = try? Data(contentsOf: file), data.count <= maxFileBytes,
                  let json = try? JSONParser.parse(Array(data)), let server = RunningServer(json: json), server.pid == pid
            else { continue }
            servers.append(server)
        }
        return servers.sorted { $0.pid < $1.pid }
    }

    /// The base URL a command uses when no `--base-url` is given: the one live server's, the first of
    /// several (a note names them all and says `--base-url` chooses), or the default port on loopback.
    static func defaultBaseURL(store path: String?, note: (String) -> Void = { standardError("note: \($0)\n") }) -> String {
        let servers = live(in: storeURL(path))
        guard let first = servers.first else { return StoreCommand.defaultBaseURL }
        if servers.count > 1 {
            note("\(servers.count) servers use this store: "
                + servers.map { "\($0.baseURL) (pid \($0.pid))" }.joined(separator: ", ") + "; links use the first; --base-url chooses")
        }
        return first.baseURL
    }

    /// The live server whose base URL `root` is, if any (what `add` asks for the phone's address).
    static func server(at root: String, store path: String?) -> RunningServer? {
        live(in: storeURL(path)).first { StoreCommand.root(of: $0.baseURL) == root }
    }

    static func storeURL(_ path: String?) -> URL {
        path.map { URL(fileURLWithPath: $0) } ?? PageStore.defaultDirectory()
    }
}
