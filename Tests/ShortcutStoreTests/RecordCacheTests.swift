import Foundation
import HTTPVocabulary
import Testing

@testable import ShortcutStore

@Suite struct RecordCacheTests {
    private func page(_ id: String, bytes: Int, metadata: [String: String] = [:]) -> StoredPage {
        StoredPage(id: id, body: [UInt8](repeating: 0x41, count: bytes), metadata: metadata)
    }

    private static let pageOverhead = LRUCache<String, StoredPage>.entryOverhead
    private static let summaryOverhead = LRUCache<String, RecordSummary>.entryOverhead

    /// Pages get three quarters of the budget, summaries the last quarter: the split adds up.
    @Test func theSplitAddsUpToTheBudget() {
        for budget in [0, 1, 3, 4, 1000, 64 << 20, (64 << 20) + 3] {
            #expect(RecordCache(budget: budget).budget == budget)
        }
    }

    @Test func evictsTheLeastRecentlyUsedPageFirst() {
        let cost = page("a", bytes: 1000).approximateMemoryCost + Self.pageOverhead
        // Pages get three quarters: room for exactly three.
        var cache = RecordCache(budget: cost * 4)
        cache.insert(page("a", bytes: 1000), keepingBody: true)
        cache.insert(page("b", bytes: 1000), keepingBody: true)
        cache.insert(page("c", bytes: 1000), keepingBody: true)
        #expect(cache.page(for: "a") != nil)  // a is now the most recent
        cache.insert(page("d", bytes: 1000), keepingBody: true)
        #expect(cache.page(for: "b") == nil)
        #expect(cache.page(for: "a") != nil)
        #expect(cache.page(for: "c") != nil)
        #expect(cache.page(for: "d") != nil)
        #expect(cache.usedBytes <= cache.budget)
    }

    @Test func neverHoldsMoreThanTheBudget() {
        var cache = RecordCache(budget: 10_000)
        for index in 0..<500 {
            cache.insert(
                page("p\(index)", bytes: (index * 37) % 3000, metadata: ["kind": "mock", "n": "\(index)"]),
                keepingBody: index % 3 != 0)
            #expect(cache.usedBytes <= 10_000)
        }
        cache.insert(page("huge", bytes: 20_000), keepingBody: true)
        #expect(cache.page(for: "huge") == nil)
        #expect(cache.summary(for: "huge")?.page.size == 20_000)  // its summary is small and kept
    }

    /// A record read for a list keeps its summary, not its body; a summary evicted while the page is cached
    /// still comes from the page.
    @Test func aSummaryComesFromItsOwnEntryOrFromTheCachedPage() {
        var cache = RecordCache(budget: 1 << 20)
        cache.insert(page("listed", bytes: 500), keepingBody: false)
        #expect(cache.page(for: "listed") == nil)
        #expect(cache.summary(for: "listed")?.page.size == 500)
        cache.insert(page("read", bytes: 700), keepingBody: true)
        #expect(cache.summary(for: "read")?.page.size == 700)
        // Fill the summaries' quarter with others: "read"'s own summary goes, its page stays.
        for index in 0..<10_000 { cache.insert(page("s\(index)", bytes: 1), keepingBody: false) }
        #expect(cache.page(for: "read") != nil)
        #expect(cache.summary(for: "read")?.page.size == 700)
        #expect(cache.summary(for: "listed") == nil)
        #expect(cache.usedBytes <= cache.budget)
    }

    @Test func replacingAndRemovingKeepTheAccountsRight() {
        var cache = RecordCache(budget: 1 << 20)
        cache.insert(page("a", bytes: 100), keepingBody: true)
        cache.insert(page("a", bytes: 200), keepingBody: true)
        #expect(cache.count == 1 && cache.summaryCount == 1)
        let summaryCost = RecordSummary(page("a", bytes: 200)).approximateHeapCost + Self.summaryOverhead
        #expect(cache.usedBytes == page("a", bytes: 200).approximateMemoryCost + Self.pageOverhead + summaryCost)
        cache.remove("a")
        cache.remove("missing")
        #expect(cache.count == 0 && cache.summaryCount == 0)
        #expect(cache.usedBytes == 0)
    }

    /// What a summary is charged covers what it holds on the heap: long strings and the metadata dictionary.
    @Test func aSummaryIsChargedItsStringsAndMetadata() {
        let short = RecordSummary(page("a", bytes: 1))
        #expect(short.approximateHeapCost == 0)  // short strings and no metadata live inline
        let long = RecordSummary(
            StoredPage(
                id: "a-much-longer-page-id", name: String(repeating: "n", count: 100), body: [],
                metadata: ["key": String(repeating: "v", count: 1000)]))
        #expect(long.approximateHeapCost >= 21 + 100 + 1000 + 3)
    }
}
