/// One scalar of a pattern as the parser reads it: its value, whether `\Q…\E` quoted it (a quoted scalar is
/// always a literal), and its offset in the pattern, counted in scalars, for error messages.
struct PatternElement: Sendable, Equatable {
    /// The scalar's value.
    let value: UInt32
    /// Whether the scalar stood between `\Q` and `\E`.
    let quoted: Bool
    /// Where the scalar stood in the pattern, counted in Unicode scalars from 0.
    let offset: Int

    /// Whether this is the unquoted metacharacter `scalar`.
    func isMeta(_ scalar: Unicode.Scalar) -> Bool {
        !quoted && value == scalar.value
    }

    /// The pattern's scalars with `\Q…\E` resolved the way Java's `RemoveQEQuoting` does before parsing: quoted
    /// scalars become literals, an unterminated `\Q` quotes to the end, and `\\Q` (an escaped backslash, then Q)
    /// does not start a quote.
    static func elements(of pattern: String) -> [PatternElement] {
        let scalars = pattern.unicodeScalars.map(\.value)
        let backslash = Unicode.Scalar("\\").value
        var elements: [PatternElement] = []
        elements.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let value = scalars[index]
            guard value == backslash, index + 1 < scalars.count else {
                elements.append(PatternElement(value: value, quoted: false, offset: index))
                index += 1
                continue
            }
            guard scalars[index + 1] == Unicode.Scalar("Q").value else {
                // An escape pair is kept whole so its second scalar is never mistaken for the start of a quote.
                elements.append(PatternElement(value: value, quoted: false, offset: index))
                elements.append(PatternElement(value: scalars[index + 1], quoted: false, offset: index + 1))
                index += 2
                continue
            }
            index += 2
            while index < scalars.count {
                if scalars[index] == backslash, index + 1 < scalars.count, scalars[index + 1] == Unicode.Scalar("E").value {
                    index += 2
                    break
                }
                elements.append(PatternElement(value: scalars[index], quoted: true, offset: index))
                index += 1
            }
        }
        return elements
    }
}
