#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutStore

/// Mocks (stored pages played at `/v3/<id>`) in a store: made, replaced, removed, their secrets checked.
/// The one place these happen: the HTTP API (`/api/mock`, mocky's), the command line
/// (`shortcut-serve mock add|list|show|rm`) and the embedding API are translations of it.
public struct MockService: Sendable {
    /// The store the mocks are records of.
    public let store: PageStore

    /// A service over `store`.
    public init(store: PageStore) { self.store = store }

    /// The `kind` metadata of a mock's record.
    public static let kind = "mock"

    /// Checks `draft` and stores it as a new mock.
    /// - Parameters:
    ///   - caller: `.owner` may take the demo's id; API clients (`.anonymous`) may not.
    ///   - found: problems the caller's own decoding found already, answered with the service's.
    /// - Throws: `.invalid` with every problem, or `.store` (a taken id, a read-only or full store).
    public func create(
        _ draft: MockDraft, by caller: Caller, adding found: FieldProblems = FieldProblems(), now: Date = Date()
    ) throws(ServiceError) -> CreatedRecord {
        var problems = found
        draft.check(isNew: true, by: caller, problems: &problems)
        guard problems.isEmpty else { throw .invalid(problems.all) }
        let secret = draft.secret ?? PageID.generate()
        let page = StoredPage(
            id: draft.id ?? PageID.generate(), name: draft.name, status: draft.status, contentType: draft.contentType,
            charset: draft.charset, headers: draft.headers, body: draft.body, secret: .make(secret), createdAt: now,
            expiresAt: draft.expiresAt, metadata: ["kind": MockService.kind])
        do {
            return CreatedRecord(record: try store.create(page), secret: secret)
        } catch {
            throw .store(error)
        }
    }

    /// Replaces what the mock `id` plays with `draft` (its id and secret stay) if `caller` may change it.
    /// Applied to the record as it is on disk under the store's locks: a removal answered meanwhile makes
    /// this `notFound` and writes nothing, and the secret and the kind are checked again on that very
    /// version (the id may have been made again since, as a shortcut: then there is no such mock).
    /// - Throws: `.notFound` (no such record, or the caller may not change it: checked before the draft, as
    ///   mocky answers 404 whatever else is wrong), `.isAShortcut`, `.invalid`, or `.store`.
    public func update(
        _ id: String, with draft: MockDraft, by caller: Caller, adding found: FieldProblems = FieldProblems()
    ) throws(ServiceError) {
        try authoriseUpdate(id, by: caller)
        var problems = found
        draft.check(isNew: false, by: caller, problems: &problems)
        guard problems.isEmpty else { throw .invalid(problems.all) }
        do {
            try store.update(id) { (stored: inout StoredPage) throws(PageStoreError) in
                guard caller.mayChange(stored), !ShortcutRecord.isShortcut(stored) else { throw PageStoreError.notFound(stored.id) }
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
    /// - Throws: `.notFound` (no such record, or the caller may not change it) or `.isAShortcut`.
    public func authoriseUpdate(_ id: String, by caller: Caller) throws(ServiceError) {
        guard PageID.isValid(id), let current = store.get(id), caller.mayChange(current) else { throw .notFound(id: id) }
        guard !ShortcutRecord.isShortcut(current) else { throw .isAShortcut(id: id) }
    }

    /// Removes the record `id` (a mock, or a shortcut: mocky's DELETE removes whatever the secret opens) if
    /// `caller` may.
    /// - Throws: `.notFound`, `.invalid` (an invalid id for the owner), or `.store`.
    public func delete(_ id: String, by caller: Caller) throws(ServiceError) {
        try RecordRemoval.remove(id, from: store, by: caller) { _ in true }
    }

    /// Whether `caller` may change the record `id`: mocky's `POST /api/mock/<id>/check`.
    /// - Throws: `.notFound` when there is no such record.
    public func mayChange(_ id: String, by caller: Caller) throws(ServiceError) -> Bool {
        guard let record = record(id) else { throw .notFound(id: id) }
        return caller.mayChange(record)
    }

    /// The record `id` (a mock or a shortcut), unless it is missing or expired.
    public func record(_ id: String) -> StoredPage? {
        guard PageID.isValid(id) else { return nil }
        return store.get(id)
    }

    /// Every record in the store (mocks and shortcuts), sorted as the store lists.
    public func list() -> [PageSummary] { store.list() }

    /// The mocks only (not shortcuts), sorted as the store lists.
    public func listMocks() -> [PageSummary] { store.list().filter { !ShortcutRecord.isShortcut($0) } }
}
