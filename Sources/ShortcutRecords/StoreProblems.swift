import ShortcutStore

/// The store's problems (damaged records, foreign files) as warnings that say how to clear them: a warning
/// repeated at every start and every `list` must not leave the user guessing what to do.
package enum StoreProblems {
    /// One line per problem of `store`, each ending with the command (or the step) that clears it.
    package static func warnings(in store: PageStore) -> [String] {
        store.problemList.map { warning($0, store: store) }
    }

    /// `problem`'s line with what clears it.
    package static func warning(_ problem: StoreProblem, store: PageStore) -> String {
        problem.line + remedy(problem.file, store: store)
    }

    /// The command that removes the damaged record `id`.
    package static func removal(of id: String, in store: PageStore) -> String {
        "shortcut-serve rm \(id) --store \(store.directory.path)"
    }

    /// What clears a problem of `file`: `rm` removes a damaged record whatever its kind; a stats file's
    /// line says itself; another file in `pages/` is moved out.
    package static func remedy(_ file: StoreProblem.File, store: PageStore) -> String {
        switch file {
        case .record(let id): "; remove it with: " + removal(of: id, in: store)
        case .foreign: "; move that file out of \(store.directory.path)/pages"
        case .stats, .other: ""
        }
    }
}
