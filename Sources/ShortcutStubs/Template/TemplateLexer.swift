/// Splits template source into text and mustaches, following Handlebars' lexer (escaped `\{{`, comments,
/// `{{{ }}}`, `{{& }}`, `~` whitespace control). Works on UTF-8 bytes: every delimiter is ASCII, so text
/// is only ever cut at character boundaries.
struct TemplateLexer {
    let bytes: [UInt8]
    var lines: TemplateLineTable
    var index = 0
    private var pendingText: [UInt8] = []
    private var lexemes: [TemplateLexeme] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
        lines = TemplateLineTable(bytes)
    }

    /// The lexemes, with `~` whitespace control already applied to the text around each tag.
    mutating func lexemesWithWhitespaceControl() throws(TemplateError) -> [TemplateLexeme] {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), starts("{{", at: index + 1), let end = escapedMustacheEnd(from: index + 3) {
                // `\{{name}}` writes `{{name}}` literally (Handlebars' ESC_VAR), up to the first `}}`.
                pendingText.append(contentsOf: bytes[(index + 1)..<end])
                index = end
            } else if starts("{{", at: index) {
                flushText()
                lexemes.append(.tag(try lexTag()))
            } else {
                pendingText.append(bytes[index])
                index += 1
            }
        }
        flushText()
        return Self.applyingWhitespaceControl(lexemes)
    }

    private func escapedMustacheEnd(from start: Int) -> Int? {
        var cursor = start
        while cursor + 1 < bytes.count {
            if starts("}}", at: cursor) { return cursor + 2 }
            if starts("{{", at: cursor) { return nil }
            cursor += 1
        }
        return nil
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        lexemes.append(.text(String(decoding: pendingText, as: UTF8.self)))
        pendingText.removeAll(keepingCapacity: true)
    }

    // MARK: Tags

    private mutating func lexTag() throws(TemplateError) -> TemplateTag {
        let position = lines.position(at: index)
        if starts("{{{{", at: index) {
            throw TemplateError("raw blocks ({{{{raw}}}} … {{{{/raw}}}}) are not supported", at: position)
        }
        index += 2
        let stripBefore = consume("~")
        if starts("!", at: index) {
            return try lexComment(position: position, stripBefore: stripBefore)
        }
        var kind = TemplateTag.Kind.output(escaped: true)
        var triple = false
        var hasSigil = true
        switch index < bytes.count ? bytes[index] : 0 {
        case UInt8(ascii: "{"):
            kind = .output(escaped: false)
            triple = true
        case UInt8(ascii: "&"): kind = .output(escaped: false)
        case UInt8(ascii: "#"):
            kind = .open
            if starts("#>", at: index) { throw TemplateError("partial blocks ({{#> name}}) are not supported", at: position) }
            if starts("#*", at: index) { throw TemplateError("decorators ({{#* name}}) are not supported", at: position) }
        case UInt8(ascii: "^"): kind = .openInverse
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): throw TemplateError("partials ({{> name}}) are not supported", at: position)
        case UInt8(ascii: "*"): throw TemplateError("decorators ({{* name}}) are not supported", at: position)
        case UInt8(ascii: "="): throw TemplateError("changing delimiters ({{= <% %> =}}) is not supported", at: position)
        default: hasSigil = false
        }
        if hasSigil { index += 1 }
        var tokens: [TemplateToken] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                let close = triple ? "}}}" : "}}"
                throw TemplateError("unclosed mustache: no '\(close)' before the end of the template", at: position)
            }
            if let stripAfter = try closeTag(triple: triple, opened: position) {
                return TemplateTag(kind: kind, stripBefore: stripBefore, stripAfter: stripAfter, tokens: tokens, position: position)
            }
            tokens.append(try lexToken())
        }
    }

    /// At a closing delimiter: consumes it and says whether it strips (`~}}`); nil when not at one.
    private mutating func closeTag(triple: Bool, opened: TemplatePosition) throws(TemplateError) -> Bool? {
        let plain: StaticString = triple ? "}}}" : "}}"
        let stripping: StaticString = triple ? "}~}}" : "~}}"
        if starts(plain, at: index) {
            index += plain.utf8CodeUnitCount
            return false
        }
        if starts(stripping, at: index) {
            index += stripping.utf8CodeUnitCount
            return true
        }
        if triple, starts("}}", at: index) || starts("~}}", at: index) {
            throw TemplateError("'{{{' must be closed by '}}}'", at: opened)
        }
        return nil
    }

    private mutating func lexComment(position: TemplatePosition, stripBefore: Bool) throws(TemplateError) -> TemplateTag {
        let long = starts("!--", at: index)
        index += long ? 3 : 1
        let terminator: StaticString = long ? "--}}" : "}}"
        while index < bytes.count {
            if starts(terminator, at: index) {
                index += terminator.utf8CodeUnitCount
                return TemplateTag(kind: .comment, stripBefore: stripBefore, stripAfter: false, tokens: [], position: position)
            }
            if starts(long ? "--~}}" : "~}}", at: index) {
                index += long ? 5 : 3
                return TemplateTag(kind: .comment, stripBefore: stripBefore, stripAfter: true, tokens: [], position: position)
            }
            index += 1
        }
        throw TemplateError("unclosed comment: no '\(terminator)' before the end of the template", at: position)
    }

    // MARK: Bytes

    func starts(_ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset >= 0, offset + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            for position in 0..<count where bytes[offset + position] != pattern[position] { return false }
            return true
        }
    }

    mutating func consume(_ text: StaticString) -> Bool {
        guard starts(text, at: index) else { return false }
        index += text.utf8CodeUnitCount
        return true
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// A byte of a Handlebars ID: anything but whitespace, controls and `!"#%&'()*+,./;<=>@[\]^`{|}~`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        if byte <= 0x20 || byte == 0x7F { return false }
        return !"!\"#%&'()*+,./;<=>@[\\]^`{|}~".utf8.contains(byte)
    }

    /// What may follow a number or `.`/`..` for it to be a whole token.
    static func endsToken(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || "})~|=(".utf8.contains(byte)
    }

    // MARK: Whitespace control

    /// `{{~` trims the whitespace (newlines included) at the end of the text before the tag, `~}}` the
    /// whitespace at the start of the text after it; text left empty disappears.
    static func applyingWhitespaceControl(_ lexemes: [TemplateLexeme]) -> [TemplateLexeme] {
        var result = lexemes
        for position in result.indices {
            guard case .tag(let tag) = result[position] else { continue }
            if tag.stripBefore, position > 0, case .text(let text) = result[position - 1] {
                result[position - 1] = .text(trimmedEnd(text))
            }
            if tag.stripAfter, position + 1 < result.count, case .text(let text) = result[position + 1] {
                result[position + 1] = .text(trimmedStart(text))
            }
        }
        return result.filter {
            if case .text(let text) = $0 { return !text.isEmpty }
            return true
        }
    }

    private static func trimmedEnd(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var end = bytes.count
        while end > 0, isWhitespace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func trimmedStart(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}
