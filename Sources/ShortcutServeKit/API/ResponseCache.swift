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
/// "Unchanged" is decided without hashing or comparing: the store hands out one stored version as copies
/// of one value, which share their storage until the record is rewritten (`StoredPage.isSameVersion`). An
/// entry keeps its page alive, so storage it shares with a page asked about is that same version. (Not the
/// body's buffer: every empty body shares one, so an empty page PUT with a new status kept its old answer.)
/// Thread-safe: guarded by `lock`.
final class ResponseCache: @unchecked Sendable {
    /// A class, so that a lookup under the lock retains one reference rather than copying the answer.
    private final class Entry {
        let page: StoredPage
        let response: HTTPResponse
        let size: Int

        init(page: StoredPage, response: HTTPResponse, size: Int) {
            self.page = page
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
        if let cached, cached.page.isSameVersion(as: page) { return cached.response }
        let response = build(page).prepared()
        // The page as a whole: an entry keeps all of it (a shortcut's metadata holds its icon), not only the body.
        let size = page.approximateMemoryCost + response.body.count + (response.headers["Location"]?.utf8.count ?? 0)
            + response.preparedByteCount
        lock.withLock {
            if entries.count >= capacity || bytes + size > budgetBytes {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = entries.updateValue(Entry(page: page, response: response, size: size), forKey: page.id) {
                bytes -= old.size
            }
            bytes += size
        }
        return response
    }
}
