/// The result of one matcher on one value: whether it matched, WireMock's distance (0 exact ... 1 nothing
/// alike), and notes a person reading a near miss needs (a JSON difference, a regex that gave up).
struct ValueMatch {
    var matched: Bool
    var distance: Double
    var notes: [String] = []

    static let exact = ValueMatch(matched: true, distance: 0)
    static let none = ValueMatch(matched: false, distance: 1)

    static func of(_ matched: Bool) -> ValueMatch { matched ? .exact : .none }

    /// A regex that hit its work limit: no match, saying so (`regex gave up after N steps`).
    static func regexGaveUp(_ description: String) -> ValueMatch {
        ValueMatch(
            matched: false, distance: 1, notes: [description.hasPrefix("regex gave up") ? description : "regex gave up: \(description)"])
    }

    /// The closest of several results: a match if any, else the smallest distance (WireMock's `getBestMatch`).
    static func best(_ results: [ValueMatch]) -> ValueMatch {
        if let match = results.first(where: \.matched) { return match }
        return results.min { $0.distance < $1.distance } ?? .none
    }

    /// All of several results (WireMock's `aggregate`: the mean distance).
    static func all(_ results: [ValueMatch]) -> ValueMatch {
        guard !results.isEmpty else { return .exact }
        return ValueMatch(
            matched: results.allSatisfy(\.matched), distance: results.map(\.distance).reduce(0, +) / Double(results.count),
            notes: results.flatMap(\.notes))
    }
}
