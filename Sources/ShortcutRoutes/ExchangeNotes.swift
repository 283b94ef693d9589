import ShortcutHTTP

/// What the routes recognise an exchange as, for the access log and the request journal
/// (`HTTPResponse.note`): the questions a deep-link or home-screen debugging session asks of a server's
/// log. Each is read off the request as sent; what iOS and Android send is their documented or widely
/// reported behaviour, untested here on a real device (docs/journal.md says so).
enum ExchangeNotes {
    /// A fetch of the apple-app-site-association: by Apple's CDN (`AASA-Bot/…`, iOS 14 and later fetch
    /// through it), by a device itself (`swcd`, the associated-domains daemon: developer mode, `?mode=developer`
    /// or a managed domain), or by something else (a validator, curl).
    static func aasaFetch(_ request: HTTPRequest) -> String {
        let agent = request.headers["User-Agent"] ?? ""
        let who: String
        if agent.hasPrefix("AASA-Bot") {
            who = "Apple's CDN (AASA-Bot)"
        } else if agent.contains("swcd") {
            who = "a device (swcd: developer mode or a managed domain)"
        } else {
            who = agent.isEmpty ? "a client with no User-Agent" : "another client, not Apple's"
        }
        return "AASA fetch by \(who)"
    }

    /// A fetch of assetlinks.json: by Google's Digital Asset Links service (Android 12 and later verify
    /// through it), by an Android device itself (`Dalvik/…`, before Android 12), or by something else.
    static func assetLinksFetch(_ request: HTTPRequest) -> String {
        let agent = request.headers["User-Agent"] ?? ""
        let who: String
        if agent.contains("Google") {
            who = "Google (Digital Asset Links)"
        } else if agent.contains("Dalvik") || agent.contains("Android") {
            who = "an Android device"
        } else {
            who = agent.isEmpty ? "a client with no User-Agent" : "another client, not Google's"
        }
        return "assetlinks fetch by \(who)"
    }

    /// A shortcut page opened standalone: an iPhone's or iPad's WebKit that leaves `Safari/` out of its
    /// `User-Agent`, as a web app launched from the home screen does (and an app's web view: the log cannot
    /// tell those apart). Nil for anything else, Safari included.
    static func standaloneLaunch(_ request: HTTPRequest) -> String? {
        guard let agent = request.headers["User-Agent"], agent.contains("AppleWebKit"), agent.contains("Mobile/"),
            agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod"), !agent.contains("Safari/")
        else { return nil }
        return "standalone launch: an iOS agent without Safari/ (a home-screen web app, or an app's web view)"
    }

    /// A web clip profile downloaded (the user installs it next, in Settings).
    static let profileDownload = "web clip profile download"
}
