/// A configuration profile (`.mobileconfig`) that puts web clips on an iPhone's home screen.
///
/// A web clip's URL may be the app's own URL (`myapp://page/view2`): its icon then opens the app directly,
/// with no server running and no page in between, on any iOS version. The profile is an unsigned XML
/// property list; iOS installs it after Settings → Profile Downloaded → Install, marked "Unverified".
///
/// Identifiers and UUIDs are given by the caller: stable ones (derived from the shortcut's id) make a
/// second download replace the installed profile instead of adding another.
package struct WebClipProfile: Sendable {
    /// One `com.apple.webClip.managed` payload.
    package struct Clip: Sendable {
        /// The text under the icon.
        package var label: String
        /// What the icon opens: the app URL, or the shortcut's page.
        package var url: String
        package var icon: ShortcutIcon
        /// Opens the URL as a web app, without Safari's bars (for a page; an app URL opens the app anyway).
        package var isFullScreen: Bool
        /// With `isFullScreen`: keep pages outside the web app manifest's scope in the web app too.
        package var ignoresManifestScope: Bool
        /// The app that opens the URL (`TargetApplicationBundleIdentifier`); Apple documents it for profiles
        /// installed by a device management server.
        package var targetBundleID: String?
        /// `PayloadIdentifier` of the payload (reverse DNS).
        package var identifier: String
        /// `PayloadUUID` of the payload.
        package var uuid: String

        package init(
            label: String, url: String, icon: ShortcutIcon, isFullScreen: Bool, ignoresManifestScope: Bool,
            targetBundleID: String?, identifier: String, uuid: String
        ) {
            self.label = label
            self.url = url
            self.icon = icon
            self.isFullScreen = isFullScreen
            self.ignoresManifestScope = ignoresManifestScope
            self.targetBundleID = targetBundleID
            self.identifier = identifier
            self.uuid = uuid
        }

        var payload: PropertyList {
            var members: [(key: String, value: PropertyList)] = [
                ("PayloadType", .string("com.apple.webClip.managed")),
                ("PayloadVersion", .integer(1)),
                ("PayloadIdentifier", .string(identifier)),
                ("PayloadUUID", .string(uuid)),
                ("PayloadDisplayName", .string("Web Clip (\(label))")),
                ("Label", .string(label)),
                ("URL", .string(url)),
                ("Icon", .data(icon.bytes)),
                ("IsRemovable", .bool(true)),
                ("FullScreen", .bool(isFullScreen)),
                // The icon is shown as it is, without the gloss iOS 6 and earlier added.
                ("Precomposed", .bool(true)),
            ]
            if ignoresManifestScope { members.append(("IgnoreManifestScope", .bool(true))) }
            if let targetBundleID { members.append(("TargetApplicationBundleIdentifier", .string(targetBundleID))) }
            return .dictionary(members)
        }
    }

    /// `PayloadIdentifier` of the profile (reverse DNS); a profile with the same identifier replaces it.
    package var identifier: String
    /// `PayloadUUID` of the profile.
    package var uuid: String
    /// `PayloadDisplayName`: the profile's name in Settings.
    package var displayName: String
    /// `PayloadDescription`: what Settings shows under the name.
    package var description: String
    /// `PayloadOrganization`: who the profile says it is from (the app's name).
    package var organization: String
    package var clips: [Clip]

    package init(
        identifier: String, uuid: String, displayName: String, description: String, organization: String,
        clips: [Clip]
    ) {
        self.identifier = identifier
        self.uuid = uuid
        self.displayName = displayName
        self.description = description
        self.organization = organization
        self.clips = clips
    }

    /// The profile as a property list.
    package var propertyList: PropertyList {
        .dictionary([
            ("PayloadType", .string("Configuration")),
            ("PayloadVersion", .integer(1)),
            ("PayloadIdentifier", .string(identifier)),
            ("PayloadUUID", .string(uuid)),
            ("PayloadDisplayName", .string(displayName)),
            ("PayloadDescription", .string(description)),
            ("PayloadOrganization", .string(organization)),
            ("PayloadContent", .array(clips.map(\.payload))),
        ])
    }

    /// The `.mobileconfig` file's bytes.
    package var document: [UInt8] { propertyList.document() }

    /// The media type iOS installs profiles from.
    package static let mediaType = "application/x-apple-aspen-config"

    /// A file name for `title`: `<title>.mobileconfig` with every character but ASCII letters, digits, space,
    /// `-`, `_`, `.` and parentheses made `_`, cut to 64 characters; `shortcut` when nothing is left. For the
    /// quoted `filename` of a `Content-Disposition`, which must not hold quotes, backslashes or controls.
    package static func fileName(for title: String) -> String {
        let safe = title.unicodeScalars.prefix(64).map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", " ", "-", "_", ".", "(", ")": Character(scalar)
            default: "_"
            }
        }
        let trimmed = String(safe).trimmingCharacters(in: " .")
        return (trimmed.isEmpty || trimmed.allSatisfy { $0 == "_" } ? "shortcut" : trimmed) + ".mobileconfig"
    }
}

extension String {
    /// The text without `characters` at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
