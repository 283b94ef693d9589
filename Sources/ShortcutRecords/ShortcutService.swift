import ShortcutPages
import ShortcutStore

/// Shortcuts in a store: made, looked up, listed and removed. The one place these happen: the HTTP API
/// (`/api/shortcuts`), the command line (`shortcut-serve add|list|show|rm`) and the embedding API are
/// translations of it, so each rule, check and message exists once.
package struct ShortcutService: Sendable {
    /// The store the shortcuts are records of.
    let store: PageStore
    /// The template new shortcuts' pages are rendered with.
    package let template: PageTemplate

    /// A service over `store`, rendering new pages with `template`.
    package init(store: PageStore, template: PageTemplate = .default) {
        self.store = store
        self.template = template
    }

    /// Checks `draft` and stores the shortcut it makes.
    /// - Parameters:
    ///   - caller: `.owner` may take the demo's id; API clients (`.anonymous`) may not.
    ///   - found: problems the caller's own decoding found already (a JSON field of the wrong type): they
    ///     are answered together with the service's.
    /// - Throws: `.invalid` with every problem, or `.store` (a taken id, a read-only or full store).
    package func create(
        _ draft: ShortcutDraft, by caller: Caller, adding found: FieldProblems = FieldProblems()
    ) throws(ServiceError) -> CreatedRecord {
        var problems = found
        let page = draft.page(template: template, by: caller, problems: &problems)
        guard problems.isEmpty, let page else { throw .invalid(problems.all) }
        let secret = draft.secret ?? PageID.generate()
        let record = ShortcutRecord.make(
            page, id: draft.id ?? PageID.generate(), mode: draft.mode, secret: .make(secret), bundleID: draft.bundleID)
        do {
            return CreatedRecord(record: try store.create(record), secret: secret)
        } catch {
            throw .store(error)
        }
    }

    /// The shortcut `id` (not a mock), or nil.
    package func shortcut(_ id: String) -> StoredPage? {
        guard PageID.isValid(id), let page = store.get(id), RecordKind(page) == .shortcut else { return nil }
        return page
    }

    /// The shortcut `id`, missing (none, or a record of another kind), or damaged.
    package func lookupShortcut(_ id: String) -> PageLookup {
        switch store.lookup(id) {
        case .found(let page): RecordKind(page) == .shortcut ? .found(page) : .missing
        case let other: other
        }
    }

    /// The shortcut `id`, or for `demo` the built-in demo (made from `template`) while the store has no
    /// shortcut of that id; `isDemo` tells which. What `/s/demo`, `/p/demo` and `profile demo` serve.
    package func shortcutOrDemo(_ id: String) -> (page: StoredPage, isDemo: Bool)? {
        if let page = shortcut(id) { return (page, false) }
        return id == ShortcutRecord.demoID ? (ShortcutRecord.makeDemo(template: template), true) : nil
    }

    /// A number that moves whenever the store's records change (`PageStore.answerStamp`): an answer built
    /// from them stands while it has not moved.
    package var changeStamp: UInt64 { store.answerStamp }

    /// Every shortcut in the store, sorted as the store lists.
    package func list() -> [PageSummary] { store.list().filter { RecordKind($0) == .shortcut } }

    /// Removes the shortcut `id` if `caller` may (`Caller.mayChange`).
    /// - Throws: `.notFound` (no such record, or a secret that does not match; an invalid id for a
    ///   client), `.otherKind` (a mock or a link the caller may change), `.invalid` (an invalid id for the
    ///   owner), `.store` (a read-only store, an I/O failure).
    package func delete(_ id: String, by caller: Caller) throws(ServiceError) {
        try RecordRemoval.remove(id, from: store, by: caller, kinds: [.shortcut], asked: .shortcut)
    }
}

/// A record just made, with the secret that allows changing it (the store keeps only a salted hash: this
/// is the one time it can be shown).
public struct CreatedRecord: Sendable {
    /// The record as stored.
    public let record: StoredPage
    /// The secret in clear.
    public let secret: String
}
