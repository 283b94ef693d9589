import ShortcutStubs
import Testing

/// The patterns that hang backtracking engines (Java's among them) answer here in linear work: each run is
/// given a budget of instructions × (scalars + 1) steps, the VM's bound, and must answer within it.
@Suite struct SafeRegexCatastrophicTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let text: String
        let answer: Bool

        var testDescription: String { "/\(pattern)/ on \(text.unicodeScalars.count) scalars" }
    }

    static let length = 30_000
    static let aaa = String(repeating: "a", count: length)
    static let xxx = String(repeating: "x", count: length)

    static let failing: [Case] = [
        Case(pattern: "(a+)+$", text: aaa + "!", answer: false),
        Case(pattern: "(a|a)*b", text: aaa, answer: false),
        Case(pattern: "(a|aa)*c", text: aaa, answer: false),
        Case(pattern: "^(\\w+\\s?)*$", text: aaa + "!", answer: false),
        Case(pattern: "(x+x+)+y", text: xxx, answer: false),
        Case(pattern: "(a*)*b", text: aaa, answer: false),
        Case(pattern: "^(a|a?)+$", text: aaa + "!", answer: false),
        Case(pattern: "(.*a){12}b", text: aaa, answer: false),
        Case(pattern: "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@)", text: aaa + "!", answer: false),
    ]

    static let matching: [Case] = [
        Case(pattern: "(a+)+$", text: aaa, answer: true),
        Case(pattern: "(a|aa)*", text: aaa, answer: true),
        Case(pattern: "^(\\w+\\s?)*$", text: String(repeating: "ab ", count: length / 3), answer: true),
    ]

    /// The linear budget: one step per instruction per text position.
    static func linearBudget(_ pattern: String, _ text: String) throws -> RegexLimits {
        let instructions = try SafeRegex(pattern).instructionCount
        return RegexLimits(maxSteps: instructions * (text.unicodeScalars.count + 1))
    }

    @Test(arguments: failing + matching) func wholeMatchAnswersWithinTheLinearBudget(_ item: Case) throws {
        let regex = try SafeRegex(item.pattern, limits: try Self.linearBudget(item.pattern, item.text))
        #expect(try regex.wholeMatch(item.text) == item.answer)
    }

    @Test(arguments: failing + matching) func containsMatchAnswersWithinTheLinearBudget(_ item: Case) throws {
        let regex = try SafeRegex(item.pattern, limits: try Self.linearBudget(item.pattern, item.text))
        #expect(try regex.containsMatch(item.text) == item.answer)
    }

    @Test func aURLPatternOnALongPathStaysWellInsideTheStandardBudget() throws {
        let path = "/api/" + String(repeating: "segment/", count: 12_500) + "42"
        let regex = try SafeRegex("/api/([a-z]+/)*[0-9]+")
        #expect(try regex.wholeMatch(path))
        #expect(try regex.containsMatch(path + "?x=1"))
        #expect(try !regex.wholeMatch(path + "x"))
    }
}
