#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutPlatform
import ShortcutHTTP
import ShortcutStore

/// Answers built from stored pages, kept while the page is unchanged, so a hot `/s/<id>` (a 14 KB data: URI
/// to encode) or `/v3/<id>` (headers to assemble and check) is built once, not per request.
///
/// "Unchanged" is `StoredPage.version`: the store hands out one stored version as copies of one value, and
/// any change to a page (a PUT, even of an empty body with a new status) gives it a new version. The
/// answers themselves are `prepared()`, whose serialised head is current by construction.
/// Thread-safe: guarded by `lock`.
final class ResponseCache: @unchecked Sendable {
    /// A class, so that a lookup under the lock retains one reference rather than copying the answer.
    private final class Entry {
        let version: StoredPage.Version
        let response: HTTPResponse
        let size: Int

        init(version: StoredPage.Version, response: HTTPResponse, size: Int) {
            self.version = version
            self.response = response
            self.size = size
        }
    }

    /// Guards the `var`s below (`@exclusivity(unchecked)`: under the lock accesses cannot overlap).
    private let lock = Lock()
    @exclusivity(unchecked) private var entries: [String: Entry] = [:]  // guarded by lock
    @exclusivity(unchecked) private var bytes = 0  // guarded by lock: bodies and answers held
    /// Most entries and bytes kept; the table is emptied when either is reached (hot pages come back at once).
    let capacity: Int
    let budgetBytes: Int

    init(capacity: Int = 1024, budgetBytes: Int = 32 << 20) {
        self.capacity = capacity
        self.budgetBytes = budgetBytes
    }

    /// The answer for `page`, built by `build` when the cached one was made from another version.
    func response(for page: StoredPage, build: (StoredPage) -> HTTPResponse) -> HTTPResponse {
        let cached = lock.withLock { entries[page.id] }
        if let cached, cached.version == page.version { return cached.response }
        let response = build(page).prepared()
        // What an entry holds: the answer (the page itself stays the store's).
        let size = 256 + response.body.count + (response.headers["Location"]?.utf8.count ?? 0) + response.preparedByteCount
        lock.withLock {
            if entries.count >= capacity || bytes + size > budgetBytes {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = entries.updateValue(Entry(version: page.version, response: response, size: size), forKey: page.id) {
                bytes -= old.size
            }
            bytes += size
        }
        return response
    }
}
