// A Java-compatible regular expression engine that cannot be driven into catastrophic backtracking.
//
// WireMock's `matches`, `doesNotMatch`, `urlPattern` and `urlPathPattern` use java.util.regex. This engine reads
// the same syntax, compiles it to a Thompson NFA and runs it as a Pike VM over Unicode scalars: every call costs
// at most (instructions × scalars) steps, never exponential, and is stopped at RegexLimits.maxSteps.
//
// | Construct                                                 | Status                                                         |
// |-----------------------------------------------------------|----------------------------------------------------------------|
// | literals, `\\`, `\` before any non-letter                 | supported                                                      |
// | `\Q...\E` quoting                                         | supported                                                      |
// | `\t \n \r \f \a \e \cX \0oo \xhh \x{h..h} \uhhhh`         | supported; `\uD83D\uDE00` joins into one scalar                |
// | `.`                                                       | supported; not `\n \r \u0085 \u2028 \u2029` unless `(?s)`      |
// | `\d \D \w \W \s \S \h \H \v \V`                           | supported; ASCII, Unicode under `(?U)`                         |
// | `[abc] [^a-z] [\d_] [a[bc]] [a-z&&[^x]]`                  | supported; Java 9+: `^` negates the whole class                |
// | `\p{L} \p{Lu} \pL \P{L} \p{IsAlphabetic} \p{gc=Lu}`       | supported: general categories, binary properties               |
// | `\p{Alpha} \p{Digit} \p{Punct}` and the other POSIX names | supported; ASCII, Unicode under `(?U)`                         |
// | `\p{javaLowerCase}` and the other `Character.isX` names   | supported                                                      |
// | `^ $ \A \z \Z`                                            | supported; `^ $` per line under `(?m)`, only `\n` under `(?d)` |
// | `\b \B`                                                   | supported; Java 19+: word is `\w`, plus marks after a letter   |
// | `\R`                                                      | supported: `\r\n` or one vertical whitespace                   |
// | `( )`, `(?: )`, `(?<name> )`, alternation `a\|b`          | supported; captures are not reported (yes/no only)             |
// | `* + ? {n} {n,} {n,m}`, lazy `*? +? ?? {n,m}?`            | supported; lazy and greedy give the same yes/no answer         |
// | possessive `*+ ++ ?+ {n,m}+`                              | supported on one character or class; refused on a group        |
// | `(?idmsuxU-idmsuxU)`, scoped `(?i: )`                     | supported; `(?i)` ASCII, `(?iu)` Unicode simple case mapping   |
// | `{` that does not start a count (`/users/{id}`)           | refused (syntax), as in Java: write `\{`                       |
// | backreferences `\1 \k<name>`                              | refused (unsupported)                                          |
// | lookaround `(?= (?! (?<= (?<!`                            | refused (unsupported)                                          |
// | `(?>...)`, `\G`, `\X`, `\b{g}`, `\N{...}`, `(?c)`         | refused (unsupported)                                          |
// | scripts and blocks `\p{IsLatin} \p{InGreek}`              | refused (unsupported)                                          |
// | unknown escapes, unbalanced parens, `{3,1}`               | refused (syntax), with the offset                              |
//
// Limits (RegexLimits): pattern 4096 UTF-8 bytes; 20,000 compiled instructions (counted repeats are expanded);
// 100 levels of group/class nesting; 50,000,000 VM steps per match call.

/// A compiled Java regular expression that matches in time linear in the text, for WireMock's `matches`,
/// `doesNotMatch`, `urlPattern` and `urlPathPattern`.
///
/// ```swift
/// let regex = try SafeRegex("/api/users/[0-9]+")
/// try regex.wholeMatch("/api/users/42")    // true, like Java's Matcher.matches()
/// try regex.containsMatch("GET /api/users/42 HTTP/1.1")  // true, like Matcher.find()
/// ```
package struct SafeRegex: Sendable {
    /// The pattern as given.
    package let pattern: String
    private let program: RegexProgram
    private let limits: RegexLimits

    /// Compiles `pattern` (Java syntax), or throws a ``RegexError`` saying what was refused and where.
    package init(_ pattern: String, limits: RegexLimits = .standard) throws(RegexError) {
        let bytes = pattern.utf8.count
        guard bytes <= limits.maxPatternBytes else {
            throw RegexError(
                .patternTooLong, "the pattern is \(bytes) bytes; the limit is \(limits.maxPatternBytes) (maxPatternBytes)")
        }
        let node = try RegexParser.parse(pattern, limits: limits)
        self.pattern = pattern
        self.program = try RegexCompiler.compile(node, limits: limits)
        self.limits = limits
    }

    /// Java's `Matcher.matches()`: the whole text matches.
    ///
    /// Throws a `workLimit` ``RegexError`` when the match needs more than ``RegexLimits/maxSteps`` steps.
    package func wholeMatch(_ text: String) throws(RegexError) -> Bool {
        let machine = PikeVM(program: program, maxSteps: limits.maxSteps)
        return try machine.run(text, anchored: true)
    }

    /// Java's `Matcher.find()`: some part of the text matches.
    ///
    /// Throws a `workLimit` ``RegexError`` when the search needs more than ``RegexLimits/maxSteps`` steps.
    package func containsMatch(_ text: String) throws(RegexError) -> Bool {
        let machine = PikeVM(program: program, maxSteps: limits.maxSteps)
        return try machine.run(text, anchored: false)
    }

    /// How many instructions the compiled program holds, the final accept included.
    package var instructionCount: Int {
        program.instructions.count
    }
}
