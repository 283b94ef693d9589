import ShortcutJSON

/// A JSON value and the path it was found at, so every refusal while reading a mapping names its field.
struct JSONCursor {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func fail(_ reason: String) -> MappingError { MappingError(path: path, reason: reason) }

    /// The path of member `key` below this one.
    func childPath(_ key: String) -> String {
        // A key that would read as path syntax is bracketed: `headers["X.Y"]`, `queryParameters[""]`.
        if key.isEmpty || key.contains(where: { ".[] \"".contains($0) }) { return path + "[" + Quoted.text(key) + "]" }
        return path.isEmpty ? key : path + "." + key
    }

    func string() throws(MappingError) -> String {
        guard case .string(let text) = value else { throw fail("must be a string, not \(JSONCursor.kind(value))") }
        return text
    }

    func bool() throws(MappingError) -> Bool {
        guard case .bool(let flag) = value else { throw fail("must be true or false, not \(JSONCursor.kind(value))") }
        return flag
    }

    /// A whole number in `range` (JSON has only doubles; 5.0 is 5, 5.5 is refused).
    func integer(in range: ClosedRange<Int>) throws(MappingError) -> Int {
        guard case .number(let number) = value, number.rounded() == number, number.magnitude < 1e15 else {
            throw fail("must be a whole number, not \(JSONCursor.kind(value))")
        }
        let whole = Int(number)
        guard range.contains(whole) else { throw fail("\(whole) is out of range (\(range.lowerBound)...\(range.upperBound))") }
        return whole
    }

    /// A number in `range` (a fraction allowed).
    func number(in range: ClosedRange<Double>) throws(MappingError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw fail("must be a number, not \(JSONCursor.kind(value))") }
        guard range.contains(number) else { throw fail("\(number) is out of range (\(range.lowerBound)...\(range.upperBound))") }
        return number
    }

    func array() throws(MappingError) -> [JSONCursor] {
        guard case .array(let values) = value else { throw fail("must be an array, not \(JSONCursor.kind(value))") }
        return values.enumerated().map { JSONCursor($1, path: "\(path)[\($0)]") }
    }

    /// An object's members in order, refusing a name given twice (`caseInsensitive` for header names).
    func members(caseInsensitive: Bool = false) throws(MappingError) -> [(name: String, cursor: JSONCursor)] {
        guard case .object(let members) = value else { throw fail("must be an object, not \(JSONCursor.kind(value))") }
        var seen = Set<String>()
        var result: [(name: String, cursor: JSONCursor)] = []
        for (name, member) in members {
            let key = caseInsensitive ? ASCIILowercase.of(name) : name
            guard seen.insert(key).inserted else {
                let why = caseInsensitive ? " (names are case-insensitive)" : ""
                throw MappingError(path: childPath(name), reason: "given twice\(why)")
            }
            result.append((name, JSONCursor(member, path: childPath(name))))
        }
        return result
    }

    /// An object's members keyed by name, refusing unknown names and the WireMock features we do not implement.
    func object(known: [String], refused: Set<String> = []) throws(MappingError) -> JSONObjectFields {
        var fields: [String: JSONCursor] = [:]
        for (name, cursor) in try members() {
            if refused.contains(name) { throw cursor.fail(MappingError.notSupported) }
            guard known.contains(name) else {
                throw cursor.fail("unknown field (expected one of \(known.joined(separator: ", ")))")
            }
            fields[name] = cursor
        }
        return JSONObjectFields(cursor: self, fields: fields)
    }

    /// `jsstring`-style names read badly in a sentence: "a number", "an object".
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The known members of one JSON object, read by name.
struct JSONObjectFields {
    let cursor: JSONCursor
    let fields: [String: JSONCursor]

    subscript(name: String) -> JSONCursor? { fields[name] }

    func string(_ name: String) throws(MappingError) -> String? { try fields[name]?.string() }

    func bool(_ name: String) throws(MappingError) -> Bool? { try fields[name]?.bool() }

    /// The names present among `names`, in the order given.
    func present(_ names: [String]) -> [String] { names.filter { fields[$0] != nil } }
}

/// ASCII-only lowercasing, for header names (tokens) and hex digits.
enum ASCIILowercase {
    static func of(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
