import ShortcutJSON

/// Reads a JSON document for a checker, collecting problems with their JSON paths instead of stopping at
/// the first: type checks, known keys (others warned), repeated keys.
struct JSONReader {
    let file: String
    private(set) var problems: [LinkProblem] = []

    init(file: String) { self.file = file }

    mutating func error(_ path: String, _ message: String) { problems.append(LinkProblem(.error, file: file, path: path, message)) }
    mutating func warning(_ path: String, _ message: String) { problems.append(LinkProblem(.warning, file: file, path: path, message)) }

    var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// The members of an object, warning about keys outside `known` and keys given twice; nil (and an
    /// error) when `value` is not an object.
    mutating func object(_ value: JSONValue, at path: String, known: [String]) -> [(String, JSONValue)]? {
        guard case .object(let members) = value else {
            error(path, "is \(Self.kind(value)); it must be an object with \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
            return nil
        }
        var seen: [String] = []
        for (key, _) in members {
            if seen.contains(key) {
                warning(JSONPath.member(path, key), "is given twice; readers differ on which one counts (the first is used here)")
                continue
            }
            seen.append(key)
            if !known.contains(key) {
                warning(
                    JSONPath.member(path, key),
                    "is not a known key (ignored); known here: \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }
        var first: [(String, JSONValue)] = []
        for member in members where !first.contains(where: { $0.0 == member.0 }) { first.append(member) }
        return first
    }

    /// A string, or nil and an error.
    mutating func string(_ value: JSONValue, at path: String, what: String = "a string") -> String? {
        guard case .string(let text) = value else {
            error(path, "is \(Self.kind(value)); it must be \(what)")
            return nil
        }
        return text
    }

    /// A Boolean, or nil and an error.
    mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
        guard case .bool(let flag) = value else {
            error(path, "is \(Self.kind(value)); it must be true or false")
            return nil
        }
        return flag
    }

    /// An array's elements, or nil and an error.
    mutating func array(_ value: JSONValue, at path: String, of what: String) -> [JSONValue]? {
        guard case .array(let values) = value else {
            error(path, "is \(Self.kind(value)); it must be an array of \(what)")
            return nil
        }
        return values
    }

    /// An array of strings (each checked by `rule`, which returns why one is wrong), or nil and errors.
    mutating func strings(
        _ value: JSONValue, at path: String, of what: String, nonEmpty: Bool = true,
        rule: (String) -> String? = { _ in nil }
    ) -> [String]? {
        guard let values = array(value, at: path, of: what) else { return nil }
        if nonEmpty && values.isEmpty { error(path, "is empty; it must list at least one of \(what)") }
        var result: [String] = []
        for (index, element) in values.enumerated() {
            guard let text = string(element, at: JSONPath.element(path, index), what: what) else { continue }
            if let problem = rule(text) { error(JSONPath.element(path, index), problem) } else { result.append(text) }
        }
        return result
    }

    /// `a string "abc"`, `a number 3`, `an object` …: what a value is, for messages.
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number: "a number \(value.description)"
        case .string(let text): "a string \"\(text.prefix(60))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
