/// Which stubs a near-miss report weighs in full. WireMock weighs every stub, each criterion to its
/// Levenshtein distance: with thousands of stubs and a request of long values, one unmatched request costs
/// seconds. Here every stub is weighed in full while there are at most `exactUpTo` (so reports are
/// WireMock's own for the folders tests use); past that, each stub gets a rough distance first — its
/// method, and the first `roughScalars` of its URL against the request's — and only the `candidates`
/// closest by it are weighed in full. The work of one report is then bounded whatever the request sends:
/// stubs × `roughScalars`² + `candidates` × a full report (each distance bounded by `Levenshtein.limit`).
package enum NearMissCandidates {
    /// Up to this many stubs, all are weighed in full.
    package static let exactUpTo = 64
    /// Past `exactUpTo`, how many stubs are weighed in full.
    package static let candidates = 32
    /// The scalars of a URL the rough distance compares.
    package static let roughScalars = 24

    /// The stubs to weigh for `request`, in the order given (the serving order, which breaks ties).
    package static func select(for request: StubRequest, among stubs: [StubMapping]) -> [StubMapping] {
        guard stubs.count > exactUpTo else { return stubs }
        let path = Array(request.path.unicodeScalars.prefix(roughScalars))
        let url = Array(request.url.unicodeScalars.prefix(roughScalars))
        var scored: [(score: Double, position: Int)] = []
        scored.reserveCapacity(stubs.count)
        for (position, mapping) in stubs.enumerated() {
            let pattern = mapping.request
            let (expected, isWholeURL) = roughText(pattern.url)
            let given = isWholeURL ? url : path
            let expectedScalars = Array(expected.unicodeScalars.prefix(roughScalars))
            let longer = max(given.count, expectedScalars.count)
            let urlDistance = longer == 0 ? 0 : Double(Levenshtein.distance(given, expectedScalars)) / Double(longer)
            let methodDistance = pattern.method.matches(request.method) ? 0.0 : 1.0
            scored.append((urlDistance + methodDistance, position))
        }
        let chosen = scored.sorted { ($0.score, $0.position) < ($1.score, $1.position) }.prefix(candidates).map(\.position).sorted()
        return chosen.map { stubs[$0] }
    }

    /// The text a URL matcher expects, and whether it is matched against the whole URL (query included).
    private static func roughText(_ matcher: URLMatcher) -> (String, Bool) {
        switch matcher {
        case .any: ("", false)
        case .url(let url): (url, true)
        case .urlPath(let path): (path, false)
        case .urlPattern(let regex): (regex.pattern, true)
        case .urlPathPattern(let regex): (regex.pattern, false)
        case .urlPathTemplate(let template): (template.template, false)
        }
    }
}
