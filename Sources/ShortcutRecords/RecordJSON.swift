import ShortcutJSON
import ShortcutStore

/// Records as JSON: the one form of a shortcut, of a mock and of a landing link, shared by the HTTP API
/// (`GET /api/shortcuts`, `GET /api/mock`, `GET /api/links`) and the command line (`list --json`,
/// `mock list --json`), so the field names a script reads are the same wherever it reads them, and every
/// record's object has its `id`. `link` makes a path absolute.
package enum RecordJSON {
    /// How a mock's members are named. snake_case is the casing of the API's own JSON (shortcuts, links, the
    /// journal, the bodies `/api/mock` takes) and of all the command line prints; `/api/mock` answers mocky's
    /// clients in mocky's camelCase (`contentType`, `createdAt`, `expireAt`), the same fields otherwise.
    package enum Casing: Sendable {
        case snake
        case mocky

        /// `snake` in this casing: `content_type` → `contentType` for mocky.
        func callAsFunction(_ snake: String) -> String {
            guard self == .mocky else { return snake }
            var parts = snake.split(separator: "_").map(String.init)
            for index in parts.indices.dropFirst() { parts[index] = parts[index].prefix(1).uppercased() + parts[index].dropFirst() }
            return parts.joined()
        }
    }

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

    /// A mock list's entry: `{"id", "name", "status", "content_type", "size", "kind", "created_at", "link"}`
    /// (`contentType` and `createdAt` in mocky's casing; `kind`: `mock` or `shortcut`; `created_at`: ISO 8601
    /// with milliseconds, UTC; `size`: body bytes).
    package static func listEntry(_ summary: PageSummary, casing: Casing, link: (String) -> String) -> JSONValue {
        .object([
            ("id", .string(summary.id)), ("name", .string(summary.name)), ("status", .number(Double(summary.status))),
            (casing("content_type"), .string(summary.contentType)), ("size", .number(Double(summary.size))),
            ("kind", .string(RecordKind(summary).rawValue)),
            (casing("created_at"), .string(ISO8601.string(summary.createdAt))),
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

    /// A mock's create answer, `{"id", "secret", "expire_at", "link"}` (`POST /api/mock` in mocky's casing,
    /// `mock add --json`).
    package static func createdMock(_ record: StoredPage, secret: String, casing: Casing, link: (String) -> String) -> JSONValue {
        .object([
            ("id", .string(record.id)), ("secret", .string(secret)),
            (casing("expire_at"), record.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
            ("link", .string(link(RecordPath.play(record.id)))),
        ])
    }

    /// A mock, `{"id", "content", "status", "content_type", "charset", "headers", "name", "expire_at"}`
    /// (`GET /api/mock/<id>` in mocky's casing, `mock show --json`).
    package static func mock(_ page: StoredPage, casing: Casing) -> JSONValue {
        .object([
            ("id", .string(page.id)),
            ("content", .string(String(decoding: page.body, as: UTF8.self))), ("status", .number(Double(page.status))),
            (casing("content_type"), .string(page.contentType)), ("charset", .string(page.charset)),
            ("headers", .object(page.headers.map { ($0.name, .string($0.value)) })),
            ("name", .string(page.name)), (casing("expire_at"), page.expiresAt.map { .string(ISO8601.string($0)) } ?? .null),
        ])
    }
}
