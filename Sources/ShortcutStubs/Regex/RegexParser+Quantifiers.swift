extension RegexParser {
    /// The atom with the quantifier that follows it, if any: `? * + {n} {n,} {n,m}`, each greedy, lazy (`?`) or
    /// possessive (`+`).
    ///
    /// Greedy and lazy differ only in which match is found first, never in whether one exists, so both compile to
    /// the same automaton. Possessive does change the answer (`a*+a` never matches); it is exact here for an atom
    /// of one scalar (`\d++`, `[^/]*+`), where it means "take the whole run", and refused on longer atoms.
    mutating func parseQuantifier(on atom: RegexNode) throws(RegexError) -> RegexNode {
        skipIgnorable()
        guard let element = current, !element.quoted, let scalar = Unicode.Scalar(element.value) else { return atom }
        let min: Int
        let max: Int?
        switch scalar {
        case "?": (min, max) = (0, 1)
        case "*": (min, max) = (0, nil)
        case "+": (min, max) = (1, nil)
        case "{": (min, max) = try parseCountedBounds()
        default: return atom
        }
        if scalar != "{" { position += 1 }
        skipIgnorable()
        if atMeta("?") {
            position += 1
        } else if atMeta("+") {
            position += 1
            return try possessive(atom, min: min, max: max, at: element.offset)
        }
        return .repetition(atom, min: min, max: max, possessive: nil)
    }

    private func possessive(_ atom: RegexNode, min: Int, max: Int?, at offset: Int) throws(RegexError) -> RegexNode {
        // Taking all of nothing or none of nothing ends at the same place: possessive is greedy here.
        if atom.isZeroWidth { return .repetition(atom, min: min, max: max, possessive: nil) }
        guard let set = atom.singleScalarClass else {
            throw RegexError(
                .unsupported, at: offset,
                "possessive quantifiers (*+ ++ ?+ {n,m}+) are supported on a single character or class only, not on a group")
        }
        return .repetition(atom, min: min, max: max, possessive: set)
    }

    /// `{n}`, `{n,}` or `{n,m}` with the cursor on `{`; leaves the cursor after `}`.
    private mutating func parseCountedBounds() throws(RegexError) -> (Int, Int?) {
        let open = currentOffset
        position += 1
        guard let first = current, isDigit(first) else {
            throw RegexError(.syntax, at: open, "illegal repetition: '{' starts a count {n}, {n,} or {n,m} (write \\{ for a brace)")
        }
        let min = try parseCount(from: open)
        var max: Int? = min
        if atMeta(",") {
            position += 1
            if atMeta("}") {
                max = nil
            } else {
                max = current.map(isDigit) == true ? try parseCount(from: open) : 0
            }
        }
        guard atMeta("}") else { throw RegexError(.syntax, at: open, "unclosed counted repetition: '}' expected") }
        position += 1
        if let max, max < min {
            throw RegexError(.syntax, at: open, "illegal repetition range {\(min),\(max)}: the maximum is below the minimum")
        }
        return (min, max)
    }

    private func isDigit(_ element: PatternElement) -> Bool {
        !element.quoted && (0x30...0x39).contains(element.value)
    }

    private mutating func parseCount(from open: Int) throws(RegexError) -> Int {
        var count = 0
        while let element = current, isDigit(element) {
            count = count * 10 + Int(element.value - 0x30)
            // Java refuses counts past Int32.max; the instruction limit refuses far smaller ones later.
            if count > Int(Int32.max) { throw RegexError(.syntax, at: open, "illegal repetition range: count above \(Int32.max)") }
            position += 1
        }
        return count
    }
}
