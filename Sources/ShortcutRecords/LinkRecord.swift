import HTTPVocabulary
import ShortcutJSON
import ShortcutLinks
import ShortcutPages
import ShortcutStore

/// A landing link as a record of the store (kind `link`): its fields are kept in the metadata under their
/// names (`LandingLink.Fields.names`), its body is the same fields as JSON (what `/v3/<id>` plays). Stored like
/// every record, so it gets the store's durable writes, locks, damage reports and its refresh from other
/// processes; the id is a store id.
package enum LinkRecord {
    /// The id no link may take: `GET /api/links/match` is the universal-link matcher, answered before
    /// `/api/links/<id>` could be.
    package static let reservedID = "match"

    /// `/open/<id>`, the link's page.
    package static func path(_ id: String) -> String { RecordPath.landing(id) }

    /// Why a link may not take the valid id `id`, or nil (in any case, as the store's ids ignore case).
    static func reservation(_ id: String) -> FieldProblem? {
        guard id.lowercased() == reservedID else { return nil }
        return FieldProblem(
            field: "id", code: "error.reserved",
            reason: "id '\(id)' is reserved: /api/links/\(reservedID) is the universal-link matcher")
    }

    /// The record for `link`.
    static func make(_ link: LandingLink, id: String, secret: SecretHash?) -> StoredPage {
        var metadata = [RecordKind.metadataKey: RecordKind.link.rawValue]
        for (name, value) in link.fields.named { if let value { metadata[name] = value } }
        return StoredPage(
            id: id, name: link.title, status: 200, contentType: "application/json", charset: "utf-8",
            body: Array(link.json.description.utf8), secret: secret, metadata: metadata)
    }

    /// The link the record `id` holds, checked again as when it was made: a record edited by hand (or by
    /// another version) into a `javascript:` URL is refused here, never served.
    /// - Throws: `.invalidRecord` with the checks' reasons.
    static func link(id: String, metadata: [String: String]) throws(ServiceError) -> LandingLink {
        do {
            return try LandingLink(fields: LandingLink.Fields(named: metadata))
        } catch {
            throw .invalidRecord(id: id, kind: .link, reason: error.description)
        }
    }
}
