/// Every record file a `PageStore` knows, by id, and what the case rule needs to answer in O(1).
///
/// The case rule: two ids that differ only in case name one file on a file system that ignores case
/// (APFS, HFS+ and NTFS by default), so the store keeps at most one of them (`refuseCaseTwin`). It used
/// to compare a new id with every id under the store's lock: 60,000 records made a write 7 times slower,
/// and every `get` waited meanwhile (issue 28). Now the ids that hold a capital letter are also kept by
/// their case-folded form (`PageID.caseFoldedKey`), and a twin is one or two lookups. The ids the store
/// makes (lowercase UUIDs) have no capital, so a store of them pays nothing per record for the rule.
///
/// Kept in step by `subscript`'s setter, the only way an entry is added or removed; `values` changes
/// entries in place without changing their ids.
struct RecordIndex {
    /// The entries, by id.
    private(set) var entries: [String: IndexEntry]
    /// The ids that hold a capital letter, by their case-folded form (usually one id each).
    private var capitalized: [String: [String]] = [:]
    /// How many ids `caseTwin(of:)` has compared with the id it was given: the rule's cost, which a test
    /// checks stays constant however many records there are.
    private(set) var caseComparisons = 0

    init(_ entries: [String: IndexEntry] = [:]) {
        self.entries = entries
        for id in entries.keys { noteAdded(id) }
    }

    /// The entry of `id`; setting nil removes it.
    subscript(id: String) -> IndexEntry? {
        get { entries[id] }
        set {
            if let newValue {
                if entries.updateValue(newValue, forKey: id) == nil { noteAdded(id) }
            } else if entries.removeValue(forKey: id) != nil {
                noteRemoved(id)
            }
        }
    }

    private mutating func noteRemoved(_ id: String) {
        let folded = PageID.caseFoldedKey(id)
        guard folded != id, var ids = capitalized[folded] else { return }
        ids.removeAll { $0 == id }
        capitalized[folded] = ids.isEmpty ? nil : ids
    }

    private mutating func noteAdded(_ id: String) {
        let folded = PageID.caseFoldedKey(id)
        if folded != id { capitalized[folded, default: []].append(id) }
    }

    /// An id known here that differs from `id` only in case, or nil: the all-lowercase one, or one of the
    /// capitalized ids that fold to the same key.
    mutating func caseTwin(of id: String) -> String? {
        let folded = PageID.caseFoldedKey(id)
        if folded != id, entries[folded] != nil {
            caseComparisons += 1
            return folded
        }
        for other in capitalized[folded] ?? [] {
            caseComparisons += 1
            if other != id { return other }
        }
        return nil
    }

    /// The entries' values, to change an entry in place (`index.values[slot].pending`).
    var values: Dictionary<String, IndexEntry>.Values {
        get { entries.values }
        _modify { yield &entries.values }
    }

    /// The position of `id`'s entry, for `values`.
    func index(forKey id: String) -> Dictionary<String, IndexEntry>.Index? { entries.index(forKey: id) }

    /// How many records are known.
    var count: Int { entries.count }
}
