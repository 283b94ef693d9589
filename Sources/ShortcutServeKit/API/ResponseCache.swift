#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutSystem
import ShortcutHTTP
import ShortcutStore

/// Answers built from stored pages, kept while the page is unchanged, so a hot `/s/<id>` (a 14 KB data: URI
/// to encode) or `/v3/<id>` (headers to assemble and check) is built once, not per request.
///
/// "Unchanged" is decided without hashing: the store hands out pages whose body shares one immutable
/// buffer until the record is rewritten. An entry keeps its body alive, so a buffer at the same address
/// is that same buffer. Thread-safe: guarded by `lock`.
final class ResponseCache: @unchecked Sendable {
    /// A class, so that a lookup under the lock retains one reference rather than copying the answer.
    private final class Entry {
        let body: [UInt8]
        let response: HTTPResponse
        let size: Int

        init(body: [UInt8], response: HTTPResponse, size: Int) {
            self.body = body
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
        if let cached, ResponseCache.sameBuffer(cached.body, page.body) { return cached.response }
        let response = build(page).prepared()
        let size = page.body.count + response.body.count + (response.headers["Location"]?.utf8.count ?? 0)
            + response.preparedByteCount
        lock.withLock {
            if entries.count >= capacity || bytes + size > budgetBytes {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = entries.updateValue(Entry(body: page.body, response: response, size: size), forKey: page.id) {
                bytes -= old.size
            }
            bytes += size
        }
        return response
    }

    private static func sameBuffer(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
