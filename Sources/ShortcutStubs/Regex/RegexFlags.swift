/// Java's match flags as inline modifiers set them: `(?idmsuxU)`, `(?-i)`, `(?i:…)`.
struct RegexFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// `i`: ASCII case-insensitive (Unicode too with `u`).
    static let caseInsensitive = RegexFlags(rawValue: 1 << 0)
    /// `m`: `^` and `$` match at line terminators.
    static let multiline = RegexFlags(rawValue: 1 << 1)
    /// `s`: `.` matches line terminators too.
    static let dotAll = RegexFlags(rawValue: 1 << 2)
    /// `d`: only `\n` ends a line.
    static let unixLines = RegexFlags(rawValue: 1 << 3)
    /// `u`: case-insensitivity uses Unicode case mapping.
    static let unicodeCase = RegexFlags(rawValue: 1 << 4)
    /// `x`: whitespace and `#` comments in the pattern are ignored.
    static let comments = RegexFlags(rawValue: 1 << 5)
    /// `U`: `\d \s \w \b` and the POSIX names are Unicode-aware (implies `u`).
    static let unicodeClasses = RegexFlags(rawValue: 1 << 6)

    /// The flag an inline modifier letter names, or nil for a letter Java does not know.
    static func named(_ letter: UInt32) -> RegexFlags? {
        guard let scalar = Unicode.Scalar(letter) else { return nil }
        switch scalar {
        case "i": return .caseInsensitive
        case "m": return .multiline
        case "s": return .dotAll
        case "d": return .unixLines
        case "u": return .unicodeCase
        case "x": return .comments
        case "U": return [.unicodeClasses, .unicodeCase]
        default: return nil
        }
    }
}
