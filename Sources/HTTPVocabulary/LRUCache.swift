/// A least-recently-used cache within a byte budget: the one eviction policy of every cache the server
/// keeps for speed (page bodies in the store, prepared answers and QR images in the product).
///
/// Lookups, inserts and removals are O(1): a dictionary from key to a slot in `nodes`, and the slots
/// linked in use order (newest first). Every entry is charged its value's cost as the caller counts it
/// plus `entryOverhead`, what the cache itself spends on it, so the budget bounds real memory. Not
/// thread-safe by itself: its owner guards it.
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        var newer = -1
        var older = -1
    }

    /// The bytes the cache spends on one entry besides the value's own: its node, and its dictionary slot
    /// at the dictionary's 3/4 maximum load.
    public static var entryOverhead: Int {
        MemoryLayout<Node>.stride + (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) * 4 / 3
    }

    /// The most bytes the cache holds.
    public let budget: Int
    /// The bytes held now (values' costs and `entryOverhead` each); never above `budget`.
    public private(set) var usedBytes = 0
    private var slots: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1

    /// An empty cache that holds at most `budget` bytes (none when it is 0 or less).
    public init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// How many entries are cached.
    public var count: Int { slots.count }

    /// The value for `key`, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        if slot != newest {
            unlink(slot)
            pushNewest(slot)
        }
        return nodes[slot].value
    }

    /// Caches `value` for `key` (replacing what was there), evicting the least recently used entries to
    /// stay within budget. A value whose cost passes the whole budget is not cached.
    public mutating func insert(_ value: Value, for key: Key, cost valueCost: Int) {
        remove(key)
        let cost = valueCost + Self.entryOverhead
        guard cost <= budget else { return }
        while usedBytes + cost > budget, oldest >= 0 { remove(nodes[oldest].key) }
        let node = Node(key: key, value: value, cost: cost)
        let slot: Int
        if let reused = freeSlots.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[key] = slot
        usedBytes += cost
        pushNewest(slot)
    }

    /// Drops the entry for `key`, if cached.
    public mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        usedBytes -= nodes[slot].cost
        // Let go of the value now (the slot itself is reused by the next insert).
        nodes[slot].value = nil
        freeSlots.append(slot)
    }

    /// Drops every entry.
    public mutating func removeAll() {
        slots.removeAll()
        nodes.removeAll()
        freeSlots.removeAll()
        newest = -1
        oldest = -1
        usedBytes = 0
    }

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
