import HTTPVocabulary

/// WireMock's request model (`RequestTemplateModel`) built from the parts of a received request: what
/// `{{request.…}}` reads.
///
/// | path | value |
/// | --- | --- |
/// | `request.id` | the serve event's id, when given |
/// | `request.url` | path and query as received |
/// | `request.path` | the decoded path; `.n` / `.[n]` a segment; `.name` a `urlPathTemplate` parameter |
/// | `request.pathSegments` | the segments (`.[n]`), rendering as the path |
/// | `request.query.k` | one-or-many: first value, `.[n]`, `.first`, `.last`; values URL-decoded (`+` is a space) |
/// | `request.method`, `request.scheme`, `request.host`, `request.port`, `request.baseUrl` | the request line |
/// | `request.headers.X-Name` | one-or-many, name matched without case |
/// | `request.cookies.k` | one-or-many, from the `Cookie` headers unless given |
/// | `request.body` | the body as text |
package struct TemplateRequestModel: Sendable {
    /// `GET`, `POST` …
    package var method: String
    /// The request target: path and query, as received (`/things?id=1`).
    package var url: String
    /// `http` or `https`.
    package var scheme: String
    /// The host the request named.
    package var host: String
    /// The port it arrived on.
    package var port: Int
    /// The header fields in order, repeats kept.
    package var headers: [(name: String, value: String)]
    /// The cookies; nil reads them from the `Cookie` headers.
    package var cookies: [(name: String, value: String)]?
    /// The body, as text.
    package var body: String
    /// The named parameters of the stub's `urlPathTemplate`, matched against this request.
    package var pathParameters: [(String, String)]
    /// The serve event's id (`request.id`), when there is one.
    package var id: String?

    /// A model of one request; everything but the method and target has a default.
    package init(
        method: String, url: String, scheme: String = "http", host: String = "localhost", port: Int = 8080,
        headers: [(name: String, value: String)] = [], cookies: [(name: String, value: String)]? = nil, body: String = "",
        pathParameters: [(String, String)] = [], id: String? = nil
    ) {
        self.method = method
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.pathParameters = pathParameters
        self.id = id
    }

    /// The root a response template renders against: `request`, and `parameters` (the stub's
    /// `transformerParameters`) when given.
    package func templateContext(parameters: TemplateValue? = nil) -> TemplateValue {
        var entries: [(String, TemplateValue)] = [("request", value)]
        if let parameters { entries.append(("parameters", parameters)) }
        return .object(TemplateObject(entries))
    }

    /// The `request` object.
    package var value: TemplateValue {
        let target = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = Self.percentDecoded(pieces.first.map(String.init) ?? "", plusIsSpace: false)
        let query = pieces.count > 1 ? String(pieces[1]) : nil
        let standardPort = (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        var entries: [(String, TemplateValue)] = []
        if let id { entries.append(("id", .string(id))) }
        entries += [
            ("url", .string(url)),
            ("path", .urlPath(path, parameters: pathParameters)),
            ("pathSegments", .urlPath(path)),
            ("query", .object(Self.grouped(query.map(Self.queryParameters) ?? [], keyMatching: .exact))),
            ("method", .string(method)),
            ("scheme", .string(scheme)),
            ("host", .string(host)),
            ("port", .number(Double(port))),
            ("baseUrl", .string("\(scheme)://\(host)" + (standardPort ? "" : ":\(port)"))),
            ("headers", .object(Self.grouped(headers.map { ($0.name, $0.value) }, keyMatching: .caseInsensitive))),
            ("cookies", .object(Self.grouped((cookies ?? cookiesFromHeaders).map { ($0.name, $0.value) }, keyMatching: .exact))),
            ("body", .string(body)),
        ]
        return .object(TemplateObject(entries))
    }

    private var cookiesFromHeaders: [(name: String, value: String)] {
        headers.filter { $0.name.equalsIgnoringASCIICase("Cookie") }.flatMap { field in
            field.value.split(separator: ";").compactMap { pair -> (name: String, value: String)? in
                let trimmed = pair.trimmingASCIISpaces()
                guard let equals = trimmed.firstIndex(of: "=") else { return nil }
                return (String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...]))
            }
        }
    }

    /// `a=1&b=2&a=3` split as WireMock's `Urls.splitQuery`: a key without `=` has the value `""`.
    static func queryParameters(_ query: String) -> [(String, String)] {
        query.split(separator: "&", omittingEmptySubsequences: false).compactMap { element in
            guard !element.isEmpty else { return nil }
            guard let equals = element.firstIndex(of: "=") else { return (percentDecoded(String(element), plusIsSpace: true), "") }
            return (
                percentDecoded(String(element[..<equals]), plusIsSpace: true),
                percentDecoded(String(element[element.index(after: equals)...]), plusIsSpace: true)
            )
        }
    }

    /// Pairs grouped by key into one-or-many values, keys in order of first appearance.
    private static func grouped(_ pairs: [(String, String)], keyMatching: TemplateObject.KeyMatching) -> TemplateObject {
        var keys: [String] = []
        var values: [[String]] = []
        for (key, value) in pairs {
            let found: Int?
            switch keyMatching {
            case .exact: found = keys.firstIndex(of: key)
            case .caseInsensitive: found = keys.firstIndex { $0.equalsIgnoringASCIICase(key) }
            }
            if let found {
                values[found].append(value)
            } else {
                keys.append(key)
                values.append([value])
            }
        }
        return TemplateObject(zip(keys, values).map { ($0.0, TemplateValue.oneOrMany($0.1)) }, keyMatching: keyMatching)
    }

    /// `%XX` decoded as UTF-8 (an invalid escape is kept as written), and `+` as a space in query parts.
    static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    fileprivate func trimmingASCIISpaces() -> Substring {
        var result = self
        while result.first == " " || result.first == "\t" { result = result.dropFirst() }
        while result.last == " " || result.last == "\t" { result = result.dropLast() }
        return result
    }
}
