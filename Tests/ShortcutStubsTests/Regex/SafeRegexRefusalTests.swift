import ShortcutStubs
import Testing

/// Patterns Java rejects, and Java syntax this engine does not run: each refused with its kind, the offset (in
/// scalars) of the construct, and a line that names it.
@Suite struct SafeRegexRefusalTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let kind: RegexError.Kind
        let offset: Int
        let reason: String

        init(_ pattern: String, _ kind: RegexError.Kind, at offset: Int, _ reason: String) {
            self.pattern = pattern
            self.kind = kind
            self.offset = offset
            self.reason = reason
        }

        var testDescription: String { "/\(pattern)/" }
    }

    static let unsupported: [Refusal] = [
        Refusal("(a)\\1", .unsupported, at: 3, "backreferences (\\1) are not supported"),
        Refusal("(?<n>a)\\k<n>", .unsupported, at: 7, "named backreferences (\\k<name>) are not supported"),
        Refusal("(?=a)", .unsupported, at: 0, "lookahead (?=...) is not supported"),
        Refusal("a(?!b)", .unsupported, at: 1, "negative lookahead (?!...) is not supported"),
        Refusal("(?<=a)b", .unsupported, at: 0, "lookbehind (?<=...) is not supported"),
        Refusal("x(?<!a)b", .unsupported, at: 1, "negative lookbehind (?<!...) is not supported"),
        Refusal("(?>a+)b", .unsupported, at: 0, "atomic groups (?>...) are not supported"),
        Refusal("a\\Gb", .unsupported, at: 1, "\\G (the end of the previous match) is not supported"),
        Refusal("\\X", .unsupported, at: 0, "grapheme clusters (\\X) are not supported"),
        Refusal("a\\b{g}", .unsupported, at: 1, "grapheme boundaries (\\b{g}) are not supported"),
        Refusal("\\N{LATIN SMALL LETTER A}", .unsupported, at: 0, "named characters (\\N{...}) are not supported"),
        Refusal("(?c)a", .unsupported, at: 2, "canonical equivalence (?c) is not supported"),
        Refusal(
            "(?:ab)++", .unsupported, at: 6,
            "possessive quantifiers (*+ ++ ?+ {n,m}+) are supported on a single character or class only, not on a group"),
        Refusal("\\p{InGreek}", .unsupported, at: 0, "Unicode scripts and blocks (\\p{IsLatin}, \\p{InGreek}) are not supported"),
        Refusal("\\p{sc=Latin}", .unsupported, at: 0, "Unicode scripts and blocks (\\p{IsLatin}, \\p{InGreek}) are not supported"),
        Refusal(
            "\\p{IsLatin}", .unsupported, at: 0,
            "\\p{IsLatin} is not a known property; Unicode scripts and blocks (\\p{IsLatin}, \\p{InGreek}) are not supported"),
    ]

    static let syntax: [Refusal] = [
        Refusal("\\y", .syntax, at: 0, "illegal or unsupported escape sequence \\y"),
        Refusal("a\\E", .syntax, at: 1, "illegal or unsupported escape sequence \\E"),
        Refusal("[\\b]", .syntax, at: 1, "illegal or unsupported escape sequence \\b in a class"),
        Refusal("[\\1]", .syntax, at: 1, "illegal or unsupported escape sequence \\1 in a class"),
        Refusal("\\", .syntax, at: 0, "the pattern ends with a lone backslash"),
        Refusal("(ab", .syntax, at: 0, "unclosed group: ')' expected"),
        Refusal("a(b(c)", .syntax, at: 1, "unclosed group: ')' expected"),
        Refusal("ab)", .syntax, at: 2, "unmatched closing ')'"),
        Refusal("*a", .syntax, at: 0, "dangling meta character '*': there is nothing before it to repeat"),
        Refusal("a**", .syntax, at: 2, "dangling meta character '*': there is nothing before it to repeat"),
        Refusal("a|+", .syntax, at: 2, "dangling meta character '+': there is nothing before it to repeat"),
        Refusal("(?i)?", .syntax, at: 4, "dangling meta character '?': there is nothing before it to repeat"),
        Refusal("a{3,1}", .syntax, at: 1, "illegal repetition range {3,1}: the maximum is below the minimum"),
        Refusal("a{x}", .syntax, at: 1, "illegal repetition: '{' starts a count {n}, {n,} or {n,m} (write \\{ for a brace)"),
        Refusal("/users/{id}", .syntax, at: 7, "illegal repetition: '{' starts a count {n}, {n,} or {n,m} (write \\{ for a brace)"),
        Refusal("a{,2}", .syntax, at: 1, "illegal repetition: '{' starts a count {n}, {n,} or {n,m} (write \\{ for a brace)"),
        Refusal("a{2", .syntax, at: 1, "unclosed counted repetition: '}' expected"),
        Refusal("a{2,x}", .syntax, at: 1, "unclosed counted repetition: '}' expected"),
        Refusal("a{2147483648}", .syntax, at: 1, "illegal repetition range: count above 2147483647"),
        Refusal("[abc", .syntax, at: 0, "unclosed character class: ']' expected"),
        Refusal("[]", .syntax, at: 0, "unclosed character class: ']' expected"),
        Refusal("x[z-a]", .syntax, at: 2, "illegal character range: the end is below the start"),
        Refusal("[a-\\d]", .syntax, at: 1, "illegal character range: a class escape cannot end a range"),
        Refusal("\\x4", .syntax, at: 0, "illegal hexadecimal escape sequence: \\x needs two hex digits or {h...h}"),
        Refusal("\\x{110000}", .syntax, at: 0, "hexadecimal code point is above U+10FFFF"),
        Refusal("\\x{41", .syntax, at: 0, "unclosed hexadecimal escape sequence: '}' expected"),
        Refusal("\\u12", .syntax, at: 0, "illegal Unicode escape sequence: \\u needs four hex digits"),
        Refusal("\\08", .syntax, at: 0, "illegal octal escape sequence: \\0 needs an octal digit after it"),
        Refusal("\\c", .syntax, at: 0, "illegal control escape sequence \\c"),
        Refusal("(?<1a>x)", .syntax, at: 3, "capturing group name does not start with a Latin letter"),
        Refusal("(?<ab-c>x)", .syntax, at: 5, "named capturing group is missing trailing '>'"),
        Refusal("(?<a>x)(?<a>y)", .syntax, at: 7, "named capturing group <a> is already defined"),
        Refusal("(?q)", .syntax, at: 2, "unknown inline modifier"),
        Refusal("(?i-m-s)", .syntax, at: 5, "unknown inline modifier"),
        Refusal("(?$)", .syntax, at: 0, "unknown group type (?$"),
        Refusal("\\p{Foo}", .syntax, at: 0, "unknown character property name {Foo}"),
        Refusal("\\p{isalphabetic}", .syntax, at: 0, "unknown character property name {isalphabetic}"),
        Refusal("\\p{}", .syntax, at: 0, "empty character property \\p{}"),
        Refusal("\\p{L", .syntax, at: 0, "unclosed character property: '}' expected"),
    ]

    @Test(arguments: unsupported + syntax) func refusesWithKindOffsetAndReason(_ refusal: Refusal) {
        #expect(throws: RegexError(refusal.kind, at: refusal.offset, refusal.reason)) { try SafeRegex(refusal.pattern) }
    }

    @Test func theDescriptionIsOneLineWithTheOffset() {
        #expect(
            RegexError(.unsupported, at: 3, "backreferences (\\1) are not supported").description
                == "regex refused at offset 3: backreferences (\\1) are not supported")
        #expect(RegexError(.programTooLarge, "too big").description == "regex refused: too big")
        #expect(RegexError(.workLimit, "too long").description == "regex match stopped: too long")
    }

    @Test func offsetsCountScalarsNotBytes() {
        #expect(throws: RegexError(.unsupported, at: 4, "backreferences (\\1) are not supported")) { try SafeRegex("é(😀)\\1") }
    }
}
