/// The parsed pattern. Groups are gone (a yes/no answer needs no captures) and flags are already applied: each
/// node says exactly which scalars or positions it accepts.
indirect enum RegexNode: Sendable, Equatable {
    /// Matches the empty string.
    case empty
    /// One scalar with exactly this value.
    case scalar(UInt32)
    /// One scalar of the class.
    case oneOf(ScalarClass)
    /// Any one scalar (`.` under `(?s)`).
    case anyScalar
    /// A zero-width test of the position.
    case assertion(RegexAssertion)
    /// Each node in turn.
    case concatenation([RegexNode])
    /// Any one of the nodes.
    case alternation([RegexNode])
    /// The node `min` to `max` times (`max` nil: no upper bound). `possessive` holds the node's class when the
    /// quantifier is possessive (`*+`, `++`, `?+`, `{n,m}+`): the run of that class is then taken whole.
    case repetition(RegexNode, min: Int, max: Int?, possessive: ScalarClass?)

    /// The class of scalars when the node always consumes exactly one scalar, else nil; what a possessive
    /// quantifier needs to be run without backtracking.
    var singleScalarClass: ScalarClass? {
        switch self {
        case .scalar(let value): return .single(value)
        case .oneOf(let set): return set
        case .anyScalar: return ScalarClass.ranges(ScalarRanges([])).negated
        case .concatenation(let nodes) where nodes.count == 1: return nodes[0].singleScalarClass
        case .alternation(let nodes):
            var members: [ScalarClass] = []
            for node in nodes {
                guard let member = node.singleScalarClass else { return nil }
                members.append(member)
            }
            return ScalarClass.union(of: members)
        case .repetition(let node, min: 1, max: 1, _): return node.singleScalarClass
        default: return nil
        }
    }

    /// Whether the node never consumes a scalar (assertions and empty groups only).
    var isZeroWidth: Bool {
        switch self {
        case .empty, .assertion: true
        case .scalar, .oneOf, .anyScalar: false
        case .concatenation(let nodes), .alternation(let nodes): nodes.allSatisfy(\.isZeroWidth)
        case .repetition(let node, _, let max, _): max == 0 || node.isZeroWidth
        }
    }
}

/// A test of a position in the text, with Java's definitions of lines and words.
enum RegexAssertion: Sendable, Equatable {
    /// `\A`, and `^` without `(?m)`.
    case startOfInput
    /// `\z`.
    case endOfInput
    /// `\Z`, and `$` without `(?m)`: the end, or before a line terminator that ends the input.
    case endOfInputOrBeforeFinalTerminator(unixLines: Bool)
    /// `^` with `(?m)`: the start, or after a line terminator, but never at the end of the input.
    case startOfLine(unixLines: Bool)
    /// `$` with `(?m)`: before a line terminator, or at the end.
    case endOfLine(unixLines: Bool)
    /// `\b` (`isBoundary` true) or `\B`; `unicode` under `(?U)`.
    case wordBoundary(isBoundary: Bool, unicode: Bool)
}
