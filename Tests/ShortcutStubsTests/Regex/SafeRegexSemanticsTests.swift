import ShortcutStubs
import Testing

/// What Java's `java.util.regex` answers, row by row: `matches()` is `wholeMatch`, `find()` is `containsMatch`.
@Suite struct SafeRegexSemanticsTests {
    static let literalsAndAlternation: [RegexRow] = [
        RegexRow("abc", "abc", whole: true, find: true),
        RegexRow("abc", "xabcx", whole: false, find: true),
        RegexRow("abc", "ab", whole: false, find: false),
        RegexRow("", "", whole: true, find: true),
        RegexRow("", "abc", whole: false, find: true),
        RegexRow("a|b", "b", whole: true, find: true),
        RegexRow("ab|cd", "ad", whole: false, find: false),
        RegexRow("ab|cd", "abd", whole: false, find: true),
        RegexRow("a(b|c)d", "acd", whole: true, find: true),
        // Alternation binds loosest: this is (^ab)|(cd$).
        RegexRow("^ab|cd$", "xcd", whole: false, find: true),
        RegexRow("^ab|cd$", "abx", whole: false, find: true),
        RegexRow("^(ab|cd)$", "xcd", whole: false, find: false),
        RegexRow("a|", "", whole: true, find: true),
        RegexRow("|", "x", whole: false, find: true),
        RegexRow("(|a)", "a", whole: true, find: true),
        RegexRow("()", "", whole: true, find: true),
        RegexRow("(a|ab)(c|bcd)(d*)", "abcd", whole: true, find: true),
        RegexRow("(?<year>\\d{4})-(\\d{2})", "2024-05", whole: true, find: true),
        RegexRow("(?:ab)+", "ababab", whole: true, find: true),
        RegexRow("}]", "}]", whole: true, find: true),
        RegexRow("/api/users/[0-9]+", "/api/users/42", whole: true, find: true),
        RegexRow("/api/users/[0-9]+", "/api/users/42/orders", whole: false, find: true),
        RegexRow("/api/.*", "/api/x?y=1", whole: true, find: true),
        RegexRow("/things\\?id=\\d+", "/things?id=7", whole: true, find: true),
    ]

    static let quantifiers: [RegexRow] = [
        RegexRow("x*", "", whole: true, find: true),
        RegexRow("a+", "", whole: false, find: false),
        RegexRow("a?b", "b", whole: true, find: true),
        RegexRow("a{2}", "aa", whole: true, find: true),
        RegexRow("a{2}", "aaa", whole: false, find: true),
        RegexRow("a{2,}", "aaaa", whole: true, find: true),
        RegexRow("a{2,3}", "aaaa", whole: false, find: true),
        RegexRow("a{0}b", "b", whole: true, find: true),
        RegexRow("x{0}", "", whole: true, find: true),
        RegexRow("a+?", "aaa", whole: true, find: true),
        RegexRow("a*?b", "aab", whole: true, find: true),
        RegexRow("a{1,2}?", "aa", whole: true, find: true),
        // Java applies a second count to an empty atom: a{2}{3} is a{2}.
        RegexRow("a{2}{3}", "aa", whole: true, find: true),
        RegexRow("^*a", "a", whole: true, find: true),
        // Possessive takes the whole run and never gives any back.
        RegexRow("a*+a", "aaa", whole: false, find: false),
        RegexRow("a*+b", "aaab", whole: true, find: true),
        RegexRow("a?+a", "a", whole: false, find: false),
        RegexRow("a{1,2}+a", "aa", whole: false, find: false),
        RegexRow("a{1,2}+a", "aaa", whole: true, find: true),
        RegexRow("\\d++\\d", "123", whole: false, find: false),
        RegexRow("[^/]++/x", "ab/x", whole: true, find: true),
        RegexRow("(?:a|b)++c", "abc", whole: true, find: true),
        RegexRow("(?:a|b)++b", "ab", whole: false, find: false),
        // Loops over things that can match empty end.
        RegexRow("(a*)*", "aaa", whole: true, find: true),
        RegexRow("(a*)*b", "aaaa", whole: false, find: false),
        RegexRow("(a*)+$", "", whole: true, find: true),
        RegexRow("(a|)*", "aa", whole: true, find: true),
        RegexRow("(?:$)*a", "a", whole: true, find: true),
        RegexRow("(\\b)*a", "a", whole: true, find: true),
        RegexRow("(a?){3}", "a", whole: true, find: true),
    ]

    static let anchorsAndDot: [RegexRow] = [
        RegexRow(".", "\n", whole: false, find: false),
        RegexRow(".", "\r", whole: false, find: false),
        RegexRow(".", "\u{85}", whole: false, find: false),
        RegexRow(".", "\u{2028}", whole: false, find: false),
        RegexRow("(?s).", "\n", whole: true, find: true),
        RegexRow("(?d).", "\r", whole: true, find: true),
        RegexRow("(?d).", "\n", whole: false, find: false),
        RegexRow(".", "😀", whole: true, find: true),
        RegexRow("..", "😀", whole: false, find: false),
        RegexRow("^a$", "a\n", whole: false, find: true),
        RegexRow("a$", "a\r\n", whole: false, find: true),
        RegexRow("a$", "a\n\n", whole: false, find: false),
        RegexRow("(?m)a$", "a\n\n", whole: false, find: true),
        RegexRow("a$", "a\u{2029}", whole: false, find: true),
        RegexRow("(?d)a$", "a\r\n", whole: false, find: false),
        RegexRow("(?d)a$", "a\n", whole: false, find: true),
        RegexRow("^b", "a\nb", whole: false, find: false),
        RegexRow("(?m)^b", "a\nb", whole: false, find: true),
        RegexRow("(?m)^b", "a\r\nb", whole: false, find: true),
        RegexRow("(?m)^\\nb", "a\r\nb", whole: false, find: false),
        RegexRow("(?md)^b", "a\rb", whole: false, find: false),
        // Java never matches (?m)^ at the end of the input, not even an empty one.
        RegexRow("(?m)^", "", whole: false, find: false),
        RegexRow("(?m)^$", "a\n", whole: false, find: false),
        RegexRow("(?sm)^a.b$", "x\na\nb", whole: false, find: true),
        RegexRow("\\Aa\\z", "a", whole: true, find: true),
        RegexRow("a\\z", "a\n", whole: false, find: false),
        RegexRow("a\\Z", "a\n", whole: false, find: true),
        RegexRow("(?m)a\\Z", "a\nb", whole: false, find: false),
        RegexRow("\\bcat\\b", "a cat.", whole: false, find: true),
        RegexRow("\\bcat\\b", "concat", whole: false, find: false),
        RegexRow("\\Bcat", "concat", whole: false, find: true),
        RegexRow("\\b", "", whole: false, find: false),
        RegexRow("\\B", "", whole: true, find: true),
        // Java 19+: \b uses \w, so a non-ASCII letter is not a word character unless (?U).
        RegexRow("\\bé", "é", whole: false, find: false),
        RegexRow("(?U)\\bé\\b", "é", whole: true, find: true),
        // A non-spacing mark after a letter belongs to the word.
        RegexRow("a\\b", "a\u{301}", whole: false, find: false),
        RegexRow("a\u{301}\\b", "a\u{301}", whole: true, find: true),
        RegexRow("a\\Rb", "a\r\nb", whole: true, find: true),
        RegexRow("a\\Rb", "a\u{2028}b", whole: true, find: true),
        RegexRow("a\\R\\nb", "a\r\nb", whole: true, find: true),
    ]

    static let classes: [RegexRow] = [
        RegexRow("[abc]+", "cab", whole: true, find: true),
        RegexRow("[^a-z]", "A", whole: true, find: true),
        RegexRow("[^a-z]", "q", whole: false, find: false),
        RegexRow("[\\d_]+", "1_2", whole: true, find: true),
        RegexRow("[a-z&&[^aeiou]]+", "bcd", whole: true, find: true),
        RegexRow("[a-z&&[^aeiou]]", "a", whole: false, find: false),
        RegexRow("[a-z&&def]", "e", whole: true, find: true),
        RegexRow("[a-z&&def]", "a", whole: false, find: false),
        RegexRow("[\\w&&[^\\d]]", "5", whole: false, find: false),
        RegexRow("[[a-c][x-z]]", "y", whole: true, find: true),
        // Java 9+: the ^ negates the whole class, nested members included.
        RegexRow("[^a[b]]", "b", whole: false, find: false),
        RegexRow("[^a[b]]", "c", whole: true, find: true),
        RegexRow("[]a]", "]", whole: true, find: true),
        RegexRow("[^]a]", "b", whole: true, find: true),
        RegexRow("[a-]", "-", whole: true, find: true),
        RegexRow("[-a]", "-", whole: true, find: true),
        RegexRow("[a\\-z]", "b", whole: false, find: false),
        RegexRow("[a-[bc]]", "-", whole: true, find: true),
        RegexRow("[a-[bc]]", "c", whole: true, find: true),
        RegexRow("[a&b]", "&", whole: true, find: true),
        RegexRow("[\\Q]\\E]", "]", whole: true, find: true),
        RegexRow("[\\Qa\\E-c]", "b", whole: true, find: true),
        RegexRow("[^\\d]", "5", whole: false, find: false),
        RegexRow("[.]", "x", whole: false, find: false),
        RegexRow("[😀-😂]", "😁", whole: true, find: true),
        RegexRow("[\\v-\\x0C]", "\u{0C}", whole: true, find: true),
        RegexRow("[\\x{1F600}]", "😀", whole: true, find: true),
        RegexRow("\\s+", " \t\n\u{0B}\u{0C}\r", whole: true, find: true),
        RegexRow("\\s", "\u{A0}", whole: false, find: false),
        RegexRow("\\h", "\u{A0}", whole: true, find: true),
        RegexRow("\\v", "\u{2028}", whole: true, find: true),
        RegexRow("\\W", "é", whole: true, find: true),
        RegexRow("(?U)\\w", "é", whole: true, find: true),
        RegexRow("\\d", "٣", whole: false, find: false),
        RegexRow("(?U)\\d", "٣", whole: true, find: true),
        RegexRow("(?U)\\s", "\u{2003}", whole: true, find: true),
    ]

    static let properties: [RegexRow] = [
        RegexRow("\\p{Alpha}+", "abcXYZ", whole: true, find: true),
        RegexRow("\\p{Alpha}", "é", whole: false, find: false),
        RegexRow("(?U)\\p{Alpha}", "é", whole: true, find: true),
        RegexRow("\\p{L}", "é", whole: true, find: true),
        RegexRow("\\pL", "x", whole: true, find: true),
        RegexRow("\\PL", "1", whole: true, find: true),
        RegexRow("\\p{Lu}", "É", whole: true, find: true),
        RegexRow("\\p{Lu}", "é", whole: false, find: false),
        RegexRow("\\p{IsLu}", "A", whole: true, find: true),
        RegexRow("\\p{gc=Nd}", "٣", whole: true, find: true),
        RegexRow("\\p{general_category=Lu}", "a", whole: false, find: false),
        RegexRow("\\p{IsAlphabetic}", "é", whole: true, find: true),
        RegexRow("\\p{IsDigit}", "٣", whole: true, find: true),
        RegexRow("\\p{Digit}", "٣", whole: false, find: false),
        RegexRow("\\p{Punct}", "!", whole: true, find: true),
        RegexRow("\\p{XDigit}+", "09afAF", whole: true, find: true),
        RegexRow("\\p{ASCII}", "é", whole: false, find: false),
        RegexRow("\\p{Sc}", "€", whole: true, find: true),
        RegexRow("\\p{javaLowerCase}", "ß", whole: true, find: true),
        RegexRow("\\p{javaWhitespace}", "\u{A0}", whole: false, find: false),
        RegexRow("\\p{IsWhite_Space}", "\u{A0}", whole: true, find: true),
        RegexRow("[\\p{L}&&[^\\p{Lu}]]", "A", whole: false, find: false),
        RegexRow("[\\p{L}&&[^\\p{Lu}]]", "b", whole: true, find: true),
        // Under (?i) Java widens the case categories and the POSIX Lower/Upper.
        RegexRow("(?i)\\p{Lu}", "a", whole: true, find: true),
        RegexRow("(?i)\\p{Lower}", "A", whole: true, find: true),
    ]

    static let escapes: [RegexRow] = [
        RegexRow("\\t\\n\\r\\f\\a\\e", "\t\n\r\u{0C}\u{07}\u{1B}", whole: true, find: true),
        RegexRow("\\x41\\u0042\\x{43}", "ABC", whole: true, find: true),
        RegexRow("\\0101", "A", whole: true, find: true),
        RegexRow("\\0377", "ÿ", whole: true, find: true),
        RegexRow("\\0400", " 0", whole: true, find: true),
        RegexRow("\\cA", "\u{01}", whole: true, find: true),
        RegexRow("\\uD83D\\uDE00", "😀", whole: true, find: true),
        RegexRow("\\x{1F600}", "😀", whole: true, find: true),
        RegexRow("\\.", ".", whole: true, find: true),
        RegexRow("\\.", "a", whole: false, find: false),
        RegexRow("a\\*", "a*", whole: true, find: true),
        RegexRow("\\\\", "\\", whole: true, find: true),
        RegexRow("\\é", "é", whole: true, find: true),
        RegexRow("\\Qa.b*\\E", "a.b*", whole: true, find: true),
        RegexRow("\\Qa.b", "axb", whole: false, find: false),
        RegexRow("\\Qab\\E+", "abb", whole: true, find: true),
        RegexRow("\\\\Q", "\\Q", whole: true, find: true),
    ]

    static let flags: [RegexRow] = [
        RegexRow("(?i)abc", "ABC", whole: true, find: true),
        RegexRow("(?i)é", "É", whole: false, find: false),
        RegexRow("(?iu)é", "É", whole: true, find: true),
        RegexRow("(?iu)k", "\u{212A}", whole: true, find: true),
        RegexRow("(?i)[a-c]+", "ABC", whole: true, find: true),
        RegexRow("(?i)[^a]", "A", whole: false, find: false),
        RegexRow("(?iu)[à-æ]", "Ä", whole: true, find: true),
        RegexRow("(?i)straße", "STRASSE", whole: false, find: false),
        RegexRow("a(?i)b", "aB", whole: true, find: true),
        RegexRow("a(?i)b", "AB", whole: false, find: false),
        RegexRow("(?i:a)b", "AB", whole: false, find: false),
        RegexRow("(?i:a)b", "Ab", whole: true, find: true),
        // An inline flag lasts to the end of its group, across | too.
        RegexRow("(?i)a|b", "B", whole: true, find: true),
        RegexRow("(a(?i)b)c", "aBC", whole: false, find: false),
        RegexRow("(?i)a(?-i)b", "Ab", whole: true, find: true),
        RegexRow("(?i)a(?-i)b", "AB", whole: false, find: false),
        RegexRow("(?x) a b # a comment\n c", "abc", whole: true, find: true),
        RegexRow("(?x)a\\ b", "a b", whole: true, find: true),
        RegexRow("(?x)[a b]", " ", whole: false, find: false),
        RegexRow("(?x)\\Qa b\\E", "a b", whole: true, find: true),
        RegexRow("(?x)a +", "aa", whole: true, find: true),
    ]

    static let unicodeText: [RegexRow] = [
        RegexRow("héllo", "héllo", whole: true, find: true),
        RegexRow("h.llo", "héllo", whole: true, find: true),
        RegexRow("\\w+", "héllo", whole: false, find: true),
        RegexRow("[^a]", "😀", whole: true, find: true),
        RegexRow("😀+", "😀😀", whole: true, find: true),
        // Java compares code points, not canonical equivalence: é is not e + combining acute.
        RegexRow("é", "e\u{301}", whole: false, find: false),
        RegexRow("e\u{301}", "e\u{301}", whole: true, find: true),
        RegexRow("日本.", "日本語", whole: true, find: true),
    ]

    @Test(arguments: literalsAndAlternation) func literalsAndAlternationFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: quantifiers) func quantifiersFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: anchorsAndDot) func anchorsAndDotFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: classes) func classesFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: properties) func propertiesFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: escapes) func escapesFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: flags) func flagsFollowJava(_ row: RegexRow) throws { try row.check() }
    @Test(arguments: unicodeText) func unicodeTextIsMatchedScalarByScalar(_ row: RegexRow) throws { try row.check() }

    @Test func thePatternIsKeptAsGiven() throws {
        #expect(try SafeRegex("a+b").pattern == "a+b")
    }
}
