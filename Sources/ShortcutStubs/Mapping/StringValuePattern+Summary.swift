extension StringValuePattern {
    /// The matcher in words for a near-miss line: `contains "json"`, `equalTo "a" (case-insensitive)`,
    /// `matches "[0-9]+" AND doesNotContain "x"`.
    package var summary: String {
        switch self {
        case .equalTo(let text, let caseInsensitive): "equalTo \(Quoted.text(text))" + (caseInsensitive ? " (case-insensitive)" : "")
        case .contains(let text): "contains \(Quoted.text(text))"
        case .doesNotContain(let text): "doesNotContain \(Quoted.text(text))"
        case .matches(let regex): "matches \(Quoted.text(regex.pattern))"
        case .doesNotMatch(let regex): "doesNotMatch \(Quoted.text(regex.pattern))"
        case .absent: "absent"
        case .anything: "anything"
        case .and(let patterns): patterns.map(\.operandSummary).joined(separator: " AND ")
        case .or(let patterns): patterns.map(\.operandSummary).joined(separator: " OR ")
        case .not(let pattern): "not (\(pattern.summary))"
        case .equalToJson(let json):
            "equalToJson \(Quoted.shortened(json.expected.description, limit: 500))"
                + (json.ignoreArrayOrder ? " (ignoreArrayOrder)" : "") + (json.ignoreExtraElements ? " (ignoreExtraElements)" : "")
        case .matchesJsonPath(let json):
            "matchesJsonPath \(Quoted.text(json.path.expression))" + (json.subPattern.map { " " + $0.summary } ?? "")
        }
    }

    /// A part of an `and` / `or`, in parentheses when it is itself a list.
    private var operandSummary: String {
        switch self {
        case .and, .or: "(\(summary))"
        default: summary
        }
    }
}
