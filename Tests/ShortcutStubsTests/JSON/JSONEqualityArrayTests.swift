import ShortcutJSON
import ShortcutStubs
import Testing

@Suite("equalToJson arrays: order, extra elements, multisets")
struct JSONEqualityArrayTests {
    private typealias F = JSONTestFixtures

    static let rows: [JSONEqualityRow] = [
        // WireMock's documentation (WireMock Cloud's JSON matching page).
        JSONEqualityRow(#"{"itemId": 102938, "sizes": ["S", "M", "L"]}"#, #"{"itemId": 102938, "sizes": ["S", "M", "L"]}"#, matches: true),
        JSONEqualityRow(#"{"itemId": 102938, "sizes": ["S", "M", "L"]}"#, #"{"itemId": 102938, "sizes": ["L", "M", "S"]}"#, matches: false),
        JSONEqualityRow(
            #"{"itemId": 102938, "sizes": ["S", "M", "L"]}"#, #"{"itemId": 102938, "sizes": ["L", "M", "S"]}"#, order: true, matches: true),
        // JsonUnit's README options.
        JSONEqualityRow(#"{"test": [1, 2, 3]}"#, #"{"test": [3, 2, 1]}"#, order: true, matches: true),
        JSONEqualityRow(#"{"test": [1, 2, 3]}"#, #"{"test": [1, 2, 3, 4]}"#, extra: true, matches: true),
        JSONEqualityRow(#"{"test": [1, 2, 3]}"#, #"{"test": [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]}"#, order: true, extra: true, matches: true),
        JSONEqualityRow(
            #"{"test": [{"key": 1}, {"key": 2}, {"key": 3}]}"#, #"{"test": [{"key": 3}, {"key": 2, "extraField": 2}, {"key": 1}]}"#,
            order: true, extra: true, matches: true),
        // In order, extra elements may only trail.
        JSONEqualityRow("[1, 2]", "[1, 2, 3]", matches: false),
        JSONEqualityRow("[1, 2]", "[1, 2, 3]", extra: true, matches: true),
        JSONEqualityRow("[2, 3]", "[1, 2, 3]", extra: true, matches: false),
        JSONEqualityRow("[2, 3]", "[1, 2, 3]", order: true, extra: true, matches: true),
        JSONEqualityRow("[1, 2, 3]", "[1, 2]", extra: true, matches: false),
        JSONEqualityRow("[]", "[1]", matches: false),
        JSONEqualityRow("[]", "[1]", extra: true, matches: true),
        JSONEqualityRow("[]", "[]", order: true, matches: true),
        // Multisets: counts matter.
        JSONEqualityRow("[1, 1, 2]", "[1, 2, 2]", order: true, matches: false),
        JSONEqualityRow("[1, 1, 2]", "[2, 1, 1]", order: true, matches: true),
        JSONEqualityRow("[1, 1]", "[1, 1, 1]", order: true, extra: true, matches: true),
        JSONEqualityRow("[1, 1, 1]", "[1, 1]", order: true, extra: true, matches: false),
        JSONEqualityRow("[1, 1.0, 2]", "[2, 1, 1]", order: true, matches: true),
        // Order ignored at every level.
        JSONEqualityRow(#"{"a": [[1, 2], [3, 4]]}"#, #"{"a": [[4, 3], [2, 1]]}"#, order: true, matches: true),
        JSONEqualityRow(#"{"a": [[1, 2], [3, 4]]}"#, #"{"a": [[4, 3], [2, 1]]}"#, matches: false),
        JSONEqualityRow(#"[{"a": [1, 2]}, {"a": [3]}]"#, #"[{"a": [3]}, {"a": [2, 1]}]"#, order: true, matches: true),
        // Pairing needs search: {"a":1} could take either actual element, {"a":1,"b":2} only the first.
        JSONEqualityRow(
            #"[{"a": 1}, {"a": 1, "b": 2}]"#, #"[{"a": 1, "b": 2, "c": 3}, {"a": 1, "c": 3}]"#, order: true, extra: true, matches: true),
        JSONEqualityRow(
            #"[{"a": 1}, {"a": 1, "b": 2}]"#, #"[{"a": 1, "c": 3}, {"a": 1, "c": 4}]"#, order: true, extra: true, matches: false),
        JSONEqualityRow(#"[{"a": 1}, {"a": 1, "b": 2}]"#, #"[{"a": 1, "b": 2}, {"a": 1}]"#, order: true, matches: true),
        // Placeholders inside unordered arrays pair by search too.
        JSONEqualityRow(#"["${json-unit.any-number}", 1]"#, "[1, 2]", order: true, placeholders: true, matches: true),
        JSONEqualityRow(#"["${json-unit.any-number}", 1]"#, "[2, 1]", order: true, placeholders: true, matches: true),
        JSONEqualityRow(#"["${json-unit.any-number}", 1]"#, #"[2, "1"]"#, order: true, placeholders: true, matches: false),
        JSONEqualityRow(
            #"["${json-unit.any-string}", "${json-unit.any-number}"]"#, #"[7, "x"]"#, order: true, placeholders: true, matches: true),
    ]

    @Test("arrays by order, by multiset, with trailing or extra elements", arguments: rows)
    func row(_ row: JSONEqualityRow) throws {
        #expect(try row.compare().matches == row.matches)
    }

    @Test("a thousand shuffled elements compare within the default budget")
    func largeShuffled() throws {
        let count = 1_000
        let expected = JSONValue.array((0..<count).map { .number(Double($0)) })
        let shuffled = JSONValue.array((0..<count).map { .number(Double(($0 * 7_919) % count)) })
        #expect(JSONEquality(expected: expected, ignoreArrayOrder: true).compare(shuffled).matches)
        let objects = JSONValue.array((0..<count).map { .object([("id", .number(Double($0))), ("name", .string("n\($0)"))]) })
        let reversed = JSONValue.array(
            (0..<count).reversed().map { .object([("name", .string("n\($0)")), ("id", .number(Double($0)))]) })
        #expect(JSONEquality(expected: objects, ignoreArrayOrder: true).compare(reversed).matches)
    }

    @Test("placeholders everywhere force the full pairing search, which still ends within its budget")
    func pairingSearchIsBounded() throws {
        let count = 300
        let expected = JSONValue.array(Array(repeating: .string("${json-unit.any-number}"), count: count))
        let actual = JSONValue.array((0..<count).map { .number(Double($0)) })
        let equality = JSONEquality(expected: expected, ignoreArrayOrder: true, placeholders: true)
        #expect(equality.compare(actual).matches)
        let small = JSONEquality(
            expected: expected, ignoreArrayOrder: true, placeholders: true, limits: JSONEqualityLimits(maxNodesCompared: 10_000))
        let comparison = small.compare(actual)
        #expect(!comparison.matches)
        #expect(comparison.distance == 1)
        #expect(comparison.differences.first?.contains("(maxNodesCompared)") == true)
    }
}
