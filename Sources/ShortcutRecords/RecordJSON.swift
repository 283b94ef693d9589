import ShortcutJSON
import ShortcutStore

/// Records as JSON: the one form of a shortcut, of a mock and of a landing link, shared by the HTTP API
/// (`GET /api/shortcuts`, `GET /api/mock`, `GET /api/links`) and the command line (`list --json`,
/// `mock list --json`), so the field names a script reads are the same wherever it reads them. `link` makes a
/// path absolute.
package enum RecordJSON {
    /// `{"id", "title", "url", "app_name", "mode", "bundle_id", "shortcut", "page", "profile"}`; `mode` and
    /// `bundle_id` are null when not set.
    package static func shortcut(id: String, metadata: [String: String], link: (String) -> String) -> JSONValue {
        .object([
            ("id", .string(id)),
            ("title", .string(metadata["title"] ?? "")), ("url", .string(metadata["url"] ?? "")),
            ("app_name", .string(metadata["app_name"] ?? "")),
            ("mode", metadata["mode"].map(JSONValue.string) ?? .null),
            ("bundle_id", metadata["bundle_id"].map(JSONValue.string) ?? .null),
            ("shortcut", .string(link(RecordPath.shortcut(id)))),
            ("page", .string(link(RecordPath.page(id)))),
            ("profile", .string(link(RecordPath.profile(id)))),
        ])
    }

    /// mocky's list entry: `{"id", "name", "status", "contentType", "size", "kind", "createdAt", "link"}`
    /// (`kind`: `mock` or `shortcut`; `createdAt`: ISO 8601 with milliseconds, UTC; `size`: body bytes).
    package static func listEntry(_ summary: PageSummary, link: (String) -> String) -> JSONValue {
        .object([
            ("id", .string(summary.id)), ("name", .string(summary.name)), ("status", .number(Double(summary.status))),
            ("contentType", .string(summary.contentType)), ("size", .number(Double(summary.size))),
            ("kind", .string(RecordKind(summary).rawValue)),
            ("createdAt", .string(ISO8601.string(summary.createdAt))),
            ("link", .string(link(RecordPath.play(summary.id)))),
        ])
    }

    /// A landing link: `{"id", "link"}` (its page, `/open/<id>`), then its fields by name
    /// (`LandingLink.Fields.names`), absent ones null.
    package static func link(_ stored: StoredLink, link: (String) -> String) -> JSONValue {
        guard case .object(let fields) = stored.link.json else { return .null }
        return .object([("id", .string(stored.id)), ("link", .string(link(stored.path)))] + fields)
    }

    /// `body` with `"secret"` inserted at `position`: what a create answers, the one time the secret is shown
    /// (`POST /api/shortcuts` and `/api/links`, `add --json`, `links add --json`).
    package static func created(_ body: JSONValue, secret: String, at position: Int) -> JSONValue {
        guard case .object(var members) = body else { return body }
        members.insert(("secret", .string(secret)), at: min(position, members.count))
        return .object(members)
    }

    /// mocky's create answer, `{"id", "secret", "expireAt", "link"}` (`POST /api/mock`, `mock add --json`).
    package static func createdMock(_ record: StoredPage, secret: String, link: (String) -> String) -> JSONValue {
        .object([
            ("id", .string(record.id)), ("secret", .string(secret)),
            ("expireAt", record.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
            ("link", .string(link(RecordPath.play(record.id)))),
        ])
    }

    /// mocky's mock, `{"content", "status", "contentType", "charset", "headers", "name", "expireAt"}`
    /// (`GET /api/mock/<id>`, `mock show --json`).
    package static func mock(_ page: StoredPage) -> JSONValue {
        .object([
            ("content", .string(String(decoding: page.body, as: UTF8.self))), ("status", .number(Double(page.status))),
            ("contentType", .string(page.contentType)), ("charset", .string(page.charset)),
            ("headers", .object(page.headers.map { ($0.name, .string($0.value)) })),
            ("name", .string(page.name)), ("expireAt", page.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
        ])
    }
}
