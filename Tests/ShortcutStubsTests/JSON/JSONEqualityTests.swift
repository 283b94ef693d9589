import ShortcutStubs
import Testing

/// An expectation, options, a document, and whether it matches.
struct JSONEqualityRow: Sendable, CustomTestStringConvertible {
    var expected: String
    var actual: String
    var ignoreArrayOrder = false
    var ignoreExtraElements = false
    var placeholders = false
    var matches: Bool
    var testDescription: String {
        var options: [String] = []
        if ignoreArrayOrder { options.append("ignoreArrayOrder") }
        if ignoreExtraElements { options.append("ignoreExtraElements") }
        if placeholders { options.append("placeholders") }
        return "\(expected) vs \(actual) [\(options.joined(separator: ","))] \(matches ? "matches" : "differs")"
    }

    init(_ expected: String, _ actual: String, order: Bool = false, extra: Bool = false, placeholders: Bool = false, matches: Bool) {
        self.expected = expected
        self.actual = actual
        self.ignoreArrayOrder = order
        self.ignoreExtraElements = extra
        self.placeholders = placeholders
        self.matches = matches
    }

    func compare(regex: JSONRegexMatcher? = nil) throws -> JSONComparison {
        let equality = JSONEquality(
            expected: try JSONTestFixtures.parse(expected), ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements,
            placeholders: placeholders, regex: regex)
        return equality.compare(try JSONTestFixtures.parse(actual))
    }
}

@Suite("equalToJson: values, objects, numbers, differences and distance")
struct JSONEqualityTests {
    private typealias F = JSONTestFixtures

    static let rows: [JSONEqualityRow] = [
        // WireMock's documentation.
        JSONEqualityRow(#"{ "total_results": 4 }"#, #"{"total_results":4}"#, matches: true),
        JSONEqualityRow(#"{ "total_results": 4 }"#, #"{"total_results": 4, "other": 1}"#, matches: false),
        JSONEqualityRow(#"{ "total_results": 4 }"#, #"{"total_results": 4, "other": 1}"#, extra: true, matches: true),
        // Whitespace and member order never matter.
        JSONEqualityRow(#"{"a": 1, "b": [true, null]}"#, "{\n\t\"b\" : [ true , null ] ,\"a\":1}", matches: true),
        // Numbers by value.
        JSONEqualityRow(#"{"n": 1}"#, #"{"n": 1.0}"#, matches: true),
        JSONEqualityRow(#"{"n": 1.50}"#, #"{"n": 1.5}"#, matches: true),
        JSONEqualityRow(#"{"n": 100}"#, #"{"n": 1e2}"#, matches: true),
        JSONEqualityRow(#"{"n": 0}"#, #"{"n": -0.0}"#, matches: true),
        JSONEqualityRow(#"{"n": 1}"#, #"{"n": 2}"#, matches: false),
        JSONEqualityRow(#"{"n": 1}"#, #"{"n": "1"}"#, matches: false),
        JSONEqualityRow(#"{"n": 0.1}"#, #"{"n": 0.10000000000000001}"#, matches: true),
        // Types and scalars.
        JSONEqualityRow(#"{"a": null}"#, #"{"a": null}"#, matches: true),
        JSONEqualityRow(#"{"a": null}"#, "{}", matches: false),
        JSONEqualityRow(#"{"a": null}"#, "{}", extra: true, matches: false),
        JSONEqualityRow(#"{"a": true}"#, #"{"a": "true"}"#, matches: false),
        JSONEqualityRow(#"{"a": false}"#, #"{"a": false}"#, matches: true),
        JSONEqualityRow(#"{"a": "x"}"#, #"{"a": "X"}"#, matches: false),
        JSONEqualityRow(#"{"a": "e\u0301"}"#, #"{"a": "\u00e9"}"#, matches: false),
        JSONEqualityRow(#"{"a": {}}"#, #"{"a": []}"#, matches: false),
        JSONEqualityRow("[]", "{}", matches: false),
        JSONEqualityRow(#""text""#, #""text""#, matches: true),
        JSONEqualityRow("42", "42.0", matches: true),
        // Nesting.
        JSONEqualityRow(#"{"a": {"b": {"c": [1, {"d": "e"}]}}}"#, #"{"a": {"b": {"c": [1, {"d": "e"}]}}}"#, matches: true),
        JSONEqualityRow(#"{"a": {"b": {"c": [1, {"d": "e"}]}}}"#, #"{"a": {"b": {"c": [1, {"d": "f"}]}}}"#, matches: false),
        JSONEqualityRow(#"{"a": {"b": 1}}"#, #"{"a": {"b": 1, "c": 2}}"#, matches: false),
        JSONEqualityRow(#"{"a": {"b": 1}}"#, #"{"a": {"b": 1, "c": 2}}"#, extra: true, matches: true),
        JSONEqualityRow(#"{"a": [{"b": 1}]}"#, #"{"a": [{"b": 1, "c": 2}]}"#, extra: true, matches: true),
        // A repeated member counts once, with its last value (as Jackson reads it).
        JSONEqualityRow(#"{"a": 1}"#, #"{"a": 2, "a": 1}"#, matches: true),
        JSONEqualityRow(#"{"a": 1, "a": 2}"#, #"{"a": 2}"#, matches: true),
    ]

    @Test("documents match by value, whatever the layout", arguments: rows)
    func row(_ row: JSONEqualityRow) throws {
        let comparison = try row.compare()
        #expect(comparison.matches == row.matches)
        #expect((comparison.distance == 0) == row.matches)
        #expect(comparison.differences.isEmpty == row.matches)
    }

    /// Documents and the difference lines they give.
    static let differenceRows: [(expected: String, actual: String, order: Bool, lines: [String])] = [
        (#"{"user": {"name": "x"}}"#, #"{"user": {"name": "y"}}"#, false, [#"$.user.name: expected "x", got "y""#]),
        (#"{"items": [1, 2, 3]}"#, #"{"items": [1, 2]}"#, false, ["$.items: expected 3 elements, got 2"]),
        (#"{"items": [1]}"#, #"{"items": [1, 2]}"#, false, ["$.items: expected 1 element, got 2"]),
        (#"{"a": 1}"#, #"{"a": 1, "extra": 2}"#, false, ["$.extra: unexpected member"]),
        (#"{"a": 1, "b": 2}"#, #"{"a": 1}"#, false, ["$.b: missing member"]),
        (#"{"odd key": 1}"#, #"{"odd key": 2}"#, false, ["$['odd key']: expected 1, got 2"]),
        (#"{"it's": 1}"#, #"{"it's": true}"#, false, [#"$['it\'s']: expected 1, got true"#]),
        ("[1, 2]", "[1, 3]", false, ["$[1]: expected 2, got 3"]),
        (#"{"a": [1]}"#, #"{"a": {"b": 1}}"#, false, [#"$.a: expected [1], got {"b":1}"#]),
        (#"{"a": "x"}"#, #"{"a": null}"#, false, [#"$.a: expected "x", got null"#]),
        (#"{"a": 1, "b": 2, "c": 3}"#, #"{"c": 4, "b": 2, "a": 0}"#, false, ["$.a: expected 1, got 0", "$.c: expected 3, got 4"]),
        ("[1, 2, 3]", "[1, 2, 4]", true, ["$[2]: expected 3, got 4"]),
        ("[1, 2, 3]", "[4, 1, 2]", true, ["$[0]: expected 3, got 4"]),
        (
            "[1, 2, 3]", "[1, 4, 5]", true,
            [
                "$: no element matches expected element [1] 2", "$: no element matches expected element [2] 3",
                "$[1]: unexpected element 4",
                "$[2]: unexpected element 5",
            ]
        ),
        ("[1, 2]", "[1]", true, ["$: expected 2 elements, got 1", "$: no element matches expected element [1] 2"]),
        (
            #"{"long": "\#(String(repeating: "a", count: 100))"}"#, #"{"long": 1}"#, false,
            ["$.long: expected \"\(String(repeating: "a", count: 59))…, got 1"]
        ),
    ]

    @Test("each difference is one line: where, what was expected, what came", arguments: differenceRows)
    func differenceText(_ row: (expected: String, actual: String, order: Bool, lines: [String])) throws {
        let comparison = try JSONEqualityRow(row.expected, row.actual, order: row.order, matches: false).compare()
        #expect(comparison.differences == row.lines)
    }

    @Test("WireMock's distance: differing size over the larger document's size")
    func distanceValues() throws {
        // {"a":1,"b":2,"c":3} has deepSize 4 (1 + one per member); one differing member weighs 1.
        let equality = JSONEquality(expected: try F.parse(#"{"a": 1, "b": 2, "c": 3}"#))
        #expect(equality.compare(try F.parse(#"{"a": 1, "b": 2, "c": 4}"#)).distance == 0.25)
        #expect(equality.compare(try F.parse(#"{"a": 9, "b": 9, "c": 9}"#)).distance == 0.75)
        #expect(equality.compare(try F.parse(#"{"x": 1}"#)).distance == 1)
        #expect(equality.compare(try F.parse(#"{"a": 1, "b": 2, "c": 3}"#)).distance == 0)
        // A nested object counts twice in WireMock's deepSize: {"a":{"b":1}} is 4.
        let nested = JSONEquality(expected: try F.parse(#"{"a": {"b": 1}}"#))
        #expect(nested.compare(try F.parse(#"{"a": {"b": 2}}"#)).distance == 0.25)
    }

    @Test("a nearer document has a smaller distance")
    func distanceOrdering() throws {
        let expected = try F.parse(#"{"user": {"name": "Ann", "age": 30, "tags": ["a", "b", "c"]}, "active": true}"#)
        let candidates = [
            #"{"user": {"name": "Ann", "age": 30, "tags": ["a", "b", "c"]}, "active": true}"#,
            #"{"user": {"name": "Ann", "age": 31, "tags": ["a", "b", "c"]}, "active": true}"#,
            #"{"user": {"name": "Ann", "age": 31, "tags": ["a", "b", "x"]}, "active": true}"#,
            #"{"user": {"name": "Bob", "age": 31, "tags": ["x"]}, "active": true}"#,
            #"{"user": "nobody", "active": true}"#,
            #"{"other": 1}"#,
        ]
        for options in [(false, false), (true, false), (false, true), (true, true)] {
            let equality = JSONEquality(expected: expected, ignoreArrayOrder: options.0, ignoreExtraElements: options.1)
            let distances = try candidates.map { equality.compare(try F.parse($0)).distance }
            #expect(distances == distances.sorted(), "\(options)")
            #expect(Set(distances).count == distances.count, "\(options): \(distances)")
            #expect(distances.first == 0)
            #expect(distances.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    @Test("the comparison keeps its options")
    func keepsOptions() throws {
        let equality = JSONEquality(expected: .null, ignoreArrayOrder: true, ignoreExtraElements: true, placeholders: true)
        #expect(equality.ignoreArrayOrder && equality.ignoreExtraElements && equality.placeholders)
        #expect(equality.expected == .null)
        #expect(equality.limits == .standard)
    }
}
