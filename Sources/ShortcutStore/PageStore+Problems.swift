import Dispatch

extension PageStore {
    /// One line per file skipped as damaged or unreadable (`<path>: <what is wrong>`), sorted by path.
    ///
    /// Records are read lazily, so this first reads every record not read yet (like `list()`).
    package var problems: [String] {
        verifyUnread()
        lock.lock()
        defer { lock.unlock() }
        return problemsByPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `problems`, each with the file it is about: so a message can name the command that clears it.
    package var problemList: [StoreProblem] {
        verifyUnread()
        return withLock { problemsByPath.sorted { $0.key < $1.key }.map { StoreProblem(file: file(at: $0.key), line: $0.value) } }
    }

    /// The problems known now, without reading the records not read yet (`problemList` reads them): what a
    /// server lists while it runs, at the cost of a sort.
    package var knownProblems: [StoreProblem] {
        withLock { problemsByPath.sorted { $0.key < $1.key }.map { StoreProblem(file: file(at: $0.key), line: $0.value) } }
    }

    /// Notes a problem with the file at `path` (replacing an older note for it).
    func report(_ error: PageStoreError, path: String) {
        withLock { setProblem(error.description, for: path) }
    }

    /// Sets or clears (nil) the problem noted for the file at `path`; the caller holds `lock`. A problem
    /// newly noted, or changed, is told to the `onProblem` observer once: not again while it stays.
    func setProblem(_ problem: String?, for path: String) {
        guard problemsByPath[path] != problem else { return }
        problemsByPath[path] = problem
        if problem == nil, case .record(let id) = file(at: path) { damageReasons[id] = nil }
        guard let problem, let observer = problemObserver else { return }
        let found = StoreProblem(file: file(at: path), line: problem)
        problemNotices.async { observer(found) }
    }

    /// What the file at `path` is to the store.
    func file(at path: String) -> StoreProblem.File {
        if path.hasPrefix(pagesPath + "/"), let id = Self.id(fromRecordFileName: String(path.dropFirst(pagesPath.count + 1))) {
            return .record(id: id)
        }
        if path.hasPrefix(statsPath + "/"), let id = StatsFile.id(fromFileName: String(path.dropFirst(statsPath.count + 1))) {
            return .stats(id: id)
        }
        if path.hasPrefix(pagesPath + "/") && !path.dropFirst(pagesPath.count + 1).contains("/") { return .foreign }
        return .other
    }

    /// Calls `observer` with each problem found from now on (a record found damaged when it is read, a
    /// stats file that cannot be read or written, a failed write to the store's folders), once per file
    /// and problem, on a queue of the store's, in the order found; with the id of the record it is about,
    /// when there is one. Problems found before the call are in `problems`.
    package func onProblem(_ observer: @escaping @Sendable (StoreProblem) -> Void) {
        withLock { problemObserver = observer }
    }
}
