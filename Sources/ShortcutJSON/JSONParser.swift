import ShortcutPlatform

/// A strict RFC 8259 JSON parser over UTF-8 bytes, with a depth limit and errors that say where.
package struct JSONParser {
    /// Why the text is not JSON, with the byte offset.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let offset: Int
        package let reason: String
        package var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int

    /// Parses a whole document; anything but whitespace after the value is an error.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < maxDepth else { throw fail("nested deeper than \(maxDepth)") }
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        guard index < bytes.count else { throw fail("incomplete number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { throw fail("incomplete number") }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw Failure(offset: start, reason: "number out of range")
        }
        return value
    }

    /// A string: its runs of plain bytes are validated as UTF-8 and appended whole, escapes decoded between
    /// them. (Appended scalar by scalar through a `String.UnicodeScalarView`, a 3 KB mock body's one run took
    /// a tenth of a `POST /api/mock`'s CPU: `perf`, issue 25.)
    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var text = ""
        var runStart = index
        func flushRun(_ end: Int) throws(Failure) {
            guard runStart < end else { return }
            let run = bytes.withUnsafeBufferPointer { String.validatedUTF8(UnsafeBufferPointer(rebasing: $0[runStart..<end])) }
            guard let run else { throw Failure(offset: runStart, reason: "invalid UTF-8 in a string") }
            text += run
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(index)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                try flushRun(index)
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                case UInt8(ascii: "b"): text.unicodeScalars.append("\u{8}")
                case UInt8(ascii: "f"): text.unicodeScalars.append("\u{C}")
                case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                case UInt8(ascii: "u"): text.unicodeScalars.append(try parseUnicodeEscape())
                default: throw fail("invalid escape '\\\(Unicode.Scalar(escape))'")
                }
                runStart = index
            case 0..<0x20:
                throw fail("control character in a string")
            default:
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("unpaired surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) else {
                throw fail("invalid surrogate pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate") }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[index]) else { throw fail("invalid \\u escape") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
