import Testing

@testable import ShortcutStubs

@Suite("String matchers, operator by operator")
struct StringValuePatternMatchTests {
    private func matcher(_ json: String) throws -> StringValuePattern {
        try #require(try Fixture.pattern(#""cookies": {"c": \#(json)}"#).cookies.first).pattern
    }

    /// (matcher, value or nil for absent, expected verdict): rows from WireMock's request-matching page and its tests.
    @Test(
        arguments: [
            (#"{"equalTo": "text/plain"}"#, "text/plain", true),
            (#"{"equalTo": "text/plain"}"#, "text/plainx", false),
            (#"{"equalTo": "text/plain"}"#, nil, false),
            (#"{"equalTo": "Text/Plain", "caseInsensitive": true}"#, "TEXT/plain", true),
            (#"{"equalTo": "Text/Plain"}"#, "TEXT/plain", false),
            (#"{"equalTo": ""}"#, "", true),
            (#"{"contains": "xml"}"#, "application/xml", true),
            (#"{"contains": "xml"}"#, "application/json", false),
            (#"{"contains": "xml"}"#, nil, false),
            (#"{"contains": ""}"#, "anything", true),
            (#"{"doesNotContain": "xml"}"#, "application/json", true),
            (#"{"doesNotContain": "xml"}"#, "application/xml", false),
            (#"{"doesNotContain": "xml"}"#, nil, true),
            (#"{"matches": ".*12345.*"}"#, "abc12345def", true),
            (#"{"matches": "[0-9]+"}"#, "123a", false),
            (#"{"matches": "[0-9]+"}"#, nil, false),
            (#"{"matches": "a.b"}"#, "a\nb", true),
            (#"{"doesNotMatch": "[0-9]+"}"#, "abc", true),
            (#"{"doesNotMatch": "[0-9]+"}"#, "123", false),
            (#"{"doesNotMatch": "[0-9]+"}"#, nil, true),
            (#"{"absent": true}"#, nil, true),
            (#"{"absent": true}"#, "", false),
            (#"{"anything": "anything"}"#, nil, true),
            (#"{"anything": "anything"}"#, "x", true),
            (#"{"and": [{"matches": "[a-z]+"}, {"contains": "magicvalue"}]}"#, "abcmagicvalue", true),
            (#"{"and": [{"matches": "[a-z]+"}, {"contains": "magicvalue"}]}"#, "abc", false),
            (#"{"or": [{"equalTo": "one"}, {"absent": true}]}"#, nil, true),
            (#"{"or": [{"equalTo": "one"}, {"absent": true}]}"#, "one", true),
            (#"{"or": [{"equalTo": "one"}, {"absent": true}]}"#, "two", false),
            (#"{"not": {"contains": "x"}}"#, "abc", true),
            (#"{"not": {"contains": "x"}}"#, "xyz", false),
            (#"{"equalToJson": {"total": 3, "items": [1, 2]}}"#, #"{"items": [1, 2], "total": 3}"#, true),
            (#"{"equalToJson": {"total": 3}}"#, #"{"total": 4}"#, false),
            (#"{"equalToJson": {"total": 3}}"#, "not json", false),
            (#"{"equalToJson": {"total": 3}}"#, nil, false),
            (#"{"equalToJson": "{\"total\": 3}"}"#, #"{"total":3}"#, true),
            (#"{"equalToJson": {"a": 1}, "ignoreExtraElements": true}"#, #"{"a": 1, "b": 2}"#, true),
            (#"{"equalToJson": {"a": 1}}"#, #"{"a": 1, "b": 2}"#, false),
            (#"{"equalToJson": [1, 2, 3], "ignoreArrayOrder": true}"#, "[3, 1, 2]", true),
            (#"{"equalToJson": [1, 2, 3]}"#, "[3, 1, 2]", false),
            (#"{"matchesJsonPath": "$.name"}"#, #"{"name": "Tom"}"#, true),
            (#"{"matchesJsonPath": "$.name"}"#, #"{"other": 1}"#, false),
            (#"{"matchesJsonPath": "$.name"}"#, "not json", false),
            (#"{"matchesJsonPath": {"expression": "$.name", "contains": "To"}}"#, #"{"name": "Tom"}"#, true),
            (#"{"matchesJsonPath": {"expression": "$.name", "contains": "Ji"}}"#, #"{"name": "Tom"}"#, false),
            (#"{"matchesJsonPath": {"expression": "$.name", "absent": true}}"#, #"{"other": 1}"#, true),
            (#"{"matchesJsonPath": {"expression": "$.name", "absent": true}}"#, #"{"name": "Tom"}"#, false),
            (#"{"matchesJsonPath": {"expression": "$.total", "equalTo": "3"}}"#, #"{"total": 3}"#, true),
            (#"{"matchesJsonPath": {"expression": "$.items[0]", "equalTo": "a"}}"#, #"{"items": ["a", "b"]}"#, true),
            (#"{"matchesJsonPath": {"expression": "$.user", "equalToJson": {"id": 1}}}"#, #"{"user": {"id": 1}}"#, true),
            (#"{"matchesJsonPath": {"expression": "$.user", "equalToJson": {"id": 2}}}"#, #"{"user": {"id": 1}}"#, false),
        ] as [(String, String?, Bool)])
    func matchesAsWireMockDoes(json: String, value: String?, matched: Bool) throws {
        #expect(try matcher(json).matches(value) == matched)
    }

    @Test func equalToDistanceIsNormalisedLevenshtein() throws {
        let pattern = try matcher(#"{"equalTo": "abcd"}"#)
        #expect(pattern.evaluate("abcd", in: nil).distance == 0)
        #expect(pattern.evaluate("abce", in: nil).distance == 0.25)
        #expect(pattern.evaluate(nil, in: nil).distance == 1)
        #expect(try matcher(#"{"contains": "x"}"#).evaluate("abc", in: nil).distance == 1)
    }

    @Test func orTakesTheClosestDistanceAndAndTheMean() throws {
        let or = try matcher(#"{"or": [{"equalTo": "abcd"}, {"equalTo": "wxyz"}]}"#)
        #expect(or.evaluate("abce", in: nil).distance == 0.25)
        let and = try matcher(#"{"and": [{"equalTo": "abcd"}, {"contains": "q"}]}"#)
        #expect(and.evaluate("abce", in: nil).distance == 0.625)
    }

    @Test func aJSONMismatchCarriesNotes() throws {
        let notJSON = try matcher(#"{"equalToJson": {"a": 1}}"#).evaluate("{", in: nil)
        #expect(notJSON.notes.first?.hasPrefix("not JSON: ") == true)
        let different = try matcher(#"{"equalToJson": {"a": 1}}"#).evaluate(#"{"a": 2}"#, in: nil)
        #expect(!different.matched)
        #expect(!different.notes.isEmpty)
    }

    @Test func aRegexThatGivesUpIsANoMatchSayingSo() {
        let gaveUp = ValueMatch.regexGaveUp("regex gave up after 100000 steps")
        #expect(!gaveUp.matched)
        #expect(gaveUp.notes == ["regex gave up after 100000 steps"])
        #expect(ValueMatch.regexGaveUp("step limit 100000 reached").notes == ["regex gave up: step limit 100000 reached"])
    }
}
