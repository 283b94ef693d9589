/// The journal's entries, oldest first, in at most `capacity` slots that are reused in a circle: adding to
/// a full ring hands back the oldest entry. Slots are made as entries arrive, so a journal that saw ten
/// requests holds ten, not `capacity`. Not thread-safe: `RequestJournal` guards it.
struct JournalRing<Element> {
    let capacity: Int
    private var slots: [Element?] = []
    /// The slot of the oldest entry.
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds `element` as the newest; returns the oldest when the ring was full (it makes room).
    mutating func append(_ element: Element) -> Element? {
        if count == capacity {
            let oldest = slots[start]
            slots[start] = element
            start = (start + 1) % capacity
            return oldest
        }
        let slot = (start + count) % capacity
        // Until the ring first fills, the free slot is always one past the last made.
        if slot == slots.count { slots.append(element) } else { slots[slot] = element }
        count += 1
        return nil
    }

    /// Removes and returns the oldest entry.
    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let oldest = slots[start]
        slots[start] = nil
        start = (start + 1) % capacity
        count -= 1
        if count == 0 && slots.count < capacity {
            // Never wrapped: start again from the first slot, so the rule in `append` holds.
            slots.removeAll(keepingCapacity: true)
            start = 0
        }
        return oldest
    }

    /// Empties the ring and lets go of its slots.
    mutating func removeAll() {
        slots = []
        start = 0
        count = 0
    }

    /// Calls `body` with each entry, oldest first.
    func visitOldestFirst(_ body: (Element) -> Void) {
        for offset in 0..<count {
            if let element = slots[(start + offset) % capacity] { body(element) }
        }
    }
}
