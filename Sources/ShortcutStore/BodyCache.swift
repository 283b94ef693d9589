#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A least-recently-used cache of whole pages (bodies included) within a byte budget.
///
/// Lookups, inserts and removals are O(1): a dictionary from id to a slot in `nodes`, and the slots
/// linked in use order (head = most recent). Not thread-safe by itself; `PageStore` guards it.
struct BodyCache {
    private struct Node {
        var id: String
        var page: StoredPage
        var cost: Int
        var newer = -1
        var older = -1
    }

    /// The most bytes (as `StoredPage.approximateMemoryCost`) the cache holds.
    let budget: Int
    /// The bytes held now; never above `budget`.
    private(set) var usedBytes = 0
    private var slots: [String: Int] = [:]
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1

    /// An empty cache that holds at most `budget` bytes.
    init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// How many pages are cached.
    var count: Int { slots.count }

    /// The cached page for `id`, marked as just used.
    mutating func page(for id: String) -> StoredPage? {
        guard let slot = slots[id] else { return nil }
        if slot != newest {
            unlink(slot)
            pushNewest(slot)
        }
        return nodes[slot].page
    }

    /// Caches `page` (replacing an older copy), evicting the least recently used pages to stay within
    /// budget. A page larger than the whole budget is not cached.
    mutating func insert(_ page: StoredPage) {
        remove(page.id)
        let cost = page.approximateMemoryCost
        guard cost <= budget else { return }
        while usedBytes + cost > budget, oldest >= 0 { remove(nodes[oldest].id) }
        let node = Node(id: page.id, page: page, cost: cost)
        let slot: Int
        if let reused = freeSlots.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[page.id] = slot
        usedBytes += cost
        pushNewest(slot)
    }

    /// Drops the page for `id`, if cached.
    mutating func remove(_ id: String) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        unlink(slot)
        usedBytes -= nodes[slot].cost
        // Let go of the page now (the slot itself is reused by the next insert). Replaced, not emptied:
        // its storage may be shared with a copy a caller still holds.
        nodes[slot].page = BodyCache.vacant
        freeSlots.append(slot)
    }

    /// What a free slot holds.
    private static let vacant = StoredPage(id: "", body: [], createdAt: Date(timeIntervalSinceReferenceDate: 0))

    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot].newer
        let older = nodes[slot].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
