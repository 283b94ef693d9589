#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `list()` needs of a valid record without its body: its `PageSummary`, and when it expires (so that
/// listing removes it then).
struct RecordSummary: Sendable {
    let page: PageSummary
    let expiresAt: Date?

    init(_ page: StoredPage) {
        self.page = page.summary
        self.expiresAt = page.expiresAt
    }

    /// What the summary holds outside its own inline bytes (which the cache counts as its entry's size):
    /// strings too long to be stored inline (more than 15 UTF-8 bytes), and the metadata dictionary's
    /// storage, rounded up as the allocator rounds: a `{"kind": "mock"}` dictionary measured 100 bytes
    /// (heaptrack) and is counted 152.
    var approximateHeapCost: Int {
        func heap(_ text: String) -> Int {
            let count = text.utf8.count
            return count > 15 ? 32 + count : 0
        }
        var cost = heap(page.id) + heap(page.name) + heap(page.contentType)
        if !page.metadata.isEmpty {
            cost += 96
            for (key, value) in page.metadata { cost += 48 + key.utf8.count + value.utf8.count + heap(key) + heap(value) }
        }
        return cost
    }
}
