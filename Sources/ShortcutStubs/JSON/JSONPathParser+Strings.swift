/// Quoted strings, in brackets and in filters.
extension JSONPathParser {
    /// A single- or double-quoted string with JSON-style escapes (and `\'`).
    mutating func parseQuotedString() throws(JSONPathError) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        var text: [UInt8] = []
        while let byte = peek() {
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escape = peek() else { break }
            let escapeStart = index - 1
            index += 1
            switch escape {
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "u"): text.append(contentsOf: String(Character(try parseUnicodeEscape(escapeStart))).utf8)
            default: throw .syntax(at: escapeStart, "invalid escape '\\\(Unicode.Scalar(escape))'")
            }
        }
        throw .syntax(at: start, "the string starting here is not closed")
    }

    mutating func parseUnicodeEscape(_ escapeStart: Int) throws(JSONPathError) -> Unicode.Scalar {
        let high = try hex4(escapeStart)
        if (0xD800..<0xDC00).contains(high) {
            guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else { throw .syntax(at: escapeStart, "unpaired surrogate") }
            index += 2
            let low = try hex4(escapeStart)
            guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) else {
                throw .syntax(at: escapeStart, "invalid surrogate pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw .syntax(at: escapeStart, "unpaired surrogate") }
        return scalar
    }

    mutating func hex4(_ escapeStart: Int) throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else { throw .syntax(at: escapeStart, "invalid \\u escape") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
