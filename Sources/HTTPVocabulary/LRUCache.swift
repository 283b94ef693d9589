/// A least-recently-used cache within a byte budget: the one eviction policy of every cache the server
/// keeps for speed (page bodies in the store, prepared answers and QR images in the product).
///
/// Lookups, inserts and removals are O(1): a dictionary from key to a slot in `nodes`, and the slots
/// linked in use order (newest first). Every entry is charged its value's cost as the caller counts it
/// plus `entryOverhead`, what the cache itself spends on it, so the budget bounds real memory. Not
/// thread-safe by itself: its owner guards it.
///
/// `@inlinable`: its users (the store's record cache, the routes' answer cache) are other modules, and an
/// unspecialised generic there looks up its type metadata on every call: measured with callgrind, about
/// 1,800 more instructions per `/v3/<id>` and `/s/<id>` request (13%) when it moved here uninlinable.
package struct LRUCache<Key: Hashable, Value> {
    @usableFromInline
    struct Node {
        @usableFromInline var key: Key
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        @usableFromInline var newer = -1
        @usableFromInline var older = -1

        @inlinable
        init(key: Key, value: Value?, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    /// The bytes the cache spends on one entry besides the value's own: its node, and its dictionary slot
    /// at the dictionary's 3/4 maximum load.
    @inlinable
    package static var entryOverhead: Int {
        MemoryLayout<Node>.stride + (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) * 4 / 3
    }

    /// The most bytes the cache holds.
    package let budget: Int
    /// The bytes held now (values' costs and `entryOverhead` each); never above `budget`.
    @inlinable package var usedBytes: Int { used }
    @usableFromInline var used = 0
    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var nodes: [Node] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// An empty cache that holds at most `budget` bytes (none when it is 0 or less).
    @inlinable
    package init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// How many entries are cached.
    @inlinable package var count: Int { slots.count }

    /// The value for `key`, marked as just used.
    @inlinable
    package mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        if slot != newest {
            unlink(slot)
            pushNewest(slot)
        }
        return nodes[slot].value
    }

    /// Caches `value` for `key` (replacing what was there), evicting the least recently used entries to
    /// stay within budget. A value whose cost passes the whole budget is not cached.
    @inlinable
    package mutating func insert(_ value: Value, for key: Key, cost valueCost: Int) {
        remove(key)
        let cost = valueCost + Self.entryOverhead
        guard cost <= budget else { return }
        while used + cost > budget, oldest >= 0 { remove(nodes[oldest].key) }
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
        used += cost
        pushNewest(slot)
    }

    /// Drops the entry for `key`, if cached.
    @inlinable
    package mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        used -= nodes[slot].cost
        // Let go of the value now (the slot itself is reused by the next insert).
        nodes[slot].value = nil
        freeSlots.append(slot)
    }

    /// Drops every entry.
    @inlinable
    package mutating func removeAll() {
        slots.removeAll()
        nodes.removeAll()
        freeSlots.removeAll()
        newest = -1
        oldest = -1
        used = 0
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let newer = nodes[slot].newer
        let older = nodes[slot].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }

    @inlinable
    mutating func pushNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
