import ShortcutJSON
import ShortcutStubs
import Testing

@Suite("equalToJson limits, each at N and N+1")
struct JSONEqualityLimitTests {
    private typealias F = JSONTestFixtures

    private static func array(_ count: Int) -> JSONValue {
        .array((0..<count).map { .number(Double($0)) })
    }

    private static func nested(_ depth: Int) -> JSONValue {
        var value = JSONValue.number(1)
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    @Test("nodes compared: each pair of values counts one; N compare, N+1 stop")
    func nodesCompared() {
        let limits = JSONEqualityLimits(maxNodesCompared: 4)
        // [0,1,2] is the array and three elements: 4 pairs.
        #expect(JSONEquality(expected: Self.array(3), limits: limits).compare(Self.array(3)).matches)
        let stopped = JSONEquality(expected: Self.array(4), limits: limits).compare(Self.array(4))
        #expect(!stopped.matches)
        #expect(stopped.distance == 1)
        #expect(stopped.differences == ["comparison stopped after 4 nodes; the limit is 4 (maxNodesCompared)"])
    }

    @Test("the default node budget: 1,000,000 pairs, not 1,000,001")
    func defaultNodesCompared() {
        #expect(JSONEquality(expected: Self.array(999_999)).compare(Self.array(999_999)).matches)
        let stopped = JSONEquality(expected: Self.array(1_000_000)).compare(Self.array(1_000_000))
        #expect(stopped.differences.first == "comparison stopped after 1000000 nodes; the limit is 1000000 (maxNodesCompared)")
    }

    @Test("depth: N levels compare, N+1 stop, and the message says where")
    func depth() {
        let limits = JSONEqualityLimits(maxDepth: 3)
        // nested(3) is [[[1]]]: the number sits at depth 3.
        #expect(JSONEquality(expected: Self.nested(3), limits: limits).compare(Self.nested(3)).matches)
        let stopped = JSONEquality(expected: Self.nested(4), limits: limits).compare(Self.nested(4))
        #expect(!stopped.matches)
        #expect(stopped.differences == ["$[0][0][0][0]: nested deeper than 3; the limit is 3 (maxDepth)"])
    }

    @Test("the default depth: 128 levels, not 129")
    func defaultDepth() {
        #expect(JSONEquality(expected: Self.nested(128)).compare(Self.nested(128)).matches)
        #expect(!JSONEquality(expected: Self.nested(129)).compare(Self.nested(129)).matches)
    }

    @Test("difference lines: N kept when there are N, still N when there are more, distance counts all")
    func differenceLines() throws {
        let limits = JSONEqualityLimits(maxDifferences: 3)
        let expected = try F.parse(#"{"a": 1, "b": 2, "c": 3, "d": 4}"#)
        let three = JSONEquality(expected: expected, limits: limits).compare(try F.parse(#"{"a": 0, "b": 0, "c": 0, "d": 4}"#))
        #expect(three.differences == ["$.a: expected 1, got 0", "$.b: expected 2, got 0", "$.c: expected 3, got 0"])
        let four = JSONEquality(expected: expected, limits: limits).compare(try F.parse(#"{"a": 0, "b": 0, "c": 0, "d": 0}"#))
        #expect(four.differences == three.differences)
        #expect(four.distance > three.distance)
        #expect(four.distance == 0.8)
    }

    @Test("unordered comparison counts its canonical forms and pairing against the same budget")
    func unorderedBudget() {
        // The array, then three canonical keys each side, then no pairs left to compare: 1 + 3 + 3 = 7.
        let limits = JSONEqualityLimits(maxNodesCompared: 7)
        #expect(JSONEquality(expected: Self.array(3), ignoreArrayOrder: true, limits: limits).compare(Self.array(3)).matches)
        let stopped = JSONEquality(expected: Self.array(3), ignoreArrayOrder: true, limits: JSONEqualityLimits(maxNodesCompared: 6))
            .compare(Self.array(3))
        #expect(!stopped.matches)
    }

    @Test("the standard limits are the documented defaults")
    func standard() {
        #expect(JSONEqualityLimits.standard == JSONEqualityLimits(maxNodesCompared: 1_000_000, maxDepth: 128, maxDifferences: 10))
    }
}
