/// Says which app opens a URL under an `apple-app-site-association` file, following Apple's documented
/// rules (not iOS's own `swcd`): the entries of `applinks.details` in order; in each, the rules in order,
/// and the first that matches decides: a match opens the entry's app, an `exclude` match stops that
/// entry with no app. Universal links are https URLs only.
package struct LinkMatcher: Sendable {
    private struct CompiledRule: Sendable {
        let rule: LinkRule
        let path: LinkPattern?
        let query: CompiledQuery?
        let fragment: LinkPattern?
    }

    private enum CompiledQuery: Sendable {
        case pattern(LinkPattern)
        case items([(name: String, pattern: LinkPattern)])
    }

    private let entries: [(entry: AppLinksEntry, rules: [CompiledRule])]

    /// Compiles every pattern of `file` (a checked file compiles; the error is for hand-made ones).
    package init(file: AASAFile) throws(LinkPattern.Failure) {
        var entries: [(AppLinksEntry, [CompiledRule])] = []
        for entry in file.entries {
            var rules: [CompiledRule] = []
            for rule in entry.rules {
                func compile(_ pattern: String?) throws(LinkPattern.Failure) -> LinkPattern? {
                    guard let pattern else { return nil }
                    return try LinkPattern(pattern, caseSensitive: rule.caseSensitive, variables: file.variables)
                }
                var query: CompiledQuery?
                switch rule.query {
                case .pattern(let pattern)?:
                    query = .pattern(try LinkPattern(pattern, caseSensitive: rule.caseSensitive, variables: file.variables))
                case .items(let items)?:
                    var compiled: [(String, LinkPattern)] = []
                    for item in items {
                        compiled.append(
                            (item.name, try LinkPattern(item.pattern, caseSensitive: rule.caseSensitive, variables: file.variables)))
                    }
                    query = .items(compiled)
                case nil: query = nil
                }
                rules.append(
                    CompiledRule(rule: rule, path: try compile(rule.pathPattern), query: query, fragment: try compile(rule.fragment)))
            }
            entries.append((entry, rules))
        }
        self.entries = entries
    }

    /// Every rule tried for `url`, and the result.
    package func trace(_ url: LinkURL) -> LinkTrace {
        guard url.scheme == "https" else {
            return LinkTrace(
                url: url, entries: [], app: nil, appIDs: [], decidedBy: nil,
                result: "Safari opens it: universal links are https URLs only, not \(url.scheme):")
        }
        var traced: [LinkTrace.Entry] = []
        var firstExclusion: String?
        for (entry, rules) in entries {
            var steps: [LinkTrace.Step] = []
            var decided: LinkTrace.Verdict?
            for compiled in rules {
                let failure = mismatch(compiled, url)
                let verdict: LinkTrace.Verdict = failure != nil ? .noMatch : compiled.rule.exclude ? .excluded : .match
                let reason =
                    failure
                    ?? (compiled.rule.exclude ? "the URL matches and the rule excludes it: this entry stops here" : "the URL matches")
                steps.append(
                    LinkTrace.Step(
                        rule: compiled.rule.path, summary: compiled.rule.summary, comment: compiled.rule.comment,
                        verdict: verdict, reason: reason))
                if verdict != .noMatch {
                    decided = verdict
                    break
                }
            }
            traced.append(LinkTrace.Entry(path: entry.path, appIDs: entry.appIDs, steps: steps))
            if decided == .match, let app = entry.appIDs.first, let rule = steps.last?.rule {
                let others = entry.appIDs.count > 1 ? " (the first installed of \(entry.appIDs.joined(separator: ", ")))" : ""
                return LinkTrace(
                    url: url, entries: traced, app: app, appIDs: entry.appIDs, decidedBy: rule, result: "opens in \(app)\(others)")
            }
            if decided == .excluded, firstExclusion == nil { firstExclusion = steps.last?.rule }
        }
        if let firstExclusion {
            return LinkTrace(
                url: url, entries: traced, app: nil, appIDs: [], decidedBy: firstExclusion,
                result: "Safari opens it: \(firstExclusion) excludes it and no other entry matches")
        }
        let why = entries.isEmpty ? "the file has no applinks entries" : "no rule matches"
        return LinkTrace(url: url, entries: traced, app: nil, appIDs: [], decidedBy: nil, result: "Safari opens it: \(why)")
    }

    /// Why `url` does not match `compiled` (path, then query, then fragment), or nil when it does.
    private func mismatch(_ compiled: CompiledRule, _ url: LinkURL) -> String? {
        let rule = compiled.rule
        // percentEncoded true: patterns are written encoded and meet the URL as sent; false: the URL is
        // decoded first, so `/café` or `/a b` can be written as such (Apple: "whether URLs are percent-encoded").
        func form(_ text: String) -> String { rule.percentEncoded ? text : LinkURL.percentDecoded(text) }
        if let pattern = compiled.path, !pattern.matches(form(url.path)) {
            return "path \"\(form(url.path))\" does not match \"\(pattern.source)\""
        }
        switch compiled.query {
        case .pattern(let pattern)?:
            let query = form(url.query ?? "")
            if !pattern.matches(query) { return "query \"\(query)\" does not match \"\(pattern.source)\"" }
        case .items(let items)?:
            let present = url.queryItems.map { (name: form($0.name), value: form($0.value)) }
            for item in items {
                let named = present.filter { rule.caseSensitive ? $0.name == item.name : $0.name.lowercased() == item.name.lowercased() }
                guard !named.isEmpty else { return "the query has no item \"\(item.name)\" (every key of a ? dictionary is required)" }
                if !named.contains(where: { item.pattern.matches($0.value) }) {
                    let values = named.map { "\"\($0.value)\"" }.joined(separator: ", ")
                    return "query item \(item.name)=\(values) does not match \"\(item.pattern.source)\""
                }
            }
        case nil: break
        }
        if let pattern = compiled.fragment {
            let fragment = form(url.fragment ?? "")
            if !pattern.matches(fragment) { return "fragment \"\(fragment)\" does not match \"\(pattern.source)\"" }
        }
        return nil
    }
}
