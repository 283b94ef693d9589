#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShortcutPages
import ShortcutStore

/// A shortcut as a record of the store: the generated page is the body, and what it was made from is kept in
/// the metadata (so lists and the index can show it without parsing HTML).
enum ShortcutRecord {
    static let kind = "shortcut"

    /// The record for `page`, with `id`, an optional per-shortcut delivery mode and secret.
    /// `bundleID` is the app that opens the URL, for web clip profiles (`TargetApplicationBundleIdentifier`).
    static func make(_ page: ShortcutPage, id: String, mode: DeliveryMode?, secret: SecretHash?, bundleID: String? = nil)
        -> StoredPage
    {
        var metadata = ["kind": kind, "title": page.title, "url": page.url, "app_name": page.appName,
                        "icon": page.icon.dataURI]
        if let mode { metadata["mode"] = mode.rawValue }
        if let bundleID { metadata["bundle_id"] = bundleID }
        return StoredPage(id: id, name: page.title, status: 200, contentType: "text/html", charset: "utf-8",
                          body: Array(page.html.utf8), secret: secret, metadata: metadata)
    }

    static func isShortcut(_ page: StoredPage) -> Bool { page.metadata["kind"] == kind }
}
