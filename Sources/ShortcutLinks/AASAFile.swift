/// A checked `apple-app-site-association` file: what the matcher needs of it. Made by `AASAChecker`,
/// only from a file without errors.
package struct AASAFile: Sendable {
    /// `applinks.details`, in order: the first entry whose components match decides which app opens a URL.
    package var entries: [AppLinksEntry]
    /// `applinks.substitutionVariables`: the file's own `$(name)` lists (the predefined ones are in
    /// `SubstitutionVariables`).
    package var variables: [String: [String]]
    /// `webcredentials.apps`.
    package var webCredentialApps: [String]
    /// `appclips.apps`.
    package var appClipApps: [String]

    package init(
        entries: [AppLinksEntry], variables: [String: [String]] = [:], webCredentialApps: [String] = [],
        appClipApps: [String] = []
    ) {
        self.entries = entries
        self.variables = variables
        self.webCredentialApps = webCredentialApps
        self.appClipApps = appClipApps
    }
}

/// One `applinks.details[]` entry: the apps it names and the rules that say which URLs they open.
package struct AppLinksEntry: Sendable {
    /// Its JSON path, `applinks.details[0]`.
    package var path: String
    /// `appIDs`, or the legacy `appID` as a list of one.
    package var appIDs: [String]
    /// `components` (iOS 13 and later) or, when there are none, the legacy `paths`.
    package var rules: [LinkRule]

    package init(path: String, appIDs: [String], rules: [LinkRule]) {
        self.path = path
        self.appIDs = appIDs
        self.rules = rules
    }
}

/// One component (`{"/": "/buy/*", "exclude": true}`) or one legacy path (`"NOT /help/*"`), with the
/// defaults already applied.
package struct LinkRule: Sendable {
    /// Its JSON path, `applinks.details[0].components[2]`.
    package var path: String
    /// `/`: matched against the URL's path; nil: `*`.
    package var pathPattern: String?
    /// `?`: a pattern for the whole query, or keys that must all be present with matching values.
    package var query: QueryRule?
    /// `#`: matched against the fragment; nil: `*`.
    package var fragment: String?
    /// A match stops the search and keeps the URL in Safari.
    package var exclude: Bool
    /// `caseSensitive` (default true).
    package var caseSensitive: Bool
    /// `percentEncoded` (default true): the patterns are written percent-encoded, as the URL is; false
    /// decodes the URL first, so patterns may hold spaces and non-ASCII text.
    package var percentEncoded: Bool
    /// `comment`, shown in the trace.
    package var comment: String?

    package init(
        path: String, pathPattern: String? = nil, query: QueryRule? = nil, fragment: String? = nil, exclude: Bool = false,
        caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil
    ) {
        self.path = path
        self.pathPattern = pathPattern
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// How the rule reads in a trace: `/ "/buy/*"  ? {articleNumber: "????"}  exclude`.
    package var summary: String {
        var parts: [String] = []
        if let pathPattern { parts.append("/ \"\(pathPattern)\"") }
        switch query {
        case .pattern(let pattern): parts.append("? \"\(pattern)\"")
        case .items(let items): parts.append("? {" + items.map { "\($0.name): \"\($0.pattern)\"" }.joined(separator: ", ") + "}")
        case nil: break
        }
        if let fragment { parts.append("# \"\(fragment)\"") }
        if parts.isEmpty { parts.append("(everything)") }
        if exclude { parts.append("exclude") }
        if !caseSensitive { parts.append("caseSensitive false") }
        if !percentEncoded { parts.append("percentEncoded false") }
        return parts.joined(separator: "  ")
    }
}

/// A component's `?`.
package enum QueryRule: Sendable, Equatable {
    /// `"?": "pattern"`: matched against the whole query, without its `?`.
    case pattern(String)
    /// `"?": {"name": "pattern"}`: every name must be a query item whose value matches its pattern.
    case items([QueryItemRule])
}

/// One `"name": "pattern"` of a query dictionary.
package struct QueryItemRule: Sendable, Equatable {
    package var name: String
    package var pattern: String

    package init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}
