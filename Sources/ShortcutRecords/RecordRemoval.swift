import ShortcutPages
import ShortcutStore

/// The removal every service shares: checked once before (a wrong secret or an unknown id is `notFound`
/// without touching the disk; a record the caller may change but of another kind says what it is) and again
/// on the record as it is when removed, under the store's locks (it may have been made again meanwhile, by
/// someone else, as something else).
enum RecordRemoval {
    /// Removes the record `id` if it is of one of `kinds` and `caller` may change it.
    /// - Parameter asked: the kind the caller asked for, as `.otherKind` names it.
    static func remove(
        _ id: String, from store: PageStore, by caller: Caller, kinds: Set<RecordKind>, asked: RecordKind
    ) throws(ServiceError) {
        if caller == .owner, let problem = PageID.problem(id) {
            throw .invalid([FieldProblem(field: "id", code: "error.invalid", reason: problem)])
        }
        if PageID.isValid(id), let page = store.get(id), caller.mayChange(page) {
            let kind = RecordKind(page)
            guard kinds.contains(kind) else { throw .otherKind(id: id, is: kind, asked: asked) }
        } else if caller != .owner {
            throw .notFound(id: id)
        }
        let removed: Bool
        do {
            removed = try store.remove(id) { kinds.contains(RecordKind($0)) && caller.mayChange($0) }
        } catch {
            throw .store(error)
        }
        guard removed else { throw .notFound(id: id) }
    }
}
