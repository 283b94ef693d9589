import ShortcutPlatform

/// A URL taken apart as the matcher needs it: the path, query and fragment, still percent-encoded.
package struct LinkURL: Sendable, Equatable {
    /// Why the text is not a URL the matcher can take.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The most bytes of a URL to match (a longer one is refused with a reason, not matched).
    package static let maxBytes = 8192

    /// Lower-cased: `https`.
    package let scheme: String
    /// The host, lower-cased, without port or user information.
    package let host: String
    /// Percent-encoded; `/` when the URL has no path (RFC 3986 §6.2.3: for http(s) an empty path is `/`).
    package let path: String
    /// Without its `?`; nil when the URL has none.
    package let query: String?
    /// Without its `#`; nil when the URL has none.
    package let fragment: String?

    /// Parses an absolute URL. Non-ASCII characters and spaces are percent-encoded as UTF-8 first, as
    /// Safari does before it follows a link typed or written that way.
    package init(parsing text: String) throws(Failure) {
        guard text.utf8.count <= LinkURL.maxBytes else {
            throw Failure(description: "the URL is \(text.utf8.count) bytes; the limit is \(LinkURL.maxBytes)")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw Failure(
                description: "the URL holds the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(4))")
        }
        let encoded = LinkURL.encodeNonASCII(text)
        guard let colon = encoded.firstIndex(of: ":"), encoded[colon...].hasPrefix("://") else {
            throw Failure(description: "'\(text.prefix(100))' is not an absolute URL: it has no scheme:// (e.g. https://example.com/path)")
        }
        scheme = String(encoded[..<colon]).lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            throw Failure(description: "'\(text.prefix(100))' does not start with a scheme such as https://")
        }
        var rest = encoded[colon...].dropFirst(3)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.first != "[", let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
        guard !authority.isEmpty else { throw Failure(description: "'\(text.prefix(100))' has no host") }
        host = authority.lowercased()
        path = slash == rest.endIndex ? "/" : String(rest[slash...])
        self.query = query
        self.fragment = fragment
    }

    /// The query's items, `name=value` split at the first `=` (a bare `name` has the value ""), as written.
    package var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }

    /// `text` with every `%XX` decoded, or `text` itself when the decoded bytes are not UTF-8 (so
    /// `%FF` stays `%FF` rather than turning into a character it never was).
    package static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String.validatedUTF8(bytes) ?? text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Non-ASCII characters and spaces as `%XX` of their UTF-8 bytes (upper-case hex, as WebKit writes).
    static func encodeNonASCII(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && scalar != " " {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2) }
            }
        }
        return out
    }
}

extension String {
    /// Zeros in front up to `width` characters.
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
