extension RegexParser {
    /// A bracketed class with the cursor on `[`, as Java 9+ reads it: members are united; `&&` intersects
    /// what stands before it with what follows (`[a-z&&[^aeiou]]`); a leading `^` negates the whole class; nested
    /// classes are members; `]` first in a class is a literal; `-` first, last or before `[` is a literal.
    mutating func parseClass() throws(RegexError) -> ScalarClass {
        let open = currentOffset
        try enterNesting(at: open)
        position += 1
        let negated = atMeta("^")
        if negated { position += 1 }
        var operands: [ScalarClass] = []
        var members: [ScalarClass] = []
        var hasMember = false
        while true {
            skipIgnorable()
            guard let token = current else { throw RegexError(.syntax, at: open, "unclosed character class: ']' expected") }
            if token.isMeta("[") {
                members.append(try parseClass())
                hasMember = true
            } else if token.isMeta("&"), element(ahead: 1)?.isMeta("&") == true {
                position += 2
                if !members.isEmpty { operands.append(ScalarClass.union(of: members)) }
                members = []
            } else if token.isMeta("]"), hasMember {
                position += 1
                break
            } else {
                members.append(try parseClassItem())
                hasMember = true
            }
        }
        if !members.isEmpty { operands.append(ScalarClass.union(of: members)) }
        depth -= 1
        let body = operands.isEmpty ? ScalarClass.ranges(ScalarRanges([])) : ScalarClass.intersection(of: operands)
        return negated ? body.negated : body
    }

    /// One member: a scalar, a range `a-z`, an escape such as `\d` or `\p{L}`.
    private mutating func parseClassItem() throws(RegexError) -> ScalarClass {
        guard let start = current else { return .ranges(ScalarRanges([])) }
        let low: UInt32
        if start.isMeta("\\") {
            switch try parseEscape(inClass: true, rangeStart: element(ahead: 2)?.isMeta("-") == true) {
            case .value(let value): low = value
            case .set(let set): return set
            case .node: throw RegexError(.syntax, at: start.offset, "this escape is not allowed in a class")
            }
        } else {
            low = start.value
            position += 1
        }
        skipIgnorable()
        // `-` makes a range unless it closes the class or comes before a nested class.
        guard atMeta("-"), let after = element(ahead: 1), !after.isMeta("]"), !after.isMeta("[") else {
            return single(low)
        }
        position += 1
        let high: UInt32
        if after.isMeta("\\") {
            guard case .value(let value) = try parseEscape(inClass: true, rangeStart: true) else {
                throw RegexError(.syntax, at: start.offset, "illegal character range: a class escape cannot end a range")
            }
            high = value
        } else {
            high = after.value
            position += 1
        }
        guard low <= high else {
            throw RegexError(.syntax, at: start.offset, "illegal character range: the end is below the start")
        }
        return range(low...high)
    }

    /// One scalar under the current case flags.
    private func single(_ value: UInt32) -> ScalarClass {
        switch literal(value) {
        case .oneOf(let set): set
        default: .single(value)
        }
    }

    /// A range under the current case flags: Java's `Range`, `CIRange` (ASCII) or `CIRangeU` (Unicode).
    private func range(_ bounds: ClosedRange<UInt32>) -> ScalarClass {
        guard flags.contains(.caseInsensitive) else { return .ranges(ScalarRanges([bounds])) }
        if flags.contains(.unicodeCase) { return .caseInsensitiveRanges(ScalarRanges([bounds])) }
        // ASCII case-insensitivity adds only ASCII letters, so the whole answer is ranges.
        var added: [ClosedRange<UInt32>] = [bounds]
        for value in UInt32(0x41)...0x7A
        where bounds.contains(CaseFolding.asciiUpper(value)) || bounds.contains(CaseFolding.asciiLower(value)) {
            added.append(value...value)
        }
        return .ranges(ScalarRanges(added))
    }
}
