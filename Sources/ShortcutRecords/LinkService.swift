import ShortcutLinks
import ShortcutStore

/// Landing links (`/open/<id>`) in a store: made, looked up, listed and removed. The one place these happen:
/// the HTTP API (`/api/links`), the command line (`shortcut-serve links add|list|show|rm`), the embedding API,
/// the landing page and the association built from links are translations of it.
package struct LinkService: Sendable {
    /// The store the links are records of.
    let store: PageStore

    /// A service over `store`.
    package init(store: PageStore) { self.store = store }

    /// Checks `draft` and stores the link it makes.
    /// - Parameters:
    ///   - caller: `.owner` may take the demo's id; API clients (`.anonymous`) may not. No one may take
    ///     `LinkRecord.reservedID`.
    ///   - found: problems the caller's own decoding found already, answered with the service's.
    /// - Throws: `.invalid` with every problem, or `.store` (a taken id, a read-only or full store).
    package func create(
        _ draft: LinkDraft, by caller: Caller, adding found: FieldProblems = FieldProblems()
    ) throws(ServiceError) -> CreatedLink {
        var problems = found
        let link = draft.link(by: caller, problems: &problems)
        guard problems.isEmpty, let link else { throw .invalid(problems.all) }
        let secret = draft.secret ?? PageID.generate()
        do {
            let record = try store.create(LinkRecord.make(link, id: draft.id ?? PageID.generate(), secret: .make(secret)))
            return CreatedLink(stored: StoredLink(id: record.id, link: link), secret: secret)
        } catch {
            throw .store(error)
        }
    }

    /// The link `id`.
    /// - Throws: `.notFound` (no such record), `.otherKind` (a shortcut or a mock), `.invalidRecord` (a record
    ///   that no longer passes the checks).
    package func link(_ id: String) throws(ServiceError) -> StoredLink {
        guard PageID.isValid(id), let page = store.get(id) else { throw .notFound(id: id) }
        let kind = RecordKind(page)
        guard kind == .link else { throw .otherKind(id: id, is: kind, asked: .link) }
        return StoredLink(id: id, link: try LinkRecord.link(id: id, metadata: page.metadata))
    }

    /// Every link's summary (its metadata, unchecked), sorted as the store lists: for a listing of titles.
    package func summaries() -> [PageSummary] { store.list().filter { RecordKind($0) == .link } }

    /// A number that moves whenever the store's records change (`PageStore.answerStamp`): an answer built
    /// from them (the AASA of the landing links) stands while it has not moved.
    package var changeStamp: UInt64 { store.answerStamp }

    /// Every link in the store, sorted as the store lists; a record that no longer passes the checks is left
    /// out and given to `invalid` (`.invalidRecord`).

    package func list(invalid: (ServiceError) -> Void = { _ in }) -> [StoredLink] {
        store.list().filter { RecordKind($0) == .link }.compactMap { summary in
            do throws(ServiceError) {
                return StoredLink(id: summary.id, link: try LinkRecord.link(id: summary.id, metadata: summary.metadata))
            } catch {
                invalid(error)
                return nil
            }
        }
    }

    /// Removes the link `id` if `caller` may (`Caller.mayChange`).
    /// - Throws: `.notFound` (no such record, or a secret that does not match), `.otherKind` (a shortcut or
    ///   a mock the caller may change), `.invalid` (an invalid id for the owner), `.store`.
    package func delete(_ id: String, by caller: Caller) throws(ServiceError) {
        try RecordRemoval.remove(id, from: store, by: caller, kinds: [.link], asked: .link)
    }
}

/// A landing link of the store: its id and its checked fields.
public struct StoredLink: Sendable, Equatable {
    /// The record's id.
    public let id: String
    /// The link, checked.
    package let link: LandingLink

    /// `/open/<id>`, its page.
    public var path: String { LinkRecord.path(id) }
}

/// A link just made, with the secret that allows deleting it (shown this once: the store keeps a hash).
public struct CreatedLink: Sendable {
    /// The link as stored.
    public let stored: StoredLink
    /// The secret in clear.
    public let secret: String
}
