/// A checked `apple-app-site-association` file: what the matcher needs of it. Made by `AASAChecker`,
/// only from a file without errors.
public struct AASAFile: Sendable {
    /// `applinks.details`, in order: the first entry whose components match decides which app opens a URL.
    public var entries: [AppLinksEntry]
    /// `applinks.substitutionVariables`: the file's own `$(name)` lists (the predefined ones are in
    /// `SubstitutionVariables`).
    public var variables: [String: [String]]
    /// `webcredentials.apps`.
    public var webCredentialApps: [String]
    /// `appclips.apps`.
    public var appClipApps: [String]

    public init(
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
public struct AppLinksEntry: Sendable {
    /// Its JSON path, `applinks.details[0]`.
    public var path: String
    /// `appIDs`, or the legacy `appID` as a list of one.
    public var appIDs: [String]
    /// `components` (iOS 13 and later) or, when there are none, the legacy `paths`.
    public var rules: [LinkRule]

    public init(path: String, appIDs: [String], rules: [LinkRule]) {
        self.path = path
        self.appIDs = appIDs
        self.rules = rules
    }
}

/// One component (`{"/": "/buy/*", "exclude": true}`) or one legacy path (`"NOT /help/*"`), with the
/// defaults already applied.
public struct LinkRule: Sendable {
    /// Its JSON path, `applinks.details[0].components[2]`.
    public var path: String
    /// `/`: matched against the URL's path; nil: `*`.
    public var pathPattern: String?
    /// `?`: a pattern for the whole query, or keys that must all be present with matching values.
    public var query: QueryRule?
    /// `#`: matched against the fragment; nil: `*`.
    public var fragment: String?
    /// A match stops the search and keeps the URL in Safari.
    public var exclude: Bool
    /// `caseSensitive` (default true).
    public var caseSensitive: Bool
    /// `percentEncoded` (default true): the patterns are written percent-encoded, as the URL is; false
    /// decodes the URL first, so patterns may hold spaces and non-ASCII text.
    public var percentEncoded: Bool
    /// `comment`, shown in the trace.
    public var comment: String?

    public init(
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
    public var summary: String {
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
public enum QueryRule: Sendable, Equatable {
    /// `"?": "pattern"`: matched against the whole query, without its `?`.
    case pattern(String)
    /// `"?": {"name": "pattern"}`: every name must be a query item whose value matches its pattern.
    case items([QueryItemRule])
}

/// One `"name": "pattern"` of a query dictionary.
public struct QueryItemRule: Sendable, Equatable {
    public var name: String
    public var pattern: String

    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}
