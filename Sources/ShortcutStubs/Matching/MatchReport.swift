/// How a request fared against one stub's request pattern: the verdict, WireMock's distance, and one
/// `CriterionResult` per part of the pattern (the near-miss report's lines).
package struct MatchReport: Sendable {
    /// Whether every criterion matched.
    package var isMatch: Bool
    /// 0 (a match) ... 1, computed as WireMock does (see `MatchReport.wireMockDistance`).
    package var distance: Double
    /// The criteria, in the order a near miss lists them: method, URL, path parameters, headers, basic auth,
    /// query, form, cookies, body.
    package var criteria: [CriterionResult]
    /// What `urlPathTemplate` bound (`{id}` → "42"), raw as in the path, for templating.
    package var pathParameters: [String: String]

    /// The criteria that did not match.
    package var failures: [CriterionResult] { criteria.filter { !$0.matched } }

    /// WireMock's `RequestPattern` distance: URL (weight 10) and method (3) beside scheme, host, port and client
    /// IP (3 + 10 + 10 + 3, always 0 here since those are refused); when URL or method fails that is all
    /// (÷ 39). Otherwise seven groups of weight 1 join — path parameters, headers (with basic auth), query,
    /// form, cookies, body, multipart — each the mean of its criteria, 0 when empty (÷ 46).
    package static func wireMockDistance(_ criteria: [CriterionResult]) -> Double {
        func distance(of part: CriterionResult.Part) -> Double {
            criteria.first { $0.part == part }?.distance ?? 0
        }
        func mean(_ parts: Set<CriterionResult.Part>) -> Double {
            let group = criteria.filter { parts.contains($0.part) }
            return group.isEmpty ? 0 : group.map(\.distance).reduce(0, +) / Double(group.count)
        }
        let requestLine = 10 * distance(of: .url) + 3 * distance(of: .method)
        let lineMatched = criteria.allSatisfy { ($0.part != .url && $0.part != .method) || $0.matched }
        guard lineMatched else { return requestLine / 39 }
        let groups: [Set<CriterionResult.Part>] = [[.pathParameter], [.header, .basicAuth], [.query], [.form], [.cookie], [.body]]
        return (requestLine + groups.map(mean).reduce(0, +)) / 46
    }
}
