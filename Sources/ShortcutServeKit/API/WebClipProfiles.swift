import ShortcutPages
import ShortcutService
import ShortcutStore

/// Web clip profiles (`.mobileconfig`) made from stored shortcuts: identifiers under a reverse-DNS prefix
/// (`--profile-prefix`), and UUIDs derived from the prefix and the shortcut ids, so a shortcut's profile is
/// the same file at every download and after every restart (iOS then replaces the installed profile
/// instead of adding a second one), while two shortcuts never share one.
struct WebClipProfiles: Sendable {
    /// What a clip opens.
    enum Target: String, Sendable {
        /// The app URL itself: the icon opens the app, with or without this server.
        case app
        /// The shortcut's page on this server (`/p/<id>`), shown as a web app.
        case page
    }

    /// How the clips are made; the defaults are what `/w/<id>.mobileconfig` without a query gives.
    struct Options: Sendable, Equatable {
        var target = Target.app
        /// Nil: full screen for a page, not for an app URL (which leaves for the app anyway).
        var fullScreen: Bool?
        var ignoresManifestScope = false

        var isDefault: Bool { self == Options() }
    }

    /// A shortcut as the profile needs it: from a stored record's metadata, or the built-in demo's.
    struct Shortcut: Sendable {
        var id: String
        var metadata: [String: String]

        /// Every shortcut the store holds (not the built-in demo), oldest first.
        static func stored(in shortcuts: ShortcutService) -> [Shortcut] {
            shortcuts.list().map { Shortcut(id: $0.id, metadata: $0.metadata) }
        }
    }

    /// `--profile-prefix`: the start of every `PayloadIdentifier`.
    let prefix: String

    static let defaultPrefix = "local.shortcut-serve"
    /// The longest prefix accepted, in bytes.
    static let maxPrefixBytes = 128

    /// Whether `prefix` is a reverse-DNS name of at most `maxPrefixBytes`.
    static func isValidPrefix(_ prefix: String) -> Bool { ReverseDNSName.isValid(prefix, maxBytes: maxPrefixBytes) }

    /// The profile of one shortcut.
    func profile(for shortcut: Shortcut, options: Options, pageURL: (String) -> String) -> WebClipProfile {
        let identifier = "\(prefix).\(shortcut.id)"
        let clip = clip(for: shortcut, in: identifier, options: options, pageURL: pageURL)
        return WebClipProfile(
            identifier: identifier, uuid: StableUUID.make(identifier + "/profile"), displayName: clip.label,
            description: "Adds “\(clip.label)” to the Home Screen. Its icon opens \(clip.url).",
            organization: organization(shortcut.metadata), clips: [clip])
    }

    /// One profile with a clip per shortcut; `name` (`all`, or a digest of the ids) makes its identifier.
    func profile(for shortcuts: [Shortcut], name: String, options: Options, pageURL: (String) -> String) -> WebClipProfile {
        let identifier = "\(prefix).\(name)"
        let titles = shortcuts.map { $0.metadata["title"] ?? $0.id }
        return WebClipProfile(
            identifier: identifier, uuid: StableUUID.make(identifier + "/profile"),
            displayName: "Shortcuts (\(shortcuts.count))",
            description: "Adds \(shortcuts.count) shortcuts to the Home Screen: " + titles.joined(separator: ", ") + ".",
            organization: "shortcut-serve",
            clips: shortcuts.map { clip(for: $0, in: identifier, options: options, pageURL: pageURL) })
    }

    /// The icon bytes a shortcut's clip carries (its icon, or the built-in one).
    static func icon(of shortcut: Shortcut) -> ShortcutIcon {
        guard let text = shortcut.metadata["icon"] else { return .builtIn }
        do {
            return try ShortcutIcon(base64OrDataURI: text)
        } catch {
            return .builtIn  // A record's icon was checked when stored; damage here must not cost the profile.
        }
    }

    private func clip(for shortcut: Shortcut, in profileIdentifier: String, options: Options, pageURL: (String) -> String)
        -> WebClipProfile.Clip
    {
        let identifier = "\(profileIdentifier).webclip.\(shortcut.id)"
        return WebClipProfile.Clip(
            label: shortcut.metadata["title"] ?? shortcut.id,
            url: options.target == .app ? shortcut.metadata["url"] ?? "" : pageURL(shortcut.id),
            icon: Self.icon(of: shortcut),
            isFullScreen: options.fullScreen ?? (options.target == .page),
            ignoresManifestScope: options.ignoresManifestScope,
            targetBundleID: shortcut.metadata["bundle_id"], identifier: identifier, uuid: StableUUID.make(identifier))
    }

    private func organization(_ metadata: [String: String]) -> String {
        guard let name = metadata["app_name"], !name.isEmpty else { return "shortcut-serve" }
        return name
    }
}

/// Name-based UUIDs (RFC 9562 §5.5, version 5's layout over SHA-256 rather than SHA-1): the same name
/// always gives the same UUID, different names practically never the same one.
enum StableUUID {
    static func make(_ name: String) -> String {
        var bytes = Array(SHA256.hash(Array("shortcut-serve web clip\u{0}".utf8) + Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC's variant
        let hex = Array(SHA256.hex(bytes).uppercased().utf8)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(decoding: hex[$0], as: UTF8.self) }
        return parts.joined(separator: "-")
    }
}
