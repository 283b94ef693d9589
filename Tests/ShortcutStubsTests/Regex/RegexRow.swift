import ShortcutStubs
import Testing

/// One row of a Java-semantics table: what `Pattern.compile(pattern).matcher(text)` answers for `matches()`
/// (`whole`) and `find()` (`find`).
struct RegexRow: Sendable, CustomTestStringConvertible {
    let pattern: String
    let text: String
    let whole: Bool
    let find: Bool

    init(_ pattern: String, _ text: String, whole: Bool, find: Bool) {
        self.pattern = pattern
        self.text = text
        self.whole = whole
        self.find = find
    }

    var testDescription: String {
        "/\(pattern)/ on \(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())"
    }

    /// Checks both answers.
    func check() throws {
        let regex = try SafeRegex(pattern)
        #expect(try regex.wholeMatch(text) == whole, "matches()")
        #expect(try regex.containsMatch(text) == find, "find()")
    }
}
