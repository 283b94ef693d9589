/// Apple's application identifiers: `TEAMID.bundle.id`.
package enum AppID {
    /// Why `text` is not `TEAMID.bundle.id`, or nil: a team ID of 10 characters `A-Z` `0-9`, a dot, and a
    /// bundle ID of letters, digits, `-` and dots (no empty part).
    package static func problem(_ text: String) -> String? {
        let allowed = "an app ID is TEAMID.bundle.id, a 10-character team ID of A-Z and 0-9 (e.g. ABCDE12345.com.example.app)"
        guard let dot = text.firstIndex(of: ".") else { return "'\(text.prefix(100))' has no '.': \(allowed)" }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        guard team.count == 10, team.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            return "'\(text.prefix(100))': the team ID '\(team.prefix(40))' is not 10 characters of A-Z and 0-9; \(allowed)"
        }
        guard isBundleID(bundle) else {
            return
                "'\(text.prefix(100))': the bundle ID '\(bundle.prefix(60))' is not letters, digits, '-' and dots with no empty part; \(allowed)"
        }
        return nil
    }

    /// Whether `text` is a bundle ID (`com.example.app`, an App Clip's `com.example.app.Clip`): letters,
    /// digits and `-` in parts joined by dots, no part empty. The rule of the app ID's second half.
    package static func isBundleID<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty })
            && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
    }
}
