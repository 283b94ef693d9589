/// The URL path of each thing the server serves for a record, spelled in this one place (the routes'
/// patterns, `/s/:id` and the like, name the same paths for the router).
package enum RecordPath {
    /// `/s/<id>`: the shortcut's 301 to its page.
    package static func shortcut(_ id: String) -> String { "/s/" + id }
    /// `/p/<id>`: the shortcut's page.
    package static func page(_ id: String) -> String { "/p/" + id }
    /// `/w/<id>.mobileconfig`: the shortcut's web clip profile.
    package static func profile(_ id: String) -> String { "/w/" + id + ".mobileconfig" }
    /// `/v3/<id>`: a mock played.
    package static func play(_ id: String) -> String { "/v3/" + id }
    /// `/open/<id>`: a landing link's page.
    package static func landing(_ id: String) -> String { "/open/" + id }
    /// `/qr/<id>.svg`: the QR code of the shortcut's `/s/<id>`.
    package static func qrCode(_ id: String) -> String { "/qr/" + id + ".svg" }
}
