import ShortcutJSON

extension StringValuePattern {
    /// Whether `value` (nil when absent) satisfies this matcher.
    package func matches(_ value: String?) -> Bool { evaluate(value, in: nil).matched }

    /// This matcher on `value`, with WireMock's distance and notes. `context` shares the body's JSON parse.
    func evaluate(_ value: String?, in context: MatchContext?) -> ValueMatch {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            guard let value else { return .none }
            // Bytes, not Characters: Java's equals compares code units; Swift's `==` equates canonical forms.
            let equal = caseInsensitive ? value.lowercased() == expected.lowercased() : value.utf8.elementsEqual(expected.utf8)
            return equal ? .exact : ValueMatch(matched: false, distance: Levenshtein.normalisedDistance(expected, value))
        case .contains(let text): return .of(value.map { ByteSearch.contains($0, text) } ?? false)
        case .doesNotContain(let text): return .of(value.map { !ByteSearch.contains($0, text) } ?? true)
        case .matches(let regex):
            guard let value else { return .none }
            do {
                return .of(try regex.regex.wholeMatch(value))
            } catch {
                return .regexGaveUp(error.description)
            }
        case .doesNotMatch(let regex):
            guard let value else { return .exact }
            do {
                return .of(!(try regex.regex.wholeMatch(value)))
            } catch {
                return .regexGaveUp(error.description)
            }
        case .absent: return .of(value == nil)
        case .anything: return .exact
        case .and(let patterns): return .all(patterns.map { $0.evaluate(value, in: context) })
        case .or(let patterns):
            let results = patterns.map { $0.evaluate(value, in: context) }
            if let match = results.first(where: \.matched) { return match }
            return ValueMatch(matched: false, distance: results.map(\.distance).min() ?? 1, notes: results.flatMap(\.notes))
        case .not(let pattern): return .of(!pattern.evaluate(value, in: context).matched)
        case .equalToJson(let json): return json.evaluate(value, in: context)
        case .matchesJsonPath(let json): return json.evaluate(value, in: context)
        }
    }

    /// `text` as JSON, or the note saying why it is not.
    static func parseJSON(_ text: String, in context: MatchContext?) -> ParsedJSON {
        let parsed: Result<JSONValue, JSONParser.Failure>
        if let context {
            parsed = context.json(of: text)
        } else {
            do {
                parsed = .success(try JSONParser.parse(Array(text.utf8), maxDepth: 64))
            } catch {
                parsed = .failure(error)
            }
        }
        switch parsed {
        case .success(let json): return .json(json)
        case .failure(let failure):
            return .notJSON(ValueMatch(matched: false, distance: 1, notes: ["not JSON: \(failure.reason) at byte \(failure.offset)"]))
        }
    }
}

/// A value read as JSON, or the no-match saying why it is not JSON.
enum ParsedJSON {
    case json(JSONValue)
    case notJSON(ValueMatch)
}

extension EqualToJSONPattern {
    /// How many of the comparison's differences a near miss shows.
    static let shownDifferences = 5

    func evaluate(_ value: String?, in context: MatchContext?) -> ValueMatch {
        guard let value else { return .none }
        switch StringValuePattern.parseJSON(value, in: context) {
        case .notJSON(let refusal): return refusal
        case .json(let actual):
            let comparison = equality.compare(actual)
            if comparison.matches { return .exact }
            return ValueMatch(
                matched: false, distance: min(max(comparison.distance, 0), 1),
                notes: Array(comparison.differences.prefix(EqualToJSONPattern.shownDifferences)))
        }
    }
}

extension JSONPathPattern {
    func evaluate(_ value: String?, in context: MatchContext?) -> ValueMatch {
        guard let value else { return .none }
        let document: JSONValue
        switch StringValuePattern.parseJSON(value, in: context) {
        case .notJSON(let refusal): return refusal
        case .json(let json): document = json
        }
        do {
            guard let subPattern else { return .of(try JSONPathMatch.matches(path, in: document)) }
            let isEqualToJson: Bool
            if case .equalToJson = subPattern { isEqualToJson = true } else { isEqualToJson = false }
            var texts: [String?] = try JSONPathMatch.texts(for: path, in: document, subMatcherIsEqualToJson: isEqualToJson)
            // WireMock: nothing selected is a missing value for `absent`.
            if texts.isEmpty && subPattern.isAbsent { texts = [nil] }
            guard !texts.isEmpty else {
                return ValueMatch(matched: false, distance: 1, notes: ["\(path.expression) selected nothing"])
            }
            return .best(texts.map { subPattern.evaluate($0, in: nil) })
        } catch {
            return ValueMatch(matched: false, distance: 1, notes: [error.description])
        }
    }
}
