/// Parses Java regex syntax into a ``RegexNode``: recursive descent over the pattern's elements, one level per
/// group or class (bounded by ``RegexLimits/maxNestingDepth``), flags applied as it reads.
struct RegexParser {
    let elements: [PatternElement]
    /// The pattern's length in scalars: the offset reported for problems at its end.
    let endOffset: Int
    let limits: RegexLimits
    var position = 0
    var flags: RegexFlags = []
    var depth = 0
    var groupNames: Set<String> = []

    /// The node for `pattern`, or the first problem found in it.
    static func parse(_ pattern: String, limits: RegexLimits) throws(RegexError) -> RegexNode {
        let elements = PatternElement.elements(of: pattern)
        var parser = RegexParser(elements: elements, endOffset: pattern.unicodeScalars.count, limits: limits)
        let node = try parser.parseAlternation()
        if let stray = parser.current {
            // parseAlternation stops only at the end or at a `)` no group opened.
            throw RegexError(.syntax, at: stray.offset, "unmatched closing ')'")
        }
        return node
    }

    // MARK: Reading

    /// The element under the cursor, or nil at the end.
    var current: PatternElement? {
        position < elements.count ? elements[position] : nil
    }

    /// The element `ahead` places past the cursor, or nil past the end.
    func element(ahead: Int) -> PatternElement? {
        position + ahead < elements.count ? elements[position + ahead] : nil
    }

    /// Where the cursor stands, for error messages.
    var currentOffset: Int {
        current?.offset ?? endOffset
    }

    /// Whether the cursor is on the unquoted metacharacter `scalar`.
    func atMeta(_ scalar: Unicode.Scalar) -> Bool {
        current?.isMeta(scalar) ?? false
    }

    /// Under `(?x)`, steps over unquoted whitespace and `#` comments (to the end of the line), as Java's
    /// `peekPastWhitespace` does.
    mutating func skipIgnorable() {
        guard flags.contains(.comments) else { return }
        while let element = current, !element.quoted {
            if Self.isASCIISpace(element.value) {
                position += 1
            } else if element.value == Unicode.Scalar("#").value {
                position += 1
                while let next = current, !isLineSeparator(next.value) { position += 1 }
            } else {
                return
            }
        }
    }

    private static func isASCIISpace(_ value: UInt32) -> Bool {
        value == 0x20 || (0x09...0x0D).contains(value)
    }

    private func isLineSeparator(_ value: UInt32) -> Bool {
        if flags.contains(.unixLines) { return value == 0x0A }
        return value == 0x0A || value == 0x0D || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    // MARK: Expressions

    /// `a|b|c`: branches until a `)` or the end.
    mutating func parseAlternation() throws(RegexError) -> RegexNode {
        var branches = [try parseSequence()]
        while atMeta("|") {
            position += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// The atoms of one branch, each with its quantifier.
    mutating func parseSequence() throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while true {
            skipIgnorable()
            guard let element = current, !element.isMeta("|"), !element.isMeta(")") else { break }
            if element.isMeta("(") {
                // A flags-only group such as (?i) yields nothing and, as in Java, takes no quantifier.
                guard let group = try parseGroup() else { continue }
                items.append(try parseQuantifier(on: group))
                continue
            }
            if !element.quoted, let meta = Unicode.Scalar(element.value), "*+?".unicodeScalars.contains(meta) {
                throw RegexError(.syntax, at: element.offset, "dangling meta character '\(meta)': there is nothing before it to repeat")
            }
            let atom = try parseAtom()
            items.append(try parseQuantifier(on: atom))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concatenation(items))
    }

    /// One atom: a literal, `.`, an anchor, a class or an escape.
    private mutating func parseAtom() throws(RegexError) -> RegexNode {
        guard let element = current else { return .empty }
        if element.quoted { return literal(consuming: element) }
        switch Unicode.Scalar(element.value) {
        case "[":
            return .oneOf(try parseClass())
        case "\\":
            switch try parseEscape(inClass: false, rangeStart: false) {
            case .value(let value): return literal(value)
            case .set(let set): return .oneOf(set)
            case .node(let node): return node
            }
        case "^":
            position += 1
            return .assertion(flags.contains(.multiline) ? .startOfLine(unixLines: flags.contains(.unixLines)) : .startOfInput)
        case "$":
            position += 1
            let unixLines = flags.contains(.unixLines)
            return .assertion(
                flags.contains(.multiline) ? .endOfLine(unixLines: unixLines) : .endOfInputOrBeforeFinalTerminator(unixLines: unixLines))
        case ".":
            position += 1
            if flags.contains(.dotAll) { return .anyScalar }
            return .oneOf(flags.contains(.unixLines) ? PredefinedClasses.unixDot : PredefinedClasses.dot)
        case "{":
            // Java reads a `{` where an atom belongs as an empty atom and lets the quantifier parser judge it:
            // `{2}` alone repeats nothing, `{x` is an illegal repetition.
            return .empty
        default:
            return literal(consuming: element)
        }
    }

    private mutating func literal(consuming element: PatternElement) -> RegexNode {
        position += 1
        return literal(element.value)
    }

    /// One literal scalar under the current case flags, as Java's `single` builds it.
    func literal(_ value: UInt32) -> RegexNode {
        guard flags.contains(.caseInsensitive) else { return .scalar(value) }
        if flags.contains(.unicodeCase) {
            let upper = CaseFolding.upper(value)
            let lower = CaseFolding.lower(upper)
            return upper == lower ? .scalar(value) : .oneOf(.foldedValues(ScalarRanges(values: [lower])))
        }
        guard let swapped = CaseFolding.asciiSwapped(value) else { return .scalar(value) }
        return .oneOf(.ranges(ScalarRanges(values: [value, swapped])))
    }

    // MARK: Nesting

    /// Enters a group or class opened at `offset`, refusing nesting past the limit.
    mutating func enterNesting(at offset: Int) throws(RegexError) {
        depth += 1
        if depth > limits.maxNestingDepth {
            throw RegexError(
                .nestingTooDeep, at: offset,
                "groups and classes nest more than \(limits.maxNestingDepth) deep (maxNestingDepth \(limits.maxNestingDepth))")
        }
    }
}
