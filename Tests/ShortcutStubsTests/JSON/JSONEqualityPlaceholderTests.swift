import Testing

@Suite("equalToJson placeholders (JsonUnit)")
struct JSONEqualityPlaceholderTests {
    private typealias F = JSONTestFixtures

    static let rows: [JSONEqualityRow] = [
        // WireMock's documentation.
        JSONEqualityRow(#"{ "id": "${json-unit.any-string}" }"#, #"{ "id": "abc123" }"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{ "id": "${json-unit.any-string}" }"#, #"{ "id": 123 }"#, placeholders: true, matches: false),
        JSONEqualityRow(#"{ "id": "${json-unit.any-string}" }"#, #"{ "id": "abc123" }"#, matches: false),
        // Type placeholders (JsonUnit's README).
        JSONEqualityRow(#"{"test": "${json-unit.any-number}"}"#, #"{"test": 1.1}"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{"test": "${json-unit.any-number}"}"#, #"{"test": "1.1"}"#, placeholders: true, matches: false),
        JSONEqualityRow(#"{"test": "${json-unit.any-boolean}"}"#, #"{"test": true}"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{"test": "${json-unit.any-boolean}"}"#, #"{"test": null}"#, placeholders: true, matches: false),
        JSONEqualityRow(##"{"test": "#{json-unit.any-string}"}"##, #"{"test": "value"}"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{"test": "${json-unit.any-string}"}"#, #"{"test": "${json-unit.any-string}"}"#, matches: true),
        // ignore: any value, present; ignore-element: any value, or missing.
        JSONEqualityRow(#"{"test": "${json-unit.ignore}"}"#, #"{"test": {"object": {"another": 1}}}"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{"test": "${json-unit.ignore}"}"#, #"{"test": null}"#, placeholders: true, matches: true),
        JSONEqualityRow(##"{"test": "#{json-unit.ignore}"}"##, #"{"test": [1]}"#, placeholders: true, matches: true),
        JSONEqualityRow(#"{"test": "${json-unit.ignore}"}"#, "{}", placeholders: true, matches: false),
        JSONEqualityRow(
            #"{"root": {"test": 1, "ignored": "${json-unit.ignore-element}"}}"#, #"{"root": {"test": 1, "ignored": null}}"#,
            placeholders: true, matches: true),
        JSONEqualityRow(
            #"{"root": {"test": 1, "ignored": "${json-unit.ignore-element}"}}"#, #"{"root": {"test": 1}}"#, placeholders: true,
            matches: true),
        JSONEqualityRow(##"{"a": "#{json-unit.ignore-element}"}"##, "{}", placeholders: true, matches: false),
        JSONEqualityRow(#"["${json-unit.ignore}", 2]"#, #"[{"x": 1}, 2]"#, placeholders: true, matches: true),
        JSONEqualityRow(#"["${json-unit.ignore}", 2]"#, "[2]", placeholders: true, matches: false),
        // Almost placeholders are plain strings.
        JSONEqualityRow(#"{"a": "${json-unit.any-thing}"}"#, #"{"a": "x"}"#, placeholders: true, matches: false),
        JSONEqualityRow(#"{"a": "${json-unit.any-string"}"#, #"{"a": "x"}"#, placeholders: true, matches: false),
        JSONEqualityRow(#"{"a": " ${json-unit.any-string}"}"#, #"{"a": "x"}"#, placeholders: true, matches: false),
        // Placeholders as the whole document, and under extra-element and order options.
        JSONEqualityRow(#""${json-unit.ignore}""#, #"{"anything": [1, 2]}"#, placeholders: true, matches: true),
        JSONEqualityRow(
            #"{"id": "${json-unit.any-number}", "tags": ["a"]}"#, #"{"id": 7, "tags": ["b", "a"], "x": 1}"#, order: true, extra: true,
            placeholders: true, matches: true),
    ]

    @Test("type, ignore and ignore-element placeholders", arguments: rows)
    func row(_ row: JSONEqualityRow) throws {
        #expect(try row.compare().matches == row.matches)
    }

    @Test("regex placeholders match the whole string through the given regex engine")
    func regexPlaceholders() throws {
        let cases: [(String, String, Bool)] = [
            (#"{"a": "${json-unit.regex}[A-Z]+"}"#, #"{"a": "ABC"}"#, true),
            (#"{"a": "${json-unit.regex}[A-Z]+"}"#, #"{"a": "ABc"}"#, false),
            (#"{"a": "${json-unit.regex}[A-Z]+"}"#, #"{"a": "xABC"}"#, false),
            (##"{"a": "#{json-unit.regex}a.*"}"##, #"{"a": "abc"}"#, true),
            (#"{"a": "${json-unit.regex}1.*"}"#, #"{"a": 123}"#, false),
            (#"{"a": "${json-unit.regex}"}"#, #"{"a": ""}"#, true),
            (#"{"a": "${json-unit.regex}a\n"}"#, #"{"a": "x"}"#, false),
        ]
        for (expected, actual, matches) in cases {
            let comparison = try JSONEqualityRow(expected, actual, placeholders: true, matches: matches).compare(regex: F.regex)
            #expect(comparison.matches == matches, "\(expected) vs \(actual)")
        }
    }

    @Test("unsupported placeholders are differences that say why")
    func unsupportedPlaceholders() throws {
        let withoutEngine = try JSONEqualityRow(#"{"a": "${json-unit.regex}[A-Z]+"}"#, #"{"a": "ABC"}"#, placeholders: true, matches: false)
            .compare()
        #expect(withoutEngine.differences == ["$.a: the placeholder ${json-unit.regex} needs a regex engine and none was given"])
        let refused = try JSONEqualityRow(#"{"a": "${json-unit.regex}(a)\\1"}"#, #"{"a": "aa"}"#, placeholders: true, matches: false)
            .compare(regex: F.regex)
        #expect(refused.differences == [#"$.a: the regex engine refused the pattern "(a)\\1""#])
        let matcher = try JSONEqualityRow(#"{"a": "${json-unit.matches:positive}"}"#, #"{"a": 1}"#, placeholders: true, matches: false)
            .compare()
        #expect(
            matcher.differences == ["$.a: the placeholder ${json-unit.matches:positive} is not supported (WireMock registers no matchers)"])
    }

    @Test("placeholder differences say what was expected")
    func placeholderDifferences() throws {
        let cases: [(String, String, String)] = [
            (#"{"a": "${json-unit.any-number}"}"#, #"{"a": "1"}"#, #"$.a: expected any number, got "1""#),
            (#"{"a": "${json-unit.any-string}"}"#, #"{"a": 1}"#, "$.a: expected any string, got 1"),
            (#"{"a": "${json-unit.any-boolean}"}"#, #"{"a": [true]}"#, "$.a: expected any boolean, got [true]"),
            (#"{"a": "${json-unit.ignore}"}"#, "{}", "$.a: missing member"),
            (#"{"a": "${json-unit.regex}x"}"#, #"{"a": 1}"#, #"$.a: expected a string matching "x", got 1"#),
            (#"{"a": "${json-unit.regex}x"}"#, #"{"a": "y"}"#, #"$.a: "y" does not match the regex "x""#),
        ]
        for (expected, actual, line) in cases {
            let comparison = try JSONEqualityRow(expected, actual, placeholders: true, matches: false).compare(regex: F.regex)
            #expect(comparison.differences == [line])
        }
    }
}
