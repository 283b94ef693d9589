import ShortcutJSON

/// Checks an `apple-app-site-association` file against Apple's documented format and, when it has no
/// errors, builds the `AASAFile` the matcher uses. Every problem names the JSON path, what is wrong
/// and what is allowed; unknown keys are warnings (iOS ignores them, but they are usually typos).
package enum AASAChecker {
    /// What a check found.
    package struct Report: Sendable {
        /// The file, when it has no errors.
        package let file: AASAFile?
        /// Errors and warnings, in document order.
        package let problems: [LinkProblem]
    }

    static let rootKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let appLinksKeys = ["details", "defaults", "substitutionVariables", "apps"]
    static let detailKeys = ["appIDs", "appID", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let defaultsKeys = ["caseSensitive", "percentEncoded"]

    /// Checks `bytes`, the content of `file` (the name used in messages).
    package static func check(_ bytes: [UInt8], file: String) -> Report {
        if let problem = AssociationFileLimits.sizeProblem(bytes.count, file: file) { return Report(file: nil, problems: [problem]) }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return Report(
                file: nil, problems: [LinkProblem(.error, file: file, path: "(file)", "\(error) (an association file is one JSON object)")])
        }
        var reader = JSONReader(file: file)
        guard let members = reader.object(root, at: "(root)", known: rootKeys) else { return Report(file: nil, problems: reader.problems) }
        var result = AASAFile(entries: [])
        for (key, value) in members {
            switch key {
            case "applinks": checkAppLinks(value, into: &result, &reader)
            case "webcredentials", "appclips", "activitycontinuation":
                guard let service = reader.object(value, at: key, known: ["apps"]) else { continue }
                guard let apps = service.first(where: { $0.0 == "apps" })?.1 else {
                    reader.error(key, "has no \"apps\": it must list the app IDs, e.g. {\"apps\": [\"ABCDE12345.com.example.app\"]}")
                    continue
                }
                let ids =
                    reader.strings(apps, at: JSONPath.member(key, "apps"), of: "app IDs (TEAMID.bundle.id)", rule: AppID.problem) ?? []
                if key == "webcredentials" { result.webCredentialApps = ids }
                if key == "appclips" { result.appClipApps = ids }
            default: break
            }
        }
        if !members.contains(where: { $0.0 == "applinks" || $0.0 == "webcredentials" || $0.0 == "appclips" }) {
            reader.warning("(root)", "has no \"applinks\", \"webcredentials\" or \"appclips\": the file associates nothing")
        }
        return Report(file: reader.hasErrors ? nil : result, problems: reader.problems)
    }

    /// `caseSensitive` and `percentEncoded` as a `defaults` object sets them.
    struct Defaults {
        var caseSensitive = true
        var percentEncoded = true

        func reading(_ value: JSONValue, at path: String, _ reader: inout JSONReader) -> Defaults {
            var defaults = self
            guard let members = reader.object(value, at: path, known: AASAChecker.defaultsKeys) else { return defaults }
            for (key, value) in members {
                switch key {
                case "caseSensitive": defaults.caseSensitive = reader.bool(value, at: JSONPath.member(path, key)) ?? defaults.caseSensitive
                case "percentEncoded":
                    defaults.percentEncoded = reader.bool(value, at: JSONPath.member(path, key)) ?? defaults.percentEncoded
                default: break
                }
            }
            return defaults
        }
    }

    private static func checkAppLinks(_ value: JSONValue, into result: inout AASAFile, _ reader: inout JSONReader) {
        guard let members = reader.object(value, at: "applinks", known: appLinksKeys) else { return }
        var defaults = Defaults()
        // Variables and defaults first: the components below use them wherever they are written.
        for (key, value) in members {
            let path = JSONPath.member("applinks", key)
            switch key {
            case "defaults": defaults = defaults.reading(value, at: path, &reader)
            case "substitutionVariables": result.variables = checkVariables(value, at: path, &reader)
            case "apps":
                // iOS 9–12 required "apps": []; it is ignored since iOS 13.
                if case .array(let apps) = value, !apps.isEmpty {
                    reader.warning(path, "is not empty: the legacy \"apps\" key must be [] (app IDs go in details[].appIDs)")
                } else if case .array = value {
                } else {
                    reader.error(path, "is \(JSONReader.kind(value)); the legacy \"apps\" key must be []")
                }
            default: break
            }
        }
        guard let details = members.first(where: { $0.0 == "details" })?.1 else {
            reader.error("applinks", "has no \"details\": it must be an array of {\"appIDs\": [...], \"components\": [...]}")
            return
        }
        guard let entries = reader.array(details, at: "applinks.details", of: "{\"appIDs\": [...], \"components\": [...]} objects") else {
            return
        }
        for (index, entry) in entries.enumerated() {
            if let checked = checkEntry(
                entry, at: JSONPath.element("applinks.details", index), defaults: defaults,
                variables: result.variables, &reader)
            {
                result.entries.append(checked)
            }
        }
    }

    private static func checkVariables(_ value: JSONValue, at path: String, _ reader: inout JSONReader) -> [String: [String]] {
        guard case .object(let members) = value else {
            reader.error(
                path,
                "is \(JSONReader.kind(value)); it must be an object of name -> array of strings, e.g. {\"food\": [\"pizza\", \"sushi\"]}")
            return [:]
        }
        var variables: [String: [String]] = [:]
        for (name, list) in members {
            let at = JSONPath.member(path, name)
            guard SubstitutionVariables.isValidName(name) else {
                reader.error(at, "'\(name)' is not a variable name: any characters but '$', '(' and ')', at least one")
                continue
            }
            if variables[name] != nil {
                reader.warning(at, "is given twice (the first is used here)")
                continue
            }
            if SubstitutionVariables.predefined[name] != nil {
                reader.warning(at, "shadows Apple's predefined $(\(name)); this file's values are used here")
            }
            let values = reader.strings(list, at: at, of: "strings (values may hold * and ?)") { value in
                value.contains("$(")
                    ? "'\(value.prefix(60))' refers to another substitution variable; values may hold * and ? but not $(…)" : nil
            }
            variables[name] = values ?? []
        }
        return variables
    }

    private static func checkEntry(
        _ value: JSONValue, at path: String, defaults inherited: Defaults, variables: [String: [String]],
        _ reader: inout JSONReader
    ) -> AppLinksEntry? {
        guard let members = reader.object(value, at: path, known: detailKeys) else { return nil }
        func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
        var appIDs: [String] = []
        switch (member("appIDs"), member("appID")) {
        case (let list?, let single):
            if single != nil { reader.warning(JSONPath.member(path, "appID"), "is ignored beside \"appIDs\"; keep one of them") }
            appIDs = reader.strings(list, at: JSONPath.member(path, "appIDs"), of: "app IDs (TEAMID.bundle.id)", rule: AppID.problem) ?? []
        case (nil, let single?):
            if let id = reader.string(single, at: JSONPath.member(path, "appID"), what: "an app ID (TEAMID.bundle.id)") {
                if let problem = AppID.problem(id) { reader.error(JSONPath.member(path, "appID"), problem) } else { appIDs = [id] }
            }
        case (nil, nil):
            reader.error(
                path, "has neither \"appIDs\" nor \"appID\": it must name the apps, e.g. \"appIDs\": [\"ABCDE12345.com.example.app\"]")
        }
        let defaults = member("defaults").map { inherited.reading($0, at: JSONPath.member(path, "defaults"), &reader) } ?? inherited
        var rules: [LinkRule] = []
        if let components = member("components") {
            if member("paths") != nil {
                reader.warning(
                    JSONPath.member(path, "paths"), "is read only by iOS 12 and earlier; iOS 13 and later use \"components\" (matched here)"
                )
            }
            let componentsPath = JSONPath.member(path, "components")
            for (index, component) in (reader.array(components, at: componentsPath, of: "component objects") ?? []).enumerated() {
                if let rule = checkComponent(
                    component, at: JSONPath.element(componentsPath, index), defaults: defaults,
                    variables: variables, &reader)
                {
                    rules.append(rule)
                }
            }
        } else if let paths = member("paths") {
            let pathsPath = JSONPath.member(path, "paths")
            for (index, element) in (reader.array(paths, at: pathsPath, of: "path patterns (\"/buy/*\", \"NOT /help/*\")") ?? [])
                .enumerated()
            {
                let at = JSONPath.element(pathsPath, index)
                guard var pattern = reader.string(element, at: at, what: "a path pattern such as \"/buy/*\" or \"NOT /help/*\"") else {
                    continue
                }
                let exclude = pattern.hasPrefix("NOT ")
                if exclude { pattern.removeFirst(4) }
                guard checkPattern(pattern, at: at, variables: variables, isPath: true, &reader) else { continue }
                // Legacy paths match the path only, case-sensitively, against the URL as sent.
                rules.append(LinkRule(path: at, pathPattern: pattern, exclude: exclude))
            }
        } else {
            reader.error(
                path, "has neither \"components\" nor \"paths\": it matches no URL; add e.g. \"components\": [{\"/\": \"/buy/*\"}]")
        }
        return AppLinksEntry(path: path, appIDs: appIDs, rules: rules)
    }

    private static func checkComponent(
        _ value: JSONValue, at path: String, defaults inherited: Defaults, variables: [String: [String]],
        _ reader: inout JSONReader
    ) -> LinkRule? {
        guard let members = reader.object(value, at: path, known: componentKeys) else { return nil }
        var rule = LinkRule(path: path, caseSensitive: inherited.caseSensitive, percentEncoded: inherited.percentEncoded)
        var valid = true
        for (key, value) in members {
            let at = JSONPath.member(path, key)
            switch key {
            case "/", "#":
                guard let pattern = reader.string(value, at: at, what: "a pattern string (* any run, ? one character)"),
                    checkPattern(pattern, at: at, variables: variables, isPath: key == "/", &reader)
                else {
                    valid = false
                    continue
                }
                if key == "/" { rule.pathPattern = pattern } else { rule.fragment = pattern }
            case "?":
                switch value {
                case .string(let pattern):
                    if checkPattern(pattern, at: at, variables: variables, isPath: false, &reader) {
                        rule.query = .pattern(pattern)
                    } else {
                        valid = false
                    }
                case .object(let items):
                    var rules: [QueryItemRule] = []
                    for (name, itemValue) in items {
                        let itemPath = JSONPath.member(at, name)
                        guard
                            let pattern = reader.string(
                                itemValue, at: itemPath, what: "a pattern string for the value of query item \"\(name)\""),
                            checkPattern(pattern, at: itemPath, variables: variables, isPath: false, &reader)
                        else {
                            valid = false
                            continue
                        }
                        if rules.contains(where: { $0.name == name }) {
                            reader.warning(itemPath, "is given twice (the first is used here)")
                            continue
                        }
                        rules.append(QueryItemRule(name: name, pattern: pattern))
                    }
                    rule.query = .items(rules)
                default:
                    reader.error(at, "is \(JSONReader.kind(value)); it must be a pattern string or an object of query item name -> pattern")
                    valid = false
                }
            case "exclude": rule.exclude = reader.bool(value, at: at) ?? false
            case "caseSensitive": rule.caseSensitive = reader.bool(value, at: at) ?? rule.caseSensitive
            case "percentEncoded": rule.percentEncoded = reader.bool(value, at: at) ?? rule.percentEncoded
            case "comment": rule.comment = reader.string(value, at: at, what: "text (ignored by iOS)")
            default: break
            }
        }
        return valid ? rule : nil
    }

    /// Whether `pattern` compiles; an error otherwise. A path pattern that starts with a literal
    /// character other than `/` can never match (paths start with `/`): a warning.
    private static func checkPattern(
        _ pattern: String, at path: String, variables: [String: [String]], isPath: Bool,
        _ reader: inout JSONReader
    ) -> Bool {
        do {
            _ = try LinkPattern(pattern, variables: variables)
        } catch {
            reader.error(path, error.description)
            return false
        }
        if isPath, let first = pattern.first, !"/*?$".contains(first) {
            reader.warning(
                path, "\"\(pattern.prefix(60))\" can never match: a URL's path starts with '/' (write \"/\(pattern.prefix(60))\")")
        }
        return true
    }
}
