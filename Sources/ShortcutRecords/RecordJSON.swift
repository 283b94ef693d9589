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
}
