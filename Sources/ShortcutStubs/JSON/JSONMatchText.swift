import ShortcutJSON

/// Text forms of JSON values for the JSON matchers: the compact JSON WireMock hands a sub-matcher, short
/// previews and locations for difference lines, and WireMock's node count for distances.
enum JSONMatchText {
    /// One step of a location inside a document.
    enum Step {
        case member(String)
        case index(Int)
    }

    /// An array or an object.
    static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }

    /// A number as `JSONValue` writes it: integral values below 1e15 without a fraction (`1`, not `1.0`).
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Compact JSON as Jackson writes it (WireMock's `Json.write`): only `"`, `\` and control characters are
    /// escaped. (`JSONValue.description` also escapes `<`, `>`, `&` and `'` for HTML, which a `contains`
    /// sub-matcher would trip over.)
    static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out, limit: Int.max)
        return out
    }

    /// Compact JSON cut to about `limit` characters with "…", for one-line messages.
    static func preview(_ value: JSONValue, limit: Int = 60) -> String {
        var out = ""
        write(value, to: &out, limit: limit)
        guard out.count > limit else { return out }
        return String(out.prefix(limit)) + "…"
    }

    /// `$.user.name`, `$.items[2]`, `$['odd key']`.
    static func location(_ steps: [Step]) -> String {
        var out = "$"
        for step in steps {
            switch step {
            case .index(let index):
                out += "[\(index)]"
            case .member(let name):
                if isPlainName(name) {
                    out += "." + name
                } else {
                    out += "['"
                    for scalar in name.unicodeScalars {
                        if scalar == "'" || scalar == "\\" { out += "\\" }
                        out.unicodeScalars.append(scalar)
                    }
                    out += "']"
                }
            }
        }
        return out
    }

    /// WireMock's `Json.deepSize`: 1 for the value, and for every value inside it 1, plus 1 more for each
    /// array or object among them. The denominator (and each difference's weight) of the match distance.
    /// Iterative, so depth cannot exhaust the stack.
    static func deepSize(_ value: JSONValue) -> Int {
        var total = 1
        var stack = [value]
        while let node = stack.popLast() {
            switch node {
            case .array(let elements):
                for element in elements { count(element) }
            case .object(let members):
                for (_, member) in members { count(member) }
            default:
                break
            }
        }
        func count(_ child: JSONValue) {
            total += 1
            if isContainer(child) {
                total += 1
                stack.append(child)
            }
        }
        return total
    }

    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// Writes until `out` is longer than `limit`. Recursion follows the value's nesting, which `JSONParser`
    /// bounds (`maxDepth`) for anything from a request; a preview also stops after `limit` characters.
    private static func write(_ value: JSONValue, to out: inout String, limit: Int) {
        guard out.utf8.count <= limit else { return }
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += self.number(number)
        case .string(let string): writeString(string, to: &out)
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                guard out.utf8.count <= limit else { return }
                if position > 0 { out += "," }
                write(element, to: &out, limit: limit)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (position, (name, member)) in members.enumerated() {
                guard out.utf8.count <= limit else { return }
                if position > 0 { out += "," }
                writeString(name, to: &out)
                out += ":"
                write(member, to: &out, limit: limit)
            }
            out += "}"
        }
    }

    /// `string` as a JSON string literal (quotes, backslashes and control characters escaped): one line.
    static func writeString(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
