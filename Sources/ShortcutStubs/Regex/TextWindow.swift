/// A position in the text being matched and the scalars around it, read once from the front: what an
/// instruction or assertion needs to see, without copying the text (memory stays independent of its length).
struct TextWindow {
    private var iterator: String.UnicodeScalarView.Iterator
    /// The scalar before the position, nil at the start.
    private(set) var before: UInt32?
    /// The scalar at the position, nil at the end.
    private(set) var here: UInt32?
    /// The scalar after `here`.
    private(set) var after: UInt32?
    /// The scalar after `after`.
    private(set) var afterAfter: UInt32?
    /// Whether the last scalar before the position that is not a non-spacing mark is a letter or digit: Java's
    /// `hasBaseCharacter`, which lets a mark after a word character count as part of the word for `\b`.
    private(set) var markHasWordBase = false
    private let tracksMarks: Bool

    /// The window at the start of `text`; `tracksMarks` when the program tests word boundaries.
    init(_ text: String, tracksMarks: Bool) {
        iterator = text.unicodeScalars.makeIterator()
        here = iterator.next()?.value
        after = iterator.next()?.value
        afterAfter = iterator.next()?.value
        self.tracksMarks = tracksMarks
    }

    /// Steps past `here`.
    mutating func advance() {
        before = here
        here = after
        after = afterAfter
        afterAfter = iterator.next()?.value
        if tracksMarks, let before, !Self.isNonSpacingMark(before) {
            markHasWordBase = ScalarPredicate.isLetterOrDigit(before)
        }
    }

    /// Whether the assertion holds at this position, with Java's definitions (`Pattern.Dollar`, `Caret`,
    /// `UnixDollar`, `UnixCaret`, `Bound`).
    func holds(_ assertion: RegexAssertion) -> Bool {
        switch assertion {
        case .startOfInput:
            return before == nil
        case .endOfInput:
            return here == nil
        case .endOfInputOrBeforeFinalTerminator(let unixLines):
            guard let here else { return true }
            if unixLines { return here == 0x0A && after == nil }
            if after == nil { return Self.isTerminator(here) && !(here == 0x0A && before == 0x0D) }
            // Before a final \r\n pair.
            return afterAfter == nil && here == 0x0D && after == 0x0A
        case .startOfLine(let unixLines):
            // Java (like Perl) never matches ^ at the end of the input, even after a terminator.
            guard let here else { return false }
            guard let before else { return true }
            if unixLines { return before == 0x0A }
            return Self.isTerminator(before) && !(before == 0x0D && here == 0x0A)
        case .endOfLine(let unixLines):
            guard let here else { return true }
            if unixLines { return here == 0x0A }
            return Self.isTerminator(here) && !(here == 0x0A && before == 0x0D)
        case .wordBoundary(let isBoundary, let unicode):
            let left = before.map { isWordSide($0, unicode: unicode) } ?? false
            let right = here.map { isWordSide($0, unicode: unicode) } ?? false
            return (left != right) == isBoundary
        }
    }

    /// Java's line terminators: `\n \r \u0085 \u2028 \u2029`.
    private static func isTerminator(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    private func isWordSide(_ value: UInt32, unicode: Bool) -> Bool {
        let word = unicode ? PredefinedClasses.unicodeWord : PredefinedClasses.asciiWord
        return word.contains(value) || (Self.isNonSpacingMark(value) && markHasWordBase)
    }

    private static func isNonSpacingMark(_ value: UInt32) -> Bool {
        value >= 0x300 && ScalarPredicate.category(of: value) == .nonspacingMark
    }
}
