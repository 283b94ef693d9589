import ShortcutPages
import ShortcutStore

/// Who asks the service for a change: what it may do follows from that, and is decided here only.
package enum Caller: Sendable, Equatable {
    /// Whoever holds the store folder: the command line, or an app or test suite embedding the server. It
    /// may change and remove any record without its secret (it could edit the files anyway), and may
    /// take the demo's id.
    case owner
    /// A client of the HTTP API, holding at most one record's secret: a change needs that record's
    /// secret, and the demo's id is reserved (a request holding no secret must not replace where `/s` leads).
    case client(secret: String?)

    /// An API client that holds no secret (what a create is asked by).
    package static let anonymous = Caller.client(secret: nil)

    /// Whether this caller may change or remove `record`: the one secret check of both APIs and the CLI.
    package func mayChange(_ record: StoredPage) -> Bool {
        switch self {
        case .owner: true
        case .client(let secret?): record.secret?.matches(secret) == true
        case .client(nil): false
        }
    }

    /// Why this caller may not create a record with `id`, or nil. Only the owner may take the demo's id (in
    /// any case: some file systems do not tell `Demo` from `demo`).
    func reservedIDProblem(_ id: String) -> FieldProblem? {
        guard self != .owner, id.lowercased() == ShortcutRecord.demoID else { return nil }
        return FieldProblem(
            field: "id", code: "error.reserved",
            reason:
                "id '\(id)' is reserved for the demo shortcut that /s serves; replace it from the command line with shortcut-serve add --id demo"
        )
    }
}
