import Dispatch
import HTTPVocabulary
import ShortcutJSON
import ShortcutPlatform
import ShortcutStore
import ShortcutStubs
import ShortcutUpstream

/// Stubs at the app's own paths (WireMock 3's mappings): held in memory, loaded from a WireMock root folder
/// (`--stubs DIR`: `mappings/*.json` and `__files/`), added, replaced and removed through the admin API and
/// the embedding API, and matched against requests. The one place these happen.
///
/// Thread safety: `index` is guarded by `lock`, held only to read or replace it (a copy of the index is one
/// retain: `StubIndex` is a value with copy-on-write storage), so a request is matched outside the lock
/// against the index as it was when it arrived, and no admin call waits for a match's regex.
package final class StubService: @unchecked Sendable {
    /// The folder stubs were loaded from (`mappings/`, `__files/`), if any.
    package let folder: String?
    /// Templating for every stub, not only those that list `response-template` (`--global-response-templating`).
    package let templatesEverything: Bool
    let lock = Lock()
    /// Guarded by `lock`; every change also says in `active` whether any stub exists.
    var index = StubIndex() {
        didSet { active.store(index.count > 0 ? 1 : 0) }
    }
    /// 1 while any stub exists: what the server reads, without a lock, before it asks the stubs at all
    /// (`HTTPServer.beforeRoutesGate`), so that with none a request never leaves the core's responder.
    package let active = AtomicWord(0)
    /// The compiled templates of the stubs that are templated, by lowercase id. Guarded by `lock`.
    var templates: [String: StubTemplates] = [:]
    /// Problems met by the last reading of the folder: one line each (`<file>: <path>: <reason>`).
    package var loadProblems: [String] { lock.withLock { folderProblems } }
    private var folderProblems: [String] = []  // guarded by lock
    /// The ids of the stubs that came from the folder (a change of its files replaces them, and only them).
    /// Guarded by `lock`.
    var folderIDs: Set<String> = []
    /// How many mapping files the last reading of the folder found. Guarded by `lock`.
    private var folderFileCount = 0
    /// What the folder's mapping files looked like when last read (name, inode, size, modification time).
    /// Confined to `watchQueue` after `init`.
    var folderStamp: [String] = []
    /// Where the folder is looked at for changes (`watchFolder`).
    let watchQueue = DispatchQueue(label: "shortcut-serve.stubs.watch")
    /// Set once by `watchFolder` (the app's start, one thread), read by `deinit`.
    private var watchTimer: DispatchSourceTimer?

    /// The largest `__files/` body read, in bytes.
    package static let maxBodyFileBytes = 16 << 20
    /// The largest mapping file read, in bytes.
    package static let maxMappingFileBytes = 32 << 20

    /// Where stubs made with `"persistent": true` are kept (durably, as records of kind `stub`); nil: nowhere.
    private let store: PageStore?

    /// A service with no stubs, or the stubs of the WireMock root folder `folder`, and (with a store) the
    /// persistent stubs kept there.
    package init(folder: String? = nil, templatesEverything: Bool = false, store: PageStore? = nil) {
        self.folder = folder
        self.templatesEverything = templatesEverything
        self.store = store
        proxy = StubProxy(client: UpstreamClient(refusing: ownEndpoints))
        if folder != nil {
            folderStamp = stamp()
            reloadFolder()
        }
        reloadPersisted()
    }

    deinit { watchTimer?.cancel() }

    /// How often the folder is looked at for changed mapping files.
    package static let watchInterval: DispatchTimeInterval = .milliseconds(500)

    /// Looks at the folder's `mappings/` every `watchInterval` and, when a file was added, changed or removed,
    /// reads the folder's stubs again (those added through the API stay); `note` gets one line per reading
    /// (files, mappings served, refused), `report` one per mapping or file skipped (its path, place and, for
    /// JSON, its line), once per change. Call once.
    package func watchFolder(
        report: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        guard folder != nil, watchTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: watchQueue)
        timer.setEventHandler { [weak self] in self?.checkFolder(report: report, note: note) }
        timer.schedule(deadline: .now() + Self.watchInterval, repeating: Self.watchInterval, leeway: .milliseconds(100))
        timer.resume()
        watchTimer = timer
    }

    /// Reads the folder again now if its files changed since the last look (what the timer does; for tests);
    /// returns the lines it said: the reading's note, then each skipped mapping or file.
    @discardableResult
    package func checkFolderNow() -> [String] {
        watchQueue.sync {
            var lines: [String] = []
            checkFolder(report: { lines.append($0) }, note: { lines.append($0) })
            return lines
        }
    }

    /// Reads the folder again if its files changed since the last look. On `watchQueue`.
    private func checkFolder(report: (String) -> Void, note: (String) -> Void) {
        dispatchPrecondition(condition: .onQueue(watchQueue))
        let now = stamp()
        guard now != folderStamp else { return }
        folderStamp = now
        let problems = reloadFolder()
        let (files, served) = lock.withLock { (folderFileCount, folderIDs.count) }
        note(
            "stubs: read \(folder ?? "")/mappings again: \(files) \(files == 1 ? "file" : "files"), \(served) "
                + "\(served == 1 ? "mapping" : "mappings") served, \(problems.count) refused")
        // Each line says what it skipped and how much of its file is served; the files it does not name are served.
        for problem in problems { report("stubs: \(problem)") }
    }

    /// The mapping files' names, inodes, sizes and modification times, sorted: equal while nothing changed.
    func stamp() -> [String] {
        guard let folder else { return [] }
        let mappings = folder + "/mappings"
        var names: [String] = []
        do {
            try Platform.scanDirectory(mappings) { name, _ in names.append(String(decoding: name, as: UTF8.self)) }
        } catch {
            return ["unreadable"]
        }
        return names.sorted().map { name in
            do {
                let status = try Platform.status(ofPath: mappings + "/" + name)
                return "\(name) \(status.inode) \(status.size) \(status.modifiedNanoseconds)"
            } catch {
                return name
            }
        }
    }

    /// Every stub, in the order they are tried (lower priority number first, then newest).
    package var all: [StubMapping] { lock.withLock { index }.all }

    /// How many stubs there are.
    package var count: Int { lock.withLock { index.count } }

    /// The stub `id` (any case), or nil.
    package func mapping(id: String) -> StubMapping? { lock.withLock { index }.mapping(id: id) }

    /// Checks and adds the mapping `json` (a new id when it has none).
    /// - Throws: `StubServiceError.invalid` naming the field, `.conflict` for a taken id, `.full`.
    @discardableResult
    package func add(_ json: JSONValue) throws(StubServiceError) -> StubMapping {
        let mapping = try Self.parse(json)
        let added = try add(mapping)
        if mapping.persistent == true { try persist(added) }
        return added
    }

    /// Adds a mapping already read.
    @discardableResult
    func add(_ mapping: StubMapping) throws(StubServiceError) -> StubMapping {
        let compiled = try compile(mapping)
        lock.lock()
        defer { lock.unlock() }
        let added: StubMapping
        do throws(StubIndexError) {
            added = try index.add(mapping)
        } catch {
            throw StubServiceError(error)
        }
        templates[added.id] = compiled
        return added
    }

    /// Replaces the stub `id` with `json` (its id becomes `id`). Throws `.notFound` when there is none.
    @discardableResult
    package func replace(id: String, with json: JSONValue) throws(StubServiceError) -> StubMapping {
        var members: [(String, JSONValue)] = []
        if case .object(let given) = json { members = given.filter { $0.0 != "id" && $0.0 != "uuid" } }
        let mapping = try Self.parse(.object([("id", .string(id))] + members))
        let compiled = try compile(mapping)
        let replaced = try swap(mapping, compiled: compiled)
        if replaced.persistent == true { try persist(replaced) } else { try forget(replaced.id) }
        return replaced
    }

    /// Puts `mapping` in place of the stub of its id, under `lock`.
    private func swap(_ mapping: StubMapping, compiled: StubTemplates?) throws(StubServiceError) -> StubMapping {
        lock.lock()
        defer { lock.unlock() }
        guard index.mapping(id: mapping.id) != nil else { throw .notFound(mapping.id) }
        let replaced: StubMapping
        do throws(StubIndexError) {
            replaced = try index.replace(mapping)
        } catch {
            throw StubServiceError(error)
        }
        templates[replaced.id] = compiled
        return replaced
    }

    /// Removes the stub `id`; throws `.notFound` when there is none.
    package func remove(id: String) throws(StubServiceError) {
        guard let removed = lock.withLock({ index.mapping(id: id) }) else { throw .notFound(id) }
        try remove([removed])
    }

    /// Removes the stubs whose `metadata` (as JSON text) `pattern` matches; returns how many.
    @discardableResult
    package func removeAll(whereMetadata pattern: StringValuePattern) throws(StubServiceError) -> Int {
        let doomed = lock.withLock { index }.all.filter { mapping in mapping.metadata.map { pattern.matches($0.description) } ?? false }
        try remove(doomed)
        return doomed.count
    }

    /// Removes every stub, persistent ones too (their records go).
    package func removeAll() throws(StubServiceError) {
        try remove(lock.withLock { index }.all)
    }

    /// The one way stubs leave: out of the index (and their templates), then a persistent one's record out of
    /// the store, whatever route removed it, so that neither a reset nor a restart brings it back. Records
    /// are removed after the index changes (a store write waits for its lock and fsyncs); the first that
    /// cannot be removed is thrown after the others were tried.
    private func remove(_ doomed: [StubMapping]) throws(StubServiceError) {
        lock.withLock {
            for mapping in doomed {
                _ = index.remove(id: mapping.id)
                templates[mapping.id] = nil
            }
        }
        var failure: StubServiceError?
        for mapping in doomed {
            do throws(StubServiceError) {
                try forget(mapping.id)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// Keeps `mapping` as a record of kind `stub` (durably, as every record), replacing an older one.
    func persist(_ mapping: StubMapping) throws(StubServiceError) {
        guard let store else { return }
        let page = StoredPage(
            id: mapping.id, name: mapping.name ?? "", contentType: "application/json", body: Array(mapping.jsonValue.description.utf8),
            metadata: [RecordKind.metadataKey: RecordKind.stub.rawValue])
        do {
            try store.put(page)
        } catch {
            throw .store("the persistent stub could not be kept: \(error)")
        }
    }

    /// Removes the record of the persistent stub `id`, if there is one.
    func forget(_ id: String) throws(StubServiceError) {
        guard let store, store.get(id).map({ RecordKind($0) == .stub }) == true else { return }
        do {
            _ = try store.remove(id) { RecordKind($0) == .stub }
        } catch {
            throw .store("the persistent stub's record could not be removed: \(error)")
        }
    }

    /// Adds the persistent stubs the store keeps (at start and at a reset); a record that no longer reads as
    /// a mapping is reported, not served.
    private func reloadPersisted() {
        guard let store, store.count > 0 else { return }
        var problems: [String] = []
        for summary in store.list() where RecordKind(summary) == .stub {
            guard let page = store.get(summary.id) else { continue }
            do {
                let json = try JSONParser.parse(page.body)
                let mapping = try Self.parse(json)
                if lock.withLock({ index.mapping(id: mapping.id) }) == nil { try add(mapping) }
            } catch {
                problems.append("persistent stub \(summary.id) in the store: \(error)")
            }
        }
        if !problems.isEmpty { lock.withLock { folderProblems += problems } }
    }

    /// WireMock's reset: every stub removed, then the folder's loaded again (none without a folder). Returns
    /// the problems met loading it.
    @discardableResult
    package func reset() -> [String] {
        resetScenarios()
        recorder.clear()
        // A running recording keeps its proxy stub.
        let recordingProxy = recorder.recordingProxyID.flatMap { mapping(id: $0) }
        defer { if let recordingProxy { _ = try? add(recordingProxy) } }
        // Persistent stubs are kept: WireMock's reset restores what its backing store holds.
        lock.withLock {
            index.removeAll()
            templates.removeAll()
            folderIDs = []
        }
        reloadFolder()
        reloadPersisted()
        return loadProblems  // the folder's problems, then the persistent stubs' (reloadPersisted adds them)
    }

    /// The stub that answers `request`, with what its templates need; nil when none matches.
    ///
    /// With scenarios (a stub with `scenarioName`), the match and the state change it makes happen under
    /// `scenarioLock`, so two concurrent requests never both see a state the first one moves on (issue 41);
    /// without any, nothing but the index's copy is taken.
    package func match(_ request: StubRequest) -> StubMatch? {
        let (snapshot, compiled) = lock.withLock { (index, templates) }
        guard snapshot.count > 0 else { return nil }
        guard snapshot.hasScenarios else {
            guard let (mapping, report) = snapshot.bestMatch(for: request) else { return nil }
            return StubMatch(mapping: mapping, report: report, templates: compiled[mapping.id])
        }
        scenarioLock.lock()
        defer { scenarioLock.unlock() }
        let found = snapshot.bestMatch(for: request) { [scenarioStates] mapping in
            guard let name = mapping.scenarioName, let required = mapping.requiredScenarioState else { return true }
            return (scenarioStates[name] ?? Self.startedState) == required
        }
        guard let (mapping, report) = found else { return nil }
        afterScenarioMatch?()
        if let name = mapping.scenarioName, let next = mapping.newScenarioState { scenarioStates[name] = next }
        return StubMatch(mapping: mapping, report: report, templates: compiled[mapping.id])
    }

    /// WireMock's recorder: the proxied exchanges kept for a recording or a snapshot.
    package let recorder = StubRecorder()
    /// The listeners of the server these stubs answer on (`ShortcutApp` adds them as they start): a proxy
    /// stub or a recording never forwards to them.
    package let ownEndpoints = OwnEndpoints()
    /// Forwards what proxy stubs match (`proxyBaseUrl`), never to `ownEndpoints`.
    package let proxy: StubProxy

    /// WireMock's global settings (a delay for every stub answer). Guarded by `lock`; not undone by `reset`,
    /// as in WireMock.
    private var globalSettings = GlobalSettings.none

    /// The global settings now.
    package var settings: GlobalSettings { lock.withLock { globalSettings } }

    /// Puts `settings` in place of the global settings.
    package func updateSettings(_ settings: GlobalSettings) { lock.withLock { globalSettings = settings } }

    /// Every scenario's state starts here (WireMock's name).
    package static let startedState = "Started"

    /// Guards `scenarioStates`; held across a scenario stub's match and its state change.
    let scenarioLock = Lock()
    /// Called between a scenario stub's match and its state change (for a test of their atomicity); set
    /// before requests arrive.
    nonisolated(unsafe) var afterScenarioMatch: (() -> Void)?
    /// Each scenario's state, where it moved from `Started`. Guarded by `scenarioLock`.
    private var scenarioStates: [String: String] = [:]

    /// A scenario: its name, its state now, and every state its stubs name.
    package struct Scenario: Sendable, Equatable {
        package let name: String
        package let state: String
        package let possibleStates: [String]
    }

    /// The scenarios the stubs name, by name.
    package var scenarios: [Scenario] {
        let all = lock.withLock { index }.all
        var states: [String: [String]] = [:]
        for mapping in all {
            guard let name = mapping.scenarioName else { continue }
            var list = states[name] ?? [Self.startedState]
            for state in [mapping.requiredScenarioState, mapping.newScenarioState].compactMap({ $0 }) where !list.contains(state) {
                list.append(state)
            }
            states[name] = list
        }
        let now = scenarioLock.withLock { scenarioStates }
        return states.keys.sorted().map { Scenario(name: $0, state: now[$0] ?? Self.startedState, possibleStates: states[$0] ?? []) }
    }

    /// Every scenario back to `Started`.
    package func resetScenarios() { scenarioLock.withLock { scenarioStates.removeAll() } }

    /// Sets the scenario `name` to `state` (nil: `Started`).
    /// - Throws: `.notFound` when no stub names the scenario, `.invalid` when none of its stubs names the state.
    package func setScenario(_ name: String, to state: String?) throws(StubServiceError) {
        guard let scenario = scenarios.first(where: { $0.name == name }) else { throw .notFound("scenario \(name)") }
        let target = state ?? Self.startedState
        guard scenario.possibleStates.contains(target) else {
            throw .invalid(
                MappingError(
                    path: "state",
                    reason: "scenario \(name) has no state \(target) (its stubs name \(scenario.possibleStates.joined(separator: ", ")))"))
        }
        scenarioLock.withLock { scenarioStates[name] = target }
    }

    /// The stubs nearest to `request` (for a 404 no stub matched).
    package func nearMisses(for request: StubRequest) -> NearMissReport {
        let snapshot = lock.withLock { index }
        guard snapshot.hasScenarios else { return snapshot.nearMisses(for: request) }
        let states = scenarioLock.withLock { scenarioStates }
        return snapshot.nearMisses(for: request) { states[$0] ?? Self.startedState }
    }

    /// For each stub, the paths of `builtIns` its URL matcher takes (so it answers them instead of the built-in
    /// route: allowed, and said at start and in the listing).
    package func shadowedPaths(of builtIns: [String]) -> [(id: String, paths: [String])] {
        lock.withLock { index }.all.compactMap { mapping in
            let paths = mapping.takesURLs(of: builtIns)
            return paths.isEmpty ? nil : (mapping.id, paths)
        }
    }

    /// Whether no stub exists (one atomic load).
    package var isEmpty: Bool { active.load() == 0 }

    /// The bytes of `__files/<name>` (the mapping's `bodyFileName`), or why there are none. The name was
    /// checked when the mapping was read (relative, no `..`); the file is also refused when it is not a
    /// regular file (a FIFO, socket or device), is a symbolic link that leads out of `__files/`, or is over
    /// `maxBodyFileBytes`.
    package func bodyFile(_ name: String) -> Result<[UInt8], StubServiceError> {
        guard let folder else { return .failure(.bodyFile(name, "no --stubs folder holds __files/")) }
        guard !name.split(separator: "/").contains(".."), !name.hasPrefix("/") else {
            return .failure(.bodyFile(name, "a body file's name stays inside __files/"))
        }
        // Opened beneath the stubs folder, `__files` itself included (a repository may make it a link to /): a
        // link planted there cannot lead out, nor a FIFO hold a thread.
        switch FileWords.readRegularFile("__files/" + name, beneath: folder, limit: Self.maxBodyFileBytes) {
        case .success(let bytes) where bytes.count > Self.maxBodyFileBytes:
            return .failure(.bodyFile(name, "it is over \(Self.maxBodyFileBytes) bytes"))
        case .success(let bytes): return .success(bytes)
        case .failure(let failure): return .failure(.bodyFile(name, failure.reason))
        }
    }

    /// The names of the mapping files (`*.json`, not hidden: a durable write's temp file is) in `folder`, sorted.
    package static func mappingFiles(in folder: String) -> Result<[String], FileWords.ReadFailure> {
        var names: [String] = []
        do {
            try Platform.scanDirectory(folder) { name, _ in
                let text = String(decoding: name, as: UTF8.self)
                if text.hasSuffix(".json") && !text.hasPrefix(".") { names.append(text) }
            }
        } catch {
            return .failure(FileWords.ReadFailure(reason: FileWords.readProblem(folder)))
        }
        return .success(names.sorted())
    }

    /// Reads `folder/mappings/*.json` into the index, in place of the stubs it gave before, and returns one line
    /// per problem, each saying what it skipped. A file that cannot be read or checked is skipped (its path and
    /// reason, a JSON error's line and column) and the others still load; in a `{"mappings": [...]}` file a
    /// mapping refused when read or when added is skipped alone (the file, its place, the JSON pointer of the
    /// field at fault, and how many of the file's mappings are served) and its siblings load.
    @discardableResult
    private func reloadFolder() -> [String] {
        guard let folder else { return [] }
        lock.withLock {
            for id in folderIDs {
                _ = index.remove(id: id)
                templates[id] = nil
            }
            folderIDs = []
        }
        let mappingsFolder = folder + "/mappings"
        var problems: [String] = []
        let names: [String]
        switch Self.mappingFiles(in: mappingsFolder) {
        case .success(let found): names = found
        case .failure(let failure):
            let problem = ["\(mappingsFolder): \(failure.reason)"]
            lock.withLock { folderProblems = problem }
            return problem
        }
        for name in names {
            let path = mappingsFolder + "/" + name
            let bytes: [UInt8]
            // Opened beneath the stubs folder, as a body file: a FIFO named *.json is a warning, never a wait.
            switch FileWords.readRegularFile("mappings/" + name, beneath: folder, limit: Self.maxMappingFileBytes) {
            case .success(let read) where read.count > Self.maxMappingFileBytes:
                problems.append("\(path): the file is over \(Self.maxMappingFileBytes) bytes (the file is skipped)")
                continue
            case .success(let read): bytes = read
            case .failure(let failure):
                problems.append("\(path): \(failure.reason) (the file is skipped)")
                continue
            }
            let contents: StubMappingFile.Contents
            do {
                contents = try StubMappingFile.read(bytes, path: path)
            } catch {
                problems.append("\(error) (the file is skipped)")
                continue
            }
            // Mapping by mapping: one refused (when read or when added) is skipped, and its siblings load.
            var refusals = contents.refusals
            var served = 0
            for entry in contents.entries {
                do throws(StubServiceError) {
                    let added = try add(entry.mapping)
                    lock.withLock { _ = folderIDs.insert(added.id) }
                    served += 1
                } catch {
                    guard let index = entry.index else {
                        problems.append("\(path): \(error) (the file is skipped)")
                        continue
                    }
                    let place = "mappings[\(index)]"
                    let refused: MappingError =
                        switch error.within(place) {
                        case .invalid(let invalid): invalid
                        case let other: MappingError(path: place, reason: other.description)
                        }
                    refusals.append(StubMappingFile.Refusal(file: path, index: index, count: contents.count, error: refused))
                }
            }
            let servedWords = "\(served) of the file's \(contents.count) mappings \(served == 1 ? "is" : "are") served"
            problems += refusals.sorted { $0.index < $1.index }.map { "\($0) (\(servedWords))" }
        }
        lock.withLock {
            folderProblems = problems
            folderFileCount = names.count
        }
        return problems
    }

    static func parse(_ json: JSONValue) throws(StubServiceError) -> StubMapping {
        do {
            return try StubMapping.parse(json)
        } catch {
            throw .invalid(error)
        }
    }

    /// Writes every stub the folder does not hold yet into `mappings/<id>.json` (durably, one file each), as
    /// WireMock's `POST /__admin/mappings/save`: from then on they are the folder's. Returns how many.
    /// - Throws: `.store` without a `--stubs` folder, or when a file cannot be written.
    @discardableResult
    package func saveToFolder() throws(StubServiceError) -> Int {
        guard let folder else { throw .store("there is no --stubs folder to save the stubs into") }
        let mappingsFolder = folder + "/mappings"
        let unsaved = lock.withLock { index.all.filter { !folderIDs.contains($0.id) } }
        for mapping in unsaved {
            do throws(PageStoreError) {
                try DurableFolderFile.write(Array(mapping.jsonValue.description.utf8), named: mapping.id + ".json", in: mappingsFolder)
            } catch {
                throw .store("cannot save stub \(mapping.id) into \(mappingsFolder): \(error)")
            }
            lock.withLock { _ = folderIDs.insert(mapping.id) }
        }
        // The watcher would read them again as changed files: its stamp is taken now.
        watchQueue.sync { folderStamp = stamp() }
        return unsaved.count
    }

    /// The mapping's templates, compiled once; nil when it is not templated.
    func compile(_ mapping: StubMapping) throws(StubServiceError) -> StubTemplates? {
        guard templatesEverything || mapping.response.isTemplated else { return nil }
        do {
            return try StubTemplates(mapping.response)
        } catch {
            throw .invalid(MappingError(path: "response", reason: error.description))
        }
    }
}
