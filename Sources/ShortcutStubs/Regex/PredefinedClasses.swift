/// The classes Java predefines (`\d \s \w \h \v`, `.` and the POSIX names), in their ASCII and Unicode
/// (`(?U)`) forms, as Java's `CharPredicates` defines them.
enum PredefinedClasses {
    /// `[0-9]`.
    static let asciiDigit = ScalarClass.of(0x30...0x39)
    /// `[a-zA-Z_0-9]`.
    static let asciiWord = ScalarClass.of(0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A)
    /// `[ \t\n\x0B\f\r]`.
    static let asciiSpace = ScalarClass.of(0x09...0x0D, 0x20...0x20)
    /// `\h`: `[ \t\xA0\u1680\u180e\u2000-\u200a\u202f\u205f\u3000]`.
    static let horizontalSpace = ScalarClass.of(
        0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E, 0x2000...0x200A, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000)
    /// `\v`: `[\n\x0B\f\r\x85\u2028\u2029]`.
    static let verticalSpace = ScalarClass.of(0x0A...0x0D, 0x85...0x85, 0x2028...0x2029)
    /// Java's line terminators, which `.` does not match without `(?s)`: `\n \r \u0085 \u2028 \u2029`.
    static let lineTerminators = ScalarClass.of(0x0A...0x0A, 0x0D...0x0D, 0x85...0x85, 0x2028...0x2029)
    /// `.` without `(?s)`.
    static let dot = lineTerminators.negated
    /// `.` with `(?d)` and without `(?s)`: anything but `\n`.
    static let unixDot = ScalarClass.single(0x0A).negated

    /// `\p{Nd}`: Java `Character.isDigit`, `\d` under `(?U)`.
    static let unicodeDigit = ScalarClass.predicate(.categories(ScalarPredicate.bit(.decimalNumber)))
    /// Java `WHITE_SPACE()`: Zs Zl Zp, `\t`-`\r` and `\u0085`; `\s` under `(?U)`.
    static let whiteSpace = ScalarClass.union(of: [
        .predicate(.categories(ScalarPredicate.separators)), .of(0x09...0x0D, 0x85...0x85),
    ])
    /// Java `WORD()`: alphabetic, marks, decimal digits, connector punctuation and the join controls; `\w`
    /// under `(?U)`.
    static let unicodeWord = ScalarClass.union(of: [
        .predicate(.alphabetic),
        .predicate(.categories(ScalarPredicate.marks | ScalarPredicate.mask(.decimalNumber, .connectorPunctuation))),
        .of(0x200C...0x200D),
    ])

    /// `\d`, `\s` or `\w` (lower-case letter) and their complements (upper-case), ASCII or Unicode; `\h \v`.
    static func escape(_ letter: Unicode.Scalar, unicode: Bool) -> ScalarClass? {
        let positive: ScalarClass
        switch letter {
        case "d", "D": positive = unicode ? unicodeDigit : asciiDigit
        case "s", "S": positive = unicode ? whiteSpace : asciiSpace
        case "w", "W": positive = unicode ? unicodeWord : asciiWord
        case "h", "H": positive = horizontalSpace
        case "v", "V": positive = verticalSpace
        default: return nil
        }
        return letter.properties.isUppercase ? positive.negated : positive
    }
}
