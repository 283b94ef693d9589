import ShortcutJSON

/// Filters: `?(…)` with its logic, comparisons, operands and literals.
extension JSONPathParser {
    /// `?(…)`, the `[` already read.
    mutating func parseFilterSelector() throws(JSONPathError) -> JSONPathSelector {
        index += 1
        skipWhitespace()
        guard peek() == UInt8(ascii: "(") else { throw .syntax(at: index, "expected '(' after '?': filters are written [?(…)]") }
        let open = index
        index += 1
        try enterNesting(at: open)
        let filter = try parseOr()
        skipWhitespace()
        guard peek() == UInt8(ascii: ")") else {
            if peek() == nil { throw .syntax(at: open, "the filter's '(' is not closed") }
            throw .syntax(at: index, "expected ')' to end the filter")
        }
        index += 1
        nesting -= 1
        return .filter(filter)
    }

    mutating func enterNesting(at offset: Int) throws(JSONPathError) {
        nesting += 1
        guard nesting <= limits.maxNesting else {
            throw .limit("filters nested deeper than \(limits.maxNesting); the limit is \(limits.maxNesting) (maxNesting)", at: offset)
        }
    }

    mutating func parseOr() throws(JSONPathError) -> JSONPathFilter {
        var terms = [try parseAnd()]
        while skipWhitespace(), peek() == UInt8(ascii: "|") {
            guard peek(1) == UInt8(ascii: "|") else { throw .syntax(at: index, "use '||' for or") }
            index += 2
            terms.append(try parseAnd())
        }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    mutating func parseAnd() throws(JSONPathError) -> JSONPathFilter {
        var terms = [try parseUnary()]
        while skipWhitespace(), peek() == UInt8(ascii: "&") {
            guard peek(1) == UInt8(ascii: "&") else { throw .syntax(at: index, "use '&&' for and") }
            index += 2
            terms.append(try parseUnary())
        }
        return terms.count == 1 ? terms[0] : .all(terms)
    }

    mutating func parseUnary() throws(JSONPathError) -> JSONPathFilter {
        skipWhitespace()
        let start = index
        if peek() == UInt8(ascii: "!") && peek(1) != UInt8(ascii: "=") {
            index += 1
            try enterNesting(at: start)
            let inner = try parseUnary()
            nesting -= 1
            return .not(inner)
        }
        if peek() == UInt8(ascii: "(") {
            index += 1
            try enterNesting(at: start)
            let inner = try parseOr()
            skipWhitespace()
            guard peek() == UInt8(ascii: ")") else {
                if peek() == nil { throw .syntax(at: start, "'(' is not closed") }
                throw .syntax(at: index, "expected ')'")
            }
            index += 1
            nesting -= 1
            return inner
        }
        return try parseComparison()
    }

    /// `operand [op operand]`; a path alone tests that it exists.
    mutating func parseComparison() throws(JSONPathError) -> JSONPathFilter {
        skipWhitespace()
        let leftStart = index
        let left = try parseOperand()
        skipWhitespace()
        let operatorStart = index
        guard let op = try parseOperator() else {
            guard case .query(let query) = left else {
                throw .syntax(at: leftStart, "a literal alone is not a condition; compare it, e.g. @.a == 1")
            }
            return .exists(query)
        }
        skipWhitespace()
        let rightStart = index
        let right = try parseOperand()
        let leftIsRegex = Self.isRegex(left)
        let rightIsRegex = Self.isRegex(right)
        if op == .matches {
            guard leftIsRegex != rightIsRegex else {
                throw .syntax(at: operatorStart, "'=~' compares a value with one /regex/")
            }
        } else if leftIsRegex || rightIsRegex {
            throw .syntax(at: leftIsRegex ? leftStart : rightStart, "a /regex/ can only be used with '=~'")
        }
        return .compare(left, op, right)
    }

    static func isRegex(_ operand: JSONPathOperand) -> Bool {
        if case .regex = operand { return true }
        return false
    }

    /// A comparison operator, or nil when none follows (end of the condition).
    mutating func parseOperator() throws(JSONPathError) -> JSONPathOperator? {
        guard let byte = peek() else { return nil }
        let start = index
        let next = peek(1)
        let twoByte: JSONPathOperator? =
            switch (byte, next) {
            case (UInt8(ascii: "="), UInt8(ascii: "=")): .equal
            case (UInt8(ascii: "!"), UInt8(ascii: "=")): .notEqual
            case (UInt8(ascii: "<"), UInt8(ascii: "=")): .lessOrEqual
            case (UInt8(ascii: ">"), UInt8(ascii: "=")): .greaterOrEqual
            case (UInt8(ascii: "="), UInt8(ascii: "~")): .matches
            default: nil
            }
        if let twoByte {
            if (twoByte == .equal || twoByte == .notEqual) && peek(2) == UInt8(ascii: "=") {
                throw .unsupported(at: start, "the type-safe operators === and !== are not supported; use == or !=")
            }
            index += 2
            return twoByte
        }
        switch byte {
        case UInt8(ascii: "<"):
            index += 1
            return .less
        case UInt8(ascii: ">"):
            index += 1
            return .greater
        case UInt8(ascii: "="):
            throw .syntax(at: start, "use '==' to compare")
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            var end = index
            while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            if ["in", "nin", "subsetof", "anyof", "noneof", "size", "empty", "contains"].contains(word) {
                throw .unsupported(at: start, "the operator '\(word)' is not supported; supported: == != < <= > >= =~")
            }
            return nil
        default:
            return nil
        }
    }

    mutating func parseOperand() throws(JSONPathError) -> JSONPathOperand {
        guard let byte = peek() else { throw .syntax(at: index, "the filter ends early; expected a value") }
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            index += 1
            let segments = try parseSegments(inFilter: true, after: nil)
            return .query(JSONPathQuery(fromRoot: byte == UInt8(ascii: "$"), segments: segments))
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try parseQuotedString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .literal(.number(try parseNumberLiteral()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return .literal(try parseKeyword())
        case UInt8(ascii: "/"):
            return .regex(try parseRegexLiteral())
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw .unsupported(at: index, "JSON array and object literals in filters are not supported")
        default:
            throw .syntax(at: index, "expected @, $, a quoted string, a number, true, false or null")
        }
    }

    mutating func parseKeyword() throws(JSONPathError) -> JSONValue {
        let start = index
        for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)] {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { continue }
            let end = index + expected.count
            if end < bytes.count, Self.isNameByte(bytes[end]) { continue }
            index = end
            return value
        }
        throw .syntax(at: start, "expected @, $, a quoted string, a number, true, false or null")
    }

    mutating func parseNumberLiteral() throws(JSONPathError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard skipDigits() > 0 else { throw .syntax(at: start, "expected a number") }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw .syntax(at: index, "expected digits after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw .syntax(at: index, "expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw .syntax(at: start, "number out of range")
        }
        return value
    }

    mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// `/pattern/flags`, turned into a Java-style pattern with the flags inline, and checked with the regex
    /// engine now so a refused pattern fails the mapping rather than every request.
    mutating func parseRegexLiteral() throws(JSONPathError) -> String {
        let start = index
        index += 1
        let patternStart = index
        while let byte = peek(), byte != UInt8(ascii: "/") {
            index += byte == UInt8(ascii: "\\") && index + 1 < bytes.count ? 2 : 1
        }
        guard peek() == UInt8(ascii: "/") else { throw .syntax(at: start, "the /regex/ is not closed") }
        let body = String(decoding: bytes[patternStart..<index], as: UTF8.self)
        index += 1
        let flagsStart = index
        while let byte = peek(), "dixmsuU".utf8.contains(byte) { index += 1 }
        if let byte = peek(), Self.isNameByte(byte) {
            throw .syntax(at: index, "unknown regex flag '\(Unicode.Scalar(byte))'; flags are d i x m s u U")
        }
        let flags = String(decoding: bytes[flagsStart..<index], as: UTF8.self)
        let pattern = flags.isEmpty ? body : "(?\(flags))\(body)"
        guard let regex else {
            throw .unsupported(at: start, "regex filters (=~) need a regex engine and none was given; use a matches sub-matcher")
        }
        guard regex(pattern, "") != nil else { throw .unsupported(at: start, "the regex engine refused /\(body)/") }
        return pattern
    }
}
