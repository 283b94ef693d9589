import HTTPVocabulary
import ShortcutPages

/// The page `/open/<id>` serves for a `LandingLink`: self-contained (inline style and script, nothing
/// fetched), it navigates to the app URL at once, and goes to the fallback URL when the delay has passed
/// while the page is still visible. A page that became hidden (the app came forward) or was left
/// (`pagehide`) cancels the fallback. A visible link to each for people without script.
///
/// Every value is escaped for where it goes: `Escape.html` in text and attributes, the URLs as JSON
/// string literals (`Escape.javaScriptString`, safe inside `<script>`) in the script; nothing is
/// concatenated raw.
package struct LandingPage: Sendable {
    /// The delay before the fallback when the request names none, in milliseconds.
    package static let defaultDelayMilliseconds = 1500
    /// The longest delay `?delay=` may ask for, in milliseconds (a minute: longer is a page that seems stuck).
    package static let maxDelayMilliseconds = 60_000

    /// The whole document.
    package let html: String
    /// The inline script exactly as the document holds it, for a `Content-Security-Policy` hash.
    package let script: String

    /// - Parameters:
    ///   - pageURL: the absolute URL of this page (og:url).
    ///   - delayMilliseconds: 0 to `maxDelayMilliseconds`.
    package init(link: LandingLink, pageURL: String, delayMilliseconds: Int) {
        let delay = min(max(delayMilliseconds, 0), Self.maxDelayMilliseconds)
        script = Self.script(appURL: link.appURL, fallbackURL: link.fallbackURL, delay: delay)
        html = Self.document(link, pageURL: pageURL, script: script)
    }

    /// The `apple-itunes-app` meta content, or nil without an App Store id: `app-id=…`, the App Clip card
    /// when given, and `app-argument` (the universal link, else the app URL) last, where a comma in the URL
    /// cannot be read as the start of another key.
    package static func smartBannerContent(_ link: LandingLink) -> String? {
        guard let appStoreID = link.appStoreID else { return nil }
        var content = "app-id=\(appStoreID)"
        if let clip = link.appClipBundleID { content += ", app-clip-bundle-id=\(clip), app-clip-display=card" }
        content += ", app-argument=\(link.universalURL ?? link.appURL)"
        return content
    }

    private static func document(_ link: LandingLink, pageURL: String, script: String) -> String {
        func meta(_ attribute: String, _ name: String, _ content: String) -> String {
            "<meta \(attribute)=\"\(name)\" content=\"\(Escape.html(content))\">\n"
        }
        var head = "<!doctype html>\n<html lang=\"en\" data-fallback=\"waiting\">\n<head>\n<meta charset=\"utf-8\">\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        head += "<title>\(Escape.html(link.title))</title>\n"
        if !link.description.isEmpty { head += meta("name", "description", link.description) }
        if let banner = smartBannerContent(link) { head += meta("name", "apple-itunes-app", banner) }
        head += meta("property", "og:type", "website")
        head += meta("property", "og:title", link.title)
        if !link.description.isEmpty { head += meta("property", "og:description", link.description) }
        if let image = link.image { head += meta("property", "og:image", image) }
        head += meta("property", "og:url", pageURL)
        head += meta("name", "twitter:card", link.image == nil ? "summary" : "summary_large_image")
        head += meta("name", "twitter:title", link.title)
        if !link.description.isEmpty { head += meta("name", "twitter:description", link.description) }
        if let image = link.image { head += meta("name", "twitter:image", image) }
        head += "<style>\(style)</style>\n</head>\n"
        var body = "<body>\n<main>\n<h1 id=\"title\">\(Escape.html(link.title))</h1>\n"
        if !link.description.isEmpty { body += "<p id=\"description\">\(Escape.html(link.description))</p>\n" }
        body += "<p id=\"status\">Opening the app…</p>\n"
        body += "<p><a id=\"open\" class=\"button\" href=\"\(Escape.html(link.appURL))\">Open in the app</a></p>\n"
        body += "<p><a id=\"fallback\" href=\"\(Escape.html(link.fallbackURL))\">Continue without the app</a></p>\n"
        body += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return head + body
    }

    /// The state is written to `data-fallback` on the root element (`pending`, `cancelled: hidden`,
    /// `cancelled: pagehide`, `going`), so a test or a curious developer can read what the page decided.
    private static func script(appURL: String, fallbackURL: String, delay: Int) -> String {
        """

        (function () {
          "use strict";
          var appURL = \(Escape.javaScriptString(appURL));
          var fallbackURL = \(Escape.javaScriptString(fallbackURL));
          var delay = \(delay);
          var root = document.documentElement;
          var timer = null;
          function cancel(why) {
            if (timer === null) { return; }
            clearTimeout(timer);
            timer = null;
            root.setAttribute("data-fallback", "cancelled: " + why);
          }
          // The app came forward (Safari went to the background) or the page was left: no fallback.
          document.addEventListener("visibilitychange", function () {
            if (document.visibilityState === "hidden") { cancel("hidden"); }
          });
          window.addEventListener("pagehide", function () { cancel("pagehide"); });
          timer = setTimeout(function () {
            timer = null;
            if (document.visibilityState === "hidden") { root.setAttribute("data-fallback", "cancelled: hidden"); return; }
            root.setAttribute("data-fallback", "going");
            window.location.replace(fallbackURL);
          }, delay);
          root.setAttribute("data-fallback", "pending");
          window.location.href = appURL;
        })();

        """
    }

    private static let style = """
        body{margin:0;font:17px/1.4 -apple-system,system-ui,sans-serif;color:#1d1d1f;background:#f5f5f7}\
        main{max-width:32em;margin:0 auto;padding:3em 1.5em;text-align:center;overflow-wrap:anywhere}\
        h1{font-size:1.6em;margin:0 0 .5em}#description{color:#515154}#status{color:#6e6e73}\
        a{color:#06c}.button{display:inline-block;padding:.7em 1.6em;border-radius:.6em;background:#06c;color:#fff;text-decoration:none}
        """
}
