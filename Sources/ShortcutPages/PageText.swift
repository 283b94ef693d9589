/// Checks the short texts of a page (title, app name): trimmed, counted in characters as a reader
/// sees them (grapheme clusters), no control characters, and bounded in bytes.
package enum PageText {
    /// Returns `text` trimmed of leading and trailing whitespace and newlines if it has at most
    /// `maxBytes` bytes of UTF-8, between `minimum` and `maximum` characters and no control character
    /// (C0, DEL, C1).
    /// - Throws: `error.required` when empty but `minimum` > 0, `error.maxLength` when too long,
    ///   `error.character` for a control character.
    package static func validate(
        _ text: String, field: String, minimum: Int, maximum: Int, maxBytes: Int
    ) throws(ShortcutPageError) -> String {
        // Bytes first, before any work per character: one character (a grapheme cluster) can be a
        // megabyte of combining marks, so a limit in characters alone bounds nothing in memory.
        let size = text.utf8.count
        if size > maxBytes {
            throw ShortcutPageError(
                field: field, code: ShortcutPageError.maxLength,
                reason: "\(field) is \(size) bytes; the limit is \(maxBytes)")
        }
        let trimmed = trimWhitespace(text)
        let count = trimmed.count
        if count == 0 && minimum > 0 {
            throw ShortcutPageError(
                field: field, code: ShortcutPageError.required,
                reason: "\(field) is empty; give \(minimum) to \(maximum) characters")
        }
        if count > maximum {
            throw ShortcutPageError(
                field: field, code: ShortcutPageError.maxLength,
                reason: "\(field) is \(count) characters; the limit is \(maximum)")
        }
        // Noncharacters (U+FFFE, U+FFFF, U+FDD0…) are refused too: XML, and so a web clip profile, cannot hold them.
        for (offset, scalar) in trimmed.unicodeScalars.enumerated()
        where scalar.properties.generalCategory == .control || scalar.properties.isNoncharacterCodePoint {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            let kind = scalar.properties.isNoncharacterCodePoint ? "noncharacter" : "control character"
            throw ShortcutPageError(
                field: field, code: ShortcutPageError.character,
                reason: "\(field) contains the \(kind) \(code) at offset \(offset)")
        }
        return trimmed
    }

    /// The text without leading and trailing Unicode whitespace (which includes newlines).
    private static func trimWhitespace(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}
