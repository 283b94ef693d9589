import ShortcutJSON

/// WireMock 3's `matchesJsonPath` over a parsed body, after `MatchesJsonPathPattern` (3.13):
///
/// - Without a sub-matcher (`isSimpleMatch`), Jayway's `read` result decides: a list or an array matches when
///   not empty, an object when not empty, anything else when not null. So a definite path (`$.a`) to `null`,
///   `[]` or `{}` does not match, a missing member does not match, and an indefinite path (`$[*]`, `$..a`,
///   a filter) matches when it selects anything at all, `null` included.
/// - With a sub-matcher (`getExpressionResult`), the result becomes texts and the sub-matcher must accept
///   one of them (WireMock keeps the best): see `texts(for:)`.
package enum JSONPathMatch {
    /// `matchesJsonPath` without a sub-matcher. Throws only when a `JSONPathLimits` bound is reached (the
    /// caller answers "no match" and may say why).
    package static func matches(_ path: JSONPath, in document: JSONValue) throws(JSONPathError) -> Bool {
        switch try path.read(in: document) {
        case .notFound: return false
        case .list(let values): return !values.isEmpty
        case .single(let value):
            switch value {
            case .null: return false
            case .array(let elements): return !elements.isEmpty
            case .object(let members): return !members.isEmpty
            case .bool, .number, .string: return true
            }
        }
    }

    /// The texts WireMock hands a `matchesJsonPath` sub-matcher; it matches when the sub-matcher accepts any
    /// one. Throws only on a work limit.
    package static func texts(
        for path: JSONPath, in document: JSONValue, subMatcherIsEqualToJson: Bool = false
    ) throws(JSONPathError) -> [String] {
        textForSubMatcher(try path.read(in: document), subMatcherIsEqualToJson: subMatcherIsEqualToJson)
    }

    /// WireMock's `getExpressionResult`:
    /// - an object: one text, its compact JSON;
    /// - a list (an indefinite path's, or a definite path's array): one text per element, except for an
    ///   `equalToJson` sub-matcher, which gets the whole list as one compact JSON array;
    /// - a string: itself; a number or boolean: its JSON text;
    /// - `null` or nothing: no text. WireMock's `absent` sub-matcher then matches (it is tested with one null);
    ///   any other does not. That rule belongs to the caller, who knows the sub-matcher.
    ///
    /// Elements of a list become: a string itself, `null` "null" (WireMock 3 fails on it; 4 writes "null"),
    /// numbers and booleans their JSON text, objects and arrays compact JSON. Two small differences from Java:
    /// WireMock writes an object inside a list as Java's `{a=1, b=x}` (compact JSON here), and a JSON number
    /// written `10.0` as "10.0" (a `Double` is all `JSONValue` keeps, so "10" here).
    package static func textForSubMatcher(_ reading: JSONPathReading, subMatcherIsEqualToJson: Bool = false) -> [String] {
        switch reading {
        case .notFound:
            return []
        case .list(let values):
            return subMatcherIsEqualToJson ? [JSONMatchText.compact(.array(values))] : values.map(elementText)
        case .single(let value):
            switch value {
            case .null: return []
            case .object: return [JSONMatchText.compact(value)]
            case .array(let elements):
                return subMatcherIsEqualToJson ? [JSONMatchText.compact(value)] : elements.map(elementText)
            case .string(let string): return [string]
            case .number(let number): return [JSONMatchText.number(number)]
            case .bool(let flag): return [flag ? "true" : "false"]
            }
        }
    }

    private static func elementText(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): string
        case .null: "null"
        case .number(let number): JSONMatchText.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .array, .object: JSONMatchText.compact(value)
        }
    }
}
