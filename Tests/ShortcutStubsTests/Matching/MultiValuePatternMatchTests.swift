import Testing

@testable import ShortcutStubs

@Suite("Repeated values: single matchers, hasExactly, includes")
struct MultiValuePatternMatchTests {
    private func matcher(_ json: String) throws -> MultiValuePattern {
        try #require(try Fixture.pattern(#""queryParameters": {"id": \#(json)}"#).queryParameters.first).pattern
    }

    @Test(
        arguments: [
            (#"{"equalTo": "2"}"#, ["1", "2"], true),
            (#"{"equalTo": "3"}"#, ["1", "2"], false),
            (#"{"absent": true}"#, nil, true),
            (#"{"absent": true}"#, ["1"], false),
            (#"{"doesNotContain": "x"}"#, nil, true),
            (#"{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}"#, ["2", "1"], true),
            (#"{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}"#, ["1", "2", "3"], false),
            (#"{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}"#, ["1"], false),
            (#"{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}"#, nil, false),
            (#"{"hasExactly": [{"absent": true}]}"#, nil, false),
            (#"{"includes": [{"equalTo": "1"}, {"contains": "2"}]}"#, ["1", "22", "3"], true),
            (#"{"includes": [{"equalTo": "1"}, {"contains": "2"}]}"#, ["1", "3"], false),
            (#"{"includes": [{"equalTo": "1"}]}"#, nil, false),
        ] as [(String, [String]?, Bool)])
    func matchesAsWireMockDoes(json: String, values: [String]?, matched: Bool) throws {
        #expect(try matcher(json).matches(values) == matched)
    }

    @Test func hasExactlyDistanceCountsTheCountAsOneHalf() throws {
        let result = try matcher(#"{"hasExactly": [{"equalTo": "1"}, {"equalTo": "2"}]}"#).evaluate(["1", "2", "3"], in: nil)
        #expect(!result.matched)
        #expect(result.distance == 0.5)
    }
}
