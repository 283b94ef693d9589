import HTTPVocabulary

extension RegexParser {
    /// What a backslash sequence stands for.
    enum Escape {
        /// One scalar: `\t`, `\x41`, `\.` …
        case value(UInt32)
        /// A class: `\d`, `\p{Lu}` …
        case set(ScalarClass)
        /// Something else, outside classes only: an anchor (`\b`, `\A`) or `\R`.
        case node(RegexNode)
    }

    /// The escape with the cursor on its backslash, as Java's `escape` reads it. `rangeStart` says a `-` follows,
    /// where Java reads `\v` as the single scalar U+000B rather than the vertical-space class.
    mutating func parseEscape(inClass: Bool, rangeStart: Bool) throws(RegexError) -> Escape {
        let start = currentOffset
        position += 1
        guard let element = current, let letter = Unicode.Scalar(element.value) else {
            throw RegexError(.syntax, at: start, "the pattern ends with a lone backslash")
        }
        position += 1
        let illegal = RegexError(.syntax, at: start, "illegal or unsupported escape sequence \\\(letter)\(inClass ? " in a class" : "")")
        switch letter {
        case "0":
            return .value(try parseOctal(at: start))
        case "1"..."9":
            if inClass { throw illegal }
            throw RegexError(.unsupported, at: start, "backreferences (\\\(letter)) are not supported")
        case "A", "z", "Z", "b", "B", "G", "R", "X", "k":
            if inClass { throw illegal }
            return .node(try parseAnchorEscape(letter, at: start))
        case "N":
            throw RegexError(.unsupported, at: start, "named characters (\\N{...}) are not supported")
        case "p", "P":
            return .set(try parseProperty(negated: letter == "P", at: start))
        case "v" where rangeStart:
            return .value(0x0B)
        case "d", "D", "s", "S", "w", "W", "h", "H", "v", "V":
            return .set(PredefinedClasses.escape(letter, unicode: flags.contains(.unicodeClasses)) ?? .ranges(ScalarRanges([])))
        case "a": return .value(0x07)
        case "e": return .value(0x1B)
        case "f": return .value(0x0C)
        case "n": return .value(0x0A)
        case "r": return .value(0x0D)
        case "t": return .value(0x09)
        case "c":
            guard let control = current else { throw RegexError(.syntax, at: start, "illegal control escape sequence \\c") }
            position += 1
            return .value(control.value ^ 64)
        case "x":
            return .value(try parseHex(at: start))
        case "u":
            return .value(try parseUnicode(at: start))
        default:
            // Java gives every ASCII letter a meaning or an error; any other scalar after a backslash is itself.
            if letter.isASCII, letter.properties.isAlphabetic { throw illegal }
            return .value(letter.value)
        }
    }

    private mutating func parseAnchorEscape(_ letter: Unicode.Scalar, at start: Int) throws(RegexError) -> RegexNode {
        let unicode = flags.contains(.unicodeClasses)
        switch letter {
        case "A": return .assertion(.startOfInput)
        case "z": return .assertion(.endOfInput)
        case "Z": return .assertion(.endOfInputOrBeforeFinalTerminator(unixLines: flags.contains(.unixLines)))
        case "b":
            if atMeta("{") { throw RegexError(.unsupported, at: start, "grapheme boundaries (\\b{g}) are not supported") }
            return .assertion(.wordBoundary(isBoundary: true, unicode: unicode))
        case "B": return .assertion(.wordBoundary(isBoundary: false, unicode: unicode))
        case "R":
            // Java 9+: \R is \u000D\u000A|[\u000A\u000B\u000C\u000D\u0085\u2028\u2029], with the pair tried first.
            return .alternation([
                .concatenation([.scalar(0x0D), .scalar(0x0A)]), .oneOf(.of(0x0A...0x0D, 0x85...0x85, 0x2028...0x2029)),
            ])
        case "G": throw RegexError(.unsupported, at: start, "\\G (the end of the previous match) is not supported")
        case "X": throw RegexError(.unsupported, at: start, "grapheme clusters (\\X) are not supported")
        default: throw RegexError(.unsupported, at: start, "named backreferences (\\k<name>) are not supported")
        }
    }

    /// `\0n`, `\0nn` or `\0mnn` (m at most 3).
    private mutating func parseOctal(at start: Int) throws(RegexError) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 3, let element = current, !element.quoted, (0x30...0x37).contains(element.value) {
            // A third digit belongs to the escape only when the first is 0-3, keeping the value within 0o377.
            if digits == 2, value >= 0o40 { break }
            value = value * 8 + element.value - 0x30
            digits += 1
            position += 1
        }
        if digits == 0 { throw RegexError(.syntax, at: start, "illegal octal escape sequence: \\0 needs an octal digit after it") }
        return value
    }

    /// `\xhh` or `\x{h...h}` (at most U+10FFFF).
    private mutating func parseHex(at start: Int) throws(RegexError) -> UInt32 {
        if atMeta("{"), let first = element(ahead: 1), Self.hexDigit(first) != nil {
            position += 1
            var value: UInt32 = 0
            while let element = current, let digit = Self.hexDigit(element) {
                value = value * 16 + digit
                if value > ScalarRanges.maxCodePoint {
                    throw RegexError(.syntax, at: start, "hexadecimal code point is above U+10FFFF")
                }
                position += 1
            }
            guard atMeta("}") else { throw RegexError(.syntax, at: start, "unclosed hexadecimal escape sequence: '}' expected") }
            position += 1
            return value
        }
        guard let high = current.flatMap(Self.hexDigit), let low = element(ahead: 1).flatMap(Self.hexDigit) else {
            throw RegexError(.syntax, at: start, "illegal hexadecimal escape sequence: \\x needs two hex digits or {h...h}")
        }
        position += 2
        return high * 16 + low
    }

    /// `\uhhhh`, with a UTF-16 surrogate pair written as two escapes joined into one scalar.
    private mutating func parseUnicode(at start: Int) throws(RegexError) -> UInt32 {
        guard let value = fourHexDigits(ahead: 0) else {
            throw RegexError(.syntax, at: start, "illegal Unicode escape sequence: \\u needs four hex digits")
        }
        position += 4
        // A high surrogate followed by \u and a low surrogate is one supplementary scalar, as in Java.
        if (0xD800...0xDBFF).contains(value), atMeta("\\"), element(ahead: 1)?.isMeta("u") == true,
            let low = fourHexDigits(ahead: 2), (0xDC00...0xDFFF).contains(low)
        {
            position += 6
            return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        return value
    }

    /// The value of four hex digits starting `ahead` places past the cursor, or nil if there are not four.
    private func fourHexDigits(ahead: Int) -> UInt32? {
        var value: UInt32 = 0
        for index in ahead..<(ahead + 4) {
            guard let digit = element(ahead: index).flatMap(Self.hexDigit) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexDigit(_ element: PatternElement) -> UInt32? {
        guard !element.quoted else { return nil }
        switch element.value {
        case 0x30...0x39: return element.value - 0x30
        case 0x41...0x46: return element.value - 0x41 + 10
        case 0x61...0x66: return element.value - 0x61 + 10
        default: return nil
        }
    }

    /// `\p{Name}`, `\pL`, `\P{...}`: a Unicode property, category or POSIX class, with the cursor after `p`.
    private mutating func parseProperty(negated: Bool, at start: Int) throws(RegexError) -> ScalarClass {
        var name = ""
        if atMeta("{") {
            position += 1
            while let element = current, !element.isMeta("}") {
                name.unicodeScalars.append(Unicode.Scalar(element.value) ?? "\u{FFFD}")
                position += 1
            }
            guard atMeta("}") else { throw RegexError(.syntax, at: start, "unclosed character property: '}' expected") }
            position += 1
            if name.isEmpty { throw RegexError(.syntax, at: start, "empty character property \\p{}") }
        } else {
            guard let element = current else { throw RegexError(.syntax, at: start, "\\p needs a property name") }
            name.unicodeScalars.append(Unicode.Scalar(element.value) ?? "\u{FFFD}")
            position += 1
        }
        let resolution = PropertyNames.resolve(
            name, caseInsensitive: flags.contains(.caseInsensitive), unicodeClasses: flags.contains(.unicodeClasses))
        switch resolution {
        case .found(let set): return negated ? set.negated : set
        case .unsupported(let reason): throw RegexError(.unsupported, at: start, reason)
        case .unknown: throw RegexError(.syntax, at: start, "unknown character property name {\(name)}")
        }
    }
}
