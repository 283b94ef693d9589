/// A compiled pattern: instructions for ``PikeVM``, in the style of Thompson's construction, and the classes
/// they test. Its size is bounded by ``RegexLimits/maxInstructions``.
struct RegexProgram: Sendable {
    /// One VM instruction (a trivial value, so the VM reads it straight from memory). Indices refer to
    /// ``instructions`` or, for classes, to ``classes``.
    enum Instruction: Sendable, Equatable {
        /// Consume a scalar with this value.
        case scalar(UInt32)
        /// Consume a scalar in `classes[index]`.
        case oneOf(Int)
        /// Consume any scalar.
        case anyScalar
        /// Continue at both targets.
        case split(Int, Int)
        /// Continue at the target.
        case jump(Int)
        /// Continue at the next instruction if the position passes the test.
        case assert(RegexAssertion)
        /// Continue if the text ends here or its next scalar is not in `classes[index]`: the exit of a
        /// possessive loop, which may stop only where its class stops.
        case notFollowedBy(Int)
        /// The pattern has matched.
        case match
    }

    /// The instructions; execution starts at 0.
    let instructions: [Instruction]
    /// The classes `oneOf` and `notFollowedBy` test, each once.
    let classes: [ScalarClass]
    /// Two words per class: which of the 128 ASCII scalars it holds, so ASCII text never walks a class tree.
    let asciiBitmaps: [UInt64]
    /// Whether any instruction tests a word boundary, the one test that needs the text's marks tracked.
    let testsWordBoundaries: Bool

    /// The program of `instructions` over `classes`.
    init(instructions: [Instruction], classes: [ScalarClass]) {
        self.instructions = instructions
        self.classes = classes
        var bitmaps = [UInt64](repeating: 0, count: 2 * classes.count)
        for (index, set) in classes.enumerated() {
            for value in UInt32(0)..<128 where set.contains(value) {
                bitmaps[2 * index + Int(value >> 6)] |= 1 << UInt64(value & 63)
            }
        }
        self.asciiBitmaps = bitmaps
        self.testsWordBoundaries = instructions.contains {
            if case .assert(.wordBoundary) = $0 { return true }
            return false
        }
    }
}
