/// How a request pattern matches the URL: WireMock's `url`, `urlPath`, `urlPattern`, `urlPathPattern` and
/// `urlPathTemplate` (at most one per pattern), or any URL when none is given.
///
/// Like WireMock, all of them compare against the URL as received, not percent-decoded: `url` and
/// `urlPattern` against path + `?` + query, the others against the path alone.
package enum URLMatcher: Sendable {
    /// Any URL (no URL field given).
    case any
    /// `url`: path and query equal to this.
    case url(String)
    /// `urlPath`: path equal to this.
    case urlPath(String)
    /// `urlPattern`: path and query match the regex.
    case urlPattern(JavaRegex)
    /// `urlPathPattern`: the path matches the regex.
    case urlPathPattern(JavaRegex)
    /// `urlPathTemplate`: the path fits the template, binding its variables.
    case urlPathTemplate(PathTemplate)

    /// The JSON field names, in the order refusals list them.
    static let fieldNames = ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"]

    /// The matcher in words: `url "/a?b=1"`, `urlPathTemplate "/users/{id}"`, `any URL`.
    package var summary: String {
        switch self {
        case .any: "any URL"
        case .url(let url): "url \(Quoted.text(url))"
        case .urlPath(let path): "urlPath \(Quoted.text(path))"
        case .urlPattern(let regex): "urlPattern \(Quoted.text(regex.pattern))"
        case .urlPathPattern(let regex): "urlPathPattern \(Quoted.text(regex.pattern))"
        case .urlPathTemplate(let template): "urlPathTemplate \(Quoted.text(template.template))"
        }
    }

    /// Reads the URL field of a request object, refusing more than one.
    static func parse(_ fields: JSONObjectFields, limits: MappingLimits) throws(MappingError) -> URLMatcher {
        let given = fields.present(fieldNames)
        guard given.count <= 1 else {
            let found = given.dropLast().joined(separator: ", ") + " and " + (given.last ?? "")
            throw fields.cursor.fail("only one of \(fieldNames.joined(separator: ", ")) may be given (found \(found))")
        }
        guard let name = given.first, let cursor = fields[name] else { return .any }
        let text = try cursor.string()
        switch name {
        case "url": return .url(text)
        case "urlPath": return .urlPath(text)
        case "urlPattern": return .urlPattern(try JavaRegex.compile(text, limits: limits.regex, path: cursor.path))
        case "urlPathPattern": return .urlPathPattern(try JavaRegex.compile(text, limits: limits.regex, path: cursor.path))
        default:
            do {
                return .urlPathTemplate(try PathTemplate(text))
            } catch {
                throw cursor.fail(error.reason)
            }
        }
    }
}
