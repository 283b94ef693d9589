import HTTPVocabulary
import ShortcutJSON

/// A request as the stub matcher sees it, made from plain values (the server adapts its own request to it).
///
/// URLs are matched as WireMock matches them: `url` / `urlPath` / `urlPattern` / `urlPathPattern` and
/// `urlPathTemplate` against the URL as received, NOT percent-decoded (`/a%20b` does not equal `/a b`);
/// query parameters, form fields and cookies are decoded by name and value.
package struct StubRequest: Sendable {
    /// The method, as received (case-sensitive).
    package let method: String
    /// Path + `?` + query, as received (an absolute-form target is reduced to this, as WireMock does).
    package let url: String
    /// The path, raw (not percent-decoded).
    package let path: String
    /// The raw query after `?`, or nil when the URL has no `?`.
    package let rawQuery: String?
    /// The query parameters, decoded, in order (a repeated name keeps each value).
    package let queryParameters: [NamedValue]
    /// The header fields in order, names as received.
    package let headers: [HTTPField]
    /// The cookies of every `Cookie` field, in order.
    package let cookies: [NamedValue]
    /// The body.
    package let body: [UInt8]
    /// Whether `body` is what the client sent. False for a request read back from a journal that keeps no
    /// bodies (or only their start): a body criterion then says so instead of judging an empty body.
    package var isBodyKept = true

    /// Makes a request from its method, request-target, header fields and body.
    package init(method: String, target: String, headers: [(String, String)], body: [UInt8] = []) {
        self.method = method
        let url = StubRequest.originForm(target)
        self.url = url
        if let question = url.firstIndex(of: "?") {
            path = String(url[..<question])
            let query = url[url.index(after: question)...]
            rawQuery = String(query)
            queryParameters = FormDecoding.pairs(query)
        } else {
            path = url
            rawQuery = nil
            queryParameters = []
        }
        let fields = headers.map { HTTPField(name: $0.0, value: $0.1) }
        self.headers = fields
        cookies = fields.filter { $0.name.equalsIgnoringASCIICase("Cookie") }.flatMap { StubRequest.cookiePairs($0.value) }
        self.body = body
    }

    /// The values of header `name` (case-insensitive), in order; nil when absent.
    package func headerValues(_ name: String) -> [String]? {
        let values = headers.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
        return values.isEmpty ? nil : values
    }

    /// The values of query parameter `name`; nil when absent.
    package func queryValues(_ name: String) -> [String]? { queryParameters.values(named: name) }

    /// The values of cookie `name`; nil when absent.
    package func cookieValues(_ name: String) -> [String]? { cookies.values(named: name) }

    /// The first `Content-Type` value.
    package var contentType: String? { headerValues("Content-Type")?.first }

    /// The body as UTF-8 text (invalid bytes replaced), computed on each call.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON, computed on each call.
    package func bodyJSON(maxDepth: Int = 64) -> Result<JSONValue, JSONParser.Failure> {
        do {
            return .success(try JSONParser.parse(body, maxDepth: maxDepth))
        } catch {
            return .failure(error)
        }
    }

    /// The form fields of an `application/x-www-form-urlencoded` body (none for another type), computed on each call.
    package var formParameters: [NamedValue] {
        guard let type = contentType, type.utf8.count >= StubRequest.formType.utf8.count,
            ASCIILowercase.of(String(type.prefix(StubRequest.formType.count))) == StubRequest.formType
        else { return [] }
        return FormDecoding.pairs(Substring(bodyText))
    }

    private static let formType = "application/x-www-form-urlencoded"

    /// `http://host:port/p?q` → `/p?q` (WireMock's `getPathAndQuery`); an origin-form target as it is.
    static func originForm(_ target: String) -> String {
        let lower = ASCIILowercase.of(String(target.prefix(8)))
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return target }
        let afterScheme = target[target.index(target.startIndex, offsetBy: lower.hasPrefix("http://") ? 7 : 8)...]
        guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = afterScheme[slash...]
        return rest.first == "?" ? "/" + rest : String(rest)
    }

    /// `a=1; b="two"` → pairs, quotes around a value removed (as the servlet container WireMock runs on does).
    static func cookiePairs(_ header: String) -> [NamedValue] {
        header.split(separator: ";").compactMap { piece -> NamedValue? in
            guard let equals = piece.firstIndex(of: "=") else { return nil }
            let name = trimmed(piece[..<equals])
            guard !name.isEmpty else { return nil }
            var value = trimmed(piece[piece.index(after: equals)...])
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            return NamedValue(String(name), String(value))
        }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
