/// Why a pattern was refused, or why a match call stopped.
package struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The family of a ``RegexError``.
    package enum Kind: String, Sendable, Equatable {
        /// The pattern is not valid Java regex syntax.
        case syntax
        /// Valid Java syntax this engine does not run (backreferences, lookaround, atomic groups, …).
        case unsupported
        /// The pattern is longer than ``RegexLimits/maxPatternBytes``.
        case patternTooLong
        /// The compiled program would exceed ``RegexLimits/maxInstructions``.
        case programTooLarge
        /// Groups or classes nest deeper than ``RegexLimits/maxNestingDepth``.
        case nestingTooDeep
        /// A match call took more than ``RegexLimits/maxSteps`` steps.
        case workLimit
    }

    /// What kind of refusal this is.
    package var kind: Kind
    /// Where in the pattern the problem starts, counted in Unicode scalars from 0, when it has a place.
    package var offset: Int?
    /// What was wrong, in words a mapping's author reads.
    package var reason: String

    /// An error of `kind` at `offset` for `reason`.
    package init(_ kind: Kind, at offset: Int? = nil, _ reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }

    /// One line, e.g. `regex refused at offset 3: backreferences (\1) are not supported`.
    package var description: String {
        switch (kind, offset) {
        case (.workLimit, _): "regex match stopped: \(reason)"
        case (_, let offset?): "regex refused at offset \(offset): \(reason)"
        case (_, nil): "regex refused: \(reason)"
        }
    }
}
