import ShortcutJSON
import ShortcutStubs
import Testing

@Suite("JSONPath limits, each at N and N+1")
struct JSONPathLimitTests {
    private typealias F = JSONTestFixtures

    private static func array(_ count: Int) -> JSONValue {
        .array((0..<count).map { .number(Double($0)) })
    }

    @Test("the default expression limit: 1024 bytes compile, 1025 are refused")
    func defaultExpressionBytes() throws {
        let longest = "$." + String(repeating: "a", count: 1022)
        #expect(try JSONPath(longest).expression.utf8.count == 1024)
        let error = #expect(throws: JSONPathError.self) { try JSONPath(longest + "a") }
        #expect(error?.kind == .limit)
        #expect(error?.description == "JSONPath refused: the expression is 1025 bytes; the limit is 1024 (maxExpressionBytes)")
    }

    @Test("a smaller expression limit counts UTF-8 bytes")
    func expressionBytes() throws {
        let limits = JSONPathLimits(maxExpressionBytes: 5)
        _ = try JSONPath("$.abc", limits: limits)
        _ = try JSONPath("$.üa", limits: limits)
        #expect(throws: JSONPathError.self) { try JSONPath("$.abcd", limits: limits) }
        let error = #expect(throws: JSONPathError.self) { try JSONPath("$.üab", limits: limits) }
        #expect(error?.message == "the expression is 6 bytes; the limit is 5 (maxExpressionBytes)")
    }

    @Test("selected values: N are returned, N+1 refused")
    func selectedValues() throws {
        let path = try JSONPath("$[*]", limits: JSONPathLimits(maxSelectedValues: 3))
        #expect(try path.select(in: Self.array(3)).count == 3)
        let error = #expect(throws: JSONPathError.self) { try path.select(in: Self.array(4)) }
        #expect(error?.description == "JSONPath refused: more than 3 values selected; the limit is 3 (maxSelectedValues)")
    }

    @Test("the default selection limit: 10,000 values, not 10,001")
    func defaultSelectedValues() throws {
        let path = try JSONPath("$[*]")
        #expect(try path.select(in: Self.array(10_000)).count == 10_000)
        #expect(throws: JSONPathError.self) { try path.select(in: Self.array(10_001)) }
    }

    @Test("nodes visited: the start plus each selected value; N pass, N+1 are refused")
    func nodesVisited() throws {
        let path = try JSONPath("$[*]", limits: JSONPathLimits(maxNodesVisited: 4))
        #expect(try path.select(in: Self.array(3)).count == 3)
        let error = #expect(throws: JSONPathError.self) { try path.select(in: Self.array(4)) }
        #expect(error?.description == "JSONPath refused: more than 4 nodes visited; the limit is 4 (maxNodesVisited)")
    }

    @Test("a deep scan counts every container it enters")
    func deepScanVisits() throws {
        // Three nested objects: the start, three containers entered, one value selected = 5.
        let document = try F.parse(#"{"a": {"b": {"c": 1}}}"#)
        #expect(try JSONPath("$..c", limits: JSONPathLimits(maxNodesVisited: 5)).select(in: document) == [.number(1)])
        #expect(throws: JSONPathError.self) { try JSONPath("$..c", limits: JSONPathLimits(maxNodesVisited: 4)).select(in: document) }
    }

    @Test("a scan over a big, deep document stops at the bound instead of running on")
    func boundedScan() throws {
        var deep = JSONValue.number(0)
        for _ in 0..<500 { deep = .array([deep, .object([("k", .string("v"))])]) }
        let path = try JSONPath("$..*..*", limits: JSONPathLimits(maxNodesVisited: 50_000))
        #expect(throws: JSONPathError.self) { try path.select(in: deep) }
    }

    @Test("filters run per element count against the same bound")
    func filterVisits() throws {
        // Start 1, then per element: the filter's @ path (start 1 + member 1), comparison 1.
        let document = try F.parse(#"[{"a": 1}, {"a": 2}]"#)
        let path = "$[?(@.a == 2)]"
        #expect(try JSONPath(path, limits: JSONPathLimits(maxNodesVisited: 8)).select(in: document).count == 1)
        #expect(throws: JSONPathError.self) { try JSONPath(path, limits: JSONPathLimits(maxNodesVisited: 7)).select(in: document) }
    }

    @Test("filter nesting: N levels compile, N+1 are refused")
    func nesting() throws {
        let limits = JSONPathLimits(maxNesting: 3)
        _ = try JSONPath("$[?(!!@.a)]", limits: limits)
        _ = try JSONPath("$[?(((@.a)))]", limits: limits)
        #expect(throws: JSONPathError.self) { try JSONPath("$[?((((@.a))))]", limits: limits) }
        let error = #expect(throws: JSONPathError.self) { try JSONPath("$[?(!!!@.a)]", limits: limits) }
        #expect(error?.kind == .limit)
        #expect(error?.offset == 6)
        #expect(error?.description == "JSONPath refused: filters nested deeper than 3; the limit is 3 (maxNesting)")
        #expect(throws: JSONPathError.self) { try JSONPath("$[?(@.a[?(@.b[?(@.c[?(@.d)])])])]", limits: limits) }
        _ = try JSONPath("$[?(@.a[?(@.b[?(@.c)])])]", limits: limits)
    }

    @Test("the default nesting limit: 32 levels, not 33")
    func defaultNesting() throws {
        _ = try JSONPath("$[?(" + String(repeating: "!", count: 31) + "@.a)]")
        #expect(throws: JSONPathError.self) { try JSONPath("$[?(" + String(repeating: "!", count: 32) + "@.a)]") }
    }

    @Test("the standard limits are the documented defaults")
    func standard() {
        #expect(
            JSONPathLimits.standard
                == JSONPathLimits(maxExpressionBytes: 1024, maxSelectedValues: 10_000, maxNodesVisited: 1_000_000, maxNesting: 32))
    }
}
