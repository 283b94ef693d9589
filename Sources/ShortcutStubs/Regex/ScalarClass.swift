/// A character class: the set of scalars one step of the VM may consume, built from ranges, Java's
/// case-insensitive items and Unicode properties, combined by union, intersection (`&&`) and complement (`^`).
///
/// Tests walk the tree once per scalar; its size is bounded by the pattern's and its depth by the nesting limit.
indirect enum ScalarClass: Sendable, Hashable {
    /// Exactly these values.
    case ranges(ScalarRanges)
    /// Java's `CIRangeU`: the value, its uppercase, or the lowercase of that uppercase is in the ranges.
    case caseInsensitiveRanges(ScalarRanges)
    /// Java's `SingleU`: the value, or its Unicode fold, is one of these folded values.
    case foldedValues(ScalarRanges)
    /// A Unicode property.
    case predicate(ScalarPredicate)
    /// Any member's values.
    case union([ScalarClass])
    /// The values every member holds.
    case intersection([ScalarClass])
    /// The values the member does not hold.
    case complement(ScalarClass)

    /// Whether the class holds `value`.
    func contains(_ value: UInt32) -> Bool {
        switch self {
        case .ranges(let ranges):
            return ranges.contains(value)
        case .caseInsensitiveRanges(let ranges):
            if ranges.contains(value) { return true }
            let upper = CaseFolding.upper(value)
            return ranges.contains(upper) || ranges.contains(CaseFolding.lower(upper))
        case .foldedValues(let folded):
            return folded.contains(value) || folded.contains(CaseFolding.fold(value))
        case .predicate(let predicate):
            return predicate.contains(value)
        case .union(let members):
            return members.contains { $0.contains(value) }
        case .intersection(let members):
            return members.allSatisfy { $0.contains(value) }
        case .complement(let member):
            return !member.contains(value)
        }
    }

    /// The class of one value.
    static func single(_ value: UInt32) -> ScalarClass {
        .ranges(ScalarRanges(values: [value]))
    }

    /// The class of these ranges.
    static func of(_ ranges: ClosedRange<UInt32>...) -> ScalarClass {
        .ranges(ScalarRanges(ranges))
    }

    /// The union of `members`, with nested unions flattened and plain ranges merged into one sorted set so the
    /// common class (`[a-zA-Z0-9_]`) is one binary search.
    static func union(of members: [ScalarClass]) -> ScalarClass {
        var plain: [ClosedRange<UInt32>] = []
        var others: [ScalarClass] = []
        var pending = members
        var index = 0
        while index < pending.count {
            switch pending[index] {
            case .ranges(let ranges): plain += ranges.ranges
            case .union(let nested): pending += nested
            case let other: others.append(other)
            }
            index += 1
        }
        let merged = ScalarRanges(plain)
        if others.isEmpty { return .ranges(merged) }
        if merged.isEmpty, others.count == 1 { return others[0] }
        return .union((merged.isEmpty ? [] : [.ranges(merged)]) + others)
    }

    /// The complement, computed on the ranges themselves when the class is plain ranges.
    var negated: ScalarClass {
        switch self {
        case .ranges(let ranges): .ranges(ranges.complement)
        case .complement(let member): member
        default: .complement(self)
        }
    }

    /// The intersection of `members` (each operand of `&&`).
    static func intersection(of members: [ScalarClass]) -> ScalarClass {
        members.count == 1 ? members[0] : .intersection(members)
    }
}
