import ShortcutPages
import ShortcutStore

/// Why the service refused or failed: the one set of outcomes the HTTP API answers with a status and the
/// command line with an `error:` line.
public enum ServiceError: Error, CustomStringConvertible {
    /// The input was refused; every problem found, at most one per field, in the order found.
    case invalid([FieldProblem])
    /// No record of the kind asked for has `id`, or the caller may not change it: the two are not told
    /// apart (as mocky: a wrong secret learns nothing).
    case notFound(id: String)
    /// The record `id` is of another kind than the one asked for (`RecordKind`): a mock change asked of a
    /// shortcut (its page is the one its template made, served at `/p/<id>` outside the sandbox of `/v3/`, so it
    /// must not become whatever a mock holds), or of a landing link, or a link asked of a shortcut.
    case otherKind(id: String, is: RecordKind, asked: RecordKind)
    /// The record `id` is of the kind asked for but no longer passes that kind's checks (edited by hand, or
    /// written by another version): reported, never served.
    case invalidRecord(id: String, kind: RecordKind, reason: String)
    /// The record `id` cannot be read: its file is damaged or unreadable. `remedy` is the command that
    /// removes it.
    case damaged(RecordDamage, remedy: String)
    /// The store refused (a taken id, a read-only or full store, a record over its limit) or failed; a
    /// `PageStoreError` as a rule.
    case store(any Error)

    /// One line for a log or the command line's `error:` message.
    public var description: String {
        switch self {
        case .invalid(let problems): problems.map(\.reason).joined(separator: "; ")
        case .notFound(let id): "no record '\(id)'"
        case .otherKind(let id, .shortcut, .mock):
            "'\(id)' is a shortcut, which /api/mock does not change; delete it and make it again with POST /api/shortcuts"
        case .otherKind(let id, let kind, let asked): "'\(id)' is \(kind.noun), not \(asked.noun) (see \(kind.showCommand) \(id))"
        case .invalidRecord(let id, let kind, let reason): "\(kind.rawValue) '\(id)' in the store is invalid: \(reason)"
        case .damaged(let damage, let remedy): "record '\(damage.id)' is damaged: \(damage.problem); remove it with: \(remedy)"
        case .store(let error): "\(error)"
        }
    }
}

/// Problems found so far, at most one per field (the first found stands: a field that is missing or of the
/// wrong type is not also reported as too short).
package struct FieldProblems: Sendable {
    /// The problems, in the order found.
    package private(set) var all: [FieldProblem] = []

    /// None yet.
    package init() {}

    /// Whether there are none.
    package var isEmpty: Bool { all.isEmpty }

    /// Adds a problem unless its field has one already.
    package mutating func add(_ problem: FieldProblem) {
        guard !all.contains(where: { $0.field == problem.field }) else { return }
        all.append(problem)
    }

    /// Adds a problem unless its field has one already.
    package mutating func add(_ field: String, _ code: String, _ reason: String) {
        add(FieldProblem(field: field, code: code, reason: reason))
    }

    /// What every new record is checked for, whatever its kind: the id rule (`PageID`), then the id's
    /// reservation (`reserved`, a problem or nil), and the secret's size.
    mutating func checkNewRecord(id: String?, secret: String?, reserved: (String) -> FieldProblem?) {
        if let id {
            if let problem = PageID.problem(id) {
                add("id", "error.invalid", problem)
            } else if let problem = reserved(id) {
                add(problem)
            }
        }
        if let secret { checkBytes(secret, field: "secret", limit: ShortcutDraft.maxSecretBytes) }
    }

    /// `value` of `field` at most `limit` UTF-8 bytes (what it costs in memory and on disk; a limit in
    /// characters would let one character of a million combining marks through).
    package mutating func checkBytes(_ value: String, field: String, limit: Int) {
        let bytes = value.utf8.count
        if bytes > limit { add(field, "error.maxLength", "\(field) is \(bytes) bytes; the limit is \(limit)") }
    }
}
