/// A matcher for a name that may carry several values (query parameters, headers, form fields): one
/// `StringValuePattern` that some value must satisfy, or WireMock's `hasExactly` / `includes` lists.
package enum MultiValuePattern: Sendable {
    /// Some value matches (an absent name is matched as a missing value, so `absent` works).
    case single(StringValuePattern)
    /// Present, with as many values as patterns, and each pattern matching some value.
    case hasExactly([StringValuePattern])
    /// Present, and each pattern matching some value.
    case includes([StringValuePattern])

    /// The matcher in words: `contains "json"`, `hasExactly [equalTo "1", equalTo "2"]`.
    package var summary: String {
        switch self {
        case .single(let pattern): pattern.summary
        case .hasExactly(let patterns): "hasExactly [\(patterns.map(\.summary).joined(separator: ", "))]"
        case .includes(let patterns): "includes [\(patterns.map(\.summary).joined(separator: ", "))]"
        }
    }

    /// Reads `{"hasExactly": [...]}`, `{"includes": [...]}` or a single matcher object.
    static func parse(_ cursor: JSONCursor, limits: MappingLimits) throws(MappingError) -> MultiValuePattern {
        guard case .object(let members) = cursor.value,
            let list = members.first(where: { $0.0 == "hasExactly" || $0.0 == "includes" })
        else {
            return .single(try StringValuePattern.parse(cursor, limits: limits))
        }
        let (name, _) = list
        let fields = try cursor.object(known: [name])
        guard let listCursor = fields[name] else { throw cursor.fail("\(name) is missing") }
        let elements = try listCursor.array()
        guard !elements.isEmpty else { throw listCursor.fail("needs at least one matcher") }
        var patterns: [StringValuePattern] = []
        for element in elements { patterns.append(try StringValuePattern.parse(element, limits: limits)) }
        return name == "hasExactly" ? .hasExactly(patterns) : .includes(patterns)
    }
}
