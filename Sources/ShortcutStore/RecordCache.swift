/// What the store keeps in memory for speed, within its share of `--cache-bytes` (see `CacheBudget`): whole
/// pages, bodies included, for `get` and plays, and list summaries, so that `list()` need not read a record
/// file again. Two `LRUCache`s, each charged what its entries really hold; summaries get a quarter of the
/// share, pages the rest. Not thread-safe by itself; `PageStore` guards it.
///
/// Summaries used to live in the index, outside any budget: 100,000 read records held 18 MB of them, and the
/// allocator's holes between them about as much again (issue 15). Now the index keeps only what serves a
/// lookup, and a summary costs room in the budget like anything else kept for speed.
import HTTPVocabulary

struct RecordCache {
    private var pages: LRUCache<String, StoredPage>
    private var summaries: LRUCache<String, RecordSummary>

    /// An empty cache that holds at most `budget` bytes, pages and summaries together.
    init(budget: Int) {
        let summaryBytes = max(0, budget) / 4
        summaries = LRUCache(budget: summaryBytes)
        pages = LRUCache(budget: max(0, budget) - summaryBytes)
    }

    /// The most bytes the cache holds.
    var budget: Int { pages.budget + summaries.budget }
    /// The bytes held now; never above `budget`.
    var usedBytes: Int { pages.usedBytes + summaries.usedBytes }
    /// How many whole pages are cached.
    var count: Int { pages.count }
    /// How many summaries are cached.
    var summaryCount: Int { summaries.count }

    /// The cached page for `id`, marked as just used.
    mutating func page(for id: String) -> StoredPage? { pages.value(for: id) }

    /// `id`'s list summary: kept on its own, or taken from its cached page; nil when neither is here.
    mutating func summary(for id: String) -> RecordSummary? {
        if let summary = summaries.value(for: id) { return summary }
        return pages.value(for: id).map(RecordSummary.init)
    }

    /// Keeps what a read or write of `page` taught: its summary always, the whole page when `keepingBody`.
    /// Least recently used entries are evicted to stay within budget; an entry larger than its whole share is
    /// not kept.
    mutating func insert(_ page: StoredPage, keepingBody: Bool) {
        let summary = RecordSummary(page)
        summaries.insert(summary, for: page.id, cost: summary.approximateHeapCost)
        if keepingBody { pages.insert(page, for: page.id, cost: page.approximateMemoryCost) }
    }

    /// Drops what is kept for `id`, if anything.
    mutating func remove(_ id: String) {
        pages.remove(id)
        summaries.remove(id)
    }
}
