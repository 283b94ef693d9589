import ShortcutJSON

/// One run of `JSONEquality.compare`: walks expected and actual together, records differences with where they
/// are, sums WireMock's difference weights, and stops (with `stopped` saying why) when a limit is reached.
///
/// `recording: false` is a probe ("are these similar?") for unordered arrays: it records nothing and returns
/// at the first difference, like JsonUnit's FAIL_FAST.
///
/// State is internal rather than private only so the array half (`JSONComparator+Arrays.swift`) can share it.
struct JSONComparator {
    let ignoreArrayOrder: Bool
    let ignoreExtraElements: Bool
    let placeholders: Bool
    let regex: JSONRegexMatcher?
    let limits: JSONEqualityLimits
    /// Nodes left in the `maxNodesCompared` budget.
    var remaining: Int
    /// Where the comparison is, for difference lines: pushed and popped around each step down.
    var location: [JSONMatchText.Step] = []
    /// Why the comparison stopped early (a limit), if it did.
    private(set) var stopped: String?
    /// WireMock's difference count: each difference weighs the size of the larger side (at least 1).
    var weight = 0
    /// The first `maxDifferences` difference lines.
    private(set) var differences: [String] = []

    init(equality: JSONEquality) {
        ignoreArrayOrder = equality.ignoreArrayOrder
        ignoreExtraElements = equality.ignoreExtraElements
        placeholders = equality.placeholders
        regex = equality.regex
        limits = equality.limits
        remaining = equality.limits.maxNodesCompared
    }

    /// Whether `actual` matches `expected` at the current location.
    mutating func compare(_ expected: JSONValue, _ actual: JSONValue, depth: Int, recording: Bool) -> Bool {
        guard enter(depth: depth) else { return false }
        if placeholders, case .string(let text) = expected, let placeholder = JSONPlaceholder(text) {
            return compare(placeholder, actual, recording: recording)
        }
        switch (expected, actual) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            return compareObjects(expectedMembers, actualMembers, depth: depth, recording: recording)
        case (.array(let expectedElements), .array(let actualElements)):
            if ignoreArrayOrder { return compareIgnoringOrder(expectedElements, actualElements, depth: depth, recording: recording) }
            return compareInOrder(expectedElements, actualElements, depth: depth, recording: recording)
        case (.null, .null):
            return true
        case (.bool(let x), .bool(let y)) where x == y:
            return true
        case (.number(let x), .number(let y)) where x == y:
            return true
        case (.string(let x), .string(let y)) where x.utf8.elementsEqual(y.utf8):  // exact, as Java's equals
            return true
        default:
            differ(
                "expected \(JSONMatchText.preview(expected)), got \(JSONMatchText.preview(actual))",
                weight: max(JSONMatchText.deepSize(expected), JSONMatchText.deepSize(actual)), recording)
            return false
        }
    }

    mutating func compare(_ placeholder: JSONPlaceholder, _ actual: JSONValue, recording: Bool) -> Bool {
        // Computed only for a recorded difference: a probe must not pay for sizes and previews.
        var actualSize: Int { JSONMatchText.deepSize(actual) }
        var got: String { JSONMatchText.preview(actual) }
        switch placeholder {
        case .ignore, .ignoreElement:
            return true
        case .anyNumber:
            if case .number = actual { return true }
            differ("expected any number, got \(got)", weight: actualSize, recording)
        case .anyBoolean:
            if case .bool = actual { return true }
            differ("expected any boolean, got \(got)", weight: actualSize, recording)
        case .anyString:
            if case .string = actual { return true }
            differ("expected any string, got \(got)", weight: actualSize, recording)
        case .matcher(let name):
            differ(
                "the placeholder ${json-unit.matches:\(name)} is not supported (WireMock registers no matchers)", weight: actualSize,
                recording)
        case .regex(let pattern):
            guard case .string(let string) = actual else {
                differ("expected a string matching \(JSONMatchText.preview(.string(pattern))), got \(got)", weight: actualSize, recording)
                return false
            }
            guard let regex else {
                differ("the placeholder ${json-unit.regex} needs a regex engine and none was given", weight: actualSize, recording)
                return false
            }
            switch regex(pattern, string) {
            case true?: return true
            case false?: differ("\(got) does not match the regex \(JSONMatchText.preview(.string(pattern)))", weight: actualSize, recording)
            case nil:
                differ("the regex engine refused the pattern \(JSONMatchText.preview(.string(pattern)))", weight: actualSize, recording)
            }
        }
        return false
    }

    // MARK: - Objects

    mutating func compareObjects(
        _ expected: [(String, JSONValue)], _ actual: [(String, JSONValue)], depth: Int, recording: Bool
    ) -> Bool {
        let expectedIndex = Self.lastIndexByName(expected)
        let actualIndex = Self.lastIndexByName(actual)
        var equal = true
        for (position, (name, expectedValue)) in expected.enumerated() where expectedIndex[name] == position {
            location.append(.member(name))
            defer { location.removeLast() }
            if let actualPosition = actualIndex[name] {
                guard compare(expectedValue, actual[actualPosition].1, depth: depth + 1, recording: recording) else {
                    equal = false
                    if !recording || stopped != nil { return false }
                    continue
                }
            } else if placeholders, case .string(let text) = expectedValue, JSONPlaceholder(text) == .ignoreElement {
                continue
            } else {
                differ("missing member", weight: JSONMatchText.deepSize(expectedValue), recording)
                equal = false
                if !recording { return false }
            }
        }
        guard !ignoreExtraElements else { return equal }
        for (position, (name, actualValue)) in actual.enumerated() where actualIndex[name] == position && expectedIndex[name] == nil {
            location.append(.member(name))
            differ("unexpected member", weight: JSONMatchText.deepSize(actualValue), recording)
            location.removeLast()
            equal = false
            if !recording { return false }
        }
        return equal
    }

    static func lastIndexByName(_ members: [(String, JSONValue)]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, (name, _)) in members.enumerated() { index[name] = position }
        return index
    }

    // MARK: - Bookkeeping

    mutating func enter(depth: Int) -> Bool {
        guard depth <= limits.maxDepth else {
            if stopped == nil {
                stopped =
                    "\(JSONMatchText.location(location)): nested deeper than \(limits.maxDepth); the limit is \(limits.maxDepth) (maxDepth)"
            }
            return false
        }
        return charge()
    }

    mutating func charge() -> Bool {
        guard stopped == nil else { return false }
        remaining -= 1
        guard remaining >= 0 else {
            stopped =
                "comparison stopped after \(limits.maxNodesCompared) nodes; the limit is \(limits.maxNodesCompared) (maxNodesCompared)"
            return false
        }
        return true
    }

    /// Records a difference with its weight; both are evaluated only when recording, and the message only
    /// while lines are still kept, so probes and long lists of differences cost nothing extra.
    mutating func differ(_ message: @autoclosure () -> String, weight: @autoclosure () -> Int, _ recording: Bool) {
        guard recording else { return }
        self.weight += weight()
        if differences.count < limits.maxDifferences { differences.append("\(JSONMatchText.location(location)): \(message())") }
    }
}
