/// What the store found for an id: a page, nothing, or a record it cannot serve and says why.
package enum PageLookup: Sendable, Equatable {
    /// The page, valid and not expired.
    case found(StoredPage)
    /// No record of that id (or an invalid id, or an expired record: expired ones are removed).
    case missing
    /// A record file the store cannot serve: cut short, edited by hand, not a regular file, too large or
    /// unreadable. Reported in `PageStore.problems` until it is replaced or removed.
    case damaged(RecordDamage)

    /// The page, when there is one.
    package var page: StoredPage? {
        if case .found(let page) = self { return page }
        return nil
    }
}

/// A record file found damaged, and what is wrong with it.
public struct RecordDamage: Sendable, Equatable, CustomStringConvertible {
    /// The record's id.
    public let id: String
    /// The store's line for the file: its path and what is wrong (`PageStore.problems`).
    public let problem: String
    /// What is wrong, without the file's path (for a client on the network).
    package let reason: String
    /// Whether this process served a good version of the record before it was found damaged: the damage
    /// happened while it ran (a server answers that with 500, an id it never knew as good with 404).
    package let servedBefore: Bool

    /// The record's id, what is wrong (with and without the path), and whether it was served before.
    package init(id: String, problem: String, reason: String, servedBefore: Bool) {
        self.id = id
        self.problem = problem
        self.reason = reason
        self.servedBefore = servedBefore
    }

    /// `problem`.
    public var description: String { problem }
}
