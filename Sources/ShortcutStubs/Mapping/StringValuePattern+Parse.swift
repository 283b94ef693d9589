import ShortcutJSON

extension StringValuePattern {
    /// The operators this subset implements, in the order refusals list them.
    static let supportedOperators = [
        "equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent", "anything", "and", "or", "not",
        "equalToJson", "matchesJsonPath",
    ]

    /// WireMock operators that are refused as not supported (rather than unknown).
    static let refusedOperators: Set<String> = [
        "equalToXml", "matchesXPath", "matchesJsonSchema", "before", "after", "equalToDateTime", "equalToNumber",
        "greaterThanNumber", "greaterThanEqualNumber", "lessThanNumber", "lessThanEqualNumber", "matchesPathTemplate",
    ]

    /// The options each operator takes beside it.
    static let options: [String: [String]] = [
        "equalTo": ["caseInsensitive"],
        "equalToJson": ["ignoreArrayOrder", "ignoreExtraElements"],
    ]

    /// Reads a matcher object (`{"contains": "json"}`) at `cursor`. `extraOperators` are operators the
    /// caller handles itself (`binaryEqualTo` in bodyPatterns), named in the "expected one of" list.
    /// A value pattern given alone (`remove-by-metadata`'s body: `{"matchesJsonPath": …}`, `{"equalToJson": …}`).
    package static func parse(_ json: JSONValue, limits: MappingLimits = .standard) throws(MappingError) -> StringValuePattern {
        try parse(JSONCursor(json, path: ""), limits: limits)
    }

    static func parse(_ cursor: JSONCursor, limits: MappingLimits, extraOperators: [String] = []) throws(MappingError)
        -> StringValuePattern
    {
        guard case .object = cursor.value else {
            throw cursor.fail("must be a matcher object such as {\"equalTo\": \"...\"}, not \(JSONCursor.kind(cursor.value))")
        }
        let members = try cursor.members()
        let expected = "expected one of \((supportedOperators + extraOperators).joined(separator: ", "))"
        let allOptions = Set(options.values.joined())
        let operators = members.filter { supportedOperators.contains($0.name) || refusedOperators.contains($0.name) }
        guard let (name, operand) = operators.first else {
            if let unknown = members.first(where: { !allOptions.contains($0.name) }) {
                throw cursor.fail("unknown matcher '\(unknown.name)' (\(expected))")
            }
            throw cursor.fail("no matcher (\(expected))")
        }
        guard operators.count == 1 else {
            throw cursor.fail("only one matcher per object (found \(operators.map(\.name).joined(separator: " and ")))")
        }
        if refusedOperators.contains(name) { throw operand.fail(MappingError.notSupported) }
        let allowed = options[name] ?? []
        for member in members where member.name != name && !allowed.contains(member.name) {
            if let owner = options.first(where: { $0.value.contains(member.name) })?.key {
                throw member.cursor.fail("only applies to \(owner)")
            }
            let takes = allowed.isEmpty ? "it takes no options" : "expected \(allowed.joined(separator: ", "))"
            throw member.cursor.fail("unknown field beside \(name) (\(takes))")
        }
        let fields = Dictionary(members.map { ($0.name, $0.cursor) }, uniquingKeysWith: { first, _ in first })
        return try parseOperator(name, operand, fields: fields, limits: limits)
    }

    private static func parseOperator(_ name: String, _ operand: JSONCursor, fields: [String: JSONCursor], limits: MappingLimits)
        throws(MappingError) -> StringValuePattern
    {
        switch name {
        case "equalTo": return .equalTo(try operand.string(), caseInsensitive: try fields["caseInsensitive"]?.bool() ?? false)
        case "contains": return .contains(try operand.string())
        case "doesNotContain": return .doesNotContain(try operand.string())
        case "matches": return .matches(try JavaRegex.compile(try operand.string(), limits: limits.regex, path: operand.path))
        case "doesNotMatch": return .doesNotMatch(try JavaRegex.compile(try operand.string(), limits: limits.regex, path: operand.path))
        case "absent":
            // WireMock reads any value as absent; `false` reads as its opposite, so it is refused.
            guard case .bool(true) = operand.value else { throw operand.fail("must be true (absent takes no other value)") }
            return .absent
        case "anything": return .anything
        case "and", "or":
            let operands = try operand.array()
            guard operands.count >= 2 else { throw operand.fail("needs at least two matchers, found \(operands.count)") }
            var patterns: [StringValuePattern] = []
            for element in operands { patterns.append(try parse(element, limits: limits)) }
            return name == "and" ? .and(patterns) : .or(patterns)
        case "not": return .not(try parse(operand, limits: limits))
        case "equalToJson": return .equalToJson(try parseEqualToJSON(operand, fields: fields, limits: limits))
        default: return .matchesJsonPath(try parseJSONPath(operand, limits: limits))
        }
    }

    private static func parseEqualToJSON(_ operand: JSONCursor, fields: [String: JSONCursor], limits: MappingLimits)
        throws(MappingError) -> EqualToJSONPattern
    {
        var expected = operand.value
        // WireMock takes the document either as JSON or as a string holding JSON.
        if case .string(let text) = operand.value {
            do {
                expected = try JSONParser.parse(Array(text.utf8), maxDepth: limits.maxJSONDepth)
            } catch {
                throw operand.fail("the string is not JSON (\(error.reason) at byte \(error.offset))")
            }
        }
        let ignoreArrayOrder = try fields["ignoreArrayOrder"]?.bool() ?? false
        let ignoreExtraElements = try fields["ignoreExtraElements"]?.bool() ?? false
        let equality = JSONEquality(
            expected: expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, placeholders: true,
            regex: wholeMatchRegex)
        return EqualToJSONPattern(
            expected: expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, equality: equality)
    }

    /// The regex the JSON engines borrow: json-unit's `${json-unit.regex}` placeholder and JSONPath's `=~ /re/`
    /// filters: (pattern, value) → whether the whole value matches, or nil when the pattern is not a regex we run
    /// (or gave up).
    package static let wholeMatchRegex: JSONRegexMatcher = { pattern, value in
        do {
            return try SafeRegex(pattern).wholeMatch(value)
        } catch {
            return nil
        }
    }

    private static func parseJSONPath(_ operand: JSONCursor, limits: MappingLimits) throws(MappingError) -> JSONPathPattern {
        if case .string(let expression) = operand.value {
            return JSONPathPattern(path: try compileJSONPath(expression, limits: limits, path: operand.path), subPattern: nil)
        }
        guard case .object = operand.value else {
            throw operand.fail("must be a JSONPath string or {\"expression\": ..., <matcher>}, not \(JSONCursor.kind(operand.value))")
        }
        let members = try operand.members()
        guard let expressionCursor = members.first(where: { $0.name == "expression" })?.cursor else {
            throw MappingError(path: operand.childPath("expression"), reason: "required in the advanced matchesJsonPath form")
        }
        let path = try compileJSONPath(try expressionCursor.string(), limits: limits, path: expressionCursor.path)
        let others = members.filter { $0.name != "expression" }.map { ($0.name, $0.cursor.value) }
        let rest = JSONCursor(.object(others), path: operand.path)
        return JSONPathPattern(path: path, subPattern: try parse(rest, limits: limits))
    }

    private static func compileJSONPath(_ expression: String, limits: MappingLimits, path: String) throws(MappingError) -> JSONPath {
        do {
            return try JSONPath(expression, limits: limits.jsonPath, regex: wholeMatchRegex)
        } catch {
            throw MappingError(path: path, reason: error.description)
        }
    }
}
