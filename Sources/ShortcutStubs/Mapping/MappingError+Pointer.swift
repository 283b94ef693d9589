import ShortcutJSON

extension MappingError {
    /// The JSON pointer (RFC 6901) of the field at fault, from `path`: `mappings[2].request.headers["X/Y"]` →
    /// `/mappings/2/request/headers/X~1Y`; empty for the whole document.
    package var pointer: String {
        var out = ""
        for token in Self.tokens(of: path) {
            out += "/"
            for character in token {
                // RFC 6901 §3: `~` is written `~0` and `/` `~1`.
                switch character {
                case "~": out += "~0"
                case "/": out += "~1"
                default: out.append(character)
                }
            }
        }
        return out
    }

    /// The member names and indexes of a path as `JSONCursor` writes it: `name`, `.name`, `[3]`, and a name
    /// that would read as path syntax as a JSON string in brackets (`["X.Y"]`, `[""]`).
    static func tokens(of path: String) -> [String] {
        let bytes = Array(path.utf8)
        var tokens: [String] = []
        var start = 0  // of the name being read
        var index = 0
        func endName() {
            if index > start { tokens.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."):
                endName()
                index += 1
                start = index
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
                endName()
                var end = index + 2  // past the closing quote
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                end = min(end + 1, bytes.count)
                tokens.append(Self.unquoted(Array(bytes[(index + 1)..<end])))
                index = end < bytes.count && bytes[end] == UInt8(ascii: "]") ? end + 1 : end
                start = index
            case UInt8(ascii: "["):
                endName()
                var end = index + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "]") { end += 1 }
                tokens.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                index = min(end + 1, bytes.count)
                start = index
            default:
                index += 1
            }
        }
        endName()
        return tokens
    }

    /// The text of a JSON string literal (`"X.Y"` → `X.Y`); the literal itself if it is not one.
    private static func unquoted(_ literal: [UInt8]) -> String {
        do {
            if case .string(let text) = try JSONParser.parse(literal) { return text }
        } catch {
            // Not a literal JSONCursor wrote: the text as it is names the field well enough.
        }
        return String(decoding: literal, as: UTF8.self)
    }
}
