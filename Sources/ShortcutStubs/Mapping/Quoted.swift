/// Text in double quotes for a sentence or a diff line: `"json"`, with `"`, `\` and control characters
/// escaped so one value reads as one line.
enum Quoted {
    static func text(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` cut to `limit` characters, saying how much was left out.
    static func shortened(_ text: String, limit: Int) -> String {
        // UTF-8 length is O(1) for native strings; counting Characters walks the whole text.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count - limit) more characters)"
    }
}
