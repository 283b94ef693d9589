import Testing

@testable import ShortcutStore

@Suite struct BodyCacheTests {
    private func page(_ id: String, bytes: Int) -> StoredPage {
        StoredPage(id: id, body: [UInt8](repeating: 0x41, count: bytes))
    }

    @Test func evictsTheLeastRecentlyUsedPageFirst() {
        let cost = page("a", bytes: 1000).approximateMemoryCost + LRUCache<String, StoredPage>.entryOverhead
        var cache = BodyCache(budget: cost * 3)
        cache.insert(page("a", bytes: 1000))
        cache.insert(page("b", bytes: 1000))
        cache.insert(page("c", bytes: 1000))
        #expect(cache.page(for: "a") != nil)  // a is now the most recent
        cache.insert(page("d", bytes: 1000))
        #expect(cache.page(for: "b") == nil)
        #expect(cache.page(for: "a") != nil)
        #expect(cache.page(for: "c") != nil)
        #expect(cache.page(for: "d") != nil)
        #expect(cache.usedBytes <= cache.budget)
    }

    @Test func neverHoldsMoreThanTheBudget() {
        var cache = BodyCache(budget: 10_000)
        for index in 0..<500 {
            cache.insert(page("p\(index)", bytes: (index * 37) % 3000))
            #expect(cache.usedBytes <= 10_000)
        }
        cache.insert(page("huge", bytes: 20_000))
        #expect(cache.page(for: "huge") == nil)
    }

    @Test func replacingAndRemovingKeepTheAccountsRight() {
        var cache = BodyCache(budget: 1 << 20)
        cache.insert(page("a", bytes: 100))
        cache.insert(page("a", bytes: 200))
        #expect(cache.count == 1)
        #expect(cache.usedBytes == page("a", bytes: 200).approximateMemoryCost + LRUCache<String, StoredPage>.entryOverhead)
        cache.remove("a")
        cache.remove("missing")
        #expect(cache.count == 0)
        #expect(cache.usedBytes == 0)
    }
}
