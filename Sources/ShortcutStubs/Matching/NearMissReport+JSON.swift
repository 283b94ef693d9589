import HTTPVocabulary
import ShortcutJSON

extension NearMissReport {
    /// WireMock's near-miss JSON, `{"nearMisses": [{"request": …, "stubMapping": …, "matchResult": {"distance": …}}]}`.
    /// With `includeCriteria` each near miss also carries `"criteria"`: our per-criterion lines. (WireMock's own
    /// Java client reads near misses with strict Jackson, which refuses unknown members: leave it off for it.)
    package func jsonValue(includeCriteria: Bool = true) -> JSONValue {
        let requestJSON = NearMissReport.loggedRequest(request)
        let misses = nearMisses.map { nearMiss -> JSONValue in
            var members: [(String, JSONValue)] = [
                ("request", requestJSON), ("stubMapping", nearMiss.mapping.jsonValue),
                ("matchResult", .object([("distance", .number(nearMiss.report.distance))])),
            ]
            if includeCriteria { members.append(("criteria", .array(nearMiss.report.criteria.map(NearMissReport.criterionJSON)))) }
            return .object(members)
        }
        return .object([("nearMisses", .array(misses))])
    }

    /// The request in the shape of WireMock's `LoggedRequest` (the members that do not need a clock or a socket).
    package static func loggedRequest(_ request: StubRequest) -> JSONValue {
        let headers = grouped(request.headers.map { ($0.name, $0.value) }, caseInsensitive: true)
        let query = grouped(request.queryParameters.map { ($0.name, $0.value) }, caseInsensitive: false)
        let cookies = grouped(request.cookies.map { ($0.name, $0.value) }, caseInsensitive: false)
        func oneOrMany(_ values: [String]) -> JSONValue { values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string)) }
        func queryParameter(_ name: String, _ values: [String]) -> JSONValue {
            .object([("key", .string(name)), ("values", .array(values.map(JSONValue.string)))])
        }
        return .object([
            ("url", .string(request.url)),
            ("method", .string(request.method)),
            ("headers", .object(headers.map { ($0.name, oneOrMany($0.values)) })),
            ("cookies", .object(cookies.map { ($0.name, oneOrMany($0.values)) })),
            ("queryParams", .object(query.map { ($0.name, queryParameter($0.name, $0.values)) })),
            ("body", .string(request.bodyText)),
            ("bodyAsBase64", .string(Base64.encode(request.body))),
        ])
    }

    /// Pairs grouped by name, in first-seen order.
    private static func grouped(_ pairs: [(String, String)], caseInsensitive: Bool) -> [(name: String, values: [String])] {
        var groups: [(name: String, values: [String])] = []
        for (name, value) in pairs {
            let index = groups.firstIndex { caseInsensitive ? $0.name.equalsIgnoringASCIICase(name) : $0.name == name }
            if let index { groups[index].values.append(value) } else { groups.append((name, [value])) }
        }
        return groups
    }

    static func criterionJSON(_ criterion: CriterionResult) -> JSONValue {
        .object([
            ("label", .string(criterion.label)),
            ("matched", .bool(criterion.matched)),
            ("expected", .string(criterion.expected)),
            ("actual", .string(criterion.actual)),
            ("distance", .number(criterion.distance)),
            ("notes", .array(criterion.notes.map(JSONValue.string))),
        ])
    }
}
