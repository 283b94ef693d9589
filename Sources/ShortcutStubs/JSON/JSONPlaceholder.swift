/// A JsonUnit placeholder in an expected string value (WireMock's `equalToJson` enables them). JsonUnit
/// accepts `#{…}` for `${…}` everywhere but in `ignore-element`.
enum JSONPlaceholder: Equatable {
    /// `${json-unit.ignore}`: any value, but the member must be present.
    case ignore
    /// `${json-unit.ignore-element}`: any value, and the member may be missing.
    case ignoreElement
    /// `${json-unit.any-number}`
    case anyNumber
    /// `${json-unit.any-boolean}`
    case anyBoolean
    /// `${json-unit.any-string}`
    case anyString
    /// `${json-unit.regex}pattern`: a string matching the whole pattern.
    case regex(String)
    /// `${json-unit.matches:name}`: a custom Hamcrest matcher, which WireMock does not register.
    case matcher(String)

    /// The placeholder `text` spells, or nil for an ordinary string.
    init?(_ text: String) {
        guard text.hasPrefix("${json-unit.") || text.hasPrefix("#{json-unit.") else { return nil }
        switch text.dropFirst(2) {
        case "json-unit.ignore}": self = .ignore
        case "json-unit.any-number}": self = .anyNumber
        case "json-unit.any-boolean}": self = .anyBoolean
        case "json-unit.any-string}": self = .anyString
        case "json-unit.ignore-element}" where text.hasPrefix("$"): self = .ignoreElement
        case let rest where rest.hasPrefix("json-unit.regex}"):
            let pattern = rest.dropFirst("json-unit.regex}".count)
            // JsonUnit matches the placeholder with `(.*)`, which stops at a line break: such text is literal.
            guard !pattern.unicodeScalars.contains(where: { "\n\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) }) else {
                return nil
            }
            self = .regex(String(pattern))
        case let rest where rest.hasPrefix("json-unit.matches:") && rest.contains("}"):
            let name = rest.dropFirst("json-unit.matches:".count).prefix { $0 != "}" }
            guard !name.isEmpty else { return nil }
            self = .matcher(String(name))
        default:
            return nil
        }
    }
}
