import ShortcutJSON

/// How the matcher decided which app opens a URL: every rule it tried, in order, with its verdict.
package struct LinkTrace: Sendable {
    /// A rule's verdict.
    package enum Verdict: String, Sendable {
        /// The URL matches and the rule opens it in the entry's app.
        case match
        /// The URL matches a rule with `exclude`: this entry's app does not open it.
        case excluded
        /// The URL does not match; the next rule is tried.
        case noMatch = "no match"
    }

    /// One rule tried.
    package struct Step: Sendable {
        /// `applinks.details[0].components[2]`.
        package let rule: String
        /// The rule as it reads (`/ "/buy/*"  exclude`).
        package let summary: String
        package let comment: String?
        package let verdict: Verdict
        /// Why: which part did not match, or that all did.
        package let reason: String
    }

    /// One `details` entry tried.
    package struct Entry: Sendable {
        /// `applinks.details[0]`.
        package let path: String
        package let appIDs: [String]
        package let steps: [Step]
    }

    /// The URL as matched.
    package let url: LinkURL
    /// The entries tried, in order, up to the one that decided.
    package let entries: [Entry]
    /// The app that opens the URL (the entry's first app ID), or nil when Safari does.
    package let app: String?
    /// All the app IDs of the deciding entry (the first one installed opens it).
    package let appIDs: [String]
    /// The rule that decided (a match, or the first exclusion when nothing matched), or nil.
    package let decidedBy: String?
    /// One sentence: `opens in ABCDE12345.com.example.app` / `Safari opens it: …`.
    package let result: String

    /// Whether an app opens the URL.
    package var opensApp: Bool { app != nil }

    /// The trace as the CLI prints it, one line each.
    package var lines: [String] {
        var lines = [
            "url: \(url.scheme)://\(url.host)\(url.path)" + (url.query.map { "?\($0)" } ?? "") + (url.fragment.map { "#\($0)" } ?? ""),
            "path: \(url.path)  query: \(url.query.map { "\"\($0)\"" } ?? "(none)")  fragment: \(url.fragment.map { "\"\($0)\"" } ?? "(none)")",
        ]
        for entry in entries {
            lines.append("\(entry.path) (\(entry.appIDs.joined(separator: ", ")))")
            for step in entry.steps {
                let comment = step.comment.map { "  // \($0)" } ?? ""
                lines.append(
                    "  \(step.rule.dropFirst(entry.path.count).drop { $0 == "." }) \(step.summary): \(step.verdict.rawValue): \(step.reason)\(comment)"
                )
            }
        }
        if let decidedBy { lines.append("decided by: \(decidedBy)") }
        lines.append("result: \(result)")
        return lines
    }

    /// The trace as `GET /api/links/match` answers it.
    package var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            (
                "url",
                .object([
                    ("scheme", .string(url.scheme)), ("host", .string(url.host)), ("path", .string(url.path)),
                    ("query", text(url.query)), ("fragment", text(url.fragment)),
                ])
            ),
            ("opens_app", .bool(opensApp)),
            ("app", text(app)),
            ("app_ids", .array(appIDs.map(JSONValue.string))),
            ("decided_by", text(decidedBy)),
            ("result", .string(result)),
            (
                "entries",
                .array(
                    entries.map { entry in
                        .object([
                            ("path", .string(entry.path)),
                            ("app_ids", .array(entry.appIDs.map(JSONValue.string))),
                            (
                                "steps",
                                .array(
                                    entry.steps.map { step in
                                        .object([
                                            ("rule", .string(step.rule)), ("summary", .string(step.summary)),
                                            ("comment", text(step.comment)),
                                            ("verdict", .string(step.verdict.rawValue)), ("reason", .string(step.reason)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
