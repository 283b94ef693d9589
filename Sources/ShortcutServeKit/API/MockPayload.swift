#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutHTTP
import ShortcutJSON
import ShortcutStore

/// The body of `POST /api/mock` and `PUT /api/mock/<id>`, validated as mocky does (snake_case in).
struct MockPayload {
    var status: Int
    var content: String
    var contentType: String
    var charset: String
    var headers: [HTTPField]
    var secret: String?
    var expiration: Expiration
    var name: String
    var id: String?

    // Limits of the fields, in UTF-8 bytes (what they cost in memory and on disk), each refused with 422
    // naming the field, its size and the limit.
    /// The most bytes of `content` (the body that is played).
    static let maxContentBytes = 1_000_000
    /// The most bytes of `content_type` (a media type such as `text/html`).
    static let maxContentTypeBytes = 200
    /// The most bytes of `charset`.
    static let maxCharsetBytes = 40
    /// The most bytes of `name`: room for 100 characters of any script.
    static let maxNameBytes = 400
    /// The most bytes of a header field's name.
    static let maxHeaderNameBytes = 200
    /// The most bytes of a header field's value.
    static let maxHeaderValueBytes = 8192
    /// The most header fields.
    static let maxHeaderCount = 100

    /// mocky's expiration choices.
    enum Expiration: String, CaseIterable {
        case never, oneDay = "1day", oneWeek = "1week", oneMonth = "1month", oneYear = "1year"

        func date(from start: Date) -> Date? {
            let day = 86_400.0
            switch self {
            case .never: return nil
            case .oneDay: return start.addingTimeInterval(day)
            case .oneWeek: return start.addingTimeInterval(7 * day)
            case .oneMonth: return start.addingTimeInterval(30 * day)
            case .oneYear: return start.addingTimeInterval(365 * day)
            }
        }
    }

    /// Reads and checks every field; collects every problem before answering 422.
    static func parse(_ value: JSONValue) -> Result<MockPayload, FieldErrors> {
        var fields = JSONFields(value)
        let status = fields.integer("status") ?? 200
        if fields.object["status"] != nil && !(100...999).contains(status) {
            fields.errors.add("status", status < 100 ? "error.min" : "error.max", "status \(status) is outside 200–999")
        } else if let problem = PlayableStatus.statusProblem(status) {
            fields.errors.add("status", "error.min", problem)
        }
        let content = fields.string("content", maxBytes: maxContentBytes) ?? ""
        if let problem = PlayableStatus.contentProblem(status: status, contentBytes: content.utf8.count) {
            fields.errors.add("content", "error.invalid", problem)
        }
        let contentType = fields.string("content_type", maxBytes: maxContentTypeBytes) ?? "text/html"
        if !HTTPHeaders.isValidValue(contentType) || contentType.contains(";") || contentType.isEmpty {
            fields.errors.add("content_type", "error.invalid", "content_type must be a media type like text/html, without parameters")
        }
        let charset = fields.string("charset", maxBytes: maxCharsetBytes) ?? "UTF-8"
        if charset.isEmpty || !charset.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            fields.errors.add("charset", "error.invalid", "charset '\(charset.excerpt(maxBytes: 40))' is not a charset name")
        }
        let headers = parseHeaders(fields.object["headers"], into: &fields.errors)
        let secret = fields.string("secret", maxBytes: API.maxSecretBytes)
        let name = fields.string("name", maxBytes: maxNameBytes) ?? ""
        var expiration = Expiration.never
        if let text = fields.string("expiration") {
            if let parsed = Expiration(rawValue: text) {
                expiration = parsed
            } else {
                fields.errors.add("expiration", "error.invalid",
                                  "expiration '\(text.excerpt(maxBytes: 40))' is not one of \(Expiration.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let id = fields.string("id")
        if let id, !PageID.isValid(id) {
            fields.errors.add("id", "error.invalid", "id must be 1–64 characters of A-Z a-z 0-9 _ -")
        }
        guard fields.errors.isEmpty else { return .failure(fields.errors) }
        return .success(MockPayload(status: status, content: content, contentType: contentType, charset: charset,
                                    headers: headers, secret: secret, expiration: expiration, name: name, id: id))
    }

    /// `headers`: an object (mocky) or an array of `{"name", "value"}` / `["name", "value"]` (order kept).
    static func parseHeaders(_ value: JSONValue?, into errors: inout FieldErrors) -> [HTTPField] {
        var pairs: [(String, JSONValue)] = []
        switch value {
        case nil, .null?: return []
        case .object(let members)?: pairs = members
        case .array(let items)?:
            for item in items {
                if case .array(let pair) = item, pair.count == 2, case .string(let name) = pair[0] {
                    pairs.append((name, pair[1]))
                } else if let name = item["name"], case .string(let text) = name, let value = item["value"] {
                    pairs.append((text, value))
                } else {
                    errors.add("headers", "error.invalid", "headers must be an object or a list of name/value pairs")
                    return []
                }
            }
        case let other?:
            errors.add("headers", "error.expected.jsobject", "headers must be an object, not \(other.typeName)")
            return []
        }
        guard pairs.count <= maxHeaderCount else {
            errors.add("headers", "error.maxLength", "\(pairs.count) headers; the limit is \(maxHeaderCount)")
            return []
        }
        var headers: [HTTPField] = []
        for (name, value) in pairs {
            let shownName = name.excerpt(maxBytes: 64).debugDescription
            guard case .string(let text) = value else {
                errors.add("headers", "error.expected.jsstring", "header \(shownName) must have a string value")
                return []
            }
            guard name.utf8.count <= maxHeaderNameBytes else {
                errors.add("headers", "error.maxLength", "header name \(shownName) is \(name.utf8.count) bytes; the limit is \(maxHeaderNameBytes)")
                return []
            }
            guard HTTPHeaders.isValidName(name) else {
                errors.add("headers", "error.invalid", "header name \(shownName) is not a token")
                return []
            }
            guard text.utf8.count <= maxHeaderValueBytes else {
                errors.add("headers", "error.maxLength", "header \(shownName) has a value of \(text.utf8.count) bytes; the limit is \(maxHeaderValueBytes)")
                return []
            }
            guard HTTPHeaders.isValidValue(text) else {
                errors.add("headers", "error.invalid", "header \(shownName) has CR, LF or another control character in its value")
                return []
            }
            headers.append(HTTPField(name: name, value: text))
        }
        return headers
    }
}
