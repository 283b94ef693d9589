/// A home-screen shortcut page: a validated title, app URL, icon and app name, rendered with a
/// template into HTML and into the `data:text/html;base64,…` URI Safari is sent to.
///
/// ```swift
/// let page = try ShortcutPage(title: "Scan", url: "myapp://scan", icon: ShortcutIcon(bytes: png))
/// // Redirect Safari to page.dataURI, then "Add to Home Screen".
/// ```
package struct ShortcutPage: Sendable {
    /// The most characters a title may have, after trimming.
    package static let maxTitleLength = 100
    /// The most bytes of UTF-8 a title may have, before trimming: room for 100 characters of 40 bytes
    /// (the longest emoji sequences are about 30).
    package static let maxTitleBytes = 4096
    /// The most characters an app name may have, after trimming.
    package static let maxAppNameLength = 100
    /// The most bytes of UTF-8 an app name may have, before trimming.
    package static let maxAppNameBytes = 4096
    /// The most bytes of UTF-8 an app URL may have.
    package static let maxURLBytes = 2048

    /// The title under the home-screen icon, trimmed; 1 to ``maxTitleLength`` characters.
    package let title: String
    /// The URL the shortcut opens, as returned by ``AppURL/validate(_:)``.
    package let url: String
    /// The home-screen icon; ``ShortcutIcon/builtIn`` unless one was given.
    package let icon: ShortcutIcon
    /// The name shown in "You are about to enter …"; the title when none was given.
    package let appName: String
    /// The rendered page.
    private let rendered: String

    /// Validates the values and renders the page.
    /// - Parameters:
    ///   - title: 1 to ``maxTitleLength`` characters after trimming and at most ``maxTitleBytes`` bytes,
    ///     no control characters.
    ///   - url: an absolute URL as ``AppURL/validate(_:)`` accepts, such as `myapp://page/view2`.
    ///   - icon: the home-screen icon; `nil` for ``ShortcutIcon/builtIn``.
    ///   - appName: 0 to ``maxAppNameLength`` characters after trimming and at most ``maxAppNameBytes``
    ///     bytes; `nil` or empty for `title`.
    ///   - template: the page to fill; the built-in one unless given.
    /// - Throws: ``ShortcutPageError`` naming the field (`title`, `url`, `app_name`) and the problem.
    package init(
        title: String, url: String, icon: ShortcutIcon? = nil, appName: String? = nil,
        template: PageTemplate = .default
    ) throws(ShortcutPageError) {
        let title = try PageText.validate(
            title, field: "title", minimum: 1, maximum: Self.maxTitleLength, maxBytes: Self.maxTitleBytes)
        let url = try AppURL.validate(url)
        let name = try PageText.validate(
            appName ?? "", field: "app_name", minimum: 0, maximum: Self.maxAppNameLength, maxBytes: Self.maxAppNameBytes)
        self.init(checkedTitle: title, url: url, icon: icon ?? .builtIn, appName: name, template: template)
    }

    /// Renders values already validated; an empty `appName` becomes `title`.
    init(checkedTitle title: String, url: String, icon: ShortcutIcon, appName: String, template: PageTemplate) {
        self.title = title
        self.url = url
        self.icon = icon
        self.appName = appName.isEmpty ? title : appName
        self.rendered = template.render(title: title, url: url, icon: icon, appName: self.appName)
    }

    /// The page's HTML.
    package var html: String { rendered }

    /// The page as `data:text/html;base64,<base64 of its UTF-8>`: the `Location` to send Safari to.
    package var dataURI: String { DataURI.html(rendered) }

    /// The article's example shortcut, served when no other is set: "Add to Home Screen" opening
    /// `mkaddtohomescreen://page/view2`, with the built-in icon, rendered with `template`. The one
    /// definition of the demo: the server's `/s` and the `profile demo` command render it with theirs.
    package static func makeDemo(template: PageTemplate) -> ShortcutPage {
        ShortcutPage(
            checkedTitle: "Add to Home Screen", url: "mkaddtohomescreen://page/view2", icon: .builtIn, appName: "",
            template: template)
    }

    /// The demo (`makeDemo`) with the built-in template.
    package static let demo = makeDemo(template: .default)
}
