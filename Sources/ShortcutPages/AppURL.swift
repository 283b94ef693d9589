/// Checks the URL a shortcut opens: the app's own scheme (`myapp://page/view2`) or any other
/// absolute URL, never one that runs code or reads local files.
package enum AppURL {
    /// Schemes that run script or read local data when opened, refused whatever their case and
    /// whatever whitespace or control characters are hidden in them (browsers strip those).
    package static let refusedSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]

    /// Returns `url` without leading and trailing spaces if it is an absolute URL whose scheme is
    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1) followed by `:`, at most
    /// ``ShortcutPage/maxURLBytes`` bytes of UTF-8, with no control character (C0, DEL, C1), no
    /// whitespace or invisible formatting character anywhere, and not a ``refusedSchemes`` scheme.
    /// - Parameter field: the input's name in errors (`url` for a shortcut; a landing link checks its
    ///   `app_url`, `fallback_url`, … with the same rule).
    /// - Throws: `error.required` (empty), `error.maxLength`, `error.scheme` (refused, missing or
    ///   malformed scheme), `error.character` (control character or whitespace).
    package static func validate(_ url: String, field: String = "url") throws(ShortcutPageError) -> String {
        func error(_ code: String, _ reason: String) -> ShortcutPageError {
            ShortcutPageError(field: field, code: code, reason: reason)
        }
        let trimmed = trimSpaces(url)
        if trimmed.isEmpty {
            throw error(ShortcutPageError.required, "\(field) is empty; give an absolute URL such as myapp://page/view2")
        }
        let size = trimmed.utf8.count
        if size > ShortcutPage.maxURLBytes {
            throw error(ShortcutPageError.maxLength, "\(field) is \(size) bytes; the limit is \(ShortcutPage.maxURLBytes)")
        }
        // What a browser would see once it drops tabs, newlines and controls: check that first so
        // that "java\tscript:" is reported as the javascript: URL it really is.
        let visible = String(String.UnicodeScalarView(trimmed.unicodeScalars.filter { !isForbidden($0) }))
        if let scheme = scheme(of: visible), refusedSchemes.contains(scheme.lowercased()) {
            throw error(ShortcutPageError.scheme, "\(field) scheme '\(scheme.lowercased())' is not allowed")
        }
        for (offset, scalar) in trimmed.unicodeScalars.enumerated() where isForbidden(scalar) {
            throw error(
                ShortcutPageError.character,
                "\(field) contains \(describe(scalar)) at offset \(offset); control characters and whitespace are not allowed"
            )
        }
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw error(
                ShortcutPageError.scheme,
                "\(field) '\(excerpt(trimmed))' has no scheme; give an absolute URL such as myapp://page/view2")
        }
        let scheme = trimmed[..<colon]
        if scheme.isEmpty {
            throw error(ShortcutPageError.scheme, "\(field) '\(excerpt(trimmed))' has an empty scheme before ':'")
        }
        guard isScheme(scheme) else {
            throw error(
                ShortcutPageError.scheme,
                "\(field) scheme '\(excerpt(scheme))' is malformed; it must be a letter then letters, digits, '+', '-' or '.'"
            )
        }
        // A scheme alone opens nothing: `myapp:` launches the app at no page, and `http://` names no server.
        let rest = trimmed[trimmed.index(after: colon)...]
        if rest.isEmpty || rest == "//" {
            throw error(
                ShortcutPageError.format,
                "\(field) '\(excerpt(trimmed))' has nothing after the scheme; give a path, such as \(scheme)://page")
        }
        let lowered = scheme.lowercased()
        if lowered == "http" || lowered == "https" {
            let authority = rest.hasPrefix("//") ? rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" } : ""
            if authority.isEmpty || authority.hasPrefix(":") || authority.hasPrefix("@") {
                throw error(
                    ShortcutPageError.format,
                    "\(field) '\(excerpt(trimmed))' names no server; give one, such as \(lowered)://example.com/page")
            }
        }
        return trimmed
    }

    /// The scheme of `text` if it starts with a well-formed one followed by `:`.
    package static func scheme<S: StringProtocol>(of text: S) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        return isScheme(candidate) ? String(candidate) : nil
    }

    /// RFC 3986 §3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme<S: StringProtocol>(_ text: S) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isAlpha(first) else { return false }
        while let byte = bytes.next() {
            guard isAlpha(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return false
            }
        }
        return true
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Control characters, whitespace of any kind, and invisible formatting characters (zero-width
    /// spaces, bidirectional overrides) that would let a URL look other than it is.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        // Noncharacters (U+FFFE, U+FFFF, …) have no place in a URL, nor in the XML of a web clip profile.
        default: scalar.properties.isWhitespace || scalar.properties.isNoncharacterCodePoint
        }
    }

    /// The text without leading and trailing U+0020 spaces; other whitespace is refused, not trimmed.
    private static func trimSpaces(_ text: String) -> String {
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// The name of a forbidden character, e.g. `a line feed (U+000A)`.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "a NUL", 0x09: "a tab", 0x0A: "a line feed", 0x0D: "a carriage return",
            0x20: "a space", 0x7F: "a DEL",
        ]
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        return "\(names[scalar.value] ?? "the character") (\(code))"
    }

    /// At most 60 characters of `text`, for an error message.
    private static func excerpt<S: StringProtocol>(_ text: S) -> String {
        text.count <= 60 ? String(text) : text.prefix(60) + "…"
    }
}
