import HTTPVocabulary

/// A JSON value that keeps the order of object members (mocky's `headers` object is an ordered list of
/// fields for us). Parsed by `JSONParser`, written by `description`.
package enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.elementsEqual(y) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object (the first, if repeated).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The JSON type in words, for a reason a person reads (`a number`, `an object` …); the error codes keep
    /// Play's names (`error.expected.jsstring`), which are for programs.
    package var typeInWords: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text. Strings are escaped so the text is safe inside HTML too (`<`, `>`, `&`, `'` as \u00XX).
    package var description: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value && abs(value) < 1e15 { out += String(Int64(value)) } else { out += "\(value)" }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ value: String, to out: inout String) {
        // The same literal the pages put in <script>: valid JSON, and safe inside HTML.
        out += Escape.jsonString(value)
    }
}
