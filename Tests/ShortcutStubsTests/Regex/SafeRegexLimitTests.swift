import ShortcutStubs
import Testing

/// Each limit holds at its value N and refuses N + 1, and the refusal names the limit.
@Suite struct SafeRegexLimitTests {
    @Test func standardLimitsAreTheDocumentedDefaults() {
        #expect(
            RegexLimits.standard == RegexLimits(maxPatternBytes: 4096, maxInstructions: 20_000, maxSteps: 50_000_000, maxNestingDepth: 100))
    }

    @Test func aPatternOfMaxPatternBytesIsAcceptedAndOneMoreByteIsRefused() throws {
        #expect(try SafeRegex(String(repeating: "a", count: 4096)).wholeMatch(String(repeating: "a", count: 4096)))
        #expect(throws: RegexError(.patternTooLong, "the pattern is 4097 bytes; the limit is 4096 (maxPatternBytes)")) {
            try SafeRegex(String(repeating: "a", count: 4097))
        }
    }

    @Test func patternBytesAreUTF8Bytes() throws {
        _ = try SafeRegex(String(repeating: "é", count: 5), limits: RegexLimits(maxPatternBytes: 10))
        #expect(throws: RegexError(.patternTooLong, "the pattern is 11 bytes; the limit is 10 (maxPatternBytes)")) {
            try SafeRegex(String(repeating: "é", count: 5) + "a", limits: RegexLimits(maxPatternBytes: 10))
        }
    }

    static let tooLarge = RegexError(
        .programTooLarge,
        "the compiled pattern needs more than 20000 instructions (maxInstructions); counted repeats such as {1000} are expanded, "
            + "so reduce their counts")

    @Test func aProgramOfMaxInstructionsIsAcceptedAndOneMoreIsRefused() throws {
        // a{N} is N scalar instructions and the final accept.
        let largest = try SafeRegex("a{19999}")
        #expect(largest.instructionCount == 20_000)
        #expect(try largest.wholeMatch(String(repeating: "a", count: 19_999)))
        #expect(throws: Self.tooLarge) { try SafeRegex("a{20000}") }
    }

    @Test(arguments: ["(?:a{1000}){1000}", "(?:(?:a{1000}){1000}){1000}", "a{2147483647}", "[a-z]{0,2147483647}", "(?:a|b){10000}"])
    func countedRepeatsAreExpandedBeforeTheyAreBuilt(_ pattern: String) {
        #expect(throws: Self.tooLarge) { try SafeRegex(pattern) }
    }

    @Test(arguments: [
        ("a{3}", 4), ("a{2,4}", 7), ("a*", 4), ("a+", 3), ("a{2,}", 4), ("a|b|c", 8), ("a*+", 5), ("a{1,3}+", 8), ("(?:^)*", 1),
        ("(?:^)+", 2),
    ])
    func instructionCountsAreThoseOfTheDocumentedExpansion(_ pattern: String, _ count: Int) throws {
        #expect(try SafeRegex(pattern).instructionCount == count)
    }

    @Test func nestingOfMaxNestingDepthIsAcceptedAndOneMoreLevelIsRefused() throws {
        let deepest = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(try SafeRegex(deepest).wholeMatch("a"))
        let classes = String(repeating: "[", count: 100) + "a" + String(repeating: "]", count: 100)
        #expect(try SafeRegex(classes).wholeMatch("a"))
        let refusal = RegexError(.nestingTooDeep, at: 100, "groups and classes nest more than 100 deep (maxNestingDepth 100)")
        #expect(throws: refusal) { try SafeRegex("(" + deepest + ")") }
        #expect(throws: refusal) { try SafeRegex(String(repeating: "(", count: 100) + "[a])" + String(repeating: ")", count: 99)) }
    }

    @Test func aMatchOfMaxStepsSucceedsAndOneStepLessThrows() throws {
        // a* is split, a, jump, accept: 3 steps at the start, then 4 per scalar (jump, split, a, accept).
        let text = String(repeating: "a", count: 10)
        #expect(try SafeRegex("a*", limits: RegexLimits(maxSteps: 43)).wholeMatch(text))
        let error = RegexError(.workLimit, "matching took more than 42 steps (maxSteps); the pattern is too large for this text")
        #expect(throws: error) { try SafeRegex("a*", limits: RegexLimits(maxSteps: 42)).wholeMatch(text) }
    }

    @Test func theStandardStepBudgetStopsABigProgramOnABigText() throws {
        // About 4,000 live threads per position over 30,000 positions: 120 million steps, past the 50 million budget.
        let regex = try SafeRegex("[ab]{1,2000}c")
        #expect(regex.instructionCount == 4001)
        #expect(throws: RegexError(.workLimit, "matching took more than 50000000 steps (maxSteps); the pattern is too large for this text"))
        {
            try regex.containsMatch(String(repeating: "a", count: 30_000))
        }
    }
}
