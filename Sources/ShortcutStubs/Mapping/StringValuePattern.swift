import ShortcutJSON

/// One of WireMock's string matchers (`{"equalTo": "x"}`, `{"matches": "[a-z]+"}` …), parsed and compiled:
/// regexes and JSONPaths are compiled when the mapping is read, so matching never fails on the stub's side.
///
/// Supported: equalTo (+caseInsensitive), contains, doesNotContain, matches, doesNotMatch, absent, anything,
/// and / or (two or more), not, equalToJson (+ignoreArrayOrder, ignoreExtraElements) and matchesJsonPath
/// (an expression, or `{expression, <matcher>}`). WireMock's XML, JSON-schema, date-time and number matchers
/// are refused when a mapping is read.
package enum StringValuePattern: Sendable {
    /// Equal to the text; `caseInsensitive` compares with both sides lowercased.
    case equalTo(String, caseInsensitive: Bool)
    /// The value contains the text.
    case contains(String)
    /// The value is absent or does not contain the text.
    case doesNotContain(String)
    /// The whole value matches the regex (Java `matches()`, with DOTALL as WireMock compiles it).
    case matches(JavaRegex)
    /// The value is absent or the whole of it does not match the regex.
    case doesNotMatch(JavaRegex)
    /// The value is absent (`{"absent": true}`).
    case absent
    /// Anything, present or not (`{"anything": "anything"}`).
    case anything
    /// Every one of two or more matchers.
    case and([StringValuePattern])
    /// Any one of two or more matchers.
    case or([StringValuePattern])
    /// The matcher does not match.
    indirect case not(StringValuePattern)
    /// The value is JSON equal to a document.
    case equalToJson(EqualToJSONPattern)
    /// The value is JSON in which a JSONPath finds something (or something a matcher accepts).
    indirect case matchesJsonPath(JSONPathPattern)

    /// The operator's name as WireMock writes it (`equalTo`, `matchesJsonPath` …).
    package var operatorName: String {
        switch self {
        case .equalTo: "equalTo"
        case .contains: "contains"
        case .doesNotContain: "doesNotContain"
        case .matches: "matches"
        case .doesNotMatch: "doesNotMatch"
        case .absent: "absent"
        case .anything: "anything"
        case .and: "and"
        case .or: "or"
        case .not: "not"
        case .equalToJson: "equalToJson"
        case .matchesJsonPath: "matchesJsonPath"
        }
    }

    /// Whether this is `absent` itself (WireMock's `nullSafeIsAbsent`: a missing cookie matches only it).
    package var isAbsent: Bool {
        if case .absent = self { true } else { false }
    }
}

/// `equalToJson`: the expected document and the comparison built from it once.
package struct EqualToJSONPattern: Sendable {
    /// The expected document.
    package let expected: JSONValue
    /// Array elements may come in any order.
    package let ignoreArrayOrder: Bool
    /// Members and array elements beyond the expected ones are allowed.
    package let ignoreExtraElements: Bool
    /// The comparison (json-unit placeholders on, as in WireMock).
    package let equality: JSONEquality
}

/// `matchesJsonPath`: the compiled expression and, in the advanced form, the matcher for what it selects.
package struct JSONPathPattern: Sendable {
    /// The compiled expression.
    package let path: JSONPath
    /// The matcher the selected values must satisfy; nil when selecting anything is enough.
    package let subPattern: StringValuePattern?
}

/// A Java regex as WireMock compiles it for `matches`, `doesNotMatch`, `urlPattern` and `urlPathPattern`.
package struct JavaRegex: Sendable {
    /// The pattern as the mapping gave it.
    package let pattern: String
    /// The compiled regex, with DOTALL (`.` matches line breaks: WireMock's `Pattern.compile(regex, DOTALL)`).
    package let regex: SafeRegex

    /// Compiles `pattern` for the field at `path`. The pattern is compiled as given first, so an error's
    /// offset is the user's; then with the `(?s)` flag in front, which is how DOTALL is spelled inline.
    static func compile(_ pattern: String, limits: RegexLimits, path: String) throws(MappingError) -> JavaRegex {
        let plain: SafeRegex
        do {
            plain = try SafeRegex(pattern, limits: limits)
        } catch {
            throw MappingError(path: path, reason: error.description)
        }
        do {
            return JavaRegex(pattern: pattern, regex: try SafeRegex("(?s)" + pattern, limits: limits))
        } catch {
            // An engine without inline flags still matches as Java would for text without line breaks.
            return JavaRegex(pattern: pattern, regex: plain)
        }
    }
}
