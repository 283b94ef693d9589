#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutJSON
import ShortcutLinks
import ShortcutPages
import ShortcutStore

/// A landing link as a record of the store (kind `link`): its fields are kept in the metadata, its body
/// is the same fields as JSON (what `/v3/<id>` plays). Stored like every record, so it gets the store's
/// durable writes, locks, damage reports and its refresh from other processes; the id is a store id.
///
/// The one place the API and the command line make, read and describe links.
enum LinkRecord {
    static let kind = "link"

    /// The metadata key of each field, in the order the API and `links show` give them.
    static let keys = ["title", "description", "image", "app_url", "universal_url", "fallback_url", "app_store_id",
                       "app_clip_bundle_id", "app_id"]

    /// Why `id` cannot name a link, or nil: the store's id rule, and `match`, which `GET /api/links/match`
    /// (the matcher) answers before `/api/links/<id>` could.
    static func idProblem(_ id: String) -> String? {
        guard PageID.isValid(id) else { return "id must be 1–64 characters of A-Z a-z 0-9 _ -" }
        if id.lowercased() == "match" { return "id '\(id)' is reserved: /api/links/match is the universal-link matcher" }
        return nil
    }

    static func isLink(_ page: StoredPage) -> Bool { page.metadata["kind"] == kind }

    /// The record for `link`.
    static func make(_ link: LandingLink, id: String, secret: SecretHash?) -> StoredPage {
        var metadata = ["kind": kind]
        for (key, value) in values(of: link.fields) { if let value { metadata[key] = value } }
        return StoredPage(id: id, name: link.title, status: 200, contentType: "application/json", charset: "utf-8",
                          body: Array(fieldsJSON(link).description.utf8), secret: secret, metadata: metadata)
    }

    /// The link a record holds, checked again as when it was made: a record edited by hand (or by another
    /// version) into a `javascript:` URL is refused here, never served.
    static func link(of metadata: [String: String]) throws(LandingLink.Problems) -> LandingLink {
        try LandingLink(fields: LandingLink.Fields(
            title: metadata["title"], description: metadata["description"], image: metadata["image"],
            appURL: metadata["app_url"], universalURL: metadata["universal_url"], fallbackURL: metadata["fallback_url"],
            appStoreID: metadata["app_store_id"], appClipBundleID: metadata["app_clip_bundle_id"], appID: metadata["app_id"]))
    }

    /// The fields by metadata key, in `keys` order.
    static func values(of fields: LandingLink.Fields) -> [(String, String?)] {
        [("title", fields.title), ("description", fields.description), ("image", fields.image), ("app_url", fields.appURL),
         ("universal_url", fields.universalURL), ("fallback_url", fields.fallbackURL), ("app_store_id", fields.appStoreID),
         ("app_clip_bundle_id", fields.appClipBundleID), ("app_id", fields.appID)]
    }

    /// The fields as a JSON object (absent ones as null).
    static func fieldsJSON(_ link: LandingLink) -> JSONValue {
        .object(values(of: link.fields).map { ($0.0, $0.1.map(JSONValue.string) ?? .null) })
    }

    /// The API's description: id, the landing page's absolute URL as `link`, then the fields.
    static func describe(id: String, link: LandingLink, pageURL: String) -> JSONValue {
        guard case .object(let members) = fieldsJSON(link) else { return .null }
        return .object([("id", .string(id)), ("link", .string(pageURL))] + members)
    }

    /// `/open/<id>`.
    static func path(_ id: String) -> String { "/open/\(id)" }
}
