import ShortcutPages

/// A landing link: the page at `/open/<id>` that tries `appURL`, then, while it stays visible, goes to
/// `fallbackURL`; with the Smart App Banner and link-preview (Open Graph, Twitter card) tags, and, when
/// it names the app (`appID`) and a universal link, a rule of the `apple-app-site-association` built
/// from the links.
///
/// Made only through `init(fields:)`, which checks every field: a value of this type is safe to render.
/// The id is the store's business (its rule lives with the store) and is checked there.
package struct LandingLink: Sendable, Equatable {
    /// What the caller gave: every field as text, nil when absent (`title`, `appURL` and `fallbackURL`
    /// are required).
    package struct Fields: Sendable, Equatable {
        package var title: String?
        package var description: String?
        package var image: String?
        package var appURL: String?
        package var universalURL: String?
        package var fallbackURL: String?
        package var appStoreID: String?
        package var appClipBundleID: String?
        package var appID: String?

        package init(
            title: String? = nil, description: String? = nil, image: String? = nil, appURL: String? = nil,
            universalURL: String? = nil, fallbackURL: String? = nil, appStoreID: String? = nil,
            appClipBundleID: String? = nil, appID: String? = nil
        ) {
            self.title = title
            self.description = description
            self.image = image
            self.appURL = appURL
            self.universalURL = universalURL
            self.fallbackURL = fallbackURL
            self.appStoreID = appStoreID
            self.appClipBundleID = appClipBundleID
            self.appID = appID
        }
    }

    // Limits, in UTF-8 bytes (what a field costs in the store and in every page). The URLs share the
    // shortcut's limit, `ShortcutPage.maxURLBytes` (2048), through `AppURL`.
    /// The most bytes of `title` (og:title; previews show about 60 characters).
    package static let maxTitleBytes = 400
    /// The most bytes of `description` (og:description; previews show about 200 characters).
    package static let maxDescriptionBytes = 2000
    /// The most bytes of every URL field (`app_url`, `fallback_url`, `universal_url`, `image`).
    package static let maxURLBytes = ShortcutPage.maxURLBytes
    /// The most digits of `app_store_id` (Apple's ids have 9 or 10).
    package static let maxAppStoreIDBytes = 12
    /// The most bytes of `app_clip_bundle_id` and of `app_id`.
    package static let maxBundleIDBytes = 255

    package let title: String
    /// Empty when none was given.
    package let description: String
    /// An http(s) URL for og:image and twitter:image, or nil.
    package let image: String?
    /// The URL the page tries first: the app's scheme (`myapp://item/1`) or any navigable URL.
    package let appURL: String
    /// An https URL the app claims (a universal link): the Smart App Banner's argument, and its path the
    /// rule of the built `apple-app-site-association`.
    package let universalURL: String?
    /// Where the page goes when the app did not open: the web page or the App Store.
    package let fallbackURL: String
    /// Digits; the Smart App Banner's `app-id` (no banner without it).
    package let appStoreID: String?
    /// The App Clip's bundle ID, shown as a card by the banner.
    package let appClipBundleID: String?
    /// `TEAMID.bundle.id`: the app the built `apple-app-site-association` names for `universalURL`.
    package let appID: String?

    /// Every field's problems at once, in field order.
    package struct Problems: Error, Sendable, Equatable, CustomStringConvertible {
        package let all: [ShortcutPageError]
        package var description: String { all.map(\.reason).joined(separator: "; ") }
    }

    /// Checks every field; throws all the problems found.
    package init(fields: Fields) throws(Problems) {
        var problems: [ShortcutPageError] = []
        func text(_ value: String?, _ field: String, required: Bool, maxBytes: Int) -> String? {
            guard let value else {
                if required { problems.append(.init(field: field, code: "error.required", reason: "\(field) is required")) }
                return nil
            }
            do {
                // Characters are bounded by bytes here: the byte limit is the one a user meets first.
                return try PageText.validate(value, field: field, minimum: required ? 1 : 0, maximum: maxBytes, maxBytes: maxBytes)
            } catch {
                problems.append(error)
                return nil
            }
        }
        func url(_ value: String?, _ field: String, required: Bool, schemes: Set<String>? = nil, why: String = "") -> String? {
            guard let value else {
                if required { problems.append(.init(field: field, code: "error.required", reason: "\(field) is required")) }
                return nil
            }
            do {
                let checked = try AppURL.validate(value, field: field)
                if let schemes, let scheme = AppURL.scheme(of: checked)?.lowercased(), !schemes.contains(scheme) {
                    problems.append(
                        .init(
                            field: field, code: "error.scheme",
                            reason: "\(field) must be \(schemes.sorted().joined(separator: " or ")): \(why), not '\(scheme)'"))
                    return nil
                }
                return checked
            } catch {
                problems.append(error)
                return nil
            }
        }
        let title = text(fields.title, "title", required: true, maxBytes: Self.maxTitleBytes)
        let description = text(fields.description, "description", required: false, maxBytes: Self.maxDescriptionBytes)
        let image = url(fields.image, "image", required: false, schemes: ["http", "https"], why: "link previews fetch it from the web")
        let appURL = url(fields.appURL, "app_url", required: true)
        let universalURL = url(
            fields.universalURL, "universal_url", required: false, schemes: ["https"],
            why: "iOS opens universal links only from https")
        if let universalURL, let problem = Self.hostProblem(universalURL) {
            problems.append(.init(field: "universal_url", code: "error.format", reason: "universal_url \(problem)"))
        }
        let fallbackURL = url(fields.fallbackURL, "fallback_url", required: true)
        let appStoreID = fields.appStoreID
        if let appStoreID,
            appStoreID.isEmpty || appStoreID.utf8.count > Self.maxAppStoreIDBytes
                || !appStoreID.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            problems.append(
                .init(
                    field: "app_store_id", code: "error.format",
                    reason: "app_store_id is the app's App Store id: 1 to \(Self.maxAppStoreIDBytes) digits, not '\(appStoreID.prefix(40))'"
                ))
        }
        let clip = fields.appClipBundleID
        if let clip {
            if clip.utf8.count > Self.maxBundleIDBytes {
                problems.append(
                    .init(
                        field: "app_clip_bundle_id", code: "error.maxLength",
                        reason: "app_clip_bundle_id is \(clip.utf8.count) bytes; the limit is \(Self.maxBundleIDBytes)"))
            } else if !AppID.isBundleID(clip) {
                problems.append(
                    .init(
                        field: "app_clip_bundle_id", code: "error.format",
                        reason:
                            "app_clip_bundle_id '\(clip.prefix(60))' is not a bundle ID: letters, digits, '-' and dots, e.g. com.example.app.Clip"
                    ))
            } else if appStoreID == nil {
                problems.append(
                    .init(
                        field: "app_clip_bundle_id", code: "error.required",
                        reason:
                            "app_clip_bundle_id needs app_store_id: the Smart App Banner that shows the App Clip card needs the app's app-id"
                    ))
            }
        }
        if let appID = fields.appID {
            if appID.utf8.count > Self.maxBundleIDBytes {
                problems.append(
                    .init(
                        field: "app_id", code: "error.maxLength",
                        reason: "app_id is \(appID.utf8.count) bytes; the limit is \(Self.maxBundleIDBytes)"))
            } else if let problem = AppID.problem(appID) {
                problems.append(.init(field: "app_id", code: "error.format", reason: "app_id \(problem)"))
            } else if fields.universalURL == nil {
                problems.append(
                    .init(
                        field: "app_id", code: "error.required",
                        reason: "app_id needs universal_url: its path is the rule the apple-app-site-association declares for the app"))
            }
        }
        guard problems.isEmpty, let title, let appURL, let fallbackURL else { throw Problems(all: problems) }
        self.title = title
        self.description = description ?? ""
        self.image = image
        self.appURL = appURL
        self.universalURL = universalURL
        self.fallbackURL = fallbackURL
        self.appStoreID = appStoreID
        self.appClipBundleID = clip
        self.appID = fields.appID
    }

    /// The fields as they were checked (the link again from them is this link).
    package var fields: Fields {
        Fields(
            title: title, description: description.isEmpty ? nil : description, image: image, appURL: appURL,
            universalURL: universalURL, fallbackURL: fallbackURL, appStoreID: appStoreID,
            appClipBundleID: appClipBundleID, appID: appID)
    }

    /// The universal link's path, percent-encoded (`/` for none): the rule the built
    /// `apple-app-site-association` declares. Nil without a universal link.
    package var universalPath: String? {
        guard let universalURL else { return nil }
        do {
            return try LinkURL(parsing: universalURL).path
        } catch {
            return nil  // checked in init: not reached
        }
    }

    /// Why an https URL names no host the matcher can take, or nil.
    private static func hostProblem(_ url: String) -> String? {
        do {
            _ = try LinkURL(parsing: url)
            return nil
        } catch {
            return "is not a URL the universal-link matcher takes: \(error)"
        }
    }
}
