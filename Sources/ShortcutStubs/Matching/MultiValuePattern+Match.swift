extension MultiValuePattern {
    /// Whether `values` (nil when the name is absent) satisfy this matcher.
    package func matches(_ values: [String]?) -> Bool { evaluate(values, in: nil).matched }

    /// WireMock's rules: a single matcher takes the best of the values (an absent name is one missing
    /// value); `hasExactly` also needs as many values as matchers; both lists need the name present.
    func evaluate(_ values: [String]?, in context: MatchContext?) -> ValueMatch {
        switch self {
        case .single(let pattern):
            guard let values else { return pattern.evaluate(nil, in: context) }
            return .best(values.map { pattern.evaluate($0, in: context) })
        case .hasExactly(let patterns):
            guard let values else { return .none }
            return .all([.of(patterns.count == values.count), .all(MultiValuePattern.bestOfEach(patterns, values, context))])
        case .includes(let patterns):
            guard let values else { return .none }
            return .all(MultiValuePattern.bestOfEach(patterns, values, context))
        }
    }

    private static func bestOfEach(_ patterns: [StringValuePattern], _ values: [String], _ context: MatchContext?) -> [ValueMatch] {
        patterns.map { pattern in .best(values.map { pattern.evaluate($0, in: context) }) }
    }
}
