import ShortcutStubs
import Testing

@Suite("matchesJsonPath semantics (WireMock 3)")
struct JSONPathMatchTests {
    private typealias F = JSONTestFixtures

    /// Rows from WireMock's request-matching documentation, then WireMock's null/empty rule.
    static let presenceRows: [(path: String, document: String, matches: Bool)] = [
        ("$.name", #"{"name": "Wiremock"}"#, true),
        ("$.name", #"{"price": 15}"#, false),
        ("$.things[?(@.name == 'RequiredThing')]", #"{"things": {"name": "RequiredThing"}}"#, true),
        ("$.things[?(@.name == 'RequiredThing')]", #"{"things": [{"name": "RequiredThing"}, {"name": "Wiremock"}]}"#, true),
        ("$.things[?(@.name == 'RequiredThing')]", #"{"price": 15}"#, false),
        ("$.things[?(@.name == 'RequiredThing')]", #"{"things": {"name": "Wiremock"}}"#, false),
        ("$[?(@.things.size() == 2)]", #"{"things": [{"name": "RequiredThing"}, {"name": "Wiremock"}]}"#, true),
        ("$[?(@.things.size() == 2)]", #"{"things": [{"name": "RequiredThing"}]}"#, false),
        ("$.a", #"{"a": null}"#, false),
        ("$.a", #"{"a": []}"#, false),
        ("$.a", #"{"a": {}}"#, false),
        ("$.a", #"{"a": 0}"#, true),
        ("$.a", #"{"a": false}"#, true),
        ("$.a", #"{"a": ""}"#, true),
        ("$.a", #"{"a": [null]}"#, true),
        ("$.a", #"{"a": {"b": null}}"#, true),
        ("$.a[0]", #"{"a": [null]}"#, false),
        ("$.a[*]", #"{"a": [null]}"#, true),
        ("$..a", #"{"a": null}"#, true),
        ("$..a", #"{"b": 1}"#, false),
        ("$.a[*]", #"{"a": []}"#, false),
        ("$.a.b", #"{"a": 1}"#, false),
        ("$", "{}", false),
        ("$", "[1]", true),
        ("$.a['b','c']", #"{"a": {"d": 1}}"#, false),
        ("$.a['b','c']", #"{"a": {"c": 1}}"#, true),
    ]

    @Test("without a sub-matcher a path matches when it selects something WireMock counts", arguments: presenceRows)
    func presence(_ row: (path: String, document: String, matches: Bool)) throws {
        #expect(try JSONPathMatch.matches(JSONPath(row.path), in: F.parse(row.document)) == row.matches)
    }

    @Test("the regex example from WireMock's documentation")
    func regexExample() throws {
        let path = try JSONPath("$.things[?(@.name =~ /Required.*/i)]", regex: F.regex)
        let rows: [(String, Bool)] = [
            (#"{"things": {"name": "RequiredThing"}}"#, true),
            (#"{"things": [{"name": "Required"}, {"name": "Wiremock"}]}"#, true),
            (#"{"price": 15}"#, false),
            (#"{"things": {"name": "Wiremock"}}"#, false),
            (#"{"things": [{"name": "Thing"}, {"name": "Wiremock"}]}"#, false),
        ]
        for (document, matches) in rows {
            #expect(try JSONPathMatch.matches(path, in: F.parse(document)) == matches, "\(document)")
        }
    }

    /// What a sub-matcher is handed, after WireMock's `getExpressionResult`.
    static let textRows: [(path: String, document: String, equalToJson: Bool, texts: [String])] = [
        ("$..todoItem", #"{"items": [{"todoItem": "wash"}, {"todoItem": "dry"}]}"#, false, ["wash", "dry"]),
        ("$.outer", #"{"outer": {"inner": 42}}"#, false, [#"{"inner":42}"#]),
        ("$.outer", #"{"outer": {"inner": 42}}"#, true, [#"{"inner":42}"#]),
        ("$.tags", #"{"tags": ["a", "b"]}"#, false, ["a", "b"]),
        ("$.tags", #"{"tags": ["a", "b"]}"#, true, [#"["a","b"]"#]),
        ("$.tags[*]", #"{"tags": ["a", "b"]}"#, true, [#"["a","b"]"#]),
        ("$.n", #"{"n": 42}"#, false, ["42"]),
        ("$.n", #"{"n": 8.95}"#, false, ["8.95"]),
        ("$.n", #"{"n": -1.5e3}"#, false, ["-1500"]),
        ("$.b", #"{"b": true}"#, false, ["true"]),
        ("$.s", #"{"s": "say \"hi\" <b>"}"#, false, [#"say "hi" <b>"#]),
        ("$.o", #"{"o": {"s": "<b>&'\"\n"}}"#, false, [#"{"s":"<b>&'\"\n"}"#]),
        ("$.missing", "{}", false, []),
        ("$.missing", "{}", true, []),
        ("$.nothing", #"{"nothing": null}"#, false, []),
        ("$.nothing", #"{"nothing": null}"#, true, []),
        ("$.list[*]", #"{"list": []}"#, false, []),
        ("$.list[*]", #"{"list": []}"#, true, ["[]"]),
        ("$.list[*]", #"{"list": ["x", 1, true, null, {"k": [1, 2]}, [3]]}"#, false, ["x", "1", "true", "null", #"{"k":[1,2]}"#, "[3]"]),
        ("$.empty", #"{"empty": {}}"#, false, ["{}"]),
        ("$.items.length()", #"{"items": [1, 2, 3]}"#, false, ["3"]),
    ]

    @Test("sub-matchers get one text per value, or one JSON text per object or for equalToJson", arguments: textRows)
    func texts(_ row: (path: String, document: String, equalToJson: Bool, texts: [String])) throws {
        let texts = try JSONPathMatch.texts(for: JSONPath(row.path), in: F.parse(row.document), subMatcherIsEqualToJson: row.equalToJson)
        #expect(texts == row.texts)
    }

    @Test("textForSubMatcher reads a JSONPathReading directly")
    func fromReading() {
        #expect(JSONPathMatch.textForSubMatcher(.notFound).isEmpty)
        #expect(JSONPathMatch.textForSubMatcher(.single(.string("x"))) == ["x"])
        #expect(JSONPathMatch.textForSubMatcher(.list([.number(1), .string("y")])) == ["1", "y"])
        #expect(JSONPathMatch.textForSubMatcher(.list([.number(1), .string("y")]), subMatcherIsEqualToJson: true) == [#"[1,"y"]"#])
    }

    @Test("a limit reached while matching is an error the caller can report")
    func limitWhileMatching() throws {
        let path = try JSONPath("$[*]", limits: JSONPathLimits(maxSelectedValues: 2))
        #expect(throws: JSONPathError.self) { try JSONPathMatch.matches(path, in: F.parse("[1, 2, 3]")) }
        #expect(throws: JSONPathError.self) { try JSONPathMatch.texts(for: path, in: F.parse("[1, 2, 3]")) }
    }
}
