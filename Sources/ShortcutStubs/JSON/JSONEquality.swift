import ShortcutJSON

/// WireMock 3's `equalToJson`: semantic JSON equality after JsonUnit, as WireMock configures it.
///
/// - Whitespace and member order never matter; numbers compare by value (`1` equals `1.0`, WireMock's
///   `NormalisedNumberComparator`); a member given twice counts once, with its last value (as Jackson).
/// - `ignoreArrayOrder`: arrays match as multisets. Identical elements pair first (by a canonical form, no
///   search); the rest pair by maximum bipartite matching over the elements found similar (augmenting paths),
///   so `[{"a":1},{"a":1,"b":2}]` against an expectation with extra elements ignored still finds the pairing
///   JsonUnit's backtracking finds, in polynomial time. Every similarity test, canonical-form node and
///   matching step counts against `maxNodesCompared`.
/// - `ignoreExtraElements`: members the expectation does not name are ignored, and so are array elements past
///   the expected ones (JsonUnit's IGNORING_EXTRA_FIELDS and IGNORING_EXTRA_ARRAY_ITEMS): in order, the actual
///   array may be longer; ignoring order, the expected elements need only be found among the actual ones.
/// - `placeholders` (JsonUnit's; WireMock always enables them, so the mapping layer passes true): in an
///   expected string, `${json-unit.ignore}` (any value, present), `${json-unit.ignore-element}` (any value,
///   or missing), `${json-unit.any-string}`, `${json-unit.any-number}`, `${json-unit.any-boolean}`, and
///   `${json-unit.regex}pattern` (a string matching the whole pattern, through `regex`; without one, or if it
///   refuses the pattern, that value is a difference saying so). `#{…}` works as `${…}` except for
///   ignore-element. `${json-unit.matches:…}` is a difference: WireMock registers no custom matchers.
package struct JSONEquality: Sendable {
    /// The expected document.
    package let expected: JSONValue
    /// Arrays match in any order.
    package let ignoreArrayOrder: Bool
    /// Extra object members and trailing array elements in the actual document are ignored.
    package let ignoreExtraElements: Bool
    /// JsonUnit placeholders in expected strings are honoured.
    package let placeholders: Bool
    /// The bounds each comparison runs under.
    package let limits: JSONEqualityLimits
    let regex: JSONRegexMatcher?
    private let expectedSize: Int

    /// An expectation. `regex` serves `${json-unit.regex}` placeholders (nil refuses them).
    package init(
        expected: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false, placeholders: Bool = false,
        regex: JSONRegexMatcher? = nil, limits: JSONEqualityLimits = .standard
    ) {
        self.expected = expected
        self.ignoreArrayOrder = ignoreArrayOrder
        self.ignoreExtraElements = ignoreExtraElements
        self.placeholders = placeholders
        self.regex = regex
        self.limits = limits
        self.expectedSize = JSONMatchText.deepSize(expected)
    }

    /// Compares `actual` with the expectation. Reaching a limit is not a match (distance 1), and the first
    /// difference line says which limit.
    package func compare(_ actual: JSONValue) -> JSONComparison {
        var comparator = JSONComparator(equality: self)
        let equal = comparator.compare(expected, actual, depth: 0, recording: true)
        if let stopped = comparator.stopped {
            return JSONComparison(
                matches: false, distance: 1, differences: Array(([stopped] + comparator.differences).prefix(limits.maxDifferences)))
        }
        if equal { return JSONComparison(matches: true, distance: 0, differences: []) }
        // WireMock: the summed weight of the differences over the larger document's size. A difference always
        // weighs something here, so a non-match is never at distance 0.
        let size = max(expectedSize, JSONMatchText.deepSize(actual))
        let distance = min(1, Double(max(comparator.weight, 1)) / Double(size))
        return JSONComparison(matches: false, distance: distance, differences: comparator.differences)
    }
}
