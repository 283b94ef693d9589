import ShortcutPlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The servers running on one store, so that the command line prints the addresses they really serve:
/// `servers.json` at the store's root, one entry per running server, changed under `locks/servers`.
///
/// One file of a fixed name, not one per server: a server killed with SIGKILL leaves its entry, which the
/// next writer drops and every reader skips (its process is gone), and a listing of the store shows no
/// new name per start (crash_kill counts unknown files as leftovers). Never removed, only emptied. The
/// file is written as every store file is (`DurableFile`: on Linux no temp name is ever visible), but not
/// synced: a stale entry after a crash is harmless.
package enum ServerRegistry {
    /// One running server.
    package struct Entry: Codable, Equatable, Sendable {
        package var pid: Int32
        /// Where it listens, for this machine (`http://127.0.0.1:9081`).
        package var url: String
        /// `--public-url`, if given.
        package var publicURL: String?
        /// `http://ADDRESS:PORT` for each network address a phone reaches it at.
        package var network: [String]

        package init(pid: Int32, url: String, publicURL: String?, network: [String]) {
            self.pid = pid
            self.url = url
            self.publicURL = publicURL
            self.network = network
        }

        enum CodingKeys: String, CodingKey {
            case pid, url, network
            case publicURL = "public_url"
        }
    }

    static let fileName = "servers.json"
    static let lockName = "servers"
    /// The largest file read: a few hundred bytes a server.
    static let maxFileBytes = 64 << 10
    /// The most entries kept (the oldest dropped): servers on one store are a handful.
    static let maxEntries = 64

    /// Adds (or replaces) `entry` for its pid, dropping entries whose process is gone.
    package static func announce(_ entry: Entry, store: URL) throws {
        try change(store) { entries in
            entries.removeAll { $0.pid == entry.pid }
            entries.append(entry)
            if entries.count > maxEntries { entries.removeFirst(entries.count - maxEntries) }
        }
    }

    /// Removes the entry of `pid` (a server that stops). A failure is dropped: the entry stays, and readers
    /// skip it once this process has exited.
    package static func withdraw(pid: Int32, store: URL) {
        try? change(store) { entries in entries.removeAll { $0.pid == pid } }
    }

    /// What the registry says: the live servers, or why it cannot be trusted.
    package struct Listing: Sendable, Equatable {
        /// The servers whose process still runs, by pid (none when `problem` is set).
        package var servers: [Entry]
        /// Why the file cannot be trusted (damaged or unreadable: `<path>: <what is wrong>`); nil when it is
        /// good or missing. Then no address may be taken from it, nor guessed in its place: a loopback-only
        /// server must not be announced at a network address.
        package var problem: String?
    }

    /// The servers whose process still runs, by pid, or the file's problem. Reads only: a read-only command
    /// changes nothing.
    package static func live(store: URL) -> Listing {
        switch read(store.path + "/" + fileName) {
        case .success(let entries):
            Listing(servers: entries.filter { Platform.isProcessRunning($0.pid) }.sorted { $0.pid < $1.pid }, problem: nil)
        case .failure(let problem):
            Listing(servers: [], problem: problem.description)
        }
    }

    /// Why `servers.json` cannot be read.
    struct Damage: Error, CustomStringConvertible {
        let description: String
    }

    /// The entries in the file; none when it is missing; its problem when it is unreadable or damaged.
    private static func read(_ path: String) -> Result<[Entry], Damage> {
        let bytes: [UInt8]
        do {
            switch try StoreIO.readRegularFile(path, limit: maxFileBytes) {
            case .missing: return .success([])
            case .refused(let reason, _): return .failure(Damage(description: "\(path): \(reason)"))
            case .read(let read, _): bytes = read
            }
        } catch .io(_, let code) where code == Errno.notDirectory {
            return .success([])  // the store's folder is not one: no registry (opening the store says why)
        } catch {
            return .failure(Damage(description: error.description))
        }
        do {
            return .success(try JSONDecoder().decode([Entry].self, from: Data(bytes)))
        } catch {
            return .failure(Damage(description: "\(path): not a list of running servers (damaged)"))
        }
    }

    private static func change(_ store: URL, _ body: (inout [Entry]) -> Void) throws {
        let directory = store.path
        let lockPath = directory + "/locks/" + lockName
        let lock = try StoreIO.open(lockPath, [.readWrite, .create])
        defer { StoreIO.close(lock) }
        try StoreIO.lockExclusive(lock, path: lockPath)
        defer { StoreIO.unlock(lock) }
        // A damaged file is replaced by this one's entries: it said nothing that could be trusted.
        var entries: [Entry] = []
        if case .success(let read) = read(directory + "/" + fileName) { entries = read.filter { Platform.isProcessRunning($0.pid) } }
        body(&entries)
        let folder = try StoreIO.open(directory, [.readOnly, .directory])
        defer { StoreIO.close(folder) }
        _ = try DurableFile.write(
            Array(try JSONEncoder().encode(entries)), named: fileName, in: directory, directoryFD: folder,
            mode: .replace, durable: false)
    }
}
