import HTTPVocabulary
import ShortcutPages
import ShortcutStore

/// Web clip profiles (`.mobileconfig`) made from stored shortcuts: identifiers under a reverse-DNS prefix
/// (`--profile-prefix`), and UUIDs derived from the prefix and the shortcut ids, so a shortcut's profile is
/// the same file at every download and after every restart (iOS then replaces the installed profile
/// instead of adding a second one), while two shortcuts never share one.
package struct WebClipProfiles: Sendable {
    /// What a clip opens.
    package enum Target: String, Sendable {
        /// The app URL itself: the icon opens the app, with or without this server.
        case app
        /// The shortcut's page on this server (`/p/<id>`), shown as a web app.
        case page
    }

    /// How the clips are made; the defaults are what `/w/<id>.mobileconfig` without a query gives.
    package struct Options: Sendable, Equatable {
        package var target = Target.app
        /// Nil: full screen for a page, not for an app URL (which leaves for the app anyway).
        package var fullScreen: Bool?
        package var ignoresManifestScope = false

        package init(target: Target = .app, fullScreen: Bool? = nil, ignoresManifestScope: Bool = false) {
            self.target = target
            self.fullScreen = fullScreen
            self.ignoresManifestScope = ignoresManifestScope
        }

        package var isDefault: Bool { self == Options() }
    }

    /// A shortcut as the profile needs it: from a stored record's metadata, or the built-in demo's.
    package struct Shortcut: Sendable {
        package var id: String
        package var metadata: [String: String]

        package init(id: String, metadata: [String: String]) {
            self.id = id
            self.metadata = metadata
        }

        /// Every shortcut the store holds (not the built-in demo), oldest first.
        package static func stored(in shortcuts: ShortcutService) -> [Shortcut] {
            shortcuts.list().map { Shortcut(id: $0.id, metadata: $0.metadata) }
        }
    }

    /// `--profile-prefix`: the start of every `PayloadIdentifier`.
    package let prefix: String

    package init(prefix: String) { self.prefix = prefix }

    package static let defaultPrefix = "local.shortcut-serve"
    /// The name that stands for every stored shortcut (`/w/all.mobileconfig`, `profile all`).
    package static let allName = "all"
    /// The longest prefix accepted, in bytes.
    package static let maxPrefixBytes = 128

    /// Whether `prefix` is a reverse-DNS name of at most `maxPrefixBytes`.
    package static func isValidPrefix(_ prefix: String) -> Bool { ReverseDNSName.isValid(prefix, maxBytes: maxPrefixBytes) }

    /// The profile of one shortcut.
    package func profile(for shortcut: Shortcut, options: Options, pageURL: (String) -> String) -> WebClipProfile {
        let identifier = "\(prefix).\(shortcut.id)"
        let clip = clip(for: shortcut, in: identifier, options: options, pageURL: pageURL)
        return WebClipProfile(
            identifier: identifier, uuid: StableUUID.make(identifier + "/profile"), displayName: clip.label,
            description: "Adds “\(clip.label)” to the Home Screen. Its icon opens \(clip.url).",
            organization: organization(shortcut.metadata), clips: [clip])
    }

    /// One profile with a clip per shortcut; `name` (`all`, or a digest of the ids) makes its identifier.
    package func profile(for shortcuts: [Shortcut], name: String, options: Options, pageURL: (String) -> String) -> WebClipProfile {
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
    package static func icon(of shortcut: Shortcut) -> ShortcutIcon {
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
package enum StableUUID {
    package static func make(_ name: String) -> String {
        var bytes = Array(SHA256.hash(Array("shortcut-serve web clip\u{0}".utf8) + Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC's variant
        let hex = Array(SHA256.hex(bytes).uppercased().utf8)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(decoding: hex[$0], as: UTF8.self) }
        return parts.joined(separator: "-")
    }
}
