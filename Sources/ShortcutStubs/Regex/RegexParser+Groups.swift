extension RegexParser {
    /// A group with the cursor on `(`: `( )`, `(?: )`, `(?<name> )`, `(?flags: )`, or flags alone `(?flags)`,
    /// which returns nil and changes the flags until the enclosing group closes (as in Java, across `|` too).
    /// Lookaround and atomic groups are refused.
    mutating func parseGroup() throws(RegexError) -> RegexNode? {
        let open = currentOffset
        position += 1
        let saved = flags
        if atMeta("?") {
            position += 1
            let kind = current.flatMap { Unicode.Scalar($0.value) }
            switch kind {
            case ":":
                position += 1
            case "=":
                throw RegexError(.unsupported, at: open, "lookahead (?=...) is not supported")
            case "!":
                throw RegexError(.unsupported, at: open, "negative lookahead (?!...) is not supported")
            case ">":
                throw RegexError(.unsupported, at: open, "atomic groups (?>...) are not supported")
            case "<":
                position += 1
                try parseGroupName(groupAt: open)
            case "$", "@":
                throw RegexError(.syntax, at: open, "unknown group type (?\(kind.map(String.init) ?? "")")
            default:
                try parseInlineFlags(groupAt: open)
                if atMeta(")") {
                    position += 1
                    return nil
                }
                guard atMeta(":") else { throw RegexError(.syntax, at: currentOffset, "unknown inline modifier") }
                position += 1
            }
        }
        try enterNesting(at: open)
        let body = try parseAlternation()
        guard atMeta(")") else { throw RegexError(.syntax, at: open, "unclosed group: ')' expected") }
        position += 1
        depth -= 1
        flags = saved
        return body
    }

    /// After `(?<`: a lookbehind (refused) or a group name, a Latin letter then letters and digits, then `>`.
    private mutating func parseGroupName(groupAt open: Int) throws(RegexError) {
        if atMeta("=") { throw RegexError(.unsupported, at: open, "lookbehind (?<=...) is not supported") }
        if atMeta("!") { throw RegexError(.unsupported, at: open, "negative lookbehind (?<!...) is not supported") }
        var name = ""
        while let element = current, let scalar = Unicode.Scalar(element.value), !element.quoted,
            scalar.isASCII, scalar.properties.isAlphabetic || (name.isEmpty ? false : ("0"..."9").contains(scalar))
        {
            name.unicodeScalars.append(scalar)
            position += 1
        }
        if name.isEmpty {
            throw RegexError(.syntax, at: currentOffset, "capturing group name does not start with a Latin letter")
        }
        guard atMeta(">") else { throw RegexError(.syntax, at: currentOffset, "named capturing group is missing trailing '>'") }
        position += 1
        guard groupNames.insert(name).inserted else {
            throw RegexError(.syntax, at: open, "named capturing group <\(name)> is already defined")
        }
    }

    /// `idmsuxU` letters, then optionally `-` and letters to turn off, as Java's `addFlag` and `subFlag` read them.
    private mutating func parseInlineFlags(groupAt open: Int) throws(RegexError) {
        var turningOff = false
        while let element = current, !element.quoted {
            if element.value == Unicode.Scalar("-").value, !turningOff {
                turningOff = true
                position += 1
                continue
            }
            if element.value == Unicode.Scalar("c").value {
                throw RegexError(.unsupported, at: element.offset, "canonical equivalence (?c) is not supported")
            }
            guard let flag = RegexFlags.named(element.value) else { return }
            if turningOff {
                flags.subtract(flag)
            } else {
                flags.formUnion(flag)
            }
            position += 1
        }
    }
}
