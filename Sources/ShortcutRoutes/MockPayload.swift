import HTTPVocabulary
import ShortcutHTTP
import ShortcutJSON
import ShortcutRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The body of `POST /api/mock` and `PUT /api/mock/<id>` (mocky's, snake_case in) decoded into a
/// `MockDraft`: the JSON shapes and types are checked here; what the values may be, by `MockService`.
enum MockPayload {
    /// mocky's expiration choices.
    enum Expiration: String, CaseIterable {
        case never
        case oneDay = "1day"
        case oneWeek = "1week"
        case oneMonth = "1month"
        case oneYear = "1year"

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

    /// The draft in `value`, and the problems of its shapes and types (answered with the service's).
    static func decode(_ value: JSONValue, now: Date) -> (MockDraft, FieldErrors) {
        var fields = JSONFields(value)
        var draft = MockDraft()
        if let status = fields.integer("status") { draft.status = status }
        // Its size is the service's rule (`MockDraft.maxContentBytes`), the same for the command line's file.
        draft.body = Array((fields.string("content") ?? "").utf8)
        if let type = fields.string("content_type") { draft.contentType = type }
        if let charset = fields.string("charset") { draft.charset = charset }
        draft.headers = decodeHeaders(fields.object["headers"], into: &fields.errors)
        draft.secret = fields.string("secret")
        draft.name = fields.string("name") ?? ""
        if let text = fields.string("expiration") {
            if let expiration = Expiration(rawValue: text) {
                draft.expiresAt = expiration.date(from: now)
            } else {
                fields.errors.add(
                    "expiration", "error.invalid",
                    "expiration '\(text.excerpt(maxBytes: 40))' is not one of \(Expiration.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }
        draft.id = fields.string("id")
        return (draft, fields.errors)
    }

    /// `headers`: an object (mocky) or an array of `{"name", "value"}` / `["name", "value"]` (order kept).
    static func decodeHeaders(_ value: JSONValue?, into errors: inout FieldErrors) -> [HTTPField] {
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
            errors.add("headers", "error.expected.jsobject", "headers must be an object, not \(other.typeInWords)")
            return []
        }
        var headers: [HTTPField] = []
        for (name, value) in pairs {
            guard case .string(let text) = value else {
                errors.add(
                    "headers", "error.expected.jsstring", "header \(name.excerpt(maxBytes: 64).debugDescription) must have a string value")
                return []
            }
            headers.append(HTTPField(name: name, value: text))
        }
        return headers
    }
}
