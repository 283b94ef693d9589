/// The bounds a ``SafeRegex`` keeps to, whatever pattern or text it is given.
///
/// Each one is a number a hostile mapping could otherwise grow: the pattern's size, the compiled program's size
/// (counted repeats are expanded, so `(?:a{1000}){1000}` is a million instructions and is refused), the nesting of
/// groups and classes (the parser and compiler recurse once per level), and the work one match call may do.
package struct RegexLimits: Sendable, Equatable {
    /// The longest pattern accepted, in UTF-8 bytes.
    package var maxPatternBytes: Int
    /// The most instructions a compiled program may hold, the final accept included.
    package var maxInstructions: Int
    /// The most VM steps (one per thread visit of one instruction at one text position) a single match call may take;
    /// past it the call throws a ``RegexError`` of kind `workLimit`.
    package var maxSteps: Int
    /// The deepest nesting of groups and character classes the parser accepts.
    package var maxNestingDepth: Int

    /// Limits with the given values; each defaults to its ``standard`` value.
    package init(maxPatternBytes: Int = 4096, maxInstructions: Int = 20_000, maxSteps: Int = 50_000_000, maxNestingDepth: Int = 100) {
        self.maxPatternBytes = maxPatternBytes
        self.maxInstructions = maxInstructions
        self.maxSteps = maxSteps
        self.maxNestingDepth = maxNestingDepth
    }

    /// 4096 pattern bytes, 20,000 instructions, 50,000,000 steps per match call, 100 levels of nesting.
    package static let standard = RegexLimits()
}
