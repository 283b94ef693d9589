import ShortcutPages

/// What a new shortcut is made from: the fields of `POST /api/shortcuts`, of `shortcut-serve add`, and of
/// the embedding API, before they are checked (`ShortcutService.create` checks them all at once).
public struct ShortcutDraft: Sendable {
    /// The title under the home-screen icon (`ShortcutPage`'s rules).
    public var title: String
    /// The app URL the shortcut opens (`AppURL`'s rules).
    public var url: String
    /// The home-screen icon; nil for the built-in one.
    public var icon: ShortcutIcon?
    /// The name shown in "You are about to enter …"; nil for the title.
    public var appName: String?
    /// The record's id (`PageID.rule`); nil for a new UUID.
    public var id: String?
    /// How `/s/<id>` delivers this shortcut; nil for the server's `--mode`.
    public var mode: DeliveryMode?
    /// The app that opens the URL, for web clip profiles; nil for none.
    public var bundleID: String?
    /// The secret that allows deleting it over the API; nil for a new random one.
    public var secret: String?

    /// A draft with `title` and `url`; everything else is optional.
    public init(
        title: String, url: String, icon: ShortcutIcon? = nil, appName: String? = nil, id: String? = nil,
        mode: DeliveryMode? = nil, bundleID: String? = nil, secret: String? = nil
    ) {
        self.title = title
        self.url = url
        self.icon = icon
        self.appName = appName
        self.id = id
        self.mode = mode
        self.bundleID = bundleID
        self.secret = secret
    }

    /// The most bytes of a record's secret (shortcuts' and mocks').
    package static let maxSecretBytes = 64

    /// The page this draft makes with `template`, or nil; every problem goes into `problems`.
    func page(template: PageTemplate, by caller: Caller, problems: inout FieldProblems) -> ShortcutPage? {
        if let bundleID, !ReverseDNSName.isValidBundleID(bundleID) {
            problems.add(
                "bundle_id", "error.invalid",
                "bundle_id is an app's bundle identifier such as com.example.app: letters, digits, '-' and dots, at most \(ReverseDNSName.maxBundleIDBytes) bytes"
            )
        }
        problems.checkNewRecord(id: id, secret: secret, reserved: caller.reservedIDProblem)
        do {
            return try ShortcutPage(title: title, url: url, icon: icon, appName: appName, template: template)
        } catch {
            problems.add(error.field, error.code, error.reason)
            return nil
        }
    }
}
