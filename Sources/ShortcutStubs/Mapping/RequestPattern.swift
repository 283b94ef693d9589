import HTTPVocabulary
import ShortcutJSON

/// What a request must look like for a stub to answer it: WireMock's `request` object, parsed and compiled.
/// Names keep the mapping's order, which is the order a near-miss report lists them in.
package struct RequestPattern: Sendable {
    /// A name and the matcher for its value(s).
    package typealias Named<Pattern: Sendable> = (name: String, pattern: Pattern)

    /// `method`; `ANY` when absent.
    package var method: MethodPattern = .any
    /// One of `url`, `urlPath`, `urlPattern`, `urlPathPattern`, `urlPathTemplate`; any URL when absent.
    package var url: URLMatcher = .any
    /// `pathParameters`: matchers for the variables `urlPathTemplate` binds.
    package var pathParameters: [Named<StringValuePattern>] = []
    /// `queryParameters`, by (decoded) name.
    package var queryParameters: [Named<MultiValuePattern>] = []
    /// `headers`, by name (compared case-insensitively).
    package var headers: [Named<MultiValuePattern>] = []
    /// `cookies`, by name.
    package var cookies: [Named<StringValuePattern>] = []
    /// `formParameters`, read from an `application/x-www-form-urlencoded` body.
    package var formParameters: [Named<MultiValuePattern>] = []
    /// `bodyPatterns`: all must match.
    package var bodyPatterns: [BodyPattern] = []
    /// `basicAuthCredentials` (WireMock also reads it as `basicAuth`).
    package var basicAuthCredentials: BasicCredentials?

    /// The pattern every request matches (a mapping without `request`).
    package static let anything = RequestPattern()

    /// A pattern; every field defaults to matching anything.
    package init(method: MethodPattern = .any, url: URLMatcher = .any) {
        self.method = method
        self.url = url
    }

    /// Fields this subset reads.
    static let knownFields = [
        "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "pathParameters", "queryParameters", "headers",
        "cookies", "formParameters", "bodyPatterns", "basicAuthCredentials", "basicAuth",
    ]

    /// WireMock fields refused as not supported.
    static let refusedFields: Set<String> = ["scheme", "host", "port", "clientIp", "customMatcher", "multipartPatterns"]

    /// Reads a request pattern given alone (the admin API's `requests/count`, `requests/find`,
    /// `near-misses/request-pattern` bodies); errors name fields from the pattern's root.
    package static func parse(_ json: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> RequestPattern {
        try parse(JSONCursor(json, path: ""), limits: limits)
    }

    /// Reads a `request` object at `cursor`.
    static func parse(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> RequestPattern {
        let fields = try cursor.object(known: knownFields, refused: refusedFields)
        // `if let`, not `Optional.map`: the SDKs of macOS 13 / iOS 16 declare `map` rethrows (any Error), not
        // throws(E), so a typed-throws closure through it does not type-check there.
        var method = MethodPattern.any
        if let given = fields["method"] { method = try MethodPattern.parse(given) }
        var pattern = RequestPattern(method: method, url: try URLMatcher.parse(fields, limits: limits))
        if let given = fields["pathParameters"] {
            pattern.pathParameters = try stringPatterns(given, limits: limits)
            guard case .urlPathTemplate(let template) = pattern.url else { throw given.fail("needs urlPathTemplate") }
            for (name, _) in pattern.pathParameters where !template.variableNames.contains(name) {
                let known = template.variableNames.isEmpty ? "it has none" : "it has \(template.variableNames.joined(separator: ", "))"
                throw MappingError(path: given.childPath(name), reason: "urlPathTemplate has no variable {\(name)} (\(known))")
            }
        }
        if let given = fields["queryParameters"] { pattern.queryParameters = try multiValuePatterns(given, limits: limits) }
        if let given = fields["headers"] { pattern.headers = try multiValuePatterns(given, caseInsensitive: true, limits: limits) }
        if let given = fields["cookies"] { pattern.cookies = try stringPatterns(given, limits: limits) }
        if let given = fields["formParameters"] { pattern.formParameters = try multiValuePatterns(given, limits: limits) }
        if let given = fields["bodyPatterns"] {
            for element in try given.array() { pattern.bodyPatterns.append(try BodyPattern.parse(element, limits: limits)) }
        }
        let credentials = fields.present(["basicAuthCredentials", "basicAuth"])
        if credentials.count > 1 { throw cursor.fail("only one of basicAuthCredentials and basicAuth may be given") }
        if let name = credentials.first, let given = fields[name] {
            if pattern.headers.contains(where: { $0.name.equalsIgnoringASCIICase("Authorization") }) {
                throw given.fail("cannot be combined with a headers.Authorization matcher")
            }
            pattern.basicAuthCredentials = try BasicCredentials.parse(given)
        }
        return pattern
    }

    private static func stringPatterns(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> [Named<StringValuePattern>] {
        var result: [Named<StringValuePattern>] = []
        for member in try cursor.members() {
            guard !member.name.isEmpty else { throw member.cursor.fail("a name may not be empty") }
            result.append((member.name, try StringValuePattern.parse(member.cursor, limits: limits)))
        }
        return result
    }

    private static func multiValuePatterns(_ cursor: JSONCursor, caseInsensitive: Bool = false, limits: MappingLimits)
        throws(MappingError) -> [Named<MultiValuePattern>]
    {
        var result: [Named<MultiValuePattern>] = []
        for member in try cursor.members(caseInsensitive: caseInsensitive) {
            guard !member.name.isEmpty else { throw member.cursor.fail("a name may not be empty") }
            result.append((member.name, try MultiValuePattern.parse(member.cursor, limits: limits)))
        }
        return result
    }
}
