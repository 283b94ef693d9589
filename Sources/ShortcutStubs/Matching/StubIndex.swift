/// The stubs a server holds, found for a request without scanning them all: stubs with an exact path
/// (`url` without its query, `urlPath`) sit in a dictionary by path, `urlPathTemplate` stubs by segment count
/// and first segment, and only regex and any-URL stubs in a list every request scans. Candidates are
/// tried in serving order — lower priority number first, then the newest — so the first match wins.
package struct StubIndex: Sendable {
    /// A lookup's answer and how many stub patterns it tried.
    package struct Lookup: Sendable {
        /// The stub that answers, and its (complete) report.
        package var match: (mapping: StubMapping, report: MatchReport)?
        /// Request patterns evaluated: small when paths are distinct.
        package var examined: Int
    }

    /// The default bound on stubs held.
    package static let defaultMaxMappings = 50_000

    /// The most stubs this index holds.
    package let maxMappings: Int
    private var mappings: [String: StubMapping] = [:]
    private var placements: [String: Placement] = [:]
    private var exactPaths: [String: RankedIDs] = [:]
    private var templates: [TemplateKey: RankedIDs] = [:]
    private var scanned = RankedIDs()
    private var nextInsertionIndex: UInt64 = 1
    /// How many stubs name a scenario.
    private var scenarioStubs = 0

    /// An empty index.
    package init(maxMappings: Int = StubIndex.defaultMaxMappings) { self.maxMappings = maxMappings }

    /// How many stubs it holds.
    package var count: Int { mappings.count }

    /// Whether any stub belongs to a scenario (then a match also checks and moves the scenario's state).
    package var hasScenarios: Bool { scenarioStubs > 0 }

    /// Every stub in serving order (lower priority number first, then newest), which is also the order of
    /// WireMock's `GET /__admin/mappings`.
    package var all: [StubMapping] { mappings.values.sorted { $0.ranksBefore($1) } }

    /// The stub with `id` (any case).
    package func mapping(id: String) -> StubMapping? { mappings[ASCIILowercase.of(id)] }

    /// Adds `mapping` as the newest stub and returns it with its `insertionIndex`.
    @discardableResult
    package mutating func add(_ mapping: StubMapping) throws(StubIndexError) -> StubMapping {
        guard mappings[mapping.id] == nil else { throw .duplicateID(mapping.id) }
        guard mappings.count < maxMappings else { throw .full(limit: maxMappings) }
        var stored = mapping
        stored.insertionIndex = nextInsertionIndex
        nextInsertionIndex += 1
        insert(stored)
        return stored
    }

    /// Replaces the stub with `mapping.id`, keeping its place among equal priorities (WireMock's edit keeps the
    /// insertion index), and returns the stored stub.
    @discardableResult
    package mutating func replace(_ mapping: StubMapping) throws(StubIndexError) -> StubMapping {
        guard let existing = remove(id: mapping.id) else { throw .notFound(mapping.id) }
        var stored = mapping
        stored.insertionIndex = existing.insertionIndex
        insert(stored)
        return stored
    }

    /// Removes and returns the stub with `id` (any case).
    @discardableResult
    package mutating func remove(id: String) -> StubMapping? {
        let key = ASCIILowercase.of(id)
        guard let mapping = mappings.removeValue(forKey: key), let placement = placements.removeValue(forKey: key) else { return nil }
        if mapping.scenarioName != nil { scenarioStubs -= 1 }
        switch placement {
        case .exact(let path):
            exactPaths[path]?.remove(id: key)
            if exactPaths[path]?.isEmpty == true { exactPaths[path] = nil }
        case .template(let templateKey):
            templates[templateKey]?.remove(id: key)
            if templates[templateKey]?.isEmpty == true { templates[templateKey] = nil }
        case .scanned:
            scanned.remove(id: key)
        }
        return mapping
    }

    /// Removes every stub.
    package mutating func removeAll() {
        self = StubIndex(maxMappings: maxMappings)
    }

    /// The stub that answers `request`, if any: the first in serving order whose pattern matches and that
    /// `eligible` accepts (scenario state is decided there).
    package func bestMatch(for request: StubRequest, where eligible: (StubMapping) -> Bool = { _ in true })
        -> (mapping: StubMapping, report: MatchReport)?
    {
        lookup(request, where: eligible).match
    }

    /// `bestMatch` with the count of patterns tried.
    package func lookup(_ request: StubRequest, where eligible: (StubMapping) -> Bool = { _ in true }) -> Lookup {
        let context = MatchContext(request)
        var lists: [[RankKey]] = []
        if let bucket = exactPaths[request.path] { lists.append(bucket.keys) }
        if !templates.isEmpty {
            for key in TemplateKey.probes(for: request.path) { if let bucket = templates[key] { lists.append(bucket.keys) } }
        }
        if !scanned.isEmpty { lists.append(scanned.keys) }
        var heads = [Int](repeating: 0, count: lists.count)
        var examined = 0
        // Merge the sorted lists, best-ranked first, stopping at the first match.
        while true {
            var best: Int?
            for list in lists.indices where heads[list] < lists[list].count {
                if let current = best, !(lists[list][heads[list]] < lists[current][heads[current]]) { continue }
                best = list
            }
            guard let list = best else { return Lookup(match: nil, examined: examined) }
            let key = lists[list][heads[list]]
            heads[list] += 1
            guard let mapping = mappings[key.id], eligible(mapping) else { continue }
            examined += 1
            let report = mapping.request.match(in: context, stopAtFirstFailure: true)
            if report.isMatch { return Lookup(match: (mapping, report), examined: examined) }
        }
    }

    /// The near misses of `request` among the stubs, in serving order for ties: among all of them while they
    /// are few, among the closest by a rough distance past that (`NearMissCandidates`: bounded work).
    package func nearMisses(
        for request: StubRequest, count: Int = NearMissReport.defaultCount, scenarioState: ((String) -> String)? = nil
    ) -> NearMissReport {
        NearMissReport(
            request: request, stubs: NearMissCandidates.select(for: request, among: all), count: count, scenarioState: scenarioState)
    }

    private mutating func insert(_ mapping: StubMapping) {
        let key = RankKey(priority: mapping.effectivePriority, insertionIndex: mapping.insertionIndex, id: mapping.id)
        let placement = Placement(mapping.request.url)
        mappings[mapping.id] = mapping
        placements[mapping.id] = placement
        if mapping.scenarioName != nil { scenarioStubs += 1 }
        switch placement {
        case .exact(let path): exactPaths[path, default: RankedIDs()].insert(key)
        case .template(let templateKey): templates[templateKey, default: RankedIDs()].insert(key)
        case .scanned: scanned.insert(key)
        }
    }
}

/// Why the index refused a change.
package enum StubIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `add` with an id already held.
    case duplicateID(String)
    /// `replace` of an id not held.
    case notFound(String)
    /// `add` past `maxMappings`.
    case full(limit: Int)

    /// One line.
    package var description: String {
        switch self {
        case .duplicateID(let id): "a stub mapping with id \(id) already exists"
        case .notFound(let id): "no stub mapping has id \(id)"
        case .full(let limit): "the server holds \(limit) stub mappings; the limit is \(limit)"
        }
    }
}
