import Testing

@Suite("Reading WireMock string matchers")
struct StringValuePatternParseTests {
    /// Each supported operator, as WireMock's documentation writes it, and its summary.
    @Test(arguments: [
        (#"{"equalTo": "text/plain"}"#, #"equalTo "text/plain""#),
        (#"{"equalTo": "TEXT", "caseInsensitive": true}"#, #"equalTo "TEXT" (case-insensitive)"#),
        (#"{"contains": "xml"}"#, #"contains "xml""#),
        (#"{"doesNotContain": "xml"}"#, #"doesNotContain "xml""#),
        (#"{"matches": ".*12345.*"}"#, #"matches ".*12345.*""#),
        (#"{"doesNotMatch": "[0-9]+"}"#, #"doesNotMatch "[0-9]+""#),
        (#"{"absent": true}"#, "absent"),
        (#"{"anything": "anything"}"#, "anything"),
        (#"{"and": [{"matches": "[a-z]+"}, {"contains": "magicvalue"}]}"#, #"matches "[a-z]+" AND contains "magicvalue""#),
        (#"{"or": [{"equalTo": "one"}, {"absent": true}]}"#, #"equalTo "one" OR absent"#),
        (#"{"not": {"contains": "x"}}"#, #"not (contains "x")"#),
        (#"{"equalToJson": {"total": 3}}"#, #"equalToJson {"total":3}"#),
        (#"{"equalToJson": "{\"total\": 3}", "ignoreArrayOrder": true}"#, #"equalToJson {"total":3} (ignoreArrayOrder)"#),
        (#"{"matchesJsonPath": "$.name"}"#, #"matchesJsonPath "$.name""#),
        (#"{"matchesJsonPath": {"expression": "$.name", "contains": "Tom"}}"#, #"matchesJsonPath "$.name" contains "Tom""#),
    ])
    func readsOperator(json: String, summary: String) throws {
        let pattern = try Fixture.pattern(#""headers": {"Accept": \#(json)}"#)
        let header = try #require(pattern.headers.first)
        #expect(header.name == "Accept")
        #expect(header.pattern.summary == summary)
    }

    @Test func nestedListsReadInParentheses() throws {
        let pattern = try Fixture.pattern(
            #""cookies": {"s": {"or": [{"and": [{"contains": "a"}, {"contains": "b"}]}, {"absent": true}]}}"#)
        #expect(pattern.cookies.first?.pattern.summary == #"(contains "a" AND contains "b") OR absent"#)
    }

    /// Every refusal of a matcher object names its field.
    @Test(arguments: [
        (
            #"{"equalsTo": "x"}"#,
            "request.headers.Accept: unknown matcher 'equalsTo' (expected one of equalTo, contains, doesNotContain, matches, "
                + "doesNotMatch, absent, anything, and, or, not, equalToJson, matchesJsonPath)"
        ),
        (
            #"{}"#,
            "request.headers.Accept: no matcher (expected one of equalTo, contains, doesNotContain, matches, doesNotMatch, absent, "
                + "anything, and, or, not, equalToJson, matchesJsonPath)"
        ),
        (#""json""#, "request.headers.Accept: must be a matcher object such as {\"equalTo\": \"...\"}, not a string"),
        (#"{"equalTo": "a", "contains": "b"}"#, "request.headers.Accept: only one matcher per object (found equalTo and contains)"),
        (#"{"equalToXml": "<a/>"}"#, "request.headers.Accept.equalToXml: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"before": "now"}"#, "request.headers.Accept.before: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"after": "now"}"#, "request.headers.Accept.after: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"equalToDateTime": "now"}"#, "request.headers.Accept.equalToDateTime: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"matchesXPath": "//a"}"#, "request.headers.Accept.matchesXPath: not supported by shortcut-serve (see docs/stubs.md)"),
        (#"{"equalTo": 3}"#, "request.headers.Accept.equalTo: must be a string, not a number"),
        (#"{"equalTo": "a", "caseInsensitive": "yes"}"#, "request.headers.Accept.caseInsensitive: must be true or false, not a string"),
        (#"{"contains": "a", "caseInsensitive": true}"#, "request.headers.Accept.caseInsensitive: only applies to equalTo"),
        (#"{"equalTo": "a", "ignoreArrayOrder": true}"#, "request.headers.Accept.ignoreArrayOrder: only applies to equalToJson"),
        (#"{"contains": "a", "flavour": 1}"#, "request.headers.Accept.flavour: unknown field beside contains (it takes no options)"),
        (#"{"equalTo": "a", "flavour": 1}"#, "request.headers.Accept.flavour: unknown field beside equalTo (expected caseInsensitive)"),
        (#"{"absent": false}"#, "request.headers.Accept.absent: must be true (absent takes no other value)"),
        (#"{"and": [{"contains": "a"}]}"#, "request.headers.Accept.and: needs at least two matchers, found 1"),
        (#"{"or": {"contains": "a"}}"#, "request.headers.Accept.or: must be an array, not an object"),
        (
            #"{"and": [{"contains": "a"}, {"equalsTo": "b"}]}"#,
            "request.headers.Accept.and[1]: unknown matcher 'equalsTo' (expected one of equalTo, contains, doesNotContain, matches, "
                + "doesNotMatch, absent, anything, and, or, not, equalToJson, matchesJsonPath)"
        ),
        (
            #"{"equalToJson": "{\"a\": }"}"#,
            "request.headers.Accept.equalToJson: the string is not JSON (unexpected character '}' at byte 6)"
        ),
        (
            #"{"matchesJsonPath": {"contains": "a"}}"#,
            "request.headers.Accept.matchesJsonPath.expression: required in the advanced matchesJsonPath form"
        ),
        (
            #"{"matchesJsonPath": 3}"#,
            "request.headers.Accept.matchesJsonPath: must be a JSONPath string or {\"expression\": ..., <matcher>}, not a number"
        ),
    ])
    func refusesMatcher(json: String, message: String) throws {
        #expect(try Fixture.requestRefusal(#""headers": {"Accept": \#(json)}"#) == message)
    }

    @Test func aRegexIsCompiledWhenRead() throws {
        let refusal = try #require(try Fixture.requestRefusal(#""bodyPatterns": [{"matches": "(\\1)"}]"#))
        #expect(refusal.hasPrefix("request.bodyPatterns[0].matches: "))
    }

    @Test func aJSONPathIsCompiledWhenRead() throws {
        let refusal = try #require(try Fixture.requestRefusal(#""bodyPatterns": [{"matchesJsonPath": "$.a["}]"#))
        #expect(refusal.hasPrefix("request.bodyPatterns[0].matchesJsonPath: "))
        let advanced = try #require(
            try Fixture.requestRefusal(#""bodyPatterns": [{"matchesJsonPath": {"expression": "$.a[", "absent": true}}]"#))
        #expect(advanced.hasPrefix("request.bodyPatterns[0].matchesJsonPath.expression: "))
    }

    @Test func binaryEqualToIsABodyMatcherOnly() throws {
        let pattern = try Fixture.pattern(#""bodyPatterns": [{"binaryEqualTo": "AQID"}]"#)
        guard case .binaryEqualTo(let bytes) = try #require(pattern.bodyPatterns.first) else {
            Issue.record("not binaryEqualTo")
            return
        }
        #expect(bytes == [1, 2, 3])
        #expect(
            try Fixture.requestRefusal(#""bodyPatterns": [{"binaryEqualTo": "not base64!"}]"#)
                == "request.bodyPatterns[0].binaryEqualTo: is not base64")
        #expect(
            try Fixture.requestRefusal(#""headers": {"X": {"binaryEqualTo": "AQID"}}"#)?.contains("unknown matcher 'binaryEqualTo'") == true
        )
        #expect(try Fixture.requestRefusal(#""bodyPatterns": [{"equalsTo": "x"}]"#)?.hasSuffix("matchesJsonPath, binaryEqualTo)") == true)
    }

    @Test func hasExactlyAndIncludesReadLists() throws {
        let pattern = try Fixture.pattern(
            #""queryParameters": {"id": {"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}, "tag": {"includes": [{"contains": "a"}]}}"#)
        #expect(pattern.queryParameters.map(\.pattern.summary) == [#"hasExactly [equalTo "1", equalTo "2"]"#, #"includes [contains "a"]"#])
        #expect(
            try Fixture.requestRefusal(#""queryParameters": {"id": {"hasExactly": []}}"#)
                == "request.queryParameters.id.hasExactly: needs at least one matcher")
        #expect(
            try Fixture.requestRefusal(#""queryParameters": {"id": {"includes": [{"equalTo": "1"}], "x": 1}}"#)
                == "request.queryParameters.id.x: unknown field (expected one of includes)")
    }
}
