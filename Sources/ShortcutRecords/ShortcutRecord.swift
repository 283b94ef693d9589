import HTTPVocabulary
import ShortcutPages
import ShortcutStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A shortcut as a record of the store: the generated page is the body, and what it was made from is kept in
/// the metadata (so lists and the index can show it without parsing HTML).
package enum ShortcutRecord {
    /// The id of the built-in demo shortcut, which `/s` serves unless the store has a shortcut of that id.
    package static let demoID = "demo"

    /// The record for `page`, with `id`, an optional per-shortcut delivery mode and secret.
    /// `bundleID` is the app that opens the URL, for web clip profiles (`TargetApplicationBundleIdentifier`).
    package static func make(
        _ page: ShortcutPage, id: String, mode: DeliveryMode?, secret: SecretHash?, bundleID: String? = nil
    ) -> StoredPage {
        var metadata = [
            RecordKind.metadataKey: RecordKind.shortcut.rawValue, "title": page.title, "url": page.url,
            "app_name": page.appName, "icon": page.icon.dataURI,
        ]
        if let mode { metadata["mode"] = mode.rawValue }
        if let bundleID { metadata["bundle_id"] = bundleID }
        return StoredPage(
            id: id, name: page.title, status: 200, contentType: "text/html", charset: "utf-8",
            body: Array(page.html.utf8), secret: secret, metadata: metadata)
    }

    /// The built-in demo (`ShortcutPage.makeDemo`) as a record with `demoID`, rendered with `template`.
    package static func makeDemo(template: PageTemplate) -> StoredPage {
        make(ShortcutPage.makeDemo(template: template), id: demoID, mode: nil, secret: nil)
    }
}
