import ShortcutStore

/// The store's problems (damaged records, foreign files) as warnings that say how to clear them: a warning
/// repeated at every start and every `list` must not leave the user guessing what to do.
package enum StoreProblems {
    /// One line per problem of `store`, each ending with the command (or the step) that clears it.
    package static func warnings(in store: PageStore) -> [String] {
        store.problemsByID.map { id, problem in problem + remedy(id: id, store: store) }
    }

    /// What clears the problem of `id`'s record: `rm` removes a damaged record whatever its kind.
    package static func remedy(id: String?, store: PageStore) -> String {
        guard let id else { return "; move that file out of \(store.directory.path)/pages" }
        return "; remove it with: shortcut-serve rm \(id) --store \(store.directory.path)"
    }
}
