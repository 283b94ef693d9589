/// Text in double quotes for a sentence or a diff line: `"json"`, with `"`, `\` and control characters
/// escaped so one value reads as one line.
enum Quoted {
    static func text(_ value: String) -> String {
        var out = ""
        JSONMatchText.writeString(value, to: &out)  // the JSON string literal: the same escapes, one writer
        return out
    }

    /// `text` cut to `limit` characters, saying how much was left out.
    static func shortened(_ text: String, limit: Int) -> String {
        // UTF-8 length is O(1) for native strings; counting Characters walks the whole text.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count - limit) more characters)"
    }
}
