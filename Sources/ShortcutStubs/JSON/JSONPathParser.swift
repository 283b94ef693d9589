import ShortcutJSON

/// Reads a JSONPath expression (the subset `JSONPath` documents) into a `JSONPathQuery`, byte by byte over its
/// UTF-8, refusing with the offset of the first thing it cannot read.
///
/// State is internal rather than private only so the parser's extensions (filters, strings) can share it.
struct JSONPathParser {
    let bytes: [UInt8]
    /// The next byte to read.
    var index = 0
    let limits: JSONPathLimits
    let regex: JSONRegexMatcher?
    /// Filters, parentheses and `!` currently open, against `limits.maxNesting`.
    var nesting = 0

    /// Parses a whole expression; anything but whitespace after the path is an error.
    static func parse(_ expression: String, limits: JSONPathLimits, regex: JSONRegexMatcher?) throws(JSONPathError) -> JSONPathQuery {
        let bytes = Array(expression.utf8)
        guard bytes.count <= limits.maxExpressionBytes else {
            throw .limit("the expression is \(bytes.count) bytes; the limit is \(limits.maxExpressionBytes) (maxExpressionBytes)")
        }
        var parser = JSONPathParser(bytes: bytes, limits: limits, regex: regex)
        return try parser.parseExpression()
    }

    init(bytes: [UInt8], limits: JSONPathLimits, regex: JSONRegexMatcher?) {
        self.bytes = bytes
        self.limits = limits
        self.regex = regex
    }

    // MARK: - Paths

    mutating func parseExpression() throws(JSONPathError) -> JSONPathQuery {
        skipWhitespace()
        guard let first = peek() else { throw .syntax(at: index, "the expression is empty") }
        var segments: [JSONPathSegment] = []
        if first == UInt8(ascii: "$") || first == UInt8(ascii: "@") {
            index += 1
        } else {
            // Jayway reads `store.book` as `$.store.book`.
            segments.append(try parseDotSegment(inFilter: false, dotOffset: index))
        }
        segments += try parseSegments(inFilter: false, after: segments.last)
        skipWhitespace()
        if let byte = peek() {
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") {
                throw .syntax(at: index, "unexpected '\(Unicode.Scalar(byte))' with nothing open")
            }
            if index > 0 && Self.isWhitespace(bytes[index - 1]) && Self.isNameByte(byte) {
                throw .syntax(at: index, "unexpected text after a space; a member name with spaces needs brackets, e.g. ['my name']")
            }
            throw .syntax(at: index, "unexpected '\(Self.character(at: index, in: bytes))'")
        }
        return JSONPathQuery(fromRoot: true, segments: segments)
    }

    /// Steps until something that is not `.`, `..` or `[`; `after` is the step already read, if any.
    mutating func parseSegments(inFilter: Bool, after previous: JSONPathSegment?) throws(JSONPathError) -> [JSONPathSegment] {
        var segments: [JSONPathSegment] = []
        var last = previous
        while let byte = peek() {
            guard byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") else { break }
            if case .length? = last {
                throw .unsupported(at: index, "length() and size() must end the path")
            }
            let segment: JSONPathSegment
            if byte == UInt8(ascii: "[") {
                segment = .child(try parseBracket())
            } else if peek(1) == UInt8(ascii: ".") {
                let start = index
                index += 2
                segment = .descendant(try parseDescendantSelector(inFilter: inFilter, start: start))
            } else {
                let dot = index
                index += 1
                segment = try parseDotSegment(inFilter: inFilter, dotOffset: dot)
            }
            segments.append(segment)
            last = segment
        }
        return segments
    }

    /// What follows `.` (or starts a path without `$`): a name, `*`, `[…]` or `length()`/`size()`.
    mutating func parseDotSegment(inFilter: Bool, dotOffset: Int) throws(JSONPathError) -> JSONPathSegment {
        guard let byte = peek() else { throw .syntax(at: dotOffset, "the path ends with '.'; expected a member name") }
        if byte == UInt8(ascii: "*") {
            index += 1
            return .child(.wildcard)
        }
        if byte == UInt8(ascii: "[") { return .child(try parseBracket()) }  // Jayway accepts `$.['a']`
        let nameStart = index
        let name = try parseDotName(inFilter: inFilter, dotOffset: dotOffset)
        guard peek() == UInt8(ascii: "(") else { return .child(.names([name])) }
        guard name == "length" || name == "size" else {
            throw .unsupported(at: nameStart, "function \(name)() is not supported; only length() and size() are")
        }
        index += 1
        skipWhitespace()
        guard peek() == UInt8(ascii: ")") else { throw .unsupported(at: index, "arguments to \(name)() are not supported") }
        index += 1
        return .length
    }

    /// What follows `..`: a name, `*` or `[…]`.
    mutating func parseDescendantSelector(inFilter: Bool, start: Int) throws(JSONPathError) -> JSONPathSelector {
        guard let byte = peek() else { throw .syntax(at: start, "the path ends with '..'; expected a member name, '*' or '['") }
        if byte == UInt8(ascii: "*") {
            index += 1
            return .wildcard
        }
        if byte == UInt8(ascii: "[") { return try parseBracket() }
        if byte == UInt8(ascii: ".") { throw .syntax(at: index, "'...' is not JSONPath; use '..' for a deep scan") }
        let nameStart = index
        let name = try parseDotName(inFilter: inFilter, dotOffset: start + 1)
        if peek() == UInt8(ascii: "(") { throw .unsupported(at: nameStart, "a function cannot follow '..'") }
        return .names([name])
    }

    /// A member name after a dot: everything up to the next `.`, `[`, `(`, space or (in a filter) operator.
    mutating func parseDotName(inFilter: Bool, dotOffset: Int) throws(JSONPathError) -> String {
        let start = index
        while let byte = peek(), !Self.endsDotName(byte, inFilter: inFilter) { index += 1 }
        guard index > start else {
            if let byte = peek(), Self.isWhitespace(byte) {
                throw .syntax(at: index, "a member name cannot start with a space; use brackets, e.g. ['my name']")
            }
            throw .syntax(at: dotOffset, "expected a member name after '.'")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    static func endsDotName(_ byte: UInt8, inFilter: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "]"), UInt8(ascii: ")"), 0x20, 0x09, 0x0A, 0x0D:
            return true
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
            UInt8(ascii: ","), UInt8(ascii: "~"):
            return inFilter
        default:
            return false
        }
    }

    // MARK: - Brackets

    /// `[…]`: quoted names, `*`, indexes, a slice or a filter.
    mutating func parseBracket() throws(JSONPathError) -> JSONPathSelector {
        let open = index
        index += 1
        skipWhitespace()
        guard let byte = peek() else { throw .syntax(at: open, "'[' is not closed") }
        let selector: JSONPathSelector
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            selector = .names(try parseQuotedNames())
        case UInt8(ascii: "*"):
            index += 1
            selector = .wildcard
        case UInt8(ascii: "?"):
            selector = try parseFilterSelector()
        case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            selector = try parseIndexesOrSlice()
        case UInt8(ascii: "]"):
            throw .syntax(at: index, "empty brackets; expected a quoted name, an index, a slice, '*' or '?(…)'")
        default:
            throw .syntax(at: index, "expected a quoted name, an index, a slice, '*' or '?(…)' after '['")
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: "]") else {
            if peek() == nil { throw .syntax(at: open, "'[' is not closed") }
            throw .syntax(at: index, "expected ']'")
        }
        index += 1
        return selector
    }

    mutating func parseQuotedNames() throws(JSONPathError) -> [String] {
        var names = [try parseQuotedString()]
        skipWhitespace()
        while peek() == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            guard let byte = peek(), byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") else {
                throw .syntax(at: index, "expected a quoted name after ','")
            }
            names.append(try parseQuotedString())
            skipWhitespace()
        }
        return names
    }

    /// `[n]`, `[n, m, …]`, `[start:end]`, `[start:]`, `[:end]`.
    mutating func parseIndexesOrSlice() throws(JSONPathError) -> JSONPathSelector {
        let start = index
        let first = try parseOptionalInteger()
        skipWhitespace()
        if peek() == UInt8(ascii: ":") {
            index += 1
            skipWhitespace()
            let end = try parseOptionalInteger()
            skipWhitespace()
            if peek() == UInt8(ascii: ":") { throw .unsupported(at: index, "slice steps ([start:end:step]) are not supported") }
            guard first != nil || end != nil else { throw .syntax(at: start, "a slice needs a start or an end, e.g. [1:] or [:2]") }
            return .slice(start: first, end: end)
        }
        guard let first else { throw .syntax(at: start, "expected an index") }
        var indexes = [first]
        while peek() == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            guard let next = try parseOptionalInteger() else { throw .syntax(at: index, "expected an index after ','") }
            indexes.append(next)
            skipWhitespace()
        }
        return .indexes(indexes)
    }

    /// An optionally negative decimal integer, or nil when there is none here.
    mutating func parseOptionalInteger() throws(JSONPathError) -> Int? {
        let start = index
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value = 0
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum, sum <= Int(Int32.max) else { throw .syntax(at: start, "index out of range") }
            value = sum
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            if negative { throw .syntax(at: index, "expected digits after '-'") }
            return nil
        }
        return negative ? -value : value
    }

    // MARK: - Bytes

    func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    /// Skips spaces, tabs and line breaks; returns true so it can lead a `while` condition.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        while let byte = peek(), Self.isWhitespace(byte) { index += 1 }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            true
        default: byte >= 0x80
        }
    }

    /// The whole character starting at `offset`, for messages (the expression is valid UTF-8).
    static func character(at offset: Int, in bytes: [UInt8]) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
