import ShortcutStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Mocks (stored pages played at `/v3/<id>`) in a store: made, replaced, removed, their secrets checked.
/// The one place these happen: the HTTP API (`/api/mock`, mocky's), the command line
/// (`shortcut-serve mock add|list|show|rm`) and the embedding API are translations of it.
package struct MockService: Sendable {
    /// The store the mocks are records of.
    let store: PageStore

    /// A service over `store`.
    package init(store: PageStore) { self.store = store }

    /// The kinds of record the mock API reads, lists and removes: mocky's whole store, mocks and the shortcuts'
    /// pages, but not landing links (their API and commands are `LinkService`'s; a link's record is its
    /// fields as JSON, not a page a mock call should see or change).
    package static let kinds: Set<RecordKind> = [.mock, .shortcut]

    /// Checks `draft` and stores it as a new mock.
    /// - Parameters:
    ///   - caller: `.owner` may take the demo's id; API clients (`.anonymous`) may not.
    ///   - found: problems the caller's own decoding found already, answered with the service's.
    /// - Throws: `.invalid` with every problem, or `.store` (a taken id, a read-only or full store).
    package func create(
        _ draft: MockDraft, by caller: Caller, adding found: FieldProblems = FieldProblems(), now: Date = Date()
    ) throws(ServiceError) -> CreatedRecord {
        var problems = found
        draft.check(isNew: true, by: caller, problems: &problems)
        guard problems.isEmpty else { throw .invalid(problems.all) }
        let secret = draft.secret ?? PageID.generate()
        let page = StoredPage(
            id: draft.id ?? PageID.generate(), name: draft.name, status: draft.status, contentType: draft.contentType,
            charset: draft.charset, headers: draft.headers, body: draft.body, secret: .make(secret), createdAt: now,
            expiresAt: draft.expiresAt, metadata: [RecordKind.metadataKey: RecordKind.mock.rawValue])
        do {
            return CreatedRecord(record: try store.create(page), secret: secret)
        } catch {
            throw .store(error)
        }
    }

    /// Replaces what the mock `id` plays with `draft` (its id and secret stay) if `caller` may change it.
    /// Applied to the record as it is on disk under the store's locks: a removal answered meanwhile makes
    /// this `notFound` and writes nothing, and the secret and the kind are checked again on that very
    /// version (the id may have been made again since, as a shortcut or a link: then there is no such mock).
    /// - Throws: `.notFound` (no such record, or the caller may not change it: checked before the draft, as
    ///   mocky answers 404 whatever else is wrong), `.otherKind` (a shortcut or a link), `.invalid`, or `.store`.
    package func update(
        _ id: String, with draft: MockDraft, by caller: Caller, adding found: FieldProblems = FieldProblems()
    ) throws(ServiceError) {
        try authoriseUpdate(id, by: caller)
        var problems = found
        draft.check(isNew: false, by: caller, problems: &problems)
        guard problems.isEmpty else { throw .invalid(problems.all) }
        do {
            try store.update(id) { (stored: inout StoredPage) throws(PageStoreError) in
                guard caller.mayChange(stored), RecordKind(stored) == .mock else { throw PageStoreError.notFound(stored.id) }
                stored.name = draft.name
                stored.status = draft.status
                stored.contentType = draft.contentType
                stored.charset = draft.charset
                stored.headers = draft.headers
                stored.body = draft.body
                stored.expiresAt = draft.expiresAt
            }
        } catch PageStoreError.notFound {
            throw .notFound(id: id)
        } catch {
            throw .store(error)
        }
    }

    /// Checks that `caller` may replace the mock `id`: what `update` checks first, for a caller that wants
    /// the answer before it decodes a draft (mocky answers 404 for a wrong secret whatever the body holds).
    /// - Throws: `.notFound` (no such record, or the caller may not change it) or `.otherKind`.
    package func authoriseUpdate(_ id: String, by caller: Caller) throws(ServiceError) {
        guard PageID.isValid(id), let current = store.get(id), caller.mayChange(current) else { throw .notFound(id: id) }
        let kind = RecordKind(current)
        guard kind == .mock else { throw .otherKind(id: id, is: kind, asked: .mock) }
    }

    /// Removes the record `id` (a mock, or a shortcut: mocky's DELETE removes whatever the secret opens, of
    /// `kinds`) if `caller` may.
    /// - Throws: `.notFound`, `.otherKind` (a link the caller may change), `.invalid` (an invalid id for the
    ///   owner), or `.store`.
    package func delete(_ id: String, by caller: Caller) throws(ServiceError) {
        try RecordRemoval.remove(id, from: store, by: caller, kinds: MockService.kinds, asked: .mock)
    }

    /// Whether `caller` may change the record `id`: mocky's `POST /api/mock/<id>/check`.
    /// - Throws: as `record`.
    package func mayChange(_ id: String, by caller: Caller) throws(ServiceError) -> Bool {
        caller.mayChange(try record(id))
    }

    /// The record `id` (a mock or a shortcut: `kinds`), unless it is missing or expired.
    /// - Throws: `.notFound`, `.damaged` (with the command that removes it), or `.otherKind` for a landing link.
    package func record(_ id: String) throws(ServiceError) -> StoredPage {
        switch store.lookup(id) {
        case .missing: throw .notFound(id: id)
        case .damaged(let damage): throw .damaged(damage, remedy: StoreProblems.removal(of: damage.id, in: store))
        case .found(let page):
            try MockService.checkKind(of: page)
            return page
        }
    }

    /// Throws `.otherKind` unless `page` is of `kinds`: for a caller that read the record itself (the command
    /// line, which reports a damaged one first).
    package static func checkKind(of page: StoredPage) throws(ServiceError) {
        let kind = RecordKind(page)
        guard kinds.contains(kind) else { throw .otherKind(id: page.id, is: kind, asked: .mock) }
    }

    /// The play statistics of the record `id` (`record` first: a landing link's id is another kind's).
    package func stats(_ id: String) throws(ServiceError) -> PageStats {
        let page = try record(id)
        guard let stats = store.stats(page.id) else { throw .notFound(id: id) }
        return stats
    }

    /// The stored page `id` played (`/v3/<id>`): counted, as mocky counts plays; any kind of record, as
    /// mocky plays any id. A damaged record is said as such (and told once to the store's `onProblem`).
    package func play(_ id: String) -> PageLookup { store.play(id) }

    /// The stored page `id` without counting a play (a play refused before it is answered).
    package func page(_ id: String) -> PageLookup { store.lookup(id) }

    /// Every record of `kinds` (mocks and shortcuts, as mocky's list), sorted as the store lists.
    package func list() -> [PageSummary] { store.list().filter { MockService.kinds.contains(RecordKind($0)) } }

    /// The mocks only (not shortcuts or links), sorted as the store lists.
    package func listMocks() -> [PageSummary] { store.list().filter { RecordKind($0) == .mock } }
}
