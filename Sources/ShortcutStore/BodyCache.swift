/// The store's cache of whole pages (bodies included), by id: an `LRUCache` charged each page's
/// `approximateMemoryCost`. Not thread-safe by itself; `PageStore` guards it.
struct BodyCache {
    private var pages: LRUCache<String, StoredPage>

    /// An empty cache that holds at most `budget` bytes.
    init(budget: Int) {
        pages = LRUCache(budget: budget)
    }

    /// The most bytes the cache holds.
    var budget: Int { pages.budget }
    /// The bytes held now; never above `budget`.
    var usedBytes: Int { pages.usedBytes }
    /// How many pages are cached.
    var count: Int { pages.count }

    /// The cached page for `id`, marked as just used.
    mutating func page(for id: String) -> StoredPage? { pages.value(for: id) }

    /// Caches `page` (replacing an older copy), evicting the least recently used pages to stay within
    /// budget. A page larger than the whole budget is not cached.
    mutating func insert(_ page: StoredPage) { pages.insert(page, for: page.id, cost: page.approximateMemoryCost) }

    /// Drops the page for `id`, if cached.
    mutating func remove(_ id: String) { pages.remove(id) }
}
