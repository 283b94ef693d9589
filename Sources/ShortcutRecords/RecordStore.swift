import HTTPVocabulary
import ShortcutPages
import ShortcutStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The store as every layer above the services sees it: opened here, read and written only through the
/// services it hands out (`shortcuts`, `mocks`, `links`), with what a server and the command line need
/// besides: its folder, its problems with what clears them, a damaged record's removal, the flush.
///
/// The one owner of the store (`PageStore`) above its own layer: the routes, `ShortcutServe` and the
/// command line never open or hold it (`scripts/layers.py` checks their imports), so every rule of the
/// records lives in this layer.
package final class RecordStore: Sendable {
    /// How a store may use its folder.
    package enum Access: Sendable, Equatable {
        /// Read and write; the folder is made if it is missing (a server, `add`).
        case createIfMissing
        /// Read and write a store that exists (`rm`); a missing one is `PageStoreError.noStore`.
        case existing
        /// Read only, and never make or change a file (`list`, `show`); a missing store is `noStore`.
        case readOnly

        var store: PageStore.Access {
            switch self {
            case .createIfMissing: .createIfMissing
            case .existing: .existing
            case .readOnly: .readOnly
            }
        }
    }

    let store: PageStore

    /// Opens (or, with `.createIfMissing`, makes) the store in `directory`.
    /// - Throws: `PageStoreError.noStore` when `access` does not make a missing store; `.io`.
    package init(directory: URL, cacheBudgetBytes: Int = CacheBudget().storeBytes, access: Access = .createIfMissing) throws {
        store = try PageStore(directory: directory, cacheBudgetBytes: cacheBudgetBytes, access: access.store)
    }

    /// The file standing where the store folder `directory` (or a folder above it) should be; nil when there
    /// is none.
    package static func fileInPath(of directory: URL) -> String? { PageStore.fileInPath(of: directory) }

    /// The per-user default store folder (`--store` absent).
    package static func defaultDirectory() -> URL { PageStore.defaultDirectory() }

    /// The largest record file a store writes or reads by default, in bytes.
    package static var defaultMaxRecordBytes: Int { PageStore.defaultMaxRecordBytes }

    /// The store's folder.
    package var directory: URL { store.directory }
    /// Why the store cannot be written; nil when it can.
    package var readOnlyReason: String? { store.readOnlyReason }
    /// How many records it holds (damaged ones left out).
    package var count: Int { store.count }
    /// The bytes its cache holds now, and the most it may.
    package var cachedBytes: Int { store.cachedBytes }
    /// The most bytes cached pages and summaries may hold.
    package var cacheBudgetBytes: Int { store.cacheBudgetBytes }

    /// Shortcuts, rendered with `template`.
    package func shortcuts(template: PageTemplate = .default) -> ShortcutService { ShortcutService(store: store, template: template) }
    /// Mocks (mocky's API).
    package var mocks: MockService { MockService(store: store) }
    /// Landing links.
    package var links: LinkService { LinkService(store: store) }

    /// Stubs: those of the WireMock root `folder` (if any), and the persistent ones this store keeps.
    package func stubs(folder: String?, templatesEverything: Bool) -> StubService {
        StubService(folder: folder, templatesEverything: templatesEverything, store: store)
    }

    /// The record `id` of any kind, or why there is none (what `show` prints).
    package func lookup(_ id: String) -> PageLookup { store.lookup(id) }

    /// Removes `id`'s record only if it is damaged; returns what was wrong with it (nil: not damaged).
    package func removeDamaged(_ id: String) throws -> String? {
        guard PageID.isValid(id) else { return nil }
        return try store.removeDamaged(id)
    }

    /// Every problem, each with what clears it, after reading every record not read yet (start-up, `list`).
    package var warnings: [String] { StoreProblems.warnings(in: store) }

    /// The problems known now, each with what clears it, without reading records not read yet: what a
    /// running server lists (`/api/problems`, the index page).
    package var knownProblems: [(problem: StoreProblem, remedy: String)] {
        store.knownProblems.map { ($0, StoreProblems.remedy($0.file, store: store)) }
    }

    /// Why the record `id` is skipped (its `problems` line); nil when it is not.
    package func problem(forID id: String) -> String? {
        guard PageID.isValid(id) else { return nil }
        return store.problem(forID: id)
    }

    /// What removes the damaged record `id`, as it ends a warning (`; remove it with: …`).
    package func remedy(forID id: String) -> String { StoreProblems.remedy(.record(id: id), store: store) }

    /// Calls `report` once for each problem found from now on, as a warning line ending with what clears it.
    package func onProblem(_ report: @escaping @Sendable (String) -> Void) {
        store.onProblem { [store] problem in report(StoreProblems.warning(problem, store: store)) }
    }

    /// Writes the play counts kept in memory.
    package func flush() { store.flush() }

    /// The servers running on the store at `directory` (`servers.json`), or why that file cannot be trusted.
    package static func runningServers(in directory: URL) -> ServerRegistry.Listing { ServerRegistry.live(store: directory) }

    /// Adds (or replaces) a running server's entry.
    package static func announce(_ entry: ServerRegistry.Entry, in directory: URL) throws {
        try ServerRegistry.announce(entry, store: directory)
    }

    /// Removes the entry of the server `pid`.
    package static func withdraw(pid: Int32, in directory: URL) { ServerRegistry.withdraw(pid: pid, store: directory) }
}
